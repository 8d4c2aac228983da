"""tournament_export_trf: the FIDE rating report, which imports back unchanged."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pairing.engine import check_tournament, pairing_system
from pairing.engine.trf import read_trf
from pairing.services import export_trf, report_gaps
from players.identity import PlayerData
from tournaments import lifecycle, registration, services
from tournaments.models import Bye, Tournament


@pytest.mark.django_db
def test_it_downloads_the_trf(arbiter_client: Client, tournament, four) -> None:
    response = arbiter_client.get(reverse("tournament_export_trf", args=[tournament.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="spring-open.trf"'
    text = response.content.decode()
    assert text.startswith("012 Spring Open\n")
    assert "XXR 2" in text and "192 FIDE_DUTCH_2026" in text and "202 BH,SB" in text
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
    copy = lifecycle.import_trf(text, arbiter.pk)
    assert copy.pk != tournament.pk
    assert export_trf(copy) == text
    assert copy.pairing_system == system and copy.entries.count() == 7
    assert copy.entries.get(pairing_number=1).player == first.player  # same FIDE ID, same player
    assert copy.is_arbiter(arbiter)


@pytest.mark.django_db
def test_it_names_the_dutch_edition_in_record_192(
    arbiter_client: Client, arbiter, tournament, four
) -> None:
    tournament.dutch_edition = Tournament.DutchEdition.E2017
    tournament.save()
    response = arbiter_client.get(reverse("tournament_export_trf", args=[tournament.pk]))
    text = response.content.decode()
    assert "192 FIDE_DUTCH_2017" in text
    assert "092 FIDE Dutch (C.04.3, 2017 edition)" in text
    assert lifecycle.import_trf(text, arbiter.pk).dutch_edition == "2017"


@pytest.mark.django_db
def test_it_is_for_arbiters_only(client: Client, other_arbiter, tournament) -> None:
    url = reverse("tournament_export_trf", args=[tournament.pk])
    assert client.get(url).status_code == 302
    client.force_login(other_arbiter)
    assert client.get(url).status_code == 403
    assert Tournament.objects.count() == 1


def _lines(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(code)]


@pytest.mark.django_db
def test_it_writes_the_fide_report_records(tournament, make_entries, play, arbiter) -> None:
    """102 chief arbiter, 112 deputies, 122 time control, 132 round dates at columns 92-99,
    102-109, ... (YY/MM/DD); TRF26 also 222, the encoded time control."""
    tournament.federation = "usa"  # stored before federations were checked
    tournament.chief_arbiter, tournament.chief_arbiter_fide_id = "IA Arbiter, Anna", "1234567"
    tournament.deputy_arbiters = "FA Deputy, Dan 7654321\nNA Helper, Hal"
    tournament.time_control = "90 min + 30 s per move"
    tournament.time_control_code = "5400+30"
    tournament.round_schedule = "2026-04-01 10:00\n2026-04-01 16:00\n2026-04-02 10:00"
    tournament.save()
    make_entries(4)
    play(tournament, rounds=1)
    text = export_trf(tournament)
    assert _lines(text, "032") == ["032 USA"]
    assert _lines(text, "102") == ["102 IA Arbiter, Anna (1234567)"]
    assert _lines(text, "112") == ["112 FA Deputy, Dan (7654321)", "112 NA Helper, Hal"]
    assert _lines(text, "122") == ["122 90 min + 30 s per move"]
    (dates,) = _lines(text, "132")
    assert [dates[91:99], dates[101:109], dates[111:119]] == ["26/04/01", "26/04/01", "26/04/02"]
    assert _lines(text, "222") == []  # TRF16 has no record 222
    assert _lines(export_trf(tournament, version=26), "222") == ["222 5400+30"]
    copy = lifecycle.import_trf(export_trf(tournament, version=26), arbiter.pk)
    assert (copy.chief_arbiter, copy.chief_arbiter_fide_id) == ("IA Arbiter, Anna", "1234567")
    assert copy.deputies == tournament.deputies
    assert (copy.time_control, copy.time_control_code) == ("90 min + 30 s per move", "5400+30")
    assert copy.round_schedule == "2026-04-01\n2026-04-01\n2026-04-02"


@pytest.mark.django_db
def test_it_dates_rounds_by_default_on_the_days_they_were_paired(
    tournament, make_entries, play
) -> None:
    tournament.pairing_system = "tcec_double"
    tournament.save()
    make_entries(4)
    play(tournament, rounds=2)
    today = timezone.localdate().strftime("%y/%m/%d")
    (dates,) = _lines(export_trf(tournament), "132")
    assert [dates[91 + 10 * c : 99 + 10 * c] for c in range(4)] == [today] * 4  # 2 games each
    assert len(dates) == 99 + 30


@pytest.mark.django_db
def test_it_gives_a_withdrawn_player_no_column_after_the_last_round(
    tournament, make_entries, play
) -> None:
    """Regression: the withdrawal's "next round" absence made a column 4 of a 3-round file."""
    tournament.rounds = 3
    tournament.save()
    entries = make_entries(5)
    play(tournament, rounds=2)
    entries[1].withdrawn_from_round = 3
    entries[1].save()
    play(tournament, rounds=1)
    text = export_trf(tournament)
    assert "XXR 3" in text
    players = _lines(text, "001")
    assert max(len(line) for line in players) == 99 + 10 * 2  # round 3 ends at column 119
    withdrawn = next(line for line in players if line[4:8] == "   2")
    assert withdrawn[111:119] == "0000 - Z"


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["dutch", "dubov", "tcec", "tcec_double"])
def test_it_exports_a_file_that_checks_clean_after_a_late_entry(
    tournament, make_entries, play, system
) -> None:
    """Regression: a late entry renumbered in before the others shifted every Dubov pairing
    number, and E.0 gave round 1 other colours when the file was re-paired."""
    tournament.pairing_system = system
    tournament.save()
    make_entries(9)
    play(tournament, rounds=2 if system != "tcec_double" else 1)
    late = registration.register(tournament.pk, PlayerData(name="Late, Larry"), 2390)
    play(tournament, rounds=2)
    # Dutch numbers follow the initial ranking until round 4; Dubov numbers stay (E.0).
    assert late.pairing_number == (10 if system == "dubov" else 1)
    state = read_trf(export_trf(tournament))
    assert check_tournament(state, pairing_system(tournament.engine_system)) == []


