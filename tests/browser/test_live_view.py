"""A player's phone shows a result as soon as the arbiter enters it: the public pages poll
(htmx) while a round is live, and stop once it is finished."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import log_in
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_round(tournament: Tournament, make_entries, play, settings) -> Tournament:
    settings.TOURNAMENTS_POLL_SECONDS = 1
    make_entries(6)
    play(tournament, [[]])  # round 1 published, no result yet
    return tournament


def test_the_phone_follows_the_results(
    page: Page, phone: Page, live_server, arbiter, live_round: Tournament, shot
) -> None:
    base, t = live_server.url, live_round
    phone.goto(f"{base}/tournaments/{t.pk}/")
    expect(phone.get_by_text("in play", exact=True)).to_be_visible()
    phone.evaluate("window.notReloaded = true")
    shot(phone, "phone-pairings-live")

    log_in(page, base, "arbiter")
    page.goto(f"{base}/tournaments/{t.pk}/manage/rounds/1/")
    page.locator("tr[data-game]").first.focus()
    page.keyboard.type("1")
    expect(page.locator("tr.has-result")).to_have_count(1)

    expect(phone.locator("#board-1 td.result")).to_have_text("1–0", timeout=10_000)
    assert phone.evaluate("window.notReloaded") is True  # swapped in place, not reloaded

    phone.get_by_role("link", name="Standings").click()
    expect(phone.get_by_text("Starting rank")).to_be_visible()
    phone.evaluate("window.notReloaded = true")
    page.keyboard.type("=")
    expect(page.locator("tr.has-result")).to_have_count(2)
    page.keyboard.type("0")
    expect(page.get_by_text("Round 1 is finished.")).to_be_visible()

    expect(phone.get_by_text("after round 1")).to_be_visible(timeout=10_000)
    assert phone.evaluate("window.notReloaded") is True
    expect(phone.locator("#standings")).not_to_have_attribute("hx-trigger", "every 1s")
    shot(phone, "phone-standings")
    phone.get_by_role("link", name="Crosstable").click()
    shot(phone, "phone-crosstable")
