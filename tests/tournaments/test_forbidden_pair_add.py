"""forbidden_pair_add: forbid a pair, or every pair of a family or club, in every round or in
some; without JavaScript a redirect, with htmx the section."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import ForbiddenPair


def add(client: Client, t, htmx: bool = False, **data):
    headers = {"HX-Request": "true", "HX-Target": "forbidden-pairs"} if htmx else {}
    return client.post(reverse("forbidden_pair_add", args=[t.pk]), data, headers=headers)


def stored(t) -> set[tuple[int, int, int | None, int | None]]:
    return {
        (f.first.pairing_number, f.second.pairing_number, f.first_round, f.last_round)
        for f in ForbiddenPair.objects.filter(tournament=t).select_related("first", "second")
    }


@pytest.mark.django_db
def test_it_forbids_a_pair(arbiter_client: Client, tournament, make_entries) -> None:
    a, b, _c = make_entries(3)
    response = add(arbiter_client, tournament, players=[b.pk, a.pk])
    assert response.status_code == 302
    assert response["Location"].endswith("/pairing-constraints/#forbidden-pairs")
    assert stored(tournament) == {(1, 2, None, None)}
    page = arbiter_client.get(response["Location"]).content.decode()
    assert "1 pair forbidden (every round)." in page
    assert "<td>1. Player 01 – 2. Player 02</td>" in page


@pytest.mark.django_db
def test_it_forbids_every_pair_of_a_group(arbiter_client: Client, tournament, make_entries) -> None:
    a, b, c, _d = make_entries(4)
    html = add(
        arbiter_client,
        tournament,
        htmx=True,
        players=[a.pk, b.pk, c.pk],
        first_round=2,
        last_round=3,
    ).content.decode()
    assert stored(tournament) == {(1, 2, 2, 3), (1, 3, 2, 3), (2, 3, 2, 3)}
    assert html.lstrip().startswith('<section id="forbidden-pairs"')
    assert "3 pairs forbidden (rounds 2–3)." in html
    # The same family again: nothing twice.
    html = add(
        arbiter_client, tournament, htmx=True, players=[a.pk, c.pk], first_round=2, last_round=3
    ).content.decode()
    assert "0 pairs forbidden; 1 already forbidden in these rounds." in html
    assert len(stored(tournament)) == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"players": [1]}, "Choose at least two players."),
        ({}, "This field is required."),
        ({"players": [1, 2], "first_round": 4, "last_round": 2}, "The last round comes before"),
        ({"players": [1, 2], "last_round": 6}, "The tournament has rounds 1 to 5."),
        ({"players": [1, 99]}, "Select a valid choice."),
    ],
)
def test_it_shows_bad_input_as_a_field_error(
    arbiter_client: Client, tournament, make_entries, data, error: str
) -> None:
    entries = make_entries(2)
    pks = {1: entries[0].pk, 2: entries[1].pk, 99: 99999}
    data = {**data, "players": [pks[n] for n in data.get("players", [])]}
    response = add(arbiter_client, tournament, **data)
    assert response.status_code == 200
    assert error in response.content.decode()
    assert not ForbiddenPair.objects.exists()


@pytest.mark.django_db
def test_it_refuses_another_tournaments_player(
    arbiter_client: Client, tournament, make_entries, other_arbiter
) -> None:
    from datetime import date

    from players.models import Player
    from tournaments.models import Entry, Tournament

    a, _b = make_entries(2)
    other = Tournament.objects.create(
        name="Other", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)
    )
    stranger = Entry.objects.create(
        tournament=other, player=Player.objects.create(name="Stranger"), pairing_number=1
    )
    html = add(arbiter_client, tournament, players=[a.pk, stranger.pk]).content.decode()
    assert "Select a valid choice." in html
    assert not ForbiddenPair.objects.exists()


@pytest.mark.django_db
def test_it_warns_on_the_draft_when_it_pairs_a_forbidden_pair(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """A draft already paired is checked against the new rule: its warnings name the pair."""
    from tournaments import services

    a, _b, c, _d = make_entries(4)
    services.pair_next_round(tournament.pk)  # round 1 of four: 1-3, 4-2
    add(arbiter_client, tournament, players=[a.pk, c.pk])
    html = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1])).content.decode()
    assert "Player 01 (1) and Player 03 (3) must not be paired (forbidden pair)" in html


@pytest.mark.django_db
def test_it_takes_typed_pairing_numbers_in_a_big_field(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: over 200 players the players are typed as pairing numbers (a select of every
    player was a megabyte a page); each number is checked and a wrong one is the field's
    error."""
    make_entries(201, step=5)
    page = arbiter_client.get(reverse("pairing_constraints", args=[tournament.pk]))
    html = page.content.decode()
    assert 'name="players"' in html and '<select name="players"' not in html
    html = add(arbiter_client, tournament, True, players="3, 999").content.decode()
    assert "No player has pairing number 999." in html and not stored(tournament)
    html = add(arbiter_client, tournament, True, players="3 x").content.decode()
    assert "“x” is not a pairing number." in html and not stored(tournament)
    html = add(arbiter_client, tournament, True, players="201").content.decode()
    assert "Choose at least two players." in html
    add(arbiter_client, tournament, players="201, 3 7,3")
    assert stored(tournament) == {(3, 201, None, None), (7, 201, None, None), (3, 7, None, None)}
