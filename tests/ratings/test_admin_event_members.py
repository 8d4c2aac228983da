"""The admin of the events' own supplements (EventMember, issue 23): rating officers look at
them; nobody changes them there (the event's arbiters upload a supplement in the app)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ratings.models import Event, EventMember

pytestmark = pytest.mark.django_db
DAY = date(2026, 5, 2)


@pytest.fixture
def member(arbiter: User) -> EventMember:
    event = Event.objects.create(name="May Festival", start_date=DAY, end_date=DAY)
    return EventMember.objects.create(
        event=event,
        uscf_id="40000001",
        name="Sato, Ken",
        regular_rating=Decimal("1912.04"),
        imported_at=timezone.now(),
        imported_by=arbiter,
        supplement="may.csv",
    )


def test_it_lists_and_shows_the_rows_to_an_officer(officer_client: Client, member) -> None:
    changelist = officer_client.get(reverse("admin:ratings_eventmember_changelist"))
    html = changelist.content.decode()
    assert changelist.status_code == 200
    assert "Sato, Ken" in html and "May Festival" in html and "may.csv" in html
    found = officer_client.get(reverse("admin:ratings_eventmember_changelist"), {"q": "4000000"})
    assert "Sato, Ken" in found.content.decode()
    page = officer_client.get(reverse("admin:ratings_eventmember_change", args=[member.pk]))
    assert page.status_code == 200
    assert "1912.04" in page.content.decode() and 'name="_save"' not in page.content.decode()
    index = officer_client.get(reverse("admin:index")).content.decode()
    assert "event&#x27;s supplement members" in index.lower()


def test_it_changes_nothing_even_for_an_officer(officer_client: Client, member) -> None:
    change = reverse("admin:ratings_eventmember_change", args=[member.pk])
    response = officer_client.post(change, {"name": "HACKED, Name", "regular_rating": "100"})
    assert response.status_code == 403
    assert officer_client.get(reverse("admin:ratings_eventmember_add")).status_code == 403
    delete = reverse("admin:ratings_eventmember_delete", args=[member.pk])
    assert officer_client.post(delete, {"post": "yes"}).status_code == 403
    member.refresh_from_db()
    assert (member.name, member.regular_rating) == ("Sato, Ken", Decimal("1912.04"))


def test_it_is_closed_to_staff_without_permission_and_to_arbiters(
    arbiter_client: Client, member
) -> None:
    staff = User.objects.create_user("staffer", password="a-long-test-password", is_staff=True)
    staff.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_eventmember", "change_eventmember"])
    )
    client = Client()
    client.force_login(staff)
    changelist = reverse("admin:ratings_eventmember_changelist")
    assert client.get(changelist).status_code == 403
    response = arbiter_client.get(changelist)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
