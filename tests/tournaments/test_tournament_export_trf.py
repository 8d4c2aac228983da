"""tournament_export_trf: the FIDE rating report, which imports back unchanged."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from pairing.engine.trf import read_trf
from pairing.services import export_trf
from tournaments import services
from tournaments.models import Bye, Tournament


@pytest.mark.django_db
def test_it_downloads_the_trf(arbiter_client: Client, tournament, four) -> None:
    response = arbiter_client.get(reverse("tournament_export_trf", args=[tournament.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="spring-open.trf"'
    text = response.content.decode()
    assert text.startswith("012 Spring Open\n")
    assert "XXR 2" in text and "192 FIDE_DUTCH_2017" in text and "202 BH,SB" in text
    state = read_trf(text)
    assert state.rounds_done == 2
    assert [p.declared_rank for p in state.players] == [1, 2, 3, 4]
    assert [p.declared_points for p in state.players] == [3, 3, 2, 0]


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["dutch", "dubov", "tcec", "tcec_double"])
def test_it_imports_back_unchanged(tournament, make_entries, play, arbiter, system) -> None:
    """Byes, forfeits, a withdrawal, a late entry, a pending game, birth dates and FIDE IDs
    survive export -> import -> export."""
    tournament.pairing_system = system
    tournament.rounds = 4
    tournament.save()
    entries = make_entries(7)
    first = entries[0]
    first.birth_date, first.fide_id, first.title, first.sex = (
        datetime.date(1990, 2, 3),
        "1503014",
        "GM",
        "m",
    )
    first.save()
    first.player.fide_id = "1503014"  # the identity the FIDE ID links to
    first.player.save()
    Bye.objects.create(entry=entries[3], round_number=2, kind=Bye.Kind.HALF_POINT)
    play(tournament, [["+-", "1/2-1/2", "--"], ["0-1", "-+", "1-0"]])
    entries[5].withdrawn_from_round = tournament.round_set.count() + 1
    entries[5].save()
    if not tournament.is_tcec:
        rnd = services.pair_next_round(tournament.pk)
        services.publish_round(rnd.pk)
        game = rnd.games.order_by("board")[0]
        services.set_result(game.pk, "1-0")
    text = export_trf(tournament)
    copy = services.import_trf(text, arbiter.pk)
    assert copy.pk != tournament.pk
    assert export_trf(copy) == text
    assert copy.pairing_system == system and copy.entries.count() == 7
    assert copy.entries.get(pairing_number=1).player == first.player  # same FIDE ID, same player
    assert copy.is_arbiter(arbiter)


@pytest.mark.django_db
def test_it_is_for_arbiters_only(client: Client, other_arbiter, tournament) -> None:
    url = reverse("tournament_export_trf", args=[tournament.pk])
    assert client.get(url).status_code == 302
    client.force_login(other_arbiter)
    assert client.get(url).status_code == 403
    assert Tournament.objects.count() == 1
