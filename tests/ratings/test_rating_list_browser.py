"""The rating list in a real browser: htmx live search and sorting swap only the table."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from players.models import Player
from tests.ratings.conftest import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def ratings() -> None:
    """Created before Playwright starts: ORM calls inside its greenlet would open a second
    database connection that is never closed."""
    record(Player.objects.create(name="Carlsen, Ann"), rating=2500, games=90)
    record(Player.objects.create(name="Brown, Bob"), rating=1800, games=12)


@pytest.fixture
def page(live_server, ratings) -> Iterator[object]:
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (make browsers)")
    sync_api = pytest.importorskip("playwright.sync_api")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # the ORM runs beside Playwright's loop
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            yield browser.new_page()
            browser.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def test_it_filters_as_you_type_and_sorts_in_place(live_server, page) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/ratings/")
    rows = page.locator("#rating-table tbody tr")
    assert rows.count() == 2
    page.evaluate("window.marker = 1")  # survives only if the page is not reloaded
    page.fill("#id_q", "brow")
    # (expect(), not wait_for_function(): the page's content security policy forbids eval)
    expect(rows).to_have_count(1)
    assert "Brown, Bob" in rows.first.inner_text()
    assert "q=brow" in page.url
    page.fill("#id_q", "")
    expect(rows).to_have_count(2)
    page.click("#rating-table th a:text('Rating')")
    expect(rows.first).to_contain_text("Brown")
    assert page.evaluate("window.marker") == 1
    assert page.locator("#rating-table").count() == 1  # swapped, not nested
