"""forbidden_pair_remove: take a forbidden pair back; the two may be paired again."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import ForbiddenPair


def remove(client: Client, t, pair_pk: int, htmx: bool = False):
    headers = {"HX-Request": "true", "HX-Target": "forbidden-pairs"} if htmx else {}
    url = reverse("forbidden_pair_remove", args=[t.pk, pair_pk])
    return client.post(url, headers=headers)


@pytest.mark.django_db
def test_it_removes_the_pair(arbiter_client: Client, tournament, make_entries) -> None:
    a, b, c = make_entries(3)
    gone = ForbiddenPair.objects.create(tournament=tournament, first=a, second=b)
    kept = ForbiddenPair.objects.create(tournament=tournament, first=a, second=c)
    response = remove(arbiter_client, tournament, gone.pk)
    assert response.status_code == 302
    assert list(ForbiddenPair.objects.all()) == [kept]
    page = arbiter_client.get(response["Location"]).content.decode()
    assert "Player 01 and Player 02 may be paired again." in page


@pytest.mark.django_db
def test_it_gives_htmx_the_section(arbiter_client: Client, tournament, make_entries) -> None:
    a, b = make_entries(2)
    pair = ForbiddenPair.objects.create(tournament=tournament, first=a, second=b)
    html = remove(arbiter_client, tournament, pair.pk, htmx=True).content.decode()
    assert html.lstrip().startswith('<section id="forbidden-pairs"')
    assert "may be paired again" in html and "No forbidden pairs." in html


@pytest.mark.django_db
def test_it_says_so_for_a_pair_already_removed(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """A second click, or a stale tab: a message, not a 404 or a 500."""
    a, b = make_entries(2)
    pair = ForbiddenPair.objects.create(tournament=tournament, first=a, second=b)
    remove(arbiter_client, tournament, pair.pk)
    response = remove(arbiter_client, tournament, pair.pk)
    assert response.status_code == 302
    page = arbiter_client.get(response["Location"]).content.decode()
    assert "This forbidden pair no longer exists." in page
    html = remove(arbiter_client, tournament, pair.pk, htmx=True).content.decode()
    assert 'role="alert">This forbidden pair no longer exists.' in html


@pytest.mark.django_db
def test_it_does_not_touch_another_tournaments_pair(
    arbiter_client: Client, tournament, make_entries, other_arbiter
) -> None:
    from datetime import date

    from players.models import Player
    from tournaments.models import Entry, Tournament

    make_entries(2)
    day = date(2026, 1, 1)
    other = Tournament.objects.create(name="Other", start_date=day, end_date=day)
    x, y = (
        Entry.objects.create(
            tournament=other, player=Player.objects.create(name=name), pairing_number=n
        )
        for n, name in ((1, "X"), (2, "Y"))
    )
    theirs = ForbiddenPair.objects.create(tournament=other, first=x, second=y)
    remove(arbiter_client, tournament, theirs.pk)
    assert ForbiddenPair.objects.filter(pk=theirs.pk).exists()
