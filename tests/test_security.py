"""Security: every URL of the tournaments app is either public and read-only, or needs a login
and the tournament's arbiter; changes need a CSRF token; public pages never show private data.

The matrix is over *all* URL names: a new URL fails ``test_every_url_is_classified`` until it is
added to one of the lists below (with the keyword arguments and form data it needs)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Bye, Entry, Game, Player, Round, Tournament
from tournaments.urls import urlpatterns

BIRTH = date(1987, 6, 5)
PUBLIC = [
    "home",
    "health",
    "tournament_detail",
    "tournament_standings",
    "tournament_crosstable",
    "tournament_players",
    "entry_detail",
    "print_pairings",
    "print_standings",
    "print_crosstable",
]
LOGIN_ONLY = ["tournament_create", "tournament_import_trf"]
"""Arbiter pages that create a tournament: any logged-in user."""
ARBITER = [
    "tournament_manage",
    "tournament_edit",
    "tournament_export_trf",
    "tournament_archive",
    "tournament_delete",
    "entry_add",
    "entries_import",
    "entry_edit",
    "entry_remove",
    "entry_availability",
    "entry_provisional_rating",
    "round_pair",
    "round_pair_by_hand",
    "round_undo",
    "round_manage",
    "round_exchange",
    "round_swap_colours",
    "round_add_board",
    "round_remove_board",
    "round_set_bye",
    "round_publish",
    "print_slips",
    "game_result",
]
"""Pages of one tournament: its arbiters only."""
GET_ONLY = {"tournament_manage", "tournament_export_trf", "round_manage", "print_slips"}
"""Arbiter pages that change nothing."""


def form_data(name: str, world: dict[str, Any]) -> dict[str, Any]:
    """Valid data: were a check missing, the request would change the tournament."""
    data: dict[str, dict[str, Any]] = {
        "tournament_create": {"name": "Sneaky"},
        "tournament_import_trf": {"text": "012 Sneaky\n001    1      A\n"},
        "tournament_edit": {"name": "Hacked", "rounds": 9},
        "entry_add": {"name": "Intruder, Ivan", "quick": "1"},
        "entries_import": {"text": "name\nIntruder, Ivan\n", "confirm": "1"},
        "entry_edit": {"name": "Renamed", "rating": 3000},
        "entry_availability": {"round": 3, "status": "withdrawn"},
        "round_pair": {"round": 3},
        "round_undo": {"confirm": "1"},
        "tournament_delete": {"confirm": "1"},
        "tournament_archive": {"archived": "1"},
        "entry_provisional_rating": {"rating": 1500},
        "round_pair_by_hand": {"round": 3, "start": "empty"},
        "round_remove_board": {"board": 1, "confirm": "1"},
        "round_add_board": {"white": 1, "black": 2, "confirm": "1"},
        "round_set_bye": {"player": "", "confirm": "1"},
        "round_exchange": {"a": 1, "b": 2, "confirm": "1"},
        "round_swap_colours": {"board": 1, "confirm": "1"},
        "game_result": {"result": "0-1", "confirm": "1"},
    }
    return data.get(name, {})


def kwargs(name: str, world: dict[str, Any]) -> dict[str, int]:
    t, entry, game = world["tournament"], world["entry"], world["game"]
    if name in ("home", "health", *LOGIN_ONLY):
        return {}
    if name in (
        "entry_detail",
        "entry_edit",
        "entry_remove",
        "entry_availability",
        "entry_provisional_rating",
    ):
        return {"pk": t.pk, "entry_pk": entry.pk}
    if name in (
        "round_manage",
        "round_exchange",
        "round_swap_colours",
        "round_publish",
        "round_add_board",
        "round_remove_board",
        "round_set_bye",
    ):
        return {"pk": t.pk, "number": world["draft"].number}
    if name == "game_result":
        return {"pk": t.pk, "game_pk": game.pk}
    if name in ("print_pairings", "print_slips"):
        return {"pk": t.pk, "number": 1}
    return {"pk": t.pk}


def fingerprint() -> tuple:
    """Everything the tournament pages could change."""
    return (
        list(Tournament.objects.values_list()),
        list(Player.objects.values_list()),
        list(Entry.objects.values_list()),
        list(Round.objects.values_list()),
        list(Game.objects.values_list()),
        list(Bye.objects.values_list()),
    )


@pytest.fixture
def world(tournament: Tournament, make_entries, play) -> dict[str, Any]:
    """A tournament with private data, a finished round 1 and round 2 as a draft."""
    entries = make_entries(6)
    for e in entries:
        e.player.birth_date = BIRTH
        e.player.save()
    play(tournament, rounds=1)
    draft = services.pair_next_round(tournament.pk)
    game = Game.objects.filter(round__number=1).order_by("board")[0]
    return {"tournament": tournament, "entry": entries[-1], "game": game, "draft": draft}


def test_every_url_is_classified() -> None:
    names = {p.name for p in urlpatterns}
    listed = [*PUBLIC, *LOGIN_ONLY, *ARBITER]
    assert len(listed) == len(set(listed))
    assert names == set(listed)


@pytest.mark.django_db
@pytest.mark.parametrize("name", [*ARBITER, *LOGIN_ONLY])
def test_anonymous_users_are_sent_to_the_login_page(client: Client, world, name: str) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    for response in (client.get(url), client.post(url, form_data(name, world))):
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"
    assert fingerprint() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ARBITER)
def test_other_arbiters_are_refused(client: Client, world, other_arbiter: User, name: str) -> None:
    # other_arbiter runs a tournament of their own: being an arbiter is not enough.
    mine = Tournament.objects.create(name="Mine", start_date=BIRTH, end_date=BIRTH)
    mine.arbiters.add(other_arbiter)
    client.force_login(other_arbiter)
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    assert client.get(url).status_code in (403, 405)
    assert client.post(url, form_data(name, world)).status_code in (403, 405)
    assert fingerprint() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ARBITER)
def test_the_arbiter_gets_through(arbiter_client: Client, world, name: str) -> None:
    """The other side of the matrix: the same requests are allowed for the arbiter."""
    url = reverse(name, kwargs=kwargs(name, world))
    method = arbiter_client.get if name in GET_ONLY else arbiter_client.post
    assert method(url, form_data(name, world)).status_code in (200, 302)


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(set(ARBITER) - GET_ONLY | set(LOGIN_ONLY)))
def test_changes_need_a_csrf_token(world, arbiter: User, name: str) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    assert client.post(url, form_data(name, world)).status_code == 403
    assert fingerprint() == before
    # With the token from a page the same request goes through.
    client.get(reverse("tournament_manage", args=[world["tournament"].pk]))
    token = client.cookies["csrftoken"].value
    response = client.post(url, form_data(name, world), headers={"X-CSRFToken": token})
    assert response.status_code != 403


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(GET_ONLY))
def test_read_only_arbiter_pages_refuse_post(arbiter_client: Client, world, name: str) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    assert arbiter_client.post(url).status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize("name", PUBLIC)
def test_public_pages_are_read_only(
    client: Client, arbiter_client: Client, world, name: str
) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    assert client.get(url).status_code == 200
    for c in (client, arbiter_client):
        for method in (c.post, c.put, c.patch, c.delete):
            assert method(url).status_code == 405
    assert fingerprint() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", PUBLIC)
def test_public_pages_never_show_birth_dates_or_drafts(client: Client, world, name: str) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    for headers in ({}, {"HX-Request": "true"}):
        html = client.get(url, headers=headers).content.decode()
        assert "1987" not in html and "06-05" not in html and "5 Jun" not in html
        assert "Round 2" not in html  # the draft
    # The data is there: the arbiter's rating report has it.
    world_client = Client()
    world_client.force_login(world["tournament"].arbiters.get())
    trf = world_client.get(reverse("tournament_export_trf", args=[world["tournament"].pk]))
    assert "1987/06/05" in trf.content.decode()
