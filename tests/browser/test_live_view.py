"""A player's phone shows a result, and then the next round once it is published, without a
reload: the public pages poll (htmx, conditional GETs) until the tournament is over. A result
the arbiter sends while the network is down is shown as NOT saved and can be sent again.
Chromium reports no content-security-policy violation on the way."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from public import middleware as fast_path
from public import views as public
from tests.browser.conftest import log_in
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_round(tournament: Tournament, make_entries, play, settings) -> Tournament:
    settings.TOURNAMENTS_POLL_SECONDS = 1
    make_entries(6)
    play(tournament, [[]])  # round 1 published, no result yet
    return tournament


def csp_violations(page: Page) -> list[str]:
    """Collects the console's content-security-policy complaints from now on."""
    found: list[str] = []
    page.on(
        "console",
        lambda message: (
            found.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return found


@pytest.fixture
def not_modified(monkeypatch) -> list[int]:
    """The 304 answers of the public pages (the views' and their fast path's)."""
    answers: list[int] = []
    conditional = public.get_conditional_response

    def counted(*args, **kwargs):
        response = conditional(*args, **kwargs)
        if response is not None:
            answers.append(response.status_code)
        return response

    monkeypatch.setattr(public, "get_conditional_response", counted)
    monkeypatch.setattr(fast_path, "get_conditional_response", counted)
    return answers


def test_the_phone_follows_the_results_and_the_next_round(
    page: Page, phone: Page, live_server, arbiter, live_round: Tournament, shot, not_modified
) -> None:
    base, t = live_server.url, live_round
    phone_violations, page_violations = csp_violations(phone), csp_violations(page)
    phone.goto(f"{base}/tournaments/{t.pk}/")
    expect(phone.get_by_text("in play", exact=True)).to_be_visible()
    # The browser revalidates its copy (If-None-Match); the server answers 304 while nothing
    # changes (Playwright reports the cached 200 the page gets).
    for _ in range(100):
        if len(not_modified) >= 2:
            break
        phone.wait_for_timeout(100)
    assert not_modified[:2] == [304, 304]
    phone.evaluate("window.notReloaded = true")
    shot(phone, "phone-pairings-live")

    log_in(page, base, "arbiter")
    page.goto(f"{base}/manage/tournaments/{t.pk}/rounds/1/")
    page.locator("tr[data-game]").first.focus()
    page.keyboard.type("1")
    expect(page.locator("tr.has-result")).to_have_count(1)

    expect(phone.locator("#board-1 td.result")).to_have_text("1–0", timeout=10_000)
    assert phone.evaluate("window.notReloaded") is True  # swapped in place, not reloaded

    page.keyboard.type("=")
    expect(page.locator("tr.has-result")).to_have_count(2)
    page.keyboard.type("0")
    expect(page.get_by_text("Round 1 is finished.")).to_be_visible()
    expect(phone.get_by_text("finished", exact=True)).to_be_visible(timeout=10_000)

    # The round is finished, the phone keeps asking: round 2 appears once published.
    page.get_by_role("button", name="Pair round 2").click()
    page.get_by_role("button", name="Publish Round 2").click()
    expect(page.get_by_text("Round 2 published: players see it now")).to_be_visible()
    expect(phone.get_by_role("heading", name="Round 2 in play")).to_be_visible(timeout=10_000)
    assert phone.evaluate("window.notReloaded") is True
    shot(phone, "phone-next-round")

    phone.get_by_role("link", name="Standings").click()
    expect(phone.get_by_text("after round 1")).to_be_visible()
    shot(phone, "phone-standings")
    phone.get_by_role("link", name="Crosstable").click()
    shot(phone, "phone-crosstable")
    assert phone_violations == [] and page_violations == []


def test_a_result_sent_without_network_is_shown_as_not_saved(
    page: Page, live_server, arbiter, live_round: Tournament
) -> None:
    base, t = live_server.url, live_round
    log_in(page, base, "arbiter")
    page.goto(f"{base}/manage/tournaments/{t.pk}/rounds/1/")
    first = page.locator("tr[data-game]").first
    first.focus()
    page.context.set_offline(True)
    page.keyboard.type("1")
    alert = page.locator("#request-error")
    expect(alert).to_contain_text("Board 1")
    expect(alert).to_contain_text("was NOT saved")
    expect(first).to_have_class(re.compile(r"\bnot-saved\b"))
    assert not t.round_set.get().games.get(board=1).result  # nothing was saved

    page.context.set_offline(False)
    first.focus()
    page.keyboard.type("1")
    expect(page.locator("tr.has-result")).to_have_count(1)
    expect(alert).to_have_count(0)
    assert t.round_set.get().games.get(board=1).result == "1-0"
