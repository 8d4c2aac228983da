"""The US Chess pages of an event: arbiters of the event only (login, POST, CSRF for changes);
the ratings after the event are public."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ratings.models import Event, UscfMember
from tournaments.models import Tournament

DAY = date(2026, 5, 2)
GET = ["event_uscf", "uscf_report"]
POST = ["supplement_import", "register_by_id", "submit_event_ratings"]


@pytest.fixture
def event(arbiter: User) -> Event:
    e = Event.objects.create(name="May Festival", start_date=DAY, end_date=DAY)
    e.arbiters.add(arbiter)
    Tournament.objects.create(
        name="May Festival – Open", start_date=DAY, end_date=DAY, event=e, section_name="Open"
    )
    return e


def supplement() -> io.BytesIO:
    file = io.BytesIO(b'ID,Name,Regular\n12345601,"Adams, Ann",2250\n')
    file.name = "s.csv"
    return file


@pytest.mark.parametrize("name", GET + POST)
def test_it_sends_anonymous_users_to_log_in(client: Client, event: Event, name: str) -> None:
    url = reverse(name, args=[event.pk])
    response = client.post(url) if name in POST else client.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", GET + POST)
def test_it_refuses_other_arbiters(
    client: Client, event: Event, other_arbiter: User, name: str
) -> None:
    client.force_login(other_arbiter)
    url = reverse(name, args=[event.pk])
    if name in POST:
        assert client.post(url, {"file": supplement()}).status_code == 403
    else:
        assert client.get(url).status_code == 403
    assert not UscfMember.objects.exists()


@pytest.mark.parametrize("name", POST)
def test_it_takes_changes_by_post_only(arbiter_client: Client, event: Event, name: str) -> None:
    assert arbiter_client.get(reverse(name, args=[event.pk])).status_code == 405


def test_it_needs_a_csrf_token_for_changes(event: Event, arbiter: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    url = reverse("supplement_import", args=[event.pk])
    assert client.post(url, {"file": supplement()}).status_code == 403
    assert not UscfMember.objects.exists()


def test_it_lets_the_arbiter_import_and_see_the_page(arbiter_client: Client, event: Event) -> None:
    response = arbiter_client.post(
        reverse("supplement_import", args=[event.pk]), {"file": supplement()}
    )
    assert response.status_code == 200
    assert "1 member imported from s.csv for this event; 0 pairing ratings changed" in (
        response.content.decode()
    )
    assert event.supplement_members.get().name == "Adams, Ann"
    assert not UscfMember.objects.exists()  # the shared table: rating officers only


def test_it_names_a_file_that_is_no_supplement(arbiter_client: Client, event: Event) -> None:
    file = io.BytesIO(b"Name,Rating\nAdams,2250\n")
    file.name = "wrong.csv"
    response = arbiter_client.post(reverse("supplement_import", args=[event.pk]), {"file": file})
    assert response.status_code == 400
    assert "must have a column with the US Chess ID" in response.content.decode()


def test_it_needs_the_event_data_before_the_report(arbiter_client: Client, event: Event) -> None:
    event.sections.update(rating_system="regular")
    response = arbiter_client.get(reverse("uscf_report", args=[event.pk]), follow=True)
    html = response.content.decode()
    assert "Fill in the event&#x27;s affiliate ID, chief TD" in html
    assert "city, state, ZIP code first" in html


def test_it_shows_the_ratings_after_the_event_publicly(client: Client, event: Event) -> None:
    response = client.get(reverse("event_ratings", args=[event.pk]))
    assert response.status_code == 200
    assert "Not rated yet" in response.content.decode()
    assert client.post(reverse("event_ratings", args=[event.pk])).status_code == 405


def members(event: Event, arbiter_client: Client, text: str) -> None:
    f = io.BytesIO(text.encode())
    f.name = "event.csv"
    response = arbiter_client.post(reverse("supplement_import", args=[event.pk]), {"file": f})
    assert response.status_code == 200


HEADER = "ID,Name,Expires,Regular\n"


def test_it_warns_of_an_expired_membership_everywhere(arbiter_client: Client, event: Event) -> None:
    """Issue 23, item 6: expired the day before the event (2026-05-01): registered with a
    warning, marked on the entry list and above the report's download."""
    section = event.sections.get()
    section.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    section.save()
    text = HEADER + '12345601,"Adams, Ann",2026-05-01,1500\n12345602,"Brown, Bob",2026-05-02,1400\n'
    members(event, arbiter_client, text)
    url = reverse("register_by_id", args=[event.pk])
    response = arbiter_client.post(
        url, {"section": section.pk, "ids": "12345601 12345602"}, follow=True
    )
    html = response.content.decode()
    assert "Adams, Ann: US Chess membership expired on 2026-05-01." in html
    assert "Brown, Bob: US Chess membership" not in html  # still a member on the day
    assert "expired-memberships" in html and "expired 2026-05-01" in html
    listing = arbiter_client.get(reverse("event_manage", args=[event.pk])).content.decode()
    assert "(US Chess membership expired 2026-05-01)" in listing
    assert listing.count("US Chess membership expired") == 1


def test_it_refuses_a_player_above_the_section_limits_and_lets_one_below_play_up(
    arbiter_client: Client, event: Event
) -> None:
    """Issue 23, item 7: a U1200 section (upper limit 1199) and a 1200–1599 one."""
    u1200 = event.sections.get()
    u1200.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    u1200.rating_max = 1199
    u1200.save()
    u1600 = Tournament.objects.create(
        name="May Festival – U1600",
        start_date=DAY,
        end_date=DAY,
        event=event,
        section_name="U1600",
        pairing_rating=Tournament.PairingRating.USCF_REGULAR,
        rating_min=1200,
        rating_max=1599,
    )
    text = HEADER + '12345601,"Strong, Sam",,2210\n12345602,"Low, Lou",,1100\n'
    members(event, arbiter_client, text)
    url = reverse("register_by_id", args=[event.pk])
    response = arbiter_client.post(url, {"section": u1200.pk, "ids": "12345601"})
    assert response.status_code == 400
    assert (
        "Strong, Sam is rated 2210, above the upper limit 1199 of Open" in response.content.decode()
    )
    response = arbiter_client.post(url, {"section": u1600.pk, "ids": "12345602"})
    assert response.status_code == 400
    assert "below the lower limit 1200 of U1600" in response.content.decode()
    assert not u1600.entries.exists()
    response = arbiter_client.post(
        url, {"section": u1600.pk, "ids": "12345602", "plays_up": "on"}, follow=True
    )
    assert "Low, Lou (1100) plays up in U1600." in response.content.decode()
    assert u1600.entries.get().plays_up
    # Also in the U1200: allowed, with a warning on the entry list.
    arbiter_client.post(url, {"section": u1200.pk, "ids": "12345602"})
    listing = arbiter_client.get(reverse("event_manage", args=[event.pk])).content.decode()
    assert "(plays up)" in listing
    assert "(also entered in U1600)" in listing and "(also entered in Open)" in listing


def test_it_says_so_when_no_section_is_us_chess_rated(arbiter_client: Client, event: Event) -> None:
    """Submitting an event whose sections are all unrated answered with no word at all."""
    Tournament.objects.filter(event=event).update(rating_system="")
    response = arbiter_client.post(reverse("submit_event_ratings", args=[event.pk]), follow=True)
    assert "No section of this event is US Chess-rated: nothing to submit." in (
        response.content.decode()
    )
