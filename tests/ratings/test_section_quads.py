"""section_quads: US Chess quads, a section's entry list cut by rating into round robins of
four (issue 26 item 2), before round 1, by the event's arbiters."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings import events
from ratings.models import Event
from tournaments import services
from tournaments.models import Tournament
from tournaments.registration import register_known

DAY = date(2026, 5, 2)


@pytest.fixture
def quads_section(arbiter: User) -> Tournament:
    event = Event.objects.create(name="Quads", start_date=DAY, end_date=DAY)
    event.arbiters.add(arbiter)
    settings = events.SectionSettings(name="Quad", rounds=3, pairing_rating="fide")
    return events.add_section(event.pk, settings)


def enter(section: Tournament, ratings: list[int]) -> None:
    # entered in an order that is not the rating order: the cut sorts by rating
    for k, rating in sorted(enumerate(ratings, start=1), key=lambda kr: kr[1] % 7):
        register_known(section.pk, Player(name=f"P{k:02d}", fide_rating=rating))


def cut(client: Client, section: Tournament):
    url = reverse("section_quads", args=[section.event_id, section.pk])
    return client.post(url, follow=True)


def members(section: Tournament) -> list[tuple[int, str]]:
    return list(section.entries.order_by("pairing_number").values_list("pairing_number", "name"))


@pytest.mark.django_db
def test_it_cuts_ten_players_into_a_quad_and_a_six(
    arbiter_client: Client, quads_section: Tournament
) -> None:
    """Ten players rated 2000, 1900, …, 1100 (P01 … P10): the top four make "Quad 1"; the
    next four and the two left over (a remainder of two joins the last quad) make "Quad 2"
    of six, a round robin of five rounds (Berger table for six); numbers by rating."""
    enter(quads_section, [2000 - 100 * k for k in range(10)])
    html = cut(arbiter_client, quads_section).content.decode()
    assert "Cut into 2 quads: Quad 1 (4), Quad 2 (6)." in html
    first, second = Tournament.objects.filter(event=quads_section.event).order_by("pk")
    assert (first.section_name, first.rounds, first.pairing_system) == ("Quad 1", 3, "round_robin")
    assert members(first) == [(1, "P01"), (2, "P02"), (3, "P03"), (4, "P04")]
    assert (second.name, second.rounds, second.pairing_system) == (
        "Quads – Quad 2",
        5,
        "round_robin",
    )
    assert [name for _, name in members(second)] == ["P05", "P06", "P07", "P08", "P09", "P10"]
    assert second.is_arbiter(quads_section.arbiters.get())
    services.pair_next_round(first.pk)  # C.05 Annex 1, four players: 1-4, 2-3
    games = first.round_set.get().games.order_by("board")
    assert [(g.white.name, g.black.name) for g in games] == [("P01", "P04"), ("P02", "P03")]


@pytest.mark.django_db
def test_quads_cut_from_a_swiss_section_kept_the_swiss_tie_breaks(
    arbiter_client: Client, quads_section: Tournament
) -> None:
    """What broke: the TD registers the quad players in a section added with the default
    system (US Chess Swiss, ranked by Modified Median, Solkoff, ...) and cuts it; the quads
    became round robins still ranked by the Swiss tie-breaks, where Median and Solkoff are
    equal for everybody. They take the round-robin defaults (US-SB, US-RBT, US-MB, and a
    bye worth nothing); a section whose TD chose his own order keeps it."""
    assert quads_section.tie_break_codes == ["US-MM", "US-SOLK", "US-CUM", "US-OPCUM"]
    enter(quads_section, [2000 - 100 * k for k in range(8)])
    cut(arbiter_client, quads_section)
    for quad in Tournament.objects.filter(event=quads_section.event):
        assert quad.tie_break_codes == ["US-SB", "US-RBT", "US-MB"]
        assert quad.bye_points == 0  # a quad of three would sit one out each round
    assert quads_section.event_id is not None
    own = events.add_section(quads_section.event_id, events.SectionSettings("Own", rounds=3))
    Tournament.objects.filter(pk=own.pk).update(tie_breaks="US-MB,US-SB")
    register_known(own.pk, Player(name="Q1", fide_rating=1500))
    for k in range(2, 5):
        register_known(own.pk, Player(name=f"Q{k}", fide_rating=1500 - k))
    cut(arbiter_client, own)
    own.refresh_from_db()
    assert own.tie_break_codes == ["US-MB", "US-SB"]


@pytest.mark.django_db
def test_it_makes_a_quad_of_three_of_three_left_over(
    arbiter_client: Client, quads_section: Tournament
) -> None:
    enter(quads_section, [2000 - 50 * k for k in range(11)])
    cut(arbiter_client, quads_section)
    sizes = [
        (t.section_name, t.entries.count(), t.rounds)
        for t in Tournament.objects.filter(event=quads_section.event).order_by("pk")
    ]
    assert sizes == [("Quad 1", 4, 3), ("Quad 2", 4, 3), ("Quad 3", 3, 3)]


@pytest.mark.django_db
def test_it_refuses_after_round_1_and_with_too_few(
    arbiter_client: Client, quads_section: Tournament
) -> None:
    enter(quads_section, [1500, 1400])
    assert (
        "Quads need at least three players." in cut(arbiter_client, quads_section).content.decode()
    )
    enter(quads_section, [1300, 1200])
    services.pair_next_round(quads_section.pk)
    html = cut(arbiter_client, quads_section).content.decode()
    assert "already paired: too late for quads" in html
    assert Tournament.objects.count() == 1
