"""Forbidden pairs and fixed boards in Chromium: from the dashboard's link, the arbiter forbids
a pair with JavaScript off (a plain form POST), pins a player to board 1 with htmx, pairs round
1 and finds the pair apart and the pinned player's game on board 1."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from players.identity import PlayerData
from tests.browser.conftest import log_in
from tournaments import registration
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def six(arbiter) -> Tournament:
    from datetime import date

    t = Tournament.objects.create(
        name="Family Open", start_date=date(2026, 7, 4), end_date=date(2026, 7, 5), rounds=3
    )
    t.arbiters.add(arbiter)
    for i in range(1, 7):
        registration.register(t.pk, PlayerData(name=f"Player, No{i}"), 2400 - 50 * i)
    return t


def open_page(page: Page, base: str, t: Tournament) -> None:
    page.goto(f"{base}/manage/tournaments/{t.pk}/")
    page.get_by_role("link", name="Forbidden pairs and fixed boards").click()
    expect(page.get_by_role("heading", name="Forbidden pairs and fixed boards")).to_be_visible()


def test_forbid_a_pair_fix_a_board_and_pair(browser, live_server, six: Tournament, shot) -> None:
    base = live_server.url
    # Without JavaScript: the forbidden pair is a plain POST and a redirect with the message.
    no_js = browser.new_context(java_script_enabled=False, viewport={"width": 1200, "height": 900})
    plain = no_js.new_page()
    log_in(plain, base, "arbiter")
    open_page(plain, base, six)
    # Round 1 of six would pair 1-4 on board 1 (C.04.3: S1 = 1, 2, 3 against S2 = 4, 5, 6).
    plain.get_by_label("Players").select_option(["1. Player, No1", "4. Player, No4"])
    plain.get_by_role("button", name="Forbid").click()
    expect(plain.get_by_text("1 pair forbidden (every round).")).to_be_visible()
    expect(plain.locator("#forbidden-pairs tbody tr")).to_have_count(1)
    no_js.close()

    # With htmx: the fixed board swaps its section in place.
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    log_in(page, base, "arbiter")
    open_page(page, base, six)
    expect(page.locator("#forbidden-pairs tbody tr")).to_contain_text(
        "1. Player, No1 – 4. Player, No4"
    )
    page.get_by_label("Player", exact=True).select_option("6. Player, No6")
    page.get_by_label("Board", exact=True).fill("1")
    url = page.url
    page.get_by_role("button", name="Fix the board").click()
    expect(page.get_by_text("Player, No6 plays on board 1.")).to_be_visible()
    assert page.url == url  # swapped by htmx, no new page
    expect(page.locator("#fixed-boards tbody tr")).to_contain_text("6. Player, No6")
    shot(page, "forbidden-pairs-and-fixed-boards")

    page.get_by_role("link", name="Family Open").click()
    page.get_by_role("button", name="Pair round 1", exact=True).click()
    expect(page.get_by_text("paired as a draft: check it")).to_be_visible()
    expect(page.locator("#board-1")).to_contain_text("Player, No6")
    games = Game.objects.filter(round__tournament=six, round__number=1).order_by("board")
    pairs = [{g.white.pairing_number, g.black.pairing_number} for g in games]
    assert {1, 4} not in pairs
    assert 6 in pairs[0]
    context.close()
