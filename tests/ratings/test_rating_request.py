"""GET /ratings/requests/<id>/: a rating officer reviews a submitted event — every entry beside
the identity, US Chess ID and record its rating would change, and what looks wrong."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings import rating, services
from ratings.models import RatingChange, RatingRecord, UscfMember
from tests.ratings.conftest import play, rating_officer, record
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def officer_client() -> Client:
    client = Client()
    client.force_login(rating_officer())
    return client


def test_it_shows_the_ratings_the_event_would_give_and_changes_nothing(
    tournament, arbiter, make_players
) -> None:
    ann, _bob = make_players("Ann", "Bob")
    record(ann.player, rating=1600, games=40)
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    expected = rating.preview(tournament)
    ann_after = expected[("regular", str(ann.player_id))].post_exact
    assert ann_after is not None and f">{round(ann_after)}<" in html  # 1600 + a win
    assert ">1600<" in html and "unrated" in html  # Bob has no record
    assert "Apply the rating" in html and "Reject" in html
    assert list(RatingRecord.objects.values_list("rating", flat=True)) == [Decimal(1600)]


def test_it_flags_an_id_that_belongs_to_someone_else(tournament, arbiter) -> None:
    """The made-up section: the arbiter entered another person's US Chess ID."""
    victim = Player.objects.create(name="Real, Rita", uscf_id="12345678")
    record(victim, rating=2100, games=300)
    UscfMember.objects.create(
        uscf_id="12345678", name="Real, Rita", regular_rating=2100, imported_at="2026-01-01T00:00Z"
    )
    other = Player.objects.create(name="Sock, Sam")
    Entry.objects.create(
        tournament=tournament,
        player=victim,
        pairing_number=1,
        name="Fake, Fred",
        uscf_id="12345678",
    )
    Entry.objects.create(tournament=tournament, player=other, pairing_number=2, name="Sock, Sam")
    play(tournament, [[(1, 0, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    assert "the supplement&#x27;s 12345678 is Real, Rita" in html
    assert "the rating record belongs to Real, Rita" in html
    assert "no US Chess ID" in html  # Sam
    assert "2 players to check before applying" in html


def test_it_flags_a_rating_set_by_the_submitting_arbiter(tournament, arbiter, make_players):
    ann, _bob = make_players("Ann", "Bob")
    rec = record(ann.player, rating=1500, games=40)
    services.correct_rating(rec.pk, Decimal(2500), "US Chess rating supplement fake.txt", arbiter)
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    assert "set by the submitting arbiter (US Chess rating supplement fake.txt)" in html


def test_it_flags_a_player_paired_on_a_typed_rating(tournament, arbiter, make_players) -> None:
    tournament.pairing_rating = "uscf_regular"
    tournament.save()
    _ann, bob = make_players("Ann", "Bob")
    Entry.objects.filter(pk=bob.pk).update(typed_rating=1450, typed_rating_kind="uscf_regular")
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    assert "paired on a typed 1450: rated as unrated (no US Chess record)" in html


def test_it_says_when_results_changed_since_submission(tournament, arbiter, make_players):
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    tournament.round_set.get().games.update(result="0-1")
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    assert "Results have changed since it was submitted" in html


def test_it_is_for_rating_officers_only(tournament, arbiter, make_players) -> None:
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    url = reverse("rating_request", args=[request.pk])
    client = Client()
    client.force_login(arbiter)
    assert client.get(url).status_code == 403
    assert officer_client().get(reverse("rating_request", args=[999])).status_code == 404


def test_it_flags_exactly_the_changes_made_by_anyone_but_an_officer(
    tournament, arbiter, other_arbiter, make_players
) -> None:
    """Issue 23, item 1: Ann's record set by an officer is fine; Bob's, set by an arbiter who
    is not the submitter, is flagged too."""
    ann, bob = make_players("Ann", "Bob")
    services.correct_rating(record(ann.player).pk, Decimal(1600), "Officer's fix", rating_officer())
    services.correct_rating(record(bob.player).pk, Decimal(2500), "Arbiter's fix", other_arbiter)
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    assert "set by other, who is not a rating officer (Arbiter&#x27;s fix)" in html
    assert html.count("the rating on record was set by") == 1  # not Ann's


def test_it_flags_an_expired_membership(tournament, arbiter, make_players) -> None:
    """Issue 23, item 6: the membership expired the day before the tournament started."""
    ann, bob = make_players("Ann", "Bob")
    Entry.objects.filter(pk=ann.pk).update(uscf_id="12345601")
    Entry.objects.filter(pk=bob.pk).update(uscf_id="12345602")
    day = tournament.start_date
    for uscf_id, name, expires in (("12345601", "Ann", day), ("12345602", "Bob", None)):
        UscfMember.objects.create(
            uscf_id=uscf_id, name=name, expires=expires, imported_at="2026-01-01T00:00Z"
        )
    before = day - timedelta(days=1)
    UscfMember.objects.filter(uscf_id="12345601").update(expires=before)
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    assert html.count("US Chess membership expired") == 1
    assert f"US Chess membership expired on {before:%Y-%m-%d}" in html


def test_it_shows_an_applied_request_as_it_was_applied(tournament, arbiter, make_players) -> None:
    """Once applied, the page compared the event's supplement with the records the rating
    itself had just changed: every rated player was flagged "paired on 1600 …; the record is
    1616", "to check before applying", with the post-event rating as the rating on record and
    later corrections as its source."""
    from django.utils import timezone

    from ratings.models import Event, EventMember

    event = Event.objects.create(
        name="May", start_date=tournament.start_date, end_date=tournament.end_date
    )
    tournament.event = event
    tournament.save()
    ann, bob = make_players("Ann", "Bob")
    Entry.objects.filter(pk=ann.pk).update(uscf_id="12345601")
    EventMember.objects.create(
        event=event, uscf_id="12345601", name="Ann", regular_rating=1600, imported_at=timezone.now()
    )
    ann_record = record(ann.player, rating=1600, games=40)
    play(tournament, [[(0, 1, "1-0")]])
    request = services.submit_for_rating(tournament.pk, arbiter)
    services.apply_request(request.pk, rating_officer())
    services.correct_rating(ann_record.pk, Decimal(1700), "A later ceiling", rating_officer())
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    change = RatingChange.objects.get(player=ann.player)
    assert change.shown_post != 1600
    assert ">1600<" in html and f">{change.shown_post}<" in html  # pre and post of the event
    assert "the record is" not in html and "to check" not in html
    assert "A later ceiling" not in html
    bob_change = RatingChange.objects.get(player=bob.player)
    assert "unrated" in html and f">{bob_change.shown_post}<" in html


def test_it_does_not_query_once_per_corrected_player(arbiter) -> None:
    """Whether the author of each record's last correction is a rating officer was looked up
    per correction (two permission queries each): 2,000 queries for 1,000 corrected players."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.ratings.conftest import enter, second_tournament

    client = officer_client()

    def page_queries(players: int) -> int:
        t = second_tournament(arbiter, f"Open {players}")
        entrants = [Player.objects.create(name=f"P{players}-{i}") for i in range(players)]
        for p in entrants:
            corrected = record(p, rating=1500, games=30)
            services.correct_rating(corrected.pk, Decimal(1510), "Cap", rating_officer())
        enter(t, *entrants)
        play(t, [[(i, i + 1, "1-0") for i in range(0, players, 2)]])
        url = reverse("rating_request", args=[services.submit_for_rating(t.pk, arbiter).pk])
        client.get(url)  # the first request also caches the content types
        with CaptureQueriesContext(connection) as queries:
            assert "Cap" in client.get(url).content.decode()
        return len(queries)

    assert page_queries(2) == page_queries(12)


def test_it_counts_players_not_rows_of_a_dual_rated_event(
    tournament, arbiter, make_players
) -> None:
    """A dual-rated event has a row per player and system: two players without a US Chess ID
    were "4 players to check"."""
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]], rating_system="dual")
    request = services.submit_for_rating(tournament.pk, arbiter)
    html = officer_client().get(reverse("rating_request", args=[request.pk])).content.decode()
    assert html.count("no US Chess ID") == 4  # Ann and Bob, Regular and Quick
    assert "2 players to check before applying." in html
