"""norm_settings: the norms dashboard's settings - the event's exemption from the foreigner
requirement (FIDE B.01 1.4.3 a-c) and the players outside FIDE (1.4.2 a) - used by the norm
checks. Field and hand derivation: tests/tournaments/norm_field.py (X, IM Norm, Ian of ENG,
6.5/9 against nine GMs of nine other federations: a GM norm)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.norm_field import norm_field
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def _url(t: Tournament) -> str:
    return reverse("norm_settings", args=[t.pk])


def _manage(client: Client, t: Tournament) -> str:
    return client.get(reverse("tournament_manage", args=[t.pk])).content.decode()


NORM = "<strong>GM norm</strong>: Norm, Ian (ENG)"


def test_it_is_offered_on_the_dashboard(arbiter_client: Client, tournament) -> None:
    tournament.fide_rated = True
    tournament.save()
    html = _manage(arbiter_client, tournament)
    assert f'action="{_url(tournament)}"' in html
    assert "Zonal or sub-zonal tournament (1.4.3 c; every player)" in html


def test_it_saves_the_exemption_and_the_players_outside_fide(
    arbiter_client: Client, tournament, record_round
) -> None:
    norm_field(tournament, record_round)
    ger = Entry.objects.get(tournament=tournament, federation="GER")
    response = arbiter_client.post(_url(tournament), {"exemption": "c", "outside_fide": [ger.pk]})
    assert response.status_code == 302 and response["Location"].endswith("#norms")
    tournament.refresh_from_db()
    assert tournament.norm_exemption == "c"
    assert list(tournament.entries.filter(outside_fide=True)) == [ger]
    arbiter_client.post(_url(tournament), {"exemption": ""})  # unticked: cleared
    assert not tournament.entries.filter(outside_fide=True).exists()


def test_it_leaves_out_the_games_against_a_player_outside_fide(
    arbiter_client: Client, tournament, record_round
) -> None:
    """X's round-1 win against the GER GM no longer counts (1.4.2 a): 8 games, fewer than 9
    (1.4.1 a; the missing one is no forfeit win or bye, 1.4.1 c) - no norm."""
    norm_field(tournament, record_round)
    assert NORM in _manage(arbiter_client, tournament)
    ger = Entry.objects.get(tournament=tournament, federation="GER")
    arbiter_client.post(_url(tournament), {"exemption": "", "outside_fide": [ger.pk]})
    assert NORM not in _manage(arbiter_client, tournament)


def _home_field(tournament: Tournament, record_round, host: str) -> None:
    """The nine GMs all of ENG, X's federation: no other federation (1.4.3), 9 of 9 from his
    own (1.4.4: at most 5) - the norm needs an exemption."""
    norm_field(tournament, record_round)
    tournament.entries.exclude(federation="ENG").update(federation="ENG")
    tournament.federation = host
    tournament.save()


def test_it_applies_the_zonal_exemption_to_every_player(
    arbiter_client: Client, tournament, record_round
) -> None:
    _home_field(tournament, record_round, host="USA")
    assert NORM not in _manage(arbiter_client, tournament)
    arbiter_client.post(_url(tournament), {"exemption": "c"})
    assert NORM in _manage(arbiter_client, tournament)


def test_it_applies_a_national_championship_exemption_to_host_players_only(
    arbiter_client: Client, tournament, record_round
) -> None:
    """1.4.3 a: X (ENG) is exempt when ENG hosts, not when USA does."""
    _home_field(tournament, record_round, host="USA")
    arbiter_client.post(_url(tournament), {"exemption": "a"})
    assert NORM not in _manage(arbiter_client, tournament)
    tournament.refresh_from_db()
    tournament.federation = "ENG"
    tournament.save()
    assert NORM in _manage(arbiter_client, tournament)


def test_it_refuses_a_choice_not_offered(arbiter_client: Client, tournament, record_round) -> None:
    norm_field(tournament, record_round)
    response = arbiter_client.post(
        _url(tournament), {"exemption": "z", "outside_fide": ["999999"]}, follow=True
    )
    assert "Norm settings not saved" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.norm_exemption == ""


def test_it_is_for_the_tournaments_arbiters_only_by_post(
    client: Client, other_arbiter, arbiter, tournament
) -> None:
    assert client.post(_url(tournament), {"exemption": "c"}).status_code == 302  # to login
    client.force_login(other_arbiter)
    assert client.post(_url(tournament), {"exemption": "c"}).status_code == 403
    client.force_login(arbiter)
    assert client.get(_url(tournament)).status_code == 405
    tournament.refresh_from_db()
    assert tournament.norm_exemption == ""
