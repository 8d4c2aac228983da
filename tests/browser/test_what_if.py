"""The arbiter previews the next round before the results are in (htmx swaps the preview in
place; nothing is stored), then a swapped board shows as "changed by the arbiter" on the
public pairings, with the round's receipt to download. The small case of
tests/engine/test_whatif.py: when 3 beats 1 and 4 beats 2, round 2 is 3-4 and 2-1."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import log_in
from tournaments import drafts, services
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_arbiter_previews_the_next_round(
    page: Page, live_server, arbiter, tournament: Tournament, make_entries, play, shot
) -> None:
    make_entries(4)
    play(tournament, [[]])  # round 1 (1-3, 4-2) in play
    games = list(Game.objects.order_by("board").values_list("pk", "result"))
    base = live_server.url
    log_in(page, base, "arbiter")
    page.goto(f"{base}/manage/tournaments/{tournament.pk}/rounds/1/")
    page.evaluate("window.notReloaded = true")
    what_if = page.locator("#what-if")
    what_if.get_by_label("as typed below").check()
    what_if.get_by_text("Results to type").click()
    what_if.get_by_label("Board 1").select_option("0-1")
    what_if.get_by_label("Board 2").select_option("1-0")
    what_if.get_by_role("button", name="Preview round 2").click()
    rows = page.locator(".what-if-pairing tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Player 03")
    expect(rows.nth(0)).to_contain_text("Player 04")
    expect(rows.nth(1)).to_contain_text("Player 02")
    expect(page.locator("#what-if-assumed")).to_contain_text("Bd 1 0–1 · Bd 2 1–0")
    assert page.evaluate("window.notReloaded") is True  # swapped in place
    shot(page, "what-if-preview")
    assert list(Game.objects.order_by("board").values_list("pk", "result")) == games


def test_a_changed_board_is_marked_and_the_receipt_downloads(
    page: Page, live_server, tournament: Tournament, make_entries, shot
) -> None:
    make_entries(6)
    rnd = services.pair_next_round(tournament.pk)
    drafts.swap_colours_in_draft(tournament.pk, 1, 2, reason="the players asked")
    services.publish_round(rnd.pk)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#board-2")).to_contain_text("changed by the arbiter")
    expect(page.locator("#board-1")).not_to_contain_text("changed by the arbiter")
    shot(page, "pairings-changed-by-the-arbiter")
    with page.expect_download() as download:
        page.get_by_role("link", name="download").click()
    document = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert document["changes"][0]["reason"] == "the players asked"
