"""tournament_edit: settings; the system, colour and seeding are fixed once round 1 is paired."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_tournament_create import FORM
from tournaments import services


@pytest.mark.django_db
def test_it_shows_and_saves_the_settings(arbiter_client: Client, tournament) -> None:
    url = reverse("tournament_edit", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert 'value="Spring Open"' in html
    response = arbiter_client.post(url, FORM | {"name": "Spring Open II", "rounds": 7})
    assert response["Location"] == reverse("tournament_manage", args=[tournament.pk])
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds, tournament.pairing_system) == (
        "Spring Open II",
        7,
        "dubov",
    )


@pytest.mark.django_db
def test_changing_the_seeding_renumbers_the_players(
    arbiter_client: Client, tournament, make_entries
) -> None:
    entries = make_entries(6)
    tournament.seeding = "manual"
    tournament.save()
    for e in entries:  # reverse the numbers by hand
        e.pairing_number += 100
        e.save()
    for e in entries:
        e.pairing_number = 107 - e.pairing_number
        e.save()
    arbiter_client.post(
        reverse("tournament_edit", args=[tournament.pk]), FORM | {"seeding": "rating"}
    )
    numbers = [e.pairing_number for e in tournament.entries.order_by("-rating")]
    assert numbers == [1, 2, 3, 4, 5, 6]


@pytest.mark.django_db
def test_the_system_is_fixed_once_round_1_is_paired(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    url = reverse("tournament_edit", args=[tournament.pk])
    assert "Fixed once round 1 is paired" in arbiter_client.get(url).content.decode()
    arbiter_client.post(url, FORM | {"pairing_system": "tcec_double", "rounds": 6})
    tournament.refresh_from_db()
    assert (tournament.pairing_system, tournament.rounds) == ("dutch", 6)
    response = arbiter_client.post(url, FORM | {"rounds": 0})
    assert response.status_code == 200


@pytest.mark.django_db
def test_the_rounds_paired_are_counted_under_the_lock(
    arbiter_client: Client, tournament, make_entries, monkeypatch
) -> None:
    """The form is bound to the locked row and the count taken inside the transaction: a
    round paired between the page load and the POST still fixes the system."""
    from tournaments import registration

    make_entries(4)
    calls: list[str] = []
    locked = registration.locked_tournament

    def lock_then_pair(pk: int):
        calls.append("lock")
        services.pair_next_round(pk)  # what another arbiter did just before the lock
        return locked(pk)

    monkeypatch.setattr(registration, "locked_tournament", lock_then_pair)
    url = reverse("tournament_edit", args=[tournament.pk])
    arbiter_client.post(url, FORM | {"pairing_system": "tcec"})
    tournament.refresh_from_db()
    assert calls == ["lock"] and tournament.pairing_system == "dutch"


@pytest.mark.django_db
def test_the_acceleration_is_fixed_once_round_1_is_paired(
    arbiter_client: Client, tournament, make_entries
) -> None:
    tournament.acceleration = "baku"
    tournament.save()
    make_entries(4)
    services.pair_next_round(tournament.pk)
    url = reverse("tournament_edit", args=[tournament.pk])
    assert "Fixed once round 1 is paired" in arbiter_client.get(url).content.decode()
    form = FORM | {"pairing_system": "dutch", "acceleration": "", "rounds": 6}
    arbiter_client.post(url, form)
    tournament.refresh_from_db()
    assert (tournament.acceleration, tournament.rounds) == ("baku", 6)  # the rest is saved


def test_the_dutch_edition_is_fixed_once_round_1_is_paired(
    arbiter_client: Client, tournament, make_entries
) -> None:
    url = reverse("tournament_edit", args=[tournament.pk])
    arbiter_client.post(url, FORM | {"pairing_system": "dutch", "dutch_edition": "2017"})
    tournament.refresh_from_db()
    assert tournament.dutch_edition == "2017"
    make_entries(4)
    services.pair_next_round(tournament.pk)
    arbiter_client.post(url, FORM | {"pairing_system": "dutch", "dutch_edition": "2026"})
    tournament.refresh_from_db()
    assert tournament.dutch_edition == "2017"


@pytest.mark.django_db
def test_it_saves_the_fide_rating_settings(arbiter_client, tournament) -> None:
    from tournaments.models import Tournament

    page = arbiter_client.get(reverse("tournament_edit", args=[tournament.pk])).content.decode()
    assert "FIDE rated" in page and "FIDE rating type" in page
    data = {
        "name": tournament.name, "start_date": "2026-04-01", "end_date": "2026-04-03",
        "pairing_system": "dutch", "rounds": 5, "initial_colour": "w", "seeding": "rating",
        "late_entry_bye": "Z", "win": "1", "draw": "0.5", "loss": "0", "bye": "1",
        "half_bye": "0.5", "fide_rated": "on", "fide_rating_type": "blitz",
    }  # fmt: skip
    response = arbiter_client.post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 302, response.content.decode()
    t = Tournament.objects.get(pk=tournament.pk)
    assert (t.fide_rated, t.fide_rating_type) == (True, "blitz")
