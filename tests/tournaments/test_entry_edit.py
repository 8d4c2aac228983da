"""entry_edit: correct a player's data; ratings before round 1; requested byes ahead."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Player, Tournament


def form(entry, **change) -> dict:
    data = {"name": entry.player.name, "federation": "USA", "rating": entry.rating}
    return data | change


@pytest.mark.django_db
def test_a_new_rating_changes_the_pairing_numbers(
    arbiter_client: Client, tournament, make_entries
) -> None:
    _a, _b, c = make_entries(3)
    url = reverse("entry_edit", args=[tournament.pk, c.pk])
    response = arbiter_client.post(url, form(c, rating=2600, name="Renamed, Player"))
    assert response.status_code == 302
    c.refresh_from_db()
    assert (c.pairing_number, c.rating, c.player.name) == (1, 2600, "Renamed, Player")


@pytest.mark.django_db
def test_the_rating_is_locked_after_round_1(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    _a, _b, _c, d = make_entries(4)
    play(tournament, rounds=1)
    url = reverse("entry_edit", args=[tournament.pk, d.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Ratings are fixed once round 1 is paired" in html
    assert "Round 2" in html and "Round 5" in html and "Round 1<" not in html  # rounds to come
    # A forced POST of the locked rating is refused, not answered "saved" (regression).
    html = arbiter_client.post(url, form(d, rating=2900, title="IM")).content.decode()
    assert "an unrated player gets a provisional rating on the dashboard" in html
    d.refresh_from_db()
    assert (d.rating, d.player.title) == (2300, "")
    arbiter_client.post(url, form(d, rating="", title="IM"))  # a browser omits a disabled field
    d.refresh_from_db()
    assert (d.rating, d.player.title, d.pairing_number) == (2300, "IM", 4)


@pytest.mark.django_db
def test_a_fide_id_of_someone_else_is_refused(
    arbiter_client: Client, tournament, make_entries
) -> None:
    (a,) = make_entries(1)
    Player.objects.create(name="Other, Olga", fide_id="42")
    html = arbiter_client.post(
        reverse("entry_edit", args=[tournament.pk, a.pk]), form(a, fide_id="42")
    ).content.decode()
    assert "FIDE ID 42 belongs to Other, Olga" in html


@pytest.mark.django_db
def test_manual_seeding_edits_the_pairing_number(
    arbiter_client: Client, tournament, make_entries
) -> None:
    tournament.seeding = Tournament.Seeding.MANUAL
    tournament.save()
    a, b, c = make_entries(3)
    arbiter_client.post(
        reverse("entry_edit", args=[tournament.pk, c.pk]), form(c, pairing_number=1)
    )
    assert [e.pk for e in tournament.entries.order_by("pairing_number")] == [c.pk, a.pk, b.pk]


@pytest.mark.django_db
def test_it_is_404_for_another_tournaments_entry(
    arbiter_client: Client, tournament, make_entries
) -> None:
    from datetime import date

    (a,) = make_entries(1)
    other = Tournament.objects.create(
        name="X", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)
    )
    other.arbiters.add(tournament.arbiters.get())
    assert arbiter_client.get(reverse("entry_edit", args=[other.pk, a.pk])).status_code == 404


@pytest.mark.django_db
def test_an_edit_is_one_transaction(arbiter_client: Client, tournament, make_entries) -> None:
    """Player data, rating and pairing number are saved together or not at all: a refused
    pairing number (the seeding is not manual) leaves the name and rating as they were."""
    from tournaments import registration
    from tournaments.services import ArbiterError

    a, _b, c = make_entries(3)
    c.player.name = "Renamed, Player"
    with pytest.raises(ArbiterError, match="choose manual seeding"):
        registration.update_entry(c, ["name"], 2900, number=3)
    c.refresh_from_db()
    assert (c.player.name, c.rating, c.pairing_number) == ("Player 03", 2325, 3)
    assert a.pairing_number == 1