@pytest.mark.django_db
def test_it_names_the_missing_records_in_report_gaps(tournament) -> None:
    assert report_gaps(tournament) == [
        "the federation (032)",
        "the chief arbiter (102)",
        "the time control (122)",
        "the round dates (132; until then, the days the rounds were paired)",
    ]
    tournament.federation, tournament.chief_arbiter = "USA", "IA Arbiter, Anna"
    tournament.time_control, tournament.round_schedule = "90 min", "2026-04-01"
    assert report_gaps(tournament) == ["the chief arbiter's FIDE ID (102)"]
    tournament.chief_arbiter_fide_id = "1234567"
    assert report_gaps(tournament) == []


@pytest.mark.django_db
def test_it_keeps_four_digits_for_dates_before_the_year_1000(tournament, make_entries) -> None:
    """Issue 23, item 13: the forms accept year 1 (a typing slip); strftime's %Y wrote it as
    "1/01/01", which shifts the TRF's columns. TRF16: birth date YYYY/MM/DD (columns 70-79),
    records 042/052 the same form."""
    entry = make_entries(2)[0]
    entry.birth_date = datetime.date(1, 1, 1)
    entry.save()
    tournament.start_date = datetime.date(1, 1, 1)
    tournament.end_date = datetime.date(1, 1, 3)
    tournament.save()
    text = export_trf(tournament)
    assert "042 0001/01/01\n052 0001/01/03\n" in text
    line = next(x for x in text.splitlines() if x.startswith("001    1"))
    assert line[69:79] == "0001/01/01"


@pytest.mark.django_db
@pytest.mark.parametrize(("edition", "code"), [("2018", "FIDE_DUBOV_2018"), ("2026", "FIDE_DUBOV")])
def test_it_names_the_dubov_edition_in_record_192(
    arbiter_client: Client, arbiter, tournament, four, edition: str, code: str
) -> None:
    """2018: this program's FIDE_DUBOV_2018; 2026, the edition in force: ETT26's FIDE_DUBOV
    (docs/dubov.md); the import reads the edition back without asking."""
    tournament.pairing_system = Tournament.PairingSystem.DUBOV
    tournament.dubov_edition = edition
    tournament.save()
    response = arbiter_client.get(reverse("tournament_export_trf", args=[tournament.pk]))
    text = response.content.decode()
    assert f"192 {code}\n" in text
    assert f"092 FIDE Dubov (C.04.4.1, {edition} edition)" in text
    copy = lifecycle.import_trf(text, arbiter.pk)
    assert (copy.pairing_system, copy.dubov_edition) == ("dubov", edition)


def _cli_standings(tmp_path: Path, text: str) -> list[int]:
    """``python -m pairing standings`` on the file, as an arbiter would run it: the starting
    ranks in the order it ranks them."""
    path = tmp_path / "tcec.trf"
    path.write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "pairing", "standings", "--system", "tcec", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[2:] if line.strip()]
    return [int(row[1]) for row in rows]


@pytest.mark.django_db
def test_it_ranks_tcec_byes_first_in_record_202_as_the_standings_do(
    arbiter_client: Client, arbiter, tournament, make_entries, play, tmp_path
) -> None:
    """Regression: a TCEC file's 202 named the tie-breaks alone (``TPN``), so the command line
    ranked its players otherwise than the web standings and the file's own ranks, which put
    the byes received first (TCEC's final order).

    Three players, two single TCEC rounds, by hand (docs/tcec.md): round 1, STEP 2 gives the
    BYE to the bottom of the pairing order, no. 3; 1-2 with first-of-pair black (the 2112
    pattern), no. 2 White, who wins. Round 2: no. 1 is the only player without a BYE; 2-3 with
    the greater WGD (no. 2, +1) Black; White (no. 3) wins. Points: no. 3 two, nos. 1 and 2
    one each; no. 1 had a BYE, no. 2 none: no. 2 is second, no. 1 third (by TPN alone, no. 1
    would be second)."""
    tournament.pairing_system, tournament.rounds, tournament.tie_breaks = "tcec", 2, "TPN"
    tournament.save()
    make_entries(3)
    play(tournament, [["1-0"], ["1-0"]])
    response = arbiter_client.get(reverse("tournament_export_trf", args=[tournament.pk]))
    text = response.content.decode()
    assert "202 BYE,TPN" in text.splitlines()
    assert {line[4:8].strip(): line[85:89].strip() for line in _lines(text, "001")} == {
        "1": "3",
        "2": "2",
        "3": "1",
    }
    assert _cli_standings(tmp_path, text) == [3, 2, 1]
    # Imported back, the BYE the file names is ranked once, and the file is the same.
    copy = lifecycle.import_trf(text, arbiter.pk)
    assert copy.tie_break_codes == ["BYE", "TPN"]
    html = arbiter_client.get(reverse("tournament_standings", args=[copy.pk])).content.decode()
    assert html.count('<abbr title="Byes received">BYE</abbr>') == 1
    assert export_trf(copy) == text
