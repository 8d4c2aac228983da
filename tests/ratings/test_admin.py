"""The ratings admin: rating officers correct a rating with a reason; nobody else can."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings.models import RatedEvent, RatingChange, RatingCorrection, RatingRecord
from tests.ratings.conftest import enter, play, rate, record, second_tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def rating() -> RatingRecord:
    return record(Player.objects.create(name="Doe, Jane"), rating=1712.5, games=40)


def change_url(r: RatingRecord) -> str:
    return reverse("admin:ratings_ratingrecord_change", args=[r.pk])


def correct(client: Client, r: RatingRecord, new: str, reason: str):
    return client.post(change_url(r), {"new_rating": new, "reason": reason})


def test_the_group_has_the_permission() -> None:
    group = Group.objects.get(name="Rating officers")
    codenames = set(group.permissions.values_list("content_type__app_label", "codename"))
    assert ("ratings", "correct_rating") in codenames
    assert ("ratings", "view_ratingrecord") in codenames
    assert ("ratings", "change_ratingrecord") not in codenames
    assert Permission.objects.filter(codename="correct_rating").count() == 1


def test_an_officer_corrects_a_rating_with_a_reason(officer_client, officer, rating) -> None:
    page = officer_client.get(change_url(rating)).content.decode()
    assert 'name="new_rating"' in page and 'name="reason"' in page

    response = correct(officer_client, rating, "1650", "Cash-prize ceiling (TD report)")

    assert response.status_code == 302
    rating.refresh_from_db()
    assert rating.rating == Decimal("1650.00") and rating.games == 40
    c = RatingCorrection.objects.get()
    assert (c.old, c.new, c.by, c.reason) == (
        Decimal("1712.50"),
        Decimal("1650"),
        officer,
        "Cash-prize ceiling (TD report)",
    )
    entry = LogEntry.objects.get()
    assert entry.action_flag == CHANGE and entry.user == officer
    assert entry.object_id == str(rating.pk)
    assert "1712.50 → 1650.00 (shown 1713 → 1650)" in entry.get_change_message()
    assert "Cash-prize ceiling" in entry.get_change_message()
    history = officer_client.get(reverse("admin:ratings_ratingrecord_history", args=[rating.pk]))
    assert "Cash-prize ceiling (TD report)" in history.content.decode()
    player_page = Client().get(reverse("rating_history", args=[rating.player_id]))
    assert "Cash-prize ceiling (TD report)" in player_page.content.decode()


@pytest.mark.parametrize(
    ("new", "reason", "error"),
    [
        ("1650", "", "This field is required."),
        ("1650", "   ", "This field is required."),
        ("1712.50", "same", "This is the current rating"),
        ("50", "too low", "greater than or equal to 100"),
        ("abc", "typo", "Enter a number."),
    ],
)
def test_a_correction_needs_a_valid_rating_and_a_reason(
    officer_client, rating, new, reason, error
) -> None:
    response = correct(officer_client, rating, new, reason)
    assert response.status_code == 200
    assert error in response.content.decode()
    rating.refresh_from_db()
    assert rating.rating == Decimal("1712.50")
    assert not RatingCorrection.objects.exists() and not LogEntry.objects.exists()


def staff_with(*codenames: str) -> Client:
    user = User.objects.create_user("staffer", password="a-long-test-password", is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
    client = Client()
    client.force_login(user)
    return client


def test_staff_with_view_permission_see_but_cannot_correct(rating) -> None:
    client = staff_with("view_ratingrecord", "change_ratingrecord", "delete_ratingrecord")
    page = client.get(change_url(rating))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Doe, Jane" in html and 'name="new_rating"' not in html and 'name="reason"' not in html
    assert correct(client, rating, "1650", "I am staff").status_code == 403
    assert client.get(reverse("admin:ratings_ratingrecord_add")).status_code == 403
    delete = reverse("admin:ratings_ratingrecord_delete", args=[rating.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    rating.refresh_from_db()
    assert rating.rating == Decimal("1712.50") and not RatingCorrection.objects.exists()


def test_staff_without_permissions_have_no_access(rating) -> None:
    client = staff_with()
    assert client.get(change_url(rating)).status_code == 403
    assert correct(client, rating, "1650", "x").status_code == 403
    assert client.get(reverse("admin:ratings_ratingrecord_changelist")).status_code == 403


def test_an_arbiter_cannot_reach_the_admin(arbiter_client, rating) -> None:
    response = correct(arbiter_client, rating, "1650", "I ran the event")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    rating.refresh_from_db()
    assert rating.rating == Decimal("1712.50")


def test_an_officer_enters_a_record_with_a_reason(officer_client, officer) -> None:
    player = Player.objects.create(name="Roe, Rick")
    add = reverse("admin:ratings_ratingrecord_add")
    data = {
        "player": player.pk,
        "system": "quick",
        "rating": "1444",
        "games": "31",
        "wins": "10",
        "draws": "3",
        "events_3plus": "4",
    }
    refused = officer_client.post(add, data)
    assert refused.status_code == 200 and "This field is required." in refused.content.decode()
    response = officer_client.post(add, {**data, "reason": "US Chess MSA, Nov 2026 list"})
    assert response.status_code == 302
    r = RatingRecord.objects.get(player=player)
    assert (r.system, r.rating, r.games, r.wins) == ("quick", Decimal(1444), 31, 10)
    c = RatingCorrection.objects.get()
    assert (c.old, c.new, c.by) == (None, Decimal(1444), officer)
    assert "Entered rating 1444.00" in LogEntry.objects.get().get_change_message()


def test_history_is_read_only_even_for_officers(
    officer_client, tournament, arbiter, make_players
) -> None:
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    change = RatingChange.objects.first()
    assert change is not None
    for model, pk in (("ratingchange", change.pk), ("ratedevent", RatedEvent.objects.get().pk)):
        page = officer_client.get(reverse(f"admin:ratings_{model}_change", args=[pk]))
        assert page.status_code == 200
        assert officer_client.get(reverse(f"admin:ratings_{model}_add")).status_code == 403
        delete = reverse(f"admin:ratings_{model}_delete", args=[pk])
        assert officer_client.post(delete, {"post": "yes"}).status_code == 403
    assert RatingChange.objects.count() == 2


def test_officers_view_the_supplement_and_events_read_only(officer_client, arbiter) -> None:
    from datetime import date

    from django.utils import timezone

    from ratings.models import Event, UscfMember
    from tournaments.models import Tournament

    member = UscfMember.objects.create(
        uscf_id="12345601", name="Adams, Ann", regular_rating=2250, imported_at=timezone.now()
    )
    day = date(2026, 5, 2)
    event = Event.objects.create(name="May Festival", start_date=day, end_date=day)
    Tournament.objects.create(
        name="May Festival – Open", start_date=day, end_date=day, event=event, section_name="Open"
    )
    for model, obj in (("ratings_uscfmember", member), ("ratings_event", event)):
        changelist = officer_client.get(reverse(f"admin:{model}_changelist"))
        assert changelist.status_code == 200
        page = officer_client.get(reverse(f"admin:{model}_change", args=[obj.pk]))
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
        assert officer_client.get(reverse(f"admin:{model}_add")).status_code == 403
    html = officer_client.get(reverse("admin:ratings_event_change", args=[event.pk]))
    assert "Open" in html.content.decode()  # the sections, read-only
    response = officer_client.post(
        reverse("admin:ratings_uscfmember_change", args=[member.pk]), {"name": "Hacked"}
    )
    assert response.status_code == 403
    member.refresh_from_db()
    assert member.name == "Adams, Ann"


def _event_page_queries(client: Client, arbiter: User, name: str, players: int) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t = second_tournament(arbiter, name)
    enter(t, *(Player.objects.create(name=f"{name} {i}") for i in range(players)))
    play(t, [[(i, i + 1, "1-0") for i in range(0, players, 2)]])
    event = rate(t.pk, arbiter)
    assert event.changes.count() == players
    url = reverse("admin:ratings_ratedevent_change", args=[event.pk])
    client.get(url)  # the first request also caches the content types
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url)
    assert page.status_code == 200
    assert f"{name} {players - 1}" in page.content.decode()  # the players are on the page
    return len(queries)


def test_a_rated_event_page_does_not_query_once_per_player(officer_client, arbiter) -> None:
    """The changes inline read each row's player with its own query: an event of 1,000
    players took 1,000 queries."""
    assert _event_page_queries(officer_client, arbiter, "Small", 2) == _event_page_queries(
        officer_client, arbiter, "Big", 12
    )


def test_a_record_entered_by_hand_takes_over_a_typed_rating_before_round_1(
    officer_client, tournament
) -> None:
    """docs/ratings.md: "A later supplement or an officer's record takes over before round 1."
    A record entered in the admin left the entry paired on the arbiter's typed rating."""
    from tournaments.registration import register_known

    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.save()
    walk_in = register_known(tournament.pk, Player.objects.create(name="Walk, In"), 1450)
    assert walk_in.rating == 1450  # paired on the typed rating: no record yet
    data = {
        "player": walk_in.player_id,
        "system": "regular",
        "rating": "1643.50",
        "games": "40",
        "wins": "10",
        "draws": "3",
        "events_3plus": "4",
        "reason": "US Chess MSA, Nov 2026 list",
    }
    response = officer_client.post(reverse("admin:ratings_ratingrecord_add"), data)
    assert response.status_code == 302
    walk_in.refresh_from_db()
    assert walk_in.rating == 1644  # 1643.50 shown to the nearest, halves up
