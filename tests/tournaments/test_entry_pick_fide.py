"""Registration from the FIDE rating list: search by name or ID, pick, and the entry is filled
from the list (tests/fide/lists.py: players in FIDE's published TXT layout)."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse

from fide.importer import import_list
from tests.fide import lists
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def fide_list(db):
    return import_list(io.BytesIO(lists.txt()), source="players_list_foa.txt")


def url(t: Tournament) -> str:
    return reverse("entry_pick_fide", args=[t.pk])


def test_it_finds_players_by_name_and_by_fide_id(arbiter_client: Client, tournament, fide_list):
    page = arbiter_client.get(url(tournament), {"q": "carlsen"}).content.decode()
    assert "Carlsen, Magnus" in page and "Carlsen, Magne" in page
    assert "Hou, Yifan" not in page
    page = arbiter_client.get(url(tournament), {"q": "8602980"}).content.decode()
    assert "Hou, Yifan" in page
    assert "<form" in page and 'name="fide_id" value="8602980"' in page  # works without JS


def test_it_registers_the_picked_player_with_the_list_data(
    arbiter_client: Client, tournament, fide_list
):
    response = arbiter_client.post(url(tournament), {"fide_id": "8602980", "q": "hou"})
    assert response.status_code == 302
    assert response["Location"] == url(tournament) + "?q=hou"
    entry = Entry.objects.get(tournament=tournament)
    # The list's line: 8602980 Hou, Yifan CHN F GM WGM, SRtng 2633, SK 10, B-day 1994, flag wi.
    assert (entry.name, entry.title, entry.federation, entry.sex) == (
        "Hou, Yifan",
        "GM",
        "CHN",
        "w",
    )
    assert (entry.fide_id, entry.birth_year) == ("8602980", 1994)
    assert (entry.rating, entry.fide_rating, entry.fide_k) == (2633, 2633, 10)
    page = arbiter_client.get(response["Location"]).content.decode()
    assert "Hou, Yifan registered as no. 1." in page
    assert "registered</span>" in page  # no second Register button for her


def test_it_takes_the_rating_of_the_tournaments_rating_type(
    arbiter_client: Client, tournament, fide_list
):
    tournament.fide_rating_type = Tournament.FideRatingType.RAPID
    tournament.save()
    # Carlsson, Anna: no standard rating, rapid 1702 (Rk 40); WFM; flag w.
    arbiter_client.post(url(tournament), {"fide_id": "1500003"})
    entry = Entry.objects.get(tournament=tournament)
    assert (entry.rating, entry.fide_rating, entry.fide_k, entry.title) == (1702, 1702, 40, "WFM")


def test_it_registers_an_unrated_player_as_unrated(arbiter_client: Client, tournament, fide_list):
    arbiter_client.post(url(tournament), {"fide_id": "1500003"})  # no standard rating
    entry = Entry.objects.get(tournament=tournament)
    assert (entry.rating, entry.fide_rating, entry.fide_k) == (0, 0, None)


def test_it_answers_htmx_with_the_section(arbiter_client: Client, tournament, fide_list):
    response = arbiter_client.post(
        url(tournament), {"fide_id": "1503014", "q": "carlsen"}, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="fide-pick"')
    assert "Carlsen, Magnus registered as no. 1." in page
    assert "Carlsen, Magne" in page  # the search stays, for the next pick


def test_it_refuses_the_same_player_twice_and_unknown_ids(
    arbiter_client: Client, tournament, fide_list
):
    arbiter_client.post(url(tournament), {"fide_id": "1503014"})
    page = arbiter_client.post(url(tournament), {"fide_id": "1503014"}, follow=True)
    assert "already registered as no. 1" in page.content.decode()
    page = arbiter_client.post(url(tournament), {"fide_id": "999999"}, follow=True)
    assert "FIDE ID 999999 is not on the FIDE list in force." in page.content.decode()
    page = arbiter_client.post(url(tournament), {"fide_id": "abc"}, follow=True)
    assert "Choose a player of the list." in page.content.decode()
    assert Entry.objects.filter(tournament=tournament).count() == 1


def test_it_marks_inactive_players_and_players_no_longer_listed(
    arbiter_client: Client, tournament, fide_list
):
    assert "inactive" in arbiter_client.get(url(tournament), {"q": "muller"}).content.decode()
    tournament.fide_rated = True
    tournament.save()
    arbiter_client.post(url(tournament), {"fide_id": "4612345"})  # Müller: flag i
    arbiter_client.post(url(tournament), {"fide_id": "1503014"})
    # The next list no longer has Carlsen, Magnus.
    others = tuple(p for p in lists.PLAYERS if p is not lists.CARLSEN)
    import_list(io.BytesIO(lists.txt(others)), source="players_list_foa.txt")
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert '<span class="badge list-mark">inactive</span>' in page
    assert '<span class="badge list-mark">not on the FIDE list</span>' in page


def test_it_is_for_the_tournaments_arbiters_only(client: Client, other_arbiter, tournament):
    client.force_login(other_arbiter)
    assert client.get(url(tournament), {"q": "carlsen"}).status_code == 403
    assert client.post(url(tournament), {"fide_id": "1503014"}).status_code == 403
    client.logout()
    assert client.get(url(tournament)).status_code == 302  # to the login page


def test_it_says_when_no_list_is_imported(arbiter_client: Client, tournament):
    page = arbiter_client.get(url(tournament), {"q": "carlsen"}).content.decode()
    assert "No FIDE list imported yet" in page
    assert "No player of the FIDE list matches “carlsen”." in page


@pytest.mark.parametrize("posted", ["0", "9999999999", "１２３", "-5", "1" * 40])
def test_it_refuses_bad_ids_with_a_message(arbiter_client: Client, tournament, fide_list, posted):
    page = arbiter_client.post(url(tournament), {"fide_id": posted}, follow=True)
    assert page.status_code == 200
    assert "Choose a player of the list." in page.content.decode()


@pytest.mark.parametrize(
    ("finished", "round_robin", "reason"),
    [
        (True, False, "The tournament is finished: no more players can enter."),
        (False, True, "A round robin&#x27;s players are fixed once round 1 is paired"),
    ],
)
def test_a_closed_tournament_offers_no_register_button_but_says_why(
    arbiter_client: Client, tournament, fide_list, finished, round_robin, reason
):
    """A finished tournament's pick page listed Register buttons whose click was refused;
    now it says why no player can enter (as the refusal would) and offers no button. The
    search still works, and a POST (a stale page) is still refused, nothing registered."""
    if round_robin:
        tournament.pairing_system = Tournament.PairingSystem.ROUND_ROBIN
        tournament.round_set.create(number=1)
    tournament.status = Tournament.Status.FINISHED if finished else tournament.status
    tournament.save()
    page = arbiter_client.get(url(tournament), {"q": "carlsen"}).content.decode()
    assert reason in page and "The list can still be searched." in page
    assert "Carlsen, Magnus" in page
    assert 'name="fide_id"' not in page and ">Register</button>" not in page
    response = arbiter_client.post(url(tournament), {"fide_id": "1503014"}, follow=True)
    assert reason in response.content.decode()
    assert not tournament.entries.exists()


def test_an_open_tournament_says_nothing_of_closed_entries(
    arbiter_client: Client, tournament, fide_list
):
    page = arbiter_client.get(url(tournament), {"q": "carlsen"}).content.decode()
    assert "no more players can enter" not in page and ">Register</button>" in page
