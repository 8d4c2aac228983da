"""tournament_export_trf in the middle of an event (issue 24, item 6): what has been played —
the published rounds, or with the draft as the next round when the form says so — points from
results only, TRF16 or TRF26; every such file re-checks clean with ``python -m pairing check``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from pairing.engine.trf import read_trf
from tournaments import services
from tournaments.models import Game, Round

# Half-points per result, written out here from the standard scoring (win 1, draw ½, loss 0):
# a game without a result scores nothing for either player.
HALF_POINTS = {"1-0": (2, 0), "1/2-1/2": (1, 1), "0-1": (0, 2), "": (0, 0)}


def _points_from_games(tournament, last_round: int) -> dict[int, int]:
    """Each pairing number's half-points from the stored games of rounds 1..last_round."""
    points: dict[int, int] = {}
    for g in Game.objects.filter(round__tournament=tournament, round__number__lte=last_round):
        w, b = HALF_POINTS[g.result]
        points[g.white.pairing_number] = points.get(g.white.pairing_number, 0) + w
        points[g.black.pairing_number] = points.get(g.black.pairing_number, 0) + b
    return points


def _export(client: Client, tournament, **params: str) -> str:
    response = client.get(reverse("tournament_export_trf", args=[tournament.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def _check_clean(tmp_path: Path, text: str, system: str) -> str:
    """``python -m pairing check`` on the file, as an arbiter would run it."""
    path = tmp_path / "export.trf"
    path.write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "check", "--system", system, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["dutch", "dubov"])
def test_it_exports_the_published_rounds_not_the_draft(
    arbiter_client: Client, tournament, make_entries, play, tmp_path, system
) -> None:
    """The issue's Dubov case: after 4 rounds with round 5 a draft the file had 5 columns and
    5 dates in 132. The published rounds only: 4 columns, 4 dates."""
    tournament.pairing_system = system
    tournament.rounds = 6
    tournament.save()
    make_entries(10)
    play(tournament, [["1-0", "1/2-1/2", "0-1", "1-0", "0-1"], ["0-1", "1-0", "1/2-1/2"] * 2] * 2)
    draft = services.pair_next_round(tournament.pk)
    assert draft.number == 5 and draft.status == Round.Status.DRAFT

    text = _export(arbiter_client, tournament)
    state = read_trf(text)
    assert state.rounds_done == 4
    (dates,) = [line for line in text.splitlines() if line.startswith("132")]
    assert len(dates) == 99 + 10 * 3  # four dates, columns 92-99 ... 122-129
    assert {p.id: p.declared_points for p in state.players} == _points_from_games(tournament, 4)
    assert "4 rounds checked, 0 differ" in _check_clean(tmp_path, text, system)


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["dutch", "dubov"])
def test_it_exports_the_draft_as_the_next_round_when_asked(
    arbiter_client: Client, tournament, make_entries, play, tmp_path, system
) -> None:
    tournament.pairing_system = system
    tournament.save()
    make_entries(6)
    play(tournament, [["1-0", "1/2-1/2", "0-1"], ["0-1", "1-0", "1/2-1/2"]])
    draft = services.pair_next_round(tournament.pk)

    text = _export(arbiter_client, tournament, rounds="draft")
    state = read_trf(text)
    assert state.rounds_done == 3
    boards = {
        (g.white.pairing_number, g.black.pairing_number) for g in draft.games.select_related()
    }
    for p in state.players:
        entry = p.results[2]
        assert entry.code == " "  # no result yet
        pair = (p.id, entry.opponent) if entry.colour == "w" else (entry.opponent, p.id)
        assert pair in boards
    # The draft's games add nothing to the points.
    assert {p.id: p.declared_points for p in state.players} == _points_from_games(tournament, 2)
    assert "3 rounds checked, 0 differ" in _check_clean(tmp_path, text, system)


@pytest.mark.django_db
def test_it_adds_no_points_for_a_game_without_a_result(
    arbiter_client: Client, tournament, make_entries, play, tmp_path
) -> None:
    """The issue's demo case: "Almeida, Hana 3.5" with 3 points — a pending game added ½."""
    make_entries(6)
    play(tournament, [["1-0", "1-0", "1-0"], ["1-0", "1-0", "1-0"], ["1-0"]])  # round 3: 2 pending
    pending = Game.objects.filter(round__number=3, result="")
    assert pending.count() == 2

    state = read_trf(_export(arbiter_client, tournament))
    assert state.rounds_done == 3
    declared = {p.id: p.declared_points for p in state.players}
    assert declared == _points_from_games(tournament, 3)
    for g in pending:  # their points are those after round 2
        for e in (g.white, g.black):
            assert declared[e.pairing_number] == _points_from_games(tournament, 2)[e.pairing_number]
    _check_clean(tmp_path, _export(arbiter_client, tournament), "dutch")


@pytest.mark.django_db
def test_it_exports_trf26_with_the_encoded_time_control(
    arbiter_client: Client, tournament, make_entries, play, tmp_path
) -> None:
    tournament.time_control_code = "5400+30"
    tournament.save()
    make_entries(4)
    play(tournament, rounds=1)
    text = _export(arbiter_client, tournament, version="26")
    assert "222 5400+30" in text.splitlines()
    assert "142 5" in text.splitlines() and "XXR 5" not in text
    assert read_trf(text).rounds_done == 1
    _check_clean(tmp_path, text, "dutch")
    assert "222" not in {line[:3] for line in _export(arbiter_client, tournament).splitlines()}


@pytest.mark.django_db
def test_it_offers_the_choices_in_the_dashboard_form(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert 'id="export-trf"' in page and "the published rounds only" in page
    assert 'value="draft"' not in page  # no draft: nothing to offer
    assert 'value="26"' in page and "record 222, the encoded time control" in page
    services.pair_next_round(tournament.pk)
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert 'value="draft"' in page and "the draft of Round 2 as the next round" in page


@pytest.mark.django_db
@pytest.mark.parametrize("params", [{"version": "17"}, {"rounds": "all"}])
def test_it_gives_bad_choices_a_clear_error(arbiter_client: Client, tournament, params) -> None:
    response = arbiter_client.get(reverse("tournament_export_trf", args=[tournament.pk]), params)
    assert response.status_code == 400
    assert "Choose the rounds" in response.content.decode()
