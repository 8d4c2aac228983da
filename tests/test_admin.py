"""Every model has an admin page a staff user can open."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments.models import Bye, Game, Round


@pytest.fixture
def staff_client(db: None) -> Client:
    user = User.objects.create_superuser("boss", password="a-long-test-password")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_it_lists_and_opens_every_model(staff_client, tournament, make_entries) -> None:
    a, b, c = make_entries(3)
    rnd = Round.objects.create(tournament=tournament, number=1)
    Game.objects.create(round=rnd, board=1, white=a, black=b)
    Bye.objects.create(entry=c, round_number=1, kind=Bye.Kind.PAIRING_ALLOCATED)
    app_models = [
        m
        for m in admin.site._registry
        if m._meta.app_label in ("tournaments", "ratings", "players")
    ]
    assert {m.__name__ for m in app_models} >= {
        "Tournament",
        "Player",
        "Entry",
        "Round",
        "Game",
        "Bye",
    }
    for model in app_models:
        opts = model._meta
        changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        assert staff_client.get(changelist).status_code == 200, changelist
        assert staff_client.get(changelist, {"q": "Player"}).status_code == 200, changelist
        add = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
        assert staff_client.get(add).status_code in (200, 403), add
        obj = model._default_manager.first()
        if obj is not None:
            change = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
            assert staff_client.get(change).status_code == 200, change


@pytest.mark.django_db
def test_anonymous_users_are_sent_to_the_admin_login() -> None:
    response = Client().get(reverse("admin:tournaments_tournament_changelist"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
