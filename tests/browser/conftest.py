"""Browser tests: Playwright driving Debian's Chromium against pytest-django's live server.
Skipped, with the reason, when ``chromium`` is not installed (``make browsers`` installs it).
Screenshots of the key pages go to ``tests/browser/screenshots/`` (CI artifacts)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium")
UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
SCREENSHOTS = Path(__file__).parent / "screenshots"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)
            if CHROMIUM is None:
                item.add_marker(
                    pytest.mark.skip(reason="chromium is not installed (run `make browsers`)")
                )


@pytest.fixture(scope="module")
def browser(django_db_setup: None) -> Iterator:
    """Chromium for one test module. Playwright's sync API keeps an event loop running in the
    test's thread, which makes Django refuse ORM calls there; the tests only set up and check
    data around the browser, so the check is lifted while the browser runs."""
    from playwright.sync_api import expect, sync_playwright

    # A loaded 2-core CI machine can take longer than expect()'s default 5 s.
    expect.set_options(timeout=15_000)
    before = os.environ.get(UNSAFE)
    os.environ[UNSAFE] = "true"
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            yield chromium
            chromium.close()
    finally:
        if before is None:
            del os.environ[UNSAFE]
        else:
            os.environ[UNSAFE] = before


@pytest.fixture
def page(browser) -> Iterator:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser) -> Iterator:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def shot():
    """``shot(page, name)`` saves a full-page screenshot."""

    def save(page, name: str) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return save


def log_in(page, base_url: str, username: str, password: str = "a-long-test-password") -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base_url}/")
