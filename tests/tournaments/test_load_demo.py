"""load_demo (``make run``): the demo tournament, an arbiter who runs only their own
tournaments, a rating officer for the admin, and how to get an admin login."""

from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournaments.demo import ARBITER, DEMO_NAME, OFFICER
from tournaments.models import Tournament


def run() -> tuple[str, dict[str, str]]:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    text = out.getvalue()
    logins = dict(re.findall(r"username '(\w+)', password '([^']+)'", text))
    return text, logins


def logged_in(username: str, password: str) -> Client:
    client = Client()
    assert client.login(username=username, password=password)
    return client


@pytest.mark.django_db
def test_it_prints_every_login() -> None:
    text, logins = run()
    assert set(logins) == {ARBITER, OFFICER}
    assert "Arbiter login" in text and "Rating officer login" in text
    assert "manage.py createsuperuser" in text
    for username, password in logins.items():
        logged_in(username, password)


@pytest.mark.django_db
def test_the_printed_createsuperuser_line_works_as_printed() -> None:
    """Issue 24 item 11: the line failed as printed (the settings need DJANGO_DEBUG=1 or a
    secret key of one's own). Run from the project folder in a shell without DJANGO_*
    variables (``--help``: it loads the settings and the command, and creates no account)."""
    text, _ = run()
    (line,) = re.findall(r"`([^`]*manage\.py createsuperuser)`", text)
    words = shlex.split(line)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.pop("DATABASE_URL", None)
    while "=" in words[0]:
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [*words, "--help"], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Used to create a superuser" in done.stdout


@pytest.mark.django_db
def test_the_arbiter_runs_its_own_tournaments_and_nothing_else() -> None:
    _, logins = run()
    user = User.objects.get(username=ARBITER)
    assert not user.is_staff and not user.is_superuser
    assert not user.user_permissions.exists()
    assert user.get_all_permissions() == {"tournaments.add_tournament"}
    demo = Tournament.objects.get(name=DEMO_NAME)
    assert demo.is_arbiter(user) and demo.entries.count() == 24
    assert all(e.name for e in demo.entries.all())
    client = logged_in(ARBITER, logins[ARBITER])
    assert client.get(reverse("tournament_manage", args=[demo.pk])).status_code == 200
    assert client.get(reverse("tournament_create")).status_code == 200
    admin = client.get(reverse("admin:tournaments_tournament_changelist"))
    assert admin.status_code == 302 and "/admin/login/" in admin["Location"]


@pytest.mark.django_db
def test_the_rating_officer_opens_the_ratings_and_players_admin() -> None:
    _, logins = run()
    client = logged_in(OFFICER, logins[OFFICER])
    assert client.get(reverse("admin:ratings_ratingrecord_changelist")).status_code == 200
    assert client.get(reverse("admin:ratings_ratingrecord_add")).status_code == 200
    player = Tournament.objects.get(name=DEMO_NAME).entries.all()[0].player
    change = reverse("admin:players_player_change", args=[player.pk])
    assert client.get(change).status_code == 200
    demo = Tournament.objects.get(name=DEMO_NAME)
    assert client.get(reverse("tournament_manage", args=[demo.pk])).status_code == 403


@pytest.mark.django_db
def test_a_second_run_renews_the_passwords_and_mends_an_older_demo_arbiter() -> None:
    run()
    older = User.objects.get(username=ARBITER)  # an earlier demo made it staff, with permissions
    older.is_staff = True
    older.save()
    older.user_permissions.set(Permission.objects.filter(content_type__app_label="tournaments"))
    text, logins = run()
    assert "already exists; left as it is" in text
    assert Tournament.objects.filter(name=DEMO_NAME).count() == 1
    older.refresh_from_db()
    assert not older.is_staff and not older.user_permissions.exists()
    logged_in(ARBITER, logins[ARBITER])
