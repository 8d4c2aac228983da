"""prize_list: a section's prize list (US Chess rule 32), public and printable; a
three-section event whose ties are split by hand in the docstrings."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings import events
from ratings.models import Event, PrizeFund
from tests.ratings.tables import cash, rows
from tournaments.models import Entry, Game, Round, Tournament

pytestmark = pytest.mark.django_db


def test_it_splits_a_tie_and_gives_the_trophy_by_the_tie_breaks(
    client: Client, us_section: Tournament, django_assert_num_queries
) -> None:
    """A and B tie on 1.5: 1st and 2nd pooled, (100 + 60) / 2 = 80 each (32B2); C, on 1,
    takes 3rd (20). The 1st-place trophy goes to A, first by Solkoff (34E2: 2.5 to 1.5)."""
    PrizeFund.objects.create(tournament=us_section, text="1st $100 + trophy\n2nd $60\n3rd $20")
    url = reverse("prize_list", args=[us_section.pk])
    with django_assert_num_queries(7):
        html = client.get(url, {"paper": "letter"}).content.decode()
    assert "css/page-letter-portrait.css" in html
    assert cash(html) == {"Player 01": "$80.00", "Player 02": "$80.00", "Player 03": "$20.00"}
    assert rows(html, "print-table prizes")[0][:3] == ["1.5", "1st $100.00, 2nd $60.00", "$160.00"]
    assert '<td>1st</td><td class="name">Player 01 (1)</td>' in html
    assert "Provisional" not in html


def test_it_says_when_the_list_is_provisional_or_missing(
    client: Client, us_section: Tournament
) -> None:
    us_section.rounds = 3
    us_section.save()
    url = reverse("prize_list", args=[us_section.pk])
    html = client.get(url).content.decode()
    assert "No prize fund entered" in html
    PrizeFund.objects.create(tournament=us_section, text="1st $10")
    assert "Provisional" in client.get(url).content.decode()


def test_it_gives_a_clear_error_for_a_stored_fund_it_cannot_read(
    client: Client, us_section: Tournament
) -> None:
    PrizeFund.objects.create(tournament=us_section, text="1st ten dollars")
    response = client.get(reverse("prize_list", args=[us_section.pk]))
    assert response.status_code == 409
    assert "line 1" in response.content.decode()


def section(event: Event, name: str, ratings: list[int], fund: str) -> Tournament:
    """Four players A-D with these ratings (0 = unrated) and two finished rounds:
    R1 A-C 1-0, D-B 0-1; R2 B-A ½-½, C-D 1-0, so A 1.5, B 1.5, C 1, D 0."""
    t = events.add_section(event.pk, events.SectionSettings(name=name, rounds=2))
    entries = []
    for n, rating in enumerate(ratings, 1):
        player = Player.objects.create(name=f"{name} {'ABCD'[n - 1]}")
        entries.append(
            Entry.objects.create(tournament=t, player=player, pairing_number=n, rating=rating)
        )
    a, b, c, d = entries
    for number, boards in enumerate(
        [[(a, c, "1-0"), (d, b, "0-1")], [(b, a, "1/2-1/2"), (c, d, "1-0")]], 1
    ):
        rnd = Round.objects.create(tournament=t, number=number, status=Round.Status.FINISHED)
        for board, (white, black, result) in enumerate(boards, 1):
            Game.objects.create(round=rnd, board=board, white=white, black=black, result=result)
    PrizeFund.objects.create(tournament=t, text=fund)
    return t


def test_it_splits_the_ties_of_a_three_section_event(client: Client, arbiter) -> None:
    """Open (A 2200, B 1750, C 1700, D unrated; 1st $300, 2nd $200, 1st U1800 $150): A and B
    bring 300 + 200 (B's 150 is less than 200), 250 each; B alone would get only 150, so he
    shares (32B3). C (1 point) takes U1800. D, unrated, cannot (28D).

    U1800 (A 1700, B 1400, C 1600, D 1500; 1st $100, 2nd $50, 1st U1500 $80): A and B bring
    100 + 80 = 180, 90 each (B alone: 80 < 90). C takes 2nd, 50; D is U1500 but the U1500 prize
    is gone.

    U1200 (A 1150, B 950, C 1100, D unrated; 1st $60, 2nd $20, 1st U1000 $70): A and B bring
    70 + 60 = 130, 65 each, but A alone could win only 60 (32B3's cap): A 60, B 70. C takes
    2nd, 20."""
    event = Event.objects.create(
        name="Tri-Section", start_date=date(2026, 5, 2), end_date=date(2026, 5, 3)
    )
    event.arbiters.add(arbiter)
    open_ = section(event, "Open", [2200, 1750, 1700, 0], "1st $300\n2nd $200\n1st U1800 $150")
    u1800 = section(event, "U1800", [1700, 1400, 1600, 1500], "1st $100\n2nd $50\n1st U1500 $80")
    u1200 = section(event, "U1200", [1150, 950, 1100, 0], "1st $60\n2nd $20\n1st U1000 $70")
    got = {
        t.section_name: cash(client.get(reverse("prize_list", args=[t.pk])).content.decode())
        for t in (open_, u1800, u1200)
    }
    assert got == {
        "Open": {"Open A": "$250.00", "Open B": "$250.00", "Open C": "$150.00"},
        "U1800": {"U1800 A": "$90.00", "U1800 B": "$90.00", "U1800 C": "$50.00"},
        "U1200": {"U1200 A": "$60.00", "U1200 B": "$70.00", "U1200 C": "$20.00"},
    }
