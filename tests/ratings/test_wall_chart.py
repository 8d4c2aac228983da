"""wall_chart: a US Chess section's wall chart, public, landscape, US notation."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pairing.engine import Colour, PointValues, RoundEntry
from ratings.models import EventMember
from ratings.papers import us_cell
from tests.ratings.tables import rows
from tournaments.models import Bye, Game, Round, Tournament

pytestmark = pytest.mark.django_db


def test_it_lists_ids_states_expiry_and_us_results(
    client: Client, us_section: Tournament, django_assert_num_queries
) -> None:
    """R1 A-C 1-0, D-B 0-1; R2 B-A ½-½, C-D 1-0. A and B tie on 1.5 and on Modified Median
    (plus scores over two rounds drop the lowest opponent: A keeps B's 1.5, B keeps A's 1.5;
    C's even score drops both, 0; D's minus score drops the highest, B, keeping C's 1);
    Solkoff (34E2) puts A (C 1 + B 1.5 = 2.5) before B (D 0 + A 1.5 = 1.5)."""
    url = reverse("wall_chart", args=[us_section.pk])
    with django_assert_num_queries(8):  # the official supplement, then the event's own
        html = client.get(url, {"paper": "letter"}).content.decode()
    assert "css/page-letter-landscape.css" in html
    assert [r[:11] for r in rows(html, "print-table")] == [
        ["1", "1", "Player 01", "12345601", "CA", "2027-01-28", "2350", "W3", "D2", "1.5", "1.5"],
        ["2", "2", "Player 02", "12345602", "NV", "2027-02-28", "2375", "W4", "D1", "1.5", "1.5"],
        ["3", "3", "Player 03", "12345603", "OR", "2027-03-28", "2300", "L1", "W4", "1", "0.0"],
        ["4", "4", "Player 04", "", "", "", "2325", "L2", "L3", "0", "1.0"],
    ]
    assert [r[11] for r in rows(html, "print-table")][:2] == ["2.5", "1.5"]  # US-SOLK
    assert ">US-MM</th>" in html and ">US-SOLK</th>" in html


def test_state_and_expiry_blank_when_only_the_events_own_supplement_has_them(
    client: Client, us_section: Tournament
) -> None:
    """What broke: the TD imports the event's own supplement (the US Chess page of the event),
    not the official one; the wall chart read the official one only, so St and Exp. were
    empty for every player. Player 04 is only in the event's file; Player 01 is in both, and
    the event's row (NV, 2027-06-30) comes first, as for the rating report's D_STATE."""
    assert us_section.event is not None
    for uscf_id, state, day in (("12345601", "NV", 30), ("12345604", "WA", 15)):
        EventMember.objects.create(
            event=us_section.event,
            uscf_id=uscf_id,
            name="from the event's file",
            state=state,
            expires=date(2027, 6, day),
            imported_at=timezone.now(),
        )
    us_section.entries.filter(pairing_number=4).update(uscf_id="12345604")
    html = client.get(reverse("wall_chart", args=[us_section.pk])).content.decode()
    table = {r[2]: r[3:6] for r in rows(html, "print-table")}
    assert table["Player 01"] == ["12345601", "NV", "2027-06-30"]
    assert table["Player 02"] == ["12345602", "NV", "2027-02-28"]  # the official row
    assert table["Player 04"] == ["12345604", "WA", "2027-06-15"]


def test_it_shows_published_rounds_only(client: Client, us_section: Tournament) -> None:
    Round.objects.create(tournament=us_section, number=3, status=Round.Status.DRAFT)
    html = client.get(reverse("wall_chart", args=[us_section.pk])).content.decode()
    assert html.count('<th class="num round">') == 2


def test_it_is_for_sections_of_an_event(client: Client, tournament: Tournament) -> None:
    assert client.get(reverse("wall_chart", args=[tournament.pk])).status_code == 404


@pytest.mark.parametrize(
    ("entry", "cell"),
    [
        (RoundEntry(12, Colour.WHITE, "1"), "W12"),
        (RoundEntry(5, Colour.BLACK, "0"), "L5"),
        (RoundEntry(8, Colour.WHITE, "="), "D8"),
        (RoundEntry(8, Colour.WHITE, "+"), "X8"),
        (RoundEntry(8, Colour.BLACK, "-"), "F8"),
        (RoundEntry(8, Colour.BLACK, " "), "?8"),
        (RoundEntry(None, None, "H"), "H"),
        (RoundEntry(None, None, "F"), "B"),
        (RoundEntry(None, None, "U"), "B"),
        (RoundEntry(None, None, "Z"), "U"),
        (RoundEntry(None, None, " "), "U"),
    ],
)
def test_it_writes_every_round_in_us_notation(entry: RoundEntry, cell: str) -> None:
    """The issue's notation: W12, L5, D8, H (half-point bye), B (full-point bye, the
    pairing-allocated bye too), X/F (forfeit won/lost), U (unplayed)."""
    assert us_cell(entry) == cell


def test_a_bye_worth_nothing_was_a_full_point_b_on_the_wall_chart(
    client: Client, us_section: Tournament
) -> None:
    """What broke: a pairing-allocated bye was always "B", whatever the section's bye points;
    a round robin's sitting out worth 0 points (bye points 0) read as a full-point bye, and the
    rating report wrote U0 for the same round. Now the letter follows the points: 0 U,
    half a point H, a point B (also a requested full-point bye F worth a point)."""
    pab, full = RoundEntry(None, None, "U"), RoundEntry(None, None, "F")
    assert us_cell(pab, PointValues(pab=0)) == "U"
    assert us_cell(pab, PointValues(pab=1)) == "H"
    assert us_cell(pab, PointValues(pab=2)) == "B"
    assert us_cell(full, PointValues(full_bye=0)) == "U"
    assert us_cell(RoundEntry(None, None, "H"), PointValues(half_bye=0)) == "U"
    assert us_cell(RoundEntry(None, None, "+"), PointValues()) == "U"  # no game, no bye
    us_section.rounds = 3
    us_section.bye_points = 0
    us_section.save()
    a, b, c, _d = us_section.entries.order_by("pairing_number")
    third = Round.objects.create(tournament=us_section, number=3, status=Round.Status.FINISHED)
    Game.objects.create(round=third, board=1, white=a, black=b, result="1-0")
    Bye.objects.create(entry=c, round_number=3, kind=Bye.Kind.PAIRING_ALLOCATED)
    html = client.get(reverse("wall_chart", args=[us_section.pk])).content.decode()
    table = {r[2]: r[7:11] for r in rows(html, "print-table")}
    assert table["Player 03"] == ["L1", "W4", "U", "1"]  # the bye adds nothing
    assert table["Player 01"] == ["W3", "D2", "W2", "2.5"]
