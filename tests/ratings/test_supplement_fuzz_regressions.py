"""What form fuzzing found (issue 23, item 13, tests/test_fuzz_forms.py), one test per kind: a
US Chess supplement with a field over the csv module's 131,072 characters answered 500 from an
event's supplement upload and from the officer's official supplement; now a form error naming
the line."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from ratings.models import Event, EventMember, UscfMember

pytestmark = pytest.mark.django_db
HUGE = b"ID,Name,State\n12345678," + b"x" * 200_000 + b",CA\n"


def upload() -> SimpleUploadedFile:
    return SimpleUploadedFile("supplement.csv", HUGE)


def test_it_refuses_an_event_supplement_with_a_huge_field(
    arbiter_client: Client, arbiter: User
) -> None:
    day = date(2026, 5, 2)
    event = Event.objects.create(name="May Festival", start_date=day, end_date=day)
    event.arbiters.add(arbiter)
    url = reverse("supplement_import", args=[event.pk])
    response = arbiter_client.post(url, {"file": upload()})
    assert response.status_code == 400
    assert "Line 2 of supplement.csv cannot be read: field larger than field limit" in (
        response.content.decode()
    )
    assert not EventMember.objects.exists()


def test_it_refuses_an_official_supplement_with_a_huge_field(officer_client: Client) -> None:
    response = officer_client.post(reverse("official_supplement"), {"file": upload()})
    assert response.status_code == 400
    assert "cannot be read: field larger than field limit" in response.content.decode()
    assert not UscfMember.objects.exists()
