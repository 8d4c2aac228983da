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


def _big_field(tournament: Tournament, record_round) -> list[Entry]:
    """22 players: 20 rated from GER (7), FRA (7), ESP (6), the first 10 GMs, and 2 of ENG, the
    host. Round 1: all 11 boards; rounds 2 and 3: player 20 (ESP, untitled) and player 22 (ENG)
    absent, the others paired 1-2, 3-4, ..."""
    from players.models import Player

    tournament.fide_rated = True
    tournament.federation = "ENG"
    tournament.rounds = 9
    tournament.save()
    feds = ["GER"] * 7 + ["FRA"] * 7 + ["ESP"] * 6 + ["ENG"] * 2
    entries = []
    for i, fed in enumerate(feds, start=1):
        player = Player.objects.create(name=f"P{i:02d}", fide_rating=2300)
        entries.append(
            Entry.objects.create(
                tournament=tournament,
                player=player,
                pairing_number=i,
                name=f"P{i:02d}",
                title="GM" if i <= 10 else "",
                federation=fed,
                rating=2300,
            )
        )
    record_round(1, [(entries[i], entries[i + 1], "1/2-1/2") for i in range(0, 22, 2)])
    present = [*entries[:19], entries[20]]
    record_round(2, [(present[i], present[i + 1], "1/2-1/2") for i in range(0, 20, 2)])
    return present


def test_it_finds_the_big_swiss_exemption_from_the_players(
    arbiter_client: Client, tournament, record_round
) -> None:
    """1.4.3 d after round 2: 20 rated players not of ENG (player 20 missed one round: still
    counted), from 3 federations, 10 GMs - it applies. After round 3, which player 20 misses
    too, only 19 count - it no longer does."""
    present = _big_field(tournament, record_round)
    applies = "is found from the players: it applies."
    assert applies in _manage(arbiter_client, tournament)
    record_round(3, [(present[i], present[i + 1], "1/2-1/2") for i in range(0, 20, 2)])
    assert applies not in _manage(arbiter_client, tournament)
