"""pairing_cards: one card per player for the TD (WinTD/SwissSys style), Letter or A4."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ratings.models import EventMember
from tests.ratings.tables import rows
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def cards(html: str) -> list[str]:
    return html.split('<section class="slip pairing-card"')[1:]


def test_it_prints_a_card_per_player_with_rounds_so_far_and_blank_lines(
    arbiter_client: Client, us_section: Tournament, django_assert_num_queries
) -> None:
    """Player 01 (A): R1 White against no. 3, won (1 point); R2 Black against no. 2, drawn
    (1.5). A third round is scheduled: an empty line for it."""
    us_section.rounds = 3
    us_section.save()
    url = reverse("pairing_cards", args=[us_section.pk])
    with django_assert_num_queries(11):  # session, user, section, access, snapshot, 2 supplements
        html = arbiter_client.get(url, {"paper": "letter"}).content.decode()
    assert "css/page-letter-portrait.css" in html
    printed = cards(html)
    assert len(printed) == 4
    first = printed[0]
    assert "1. Player 01" in first and "ID 12345601 · 2350 · CA · exp. 2027-01-28" in first
    assert rows(first, "") == [
        ["1", "W", "3", "Player 03", "2300", "W", "1"],
        ["2", "B", "2", "Player 02", "2375", "D", "1.5"],
        ["3", "", "", "", "", "", ""],
    ]
    assert rows(printed[3], "")[:2] == [
        ["1", "W", "2", "Player 02", "2375", "L", "0"],
        ["2", "B", "3", "Player 03", "2300", "L", "0"],
    ]
    assert "ID — · 2325</p>" in printed[3].replace("\n", "")  # not in the supplement


def test_state_and_expiry_blank_when_only_the_events_own_supplement_has_them(
    arbiter_client: Client, us_section: Tournament
) -> None:
    """What broke: the cards read the official supplement only, not the event's own one that
    the TD imports, so a player known only to the event's file had no state or expiry."""
    assert us_section.event is not None
    EventMember.objects.create(
        event=us_section.event,
        uscf_id="12345604",
        name="Player 04",
        state="WA",
        expires=date(2027, 6, 15),
        imported_at=timezone.now(),
    )
    us_section.entries.filter(pairing_number=4).update(uscf_id="12345604")
    url = reverse("pairing_cards", args=[us_section.pk])
    printed = cards(arbiter_client.get(url).content.decode())
    assert "ID 12345604 · 2325 · WA · exp. 2027-06-15" in printed[3]


def test_an_unrated_opponents_rating_was_blank_on_the_card(
    arbiter_client: Client, us_section: Tournament
) -> None:
    """What broke: an unrated opponent's rating column was empty, as if the TD had not filled
    it in; it reads "unr." as on the wall chart. Player 02 (unrated now) met Player 01 in
    round 2 and Player 04 in round 1; a rated opponent keeps his rating."""
    us_section.entries.filter(pairing_number=2).update(rating=0)
    url = reverse("pairing_cards", args=[us_section.pk])
    printed = cards(arbiter_client.get(url).content.decode())
    assert rows(printed[0], "")[1] == ["2", "B", "2", "Player 02", "unr.", "D", "1.5"]
    assert rows(printed[3], "")[0] == ["1", "W", "2", "Player 02", "unr.", "L", "0"]
    assert rows(printed[2], "")[0] == ["1", "B", "1", "Player 01", "2350", "L", "0"]


def test_it_is_for_the_sections_arbiters_only(
    client: Client, us_section: Tournament, other_arbiter: User
) -> None:
    url = reverse("pairing_cards", args=[us_section.pk])
    assert client.get(url).status_code == 302  # to the login
    client.force_login(other_arbiter)
    assert client.get(url).status_code == 403
