"""The US Chess Swiss system (``uscf``) and the round robins (``round-robin``,
``round-robin-double``) as registered :class:`System` objects: pairing, colour rule,
bye eligibility, violations and suggestion, and the ``python -m pairing`` commands. The
expected pairings are derived by hand in each docstring from the rules (US Chess Official
Rules, 7th edition, chapter 2; FIDE C.05 Annex 1's printed Berger tables)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pairing import cli
from pairing.engine import (
    SYSTEMS,
    Board,
    Colour,
    RoundEntry,
    RoundPairing,
    TournamentState,
    USSettings,
    load_trf,
    system_for,
    us_settings_record,
    write_trf,
)
from pairing.engine.usswiss.settings import settings_from_words as us_settings_of
from tests.engine.usswiss_support import section

EIGHT = [2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300]


def pairs(pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def with_records(state: TournamentState, code: str = "", xxu: str = "") -> TournamentState:
    extra = (("XXU", f" {xxu}"),) if xxu else ()
    return replace(state, info=replace(state.info, system_code=code, extra_records=extra))


def played_round_robin(players: int, rounds: int, double: bool = False) -> TournamentState:
    """``rounds`` rounds of a round robin played by the table, every game drawn."""
    state = section([2000 - 10 * k for k in range(players)])
    system = SYSTEMS["round-robin-double" if double else "round-robin"]
    for _ in range(rounds):
        pairing = system.pair(state)
        entries = {}
        for b in pairing.boards:
            entries[b.white] = RoundEntry(b.black, Colour.WHITE, "=")
            entries[b.black] = RoundEntry(b.white, Colour.BLACK, "=")
        if pairing.bye is not None:
            entries[pairing.bye] = RoundEntry(None, None, "U")
        state = state.with_round(entries)
    return state


# -- US Chess Swiss ----------------------------------------------------------------------


def test_it_registers_uscf_and_the_round_robins() -> None:
    assert {"uscf", "round-robin", "round-robin-double"} <= set(SYSTEMS)
    assert system_for("uscf").record_code == "USCF_SWISS"
    assert system_for("round-robin").record_code == "BERGER_ROUNDROBIN"
    double = with_records(section([1, 2, 3]), "BERGER_DOUBLEROUNDROBIN")
    assert system_for("round-robin", double) is SYSTEMS["round-robin-double"]


def test_it_pairs_round_one_top_half_against_bottom_half() -> None:
    """27A3 / 29E2: eight players by rating, 1-4 against 5-8, the lot's White to player 1,
    alternating down the boards: 1-5, 6-2, 3-7, 8-4."""
    assert pairs(system_for("uscf").pair(section(EIGHT))) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_it_reads_the_td_settings_from_the_xxu_record() -> None:
    """28R1 (added-score acceleration) asked for by ``XXU accelerated=2``: players 1-4 count a
    point more, so the groups are {1, 2, 3, 4} and {5, 6, 7, 8}, each top half against bottom
    half: 1-3, 4-2, then 5-7, 8-6 (the alternation running on down the boards)."""
    state = with_records(section(EIGHT), xxu="accelerated=2")
    assert pairs(system_for("uscf").pair(state)) == [(1, 3), (4, 2), (5, 7), (8, 6)]
    assert us_settings_record(USSettings(accelerated=True)) == "accelerated=2"
    assert us_settings_record(USSettings()) == ""
    assert us_settings_record(USSettings(alternation_limit=100, bye_for_colours=True)) == (
        "alternation=100 bye-for-colours"
    )


def test_it_reads_the_tds_per_player_choices_from_the_xxu_record() -> None:
    """The TD's assigned rating of an unrated player (29A ranking) and groups kept apart
    (28N) travel as ``assigned=PID:RATING`` and ``apart=PID,PID,...`` words. Eight players,
    no. 8 unrated: round 1 ranks him last (1-5, 6-2, 3-7, 8-4); assigned 1950 he ranks
    second (1, 8, 2, 3 | 4, 5, 6, 7): 1-4, 5-8, 2-6, 7-3 (29E2 colours by board)."""
    settings = USSettings(assigned_ratings={8: 1950}, avoid_together=((1, 3, 5),))
    words = us_settings_record(settings)
    assert words == "assigned=8:1950 apart=1,3,5"
    assert us_settings_of(words) == settings
    unrated = replace(section(EIGHT), players=tuple(
        replace(p, rating=0) if p.id == 8 else p for p in section(EIGHT).players
    ))  # fmt: skip
    us = system_for("uscf")
    assert pairs(us.pair(unrated)) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assigned = with_records(unrated, xxu="assigned=8:1950")
    assert pairs(us.pair(assigned)) == [(1, 4), (5, 8), (2, 6), (7, 3)]
    for bad, takes in (
        ("assigned=8", "assigned takes a pairing number and a rating"),
        ("apart=1", "apart takes two or more pairing numbers"),
        ("apart=1,x", "apart takes two or more pairing numbers"),
    ):
        with pytest.raises(ValueError, match=takes):
            us_settings_of(bad)


def test_it_answers_the_colour_rule_with_29e() -> None:
    """29E3: 1 had White, 2 had Black: different due colours, each gets his (2 White)."""
    state = section([2000, 1900], {1: ["W1"], 2: ["B1"]})
    ruling = system_for("uscf").colour_rule(state, 1, 2)
    assert (ruling.rule, ruling.white) == ("29E3", 2)
    assert system_for("uscf").notes(state, 1).preference == "Black due"


def test_a_requested_full_point_bye_bars_the_bye_unlike_fide_2017() -> None:
    """28L3: no second full-point bye, pairing-allocated (U) or requested (F). FIDE C.04.1.d
    (2017) bars only the U and the forfeit win; US Chess 28L3 does not bar a forfeit win."""
    state = section([2000, 1900, 1800], {1: ["F"], 2: ["U"], 3: ["W1"]})
    us = system_for("uscf")
    assert [us.may_have_bye(state, p) for p in (1, 2, 3)] == [False, False, True]
    assert system_for("dutch-2017").may_have_bye(state, 1)


def test_hand_changes_break_us_chess_rules_only() -> None:
    """27A1 no rematch and 28L3 are absolute; a third White in a row is not (27A4 is a
    priority, not a bar), unlike FIDE C.04.1.g."""
    state = section([2000, 1900, 1800], {1: ["W1@2", "W1@3"], 2: ["B0@1", "U"], 3: ["U", "B0@1"]})
    us = system_for("uscf")
    rematch = RoundPairing((Board(1, 2),), 3)
    found = {v.rule for v in us.violations(state, rematch)}
    assert found == {"27A1", "28L3"}
    assert "C.04.1.g" in {v.rule for v in system_for("dutch-2026").violations(state, rematch)}


# -- round robins ------------------------------------------------------------------------


def test_it_pairs_by_the_printed_berger_table() -> None:
    """C.05 Annex 1, table for 5-6 players: round 2 is 6-4, 5-3, 1-2; with five players
    number 6 is the dummy, so round 1 (1-6, 2-5, 3-4) gives 1 the bye."""
    six = played_round_robin(6, 1)
    assert pairs(system_for("round-robin").pair(six)) == [(6, 4), (5, 3), (1, 2)]
    five = system_for("round-robin").pair(section([2000, 1990, 1980, 1970, 1960]))
    assert (pairs(five), five.bye) == ([(2, 5), (3, 4)], 1)


def test_the_double_round_robin_reverses_colours_in_the_second_cycle() -> None:
    """Four players, three rounds a cycle: round 4 is round 1 (1-4, 2-3) with colours
    reversed: 4-1, 3-2; meeting again is the table, not a rematch."""
    state = played_round_robin(4, 3, double=True)
    system = system_for("round-robin-double")
    pairing = system.pair(state)
    assert pairs(pairing) == [(4, 1), (3, 2)]
    assert system.violations(state, pairing) == []


def test_the_table_is_the_rule_for_hand_changes() -> None:
    """C.05 Annex 1: round 1 of four is 1-4, 2-3; swapping colours or pairing 1-2 breaks the
    table; the suggestion is the table itself."""
    state = section([2000, 1990, 1980, 1970])
    rr = system_for("round-robin")
    assert rr.violations(state, RoundPairing((Board(1, 4), Board(2, 3)))) == []
    swapped = rr.violations(state, RoundPairing((Board(4, 1), Board(2, 3))))
    assert [(v.rule, v.message) for v in swapped] == [
        ("C.05 Annex 1", "numbers 4 and 1 are paired with the table's colours reversed")
    ]
    other = rr.violations(state, RoundPairing((Board(1, 2), Board(3, 4))))
    assert {v.rule for v in other} == {"C.05 Annex 1"} and len(other) == 2
    assert pairs(rr.suggest(state)) == [(1, 4), (2, 3)]
    ruling = rr.colour_rule(state, 4, 1)
    assert (ruling.rule, ruling.white) == ("C.05 Annex 1", 1)


def test_the_opponent_of_an_absent_player_simply_has_no_game() -> None:
    """Round 1 of four (1-4, 2-3) with 3 absent: the table's pairing, 1-4 alone, breaks
    nothing; 2 is left without a game by the table, not by the pairing."""
    state = replace(section([2000, 1990, 1980, 1970]), absent={3: "Z"})
    rr = system_for("round-robin")
    pairing = rr.pair(state)
    assert pairs(pairing) == [(1, 4)] and pairing.bye is None
    assert rr.violations(state, pairing) == []


def test_only_the_player_meeting_the_dummy_may_have_the_bye() -> None:
    """Three players, table for four: round 1 is 1-4 (the dummy: 1 has the bye), 2-3. The
    bye to 2 with 1-3 breaks the table twice: a pair not in it, and the wrong bye (C.05
    Annex 1; C.04.1.d's bar is the shared checker's, given the players the table bars)."""
    state = section([2000, 1990, 1980])
    rr = system_for("round-robin")
    assert [rr.may_have_bye(state, p) for p in (1, 2, 3)] == [True, False, False]
    messages = [v.message for v in rr.violations(state, RoundPairing((Board(1, 3),), 2))]
    assert "numbers 1 and 3 are paired not in this round's table" in messages
    assert "number 2 does not meet the dummy in this round" in messages


# -- the command line --------------------------------------------------------------------


def test_it_pairs_a_uscf_file_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "us.trf"
    trf.write_text(write_trf(with_records(section(EIGHT), "USCF_SWISS", "accelerated=2")))
    assert cli.main(["pair", "--system", "uscf", str(trf)]) == 0
    assert capsys.readouterr().out == "4\n1 3\n4 2\n5 7\n8 6\n"
    assert cli.main(["pair", "--system", "uscf", "--explain", str(trf)]) == 0
    assert "28R" in capsys.readouterr().out


def test_a_bad_xxu_record_is_invalid_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "us.trf"
    trf.write_text(write_trf(with_records(section(EIGHT), "USCF_SWISS", "fast=yes")))
    assert cli.main(["pair", "--system", "uscf", str(trf)]) == 3
    assert "unknown US Chess setting 'fast=yes'" in capsys.readouterr().err


def test_a_bad_xxu_word_was_reported_without_its_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What broke: a bad XXU word was "invalid input: XXU: unknown US Chess setting
    'alternation=x'", no line, no column, and a known setting with a bad value called
    unknown; a word naming a player the file does not have (apart=1,99) was ignored. The
    error now names the XXU line and the word's column (XXU in columns 1-3, then a blank:
    " harkness" puts the second word at column 14) and what the setting takes."""
    trf = tmp_path / "us.trf"
    for xxu, column, says in (
        ("harkness alternation=x", 14, "alternation takes a whole number of rating points"),
        ("apart=1,99", 5, "'apart=1,99' names unknown player 99"),
        ("assigned=9:1500", 5, "'assigned=9:1500' names unknown player 9"),
        ("harkness=yes", 5, "harkness takes no value"),
    ):
        text = write_trf(with_records(section(EIGHT), "USCF_SWISS", xxu))
        line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("XXU"))
        trf.write_text(text)
        assert cli.main(["pair", "--system", "uscf", str(trf)]) == 3
        assert (
            f"invalid input: line {line}, column {column}: XXU: {says}" in capsys.readouterr().err
        )


