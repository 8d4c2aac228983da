"""tournament_create: a new tournament; its creator becomes its arbiter."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament

URL = reverse("tournament_create")
FORM = {
    "name": "Club Swiss",
    "place": "Here",
    "federation": "USA",
    "start_date": "2026-06-01",
    "end_date": "2026-06-02",
    "pairing_system": "dubov",
    "rounds": 5,
    "initial_colour": "b",
    "seeding": "rating",
    "late_entry_bye": "H",
    "rating_system": "",
    "win": "1",
    "draw": "0.5",
    "loss": "0",
    "bye": "1",
    "half_bye": "0.5",
    "tie_break_1": "BH-C1",
    "tie_break_2": "BH",
    "tie_break_3": "",
    "tie_break_4": "SB",
}


@pytest.mark.django_db
def test_it_offers_every_setting_with_defaults(arbiter_client: Client) -> None:
    html = arbiter_client.get(URL).content.decode()
    for label in ("Pairing system", "Rounds", "Colour of the top seed", "Seeding", "Win"):
        assert label in html
    assert 'name="win" value="1"' in html and 'name="draw" value="0.5"' in html  # not half-points
    assert '<option value="BH-C1" selected>BH-C1 · Buchholz Cut-1</option>' in html


@pytest.mark.django_db
def test_it_creates_the_tournament_for_its_arbiter(arbiter_client: Client, arbiter) -> None:
    response = arbiter_client.post(URL, FORM)
    t = arbiter.tournaments.get()
    assert response["Location"] == reverse("tournament_manage", args=[t.pk])
    assert (t.name, t.pairing_system, t.initial_colour, t.late_entry_bye) == (
        "Club Swiss",
        "dubov",
        "b",
        "H",
    )
    assert t.tie_breaks == "BH-C1,BH,SB"
    assert (t.win_points, t.draw_points, t.loss_points, t.bye_points, t.half_bye_points) == (
        2,
        1,
        0,
        2,
        1,
    )


@pytest.mark.django_db
def test_it_stores_other_point_values_in_half_points(arbiter_client: Client, arbiter) -> None:
    arbiter_client.post(URL, FORM | {"win": "3", "draw": "1", "bye": "3", "half_bye": "1"})
    t = arbiter.tournaments.get()
    assert (t.win_points, t.draw_points, t.bye_points, t.half_bye_points) == (6, 2, 6, 2)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"end_date": "2026-05-01"}, "cannot end before it starts"),
        ({"draw": "1.5"}, "A win must be worth at least a draw"),
        ({"win": "0.7"}, "Use whole or half points"),
        ({"tie_break_3": "BH"}, "Each tie-break can be chosen once"),
        ({"rounds": "0"}, "Ensure this value is greater than or equal to 1"),
    ],
)
def test_it_explains_bad_input_and_keeps_it(arbiter_client: Client, change, error) -> None:
    response = arbiter_client.post(URL, FORM | change)
    html = response.content.decode()
    assert response.status_code == 200
    assert error in html
    assert 'value="Club Swiss"' in html  # nothing typed is lost
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_dutch_edition_in_force_is_the_default(arbiter_client: Client, arbiter) -> None:
    html = arbiter_client.get(URL).content.decode()
    assert "Dutch rules" in html
    assert '<option value="2026" selected>2026 edition (in force from 1 February 2026)' in html
    arbiter_client.post(URL, FORM | {"pairing_system": "dutch"})
    arbiter_client.post(URL, FORM | {"name": "Old rules", "dutch_edition": "2017"})
    editions = dict(arbiter.tournaments.values_list("name", "dutch_edition"))
    assert editions == {"Club Swiss": "2026", "Old rules": "2017"}
