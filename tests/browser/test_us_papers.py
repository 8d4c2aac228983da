"""A US Chess section's papers printed to PDF at Letter size (and A4): the wall chart
(landscape), the pairing cards and the prize list (portrait), read back with pypdf: the paper
size, every name, the US notation and no column beyond the page."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Page

from players.models import Player
from ratings import events
from ratings.models import Event, PrizeFund, UscfMember
from tests.browser.conftest import log_in
from tests.browser.test_tournament_day import check_pdf
from tournaments.models import Entry, Game, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)
LONG_NAME = "Unbroken" + "x" * 92  # 100 characters, no space


def twelve_player_section(arbiter: User) -> Tournament:
    """Twelve players, four finished rounds (no. i against no. i + 6, then shifted)."""
    day = date(2026, 4, 4)
    event = Event.objects.create(name="Paper Festival", start_date=day, end_date=day, state="CA")
    event.arbiters.add(arbiter)
    t = events.add_section(event.pk, events.SectionSettings(name="U1800", rounds=5))
    entries = []
    for n in range(1, 13):
        uscf_id = f"3000{n:04d}"
        name = LONG_NAME if n == 12 else f"Member, No{n:02d}"
        UscfMember.objects.create(
            uscf_id=uscf_id,
            name=name,
            state="NV",
            expires=date(2027, 1, 31),
            imported_at=timezone.now(),
        )
        player = Player.objects.create(name=name, uscf_id=uscf_id)
        entries.append(
            Entry.objects.create(
                tournament=t,
                player=player,
                pairing_number=n,
                rating=1800 - 40 * n,
                uscf_id=uscf_id,
            )
        )
    for r in range(1, 5):
        rnd = Round.objects.create(tournament=t, number=r, status=Round.Status.FINISHED)
        for board in range(6):
            white, black = entries[board], entries[6 + (board + r - 1) % 6]
            result = ["1-0", "0-1", "1/2-1/2"][(board + r) % 3]
            Game.objects.create(round=rnd, board=board + 1, white=white, black=black, result=result)
    PrizeFund.objects.create(tournament=t, text="1st $300 + trophy\n2nd $200\n1st U1500 $100")
    return t


def test_the_papers_print_at_letter_size(page: Page, live_server, arbiter: User) -> None:
    t = twelve_player_section(arbiter)
    names = [e.name for e in t.entries.all()]
    base = live_server.url
    log_in(page, base, "arbiter")
    root = f"{base}/ratings/uscf/sections/{t.pk}"
    notation = ["L7", "D8", "W9", "US-MM", "US-SOLK", "30000001", "2027-01-31"]
    check_pdf(page, f"{root}/wall-chart/", "letter", True, names, notation)
    check_pdf(page, f"{root}/wall-chart/", "a4", True, names, notation)
    check_pdf(page, f"{root}/pairing-cards/", "letter", False, names, ["Opponent", "30000001"])
    check_pdf(page, f"{root}/prizes/", "letter", False, [], ["$300", "Trophies"])