def test_generating_a_round_robin_past_its_table_said_no_valid_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What broke: ``generate --system round-robin --players 5 --rounds 9`` played the five
    rounds of the table for six, then failed with exit 1, "no valid pairing: a round robin of
    5 players has 5 rounds, not 6", as if the pairing had failed. --rounds is a bad argument
    (exit 3, before anything is generated); a double round robin has 2 x 5."""
    out = tmp_path / "rr.trf"
    args = ["generate", "--system", "round-robin", "--players", "5", "-o", str(out)]
    assert cli.main([*args, "--rounds", "9"]) == 3
    assert capsys.readouterr().err == "error: a round robin of 5 players has 5 rounds, not 9\n"
    assert not out.exists()
    assert cli.main([*args, "--double", "--rounds", "11"]) == 3
    assert "a double round robin of 5 players has 10 rounds, not 11" in capsys.readouterr().err
    assert cli.main([*args, "--double", "--rounds", "10"]) == 0


def test_it_generates_and_checks_round_robins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A double round robin of five plays 2 x 5 rounds (table for six); ``--double`` names
    it in record 192, and ``check`` re-pairs it with the plain ``round-robin``."""
    out = tmp_path / "rr.trf"
    args = ["generate", "--system", "round-robin", "--double", "--players", "5"]
    assert cli.main([*args, "--rounds", "10", "-o", str(out)]) == 0
    state = load_trf(out)
    assert state.info.system_code == "BERGER_DOUBLEROUNDROBIN" and state.rounds_done == 10
    assert cli.main(["check", "--system", "round-robin", str(out)]) == 0
    assert "10 rounds checked, 0 differ" in capsys.readouterr().out
    assert cli.main(["pair", "--system", "round-robin", str(out)]) == 3
    assert "announces 10 rounds (XXR or record 142) and holds 10" in capsys.readouterr().err
    # Without XXR the table itself ends the tournament (exit 1).
    lines = out.read_text(encoding="utf-8").splitlines()
    out.write_text("\n".join(x for x in lines if not x.startswith("XXR")), encoding="utf-8")
    assert cli.main(["pair", "--system", "round-robin", str(out)]) == 1
    assert "has 10 rounds, not 11" in capsys.readouterr().err


def test_it_generates_and_checks_uscf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "us.trf"
    assert (
        cli.main(
            [
                "generate",
                "--system",
                "uscf",
                "--players",
                "11",
                "--rounds",
                "5",
                "--bye-rate",
                "0.1",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert load_trf(out).info.system_code == "USCF_SWISS"
    assert cli.main(["check", "--system", "uscf", str(out)]) == 0
    assert "5 rounds checked, 0 differ" in capsys.readouterr().out
