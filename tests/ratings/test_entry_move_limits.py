"""Moving a player to another section applies that section's rating limits as registration does
(issue 23, item 7): above the upper limit refused, below the lower limit only when the player
plays up, with the warning on the entry list."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings import events
from ratings.errors import EventError
from ratings.models import Event
from tournaments.models import Entry, Tournament
from tournaments.registration import register_known

DAY = date(2026, 5, 2)


@pytest.fixture
def event(arbiter: User) -> Event:
    e = Event.objects.create(name="May Festival", start_date=DAY, end_date=DAY, place="Reno")
    e.arbiters.add(arbiter)
    return e


def section(event: Event, name: str, low: int | None, high: int | None) -> Tournament:
    settings = events.SectionSettings(
        name=name, rounds=3, pairing_rating="fide", rating_min=low, rating_max=high
    )
    return events.add_section(event.pk, settings)


def enter(t: Tournament, name: str, fide: int) -> Entry:
    return register_known(t.pk, Player(name=name, fide_rating=fide))


def test_it_refuses_a_move_above_the_upper_limit(event: Event) -> None:
    open_, u1200 = section(event, "Open", None, None), section(event, "U1200", None, 1199)
    strong = enter(open_, "Strong, Sam", 2210)
    with pytest.raises(EventError, match="Strong, Sam is rated 2210, above the upper limit 1199"):
        events.move_entry(strong.pk, u1200.pk, plays_up=True)  # plays up: never down
    assert Entry.objects.get(pk=strong.pk).tournament_id == open_.pk


def test_it_moves_below_the_lower_limit_only_playing_up(event: Event) -> None:
    u1200, open_ = section(event, "U1200", None, 1199), section(event, "Open", 1200, None)
    low = enter(u1200, "Low, Lou", 1100)
    with pytest.raises(EventError, match="below the lower limit 1200 of Open"):
        events.move_entry(low.pk, open_.pk)
    assert Entry.objects.get(pk=low.pk).tournament_id == u1200.pk
    moved = events.move_entry(low.pk, open_.pk, plays_up=True)
    assert (moved.tournament_id, moved.plays_up) == (open_.pk, True)


def test_it_clears_plays_up_when_the_new_section_needs_none(event: Event) -> None:
    u1200, open_ = section(event, "U1200", None, 1199), section(event, "Open", 1200, None)
    low = register_known(open_.pk, Player(name="Low, Lou", fide_rating=1100), plays_up=True)
    assert low.plays_up
    moved = events.move_entry(low.pk, u1200.pk, plays_up=True)
    assert (moved.tournament_id, moved.plays_up) == (u1200.pk, False)


def test_it_refuses_on_the_page_then_moves_playing_up_with_a_warning(
    event: Event, arbiter_client: Client
) -> None:
    u1200, open_ = section(event, "U1200", None, 1199), section(event, "Open", 1200, None)
    low = enter(u1200, "Low, Lou", 1100)
    url = reverse("entry_move", args=[event.pk])
    page = arbiter_client.post(url, {"entry": low.pk, "section": open_.pk}, follow=True)
    text = page.content.decode()
    assert "Low, Lou is rated 1100, below the lower limit 1200 of Open" in text
    assert Entry.objects.get(pk=low.pk).tournament_id == u1200.pk
    data = {"entry": low.pk, "section": open_.pk, "plays_up": "on"}
    text = arbiter_client.post(url, data, follow=True).content.decode()
    assert "Low, Lou (1100) plays up moved to Open as no. 1." in text
    assert "(plays up)" in text  # the entry list's warning
    assert Entry.objects.get(pk=low.pk).plays_up
