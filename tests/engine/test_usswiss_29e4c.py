"""US Chess 29E4c (variation): in the last round, equal claims to a colour are decided by lot.

29E4 rule 5 gives the due colour of two players with the same colour histories to the
higher-ranked one; the variation 29E4c ("Priority based on lot", a heading of the rule book;
WinTD: "if you ... are pairing the final round, WinTD will 'flip a coin' whenever two players
have an equal claim to a color") draws it instead in the final round. The draw is a seed,
drawn once when the last round is paired and recorded in ``XXU last-round-lot=SEED``; the
lot of a pair is the first byte of SHA-256("SEED:LOW:HIGH") (pairing numbers), even giving
White to the lower pairing number, odd to the higher (docs/uscf-pairings.md).

The digests used below were computed by hand with ``printf 'S:A:B' | sha256sum``:

    "0:1:2" -> 75...  (odd: player 2 White)      "1:1:2" -> 92...  (even: player 1 White)
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pairing import cli
from pairing.engine import TrfError, system_for, write_trf
from pairing.engine.core.state import Board, TournamentState
from pairing.engine.usswiss import ColourRule, USSettings, colour_rule, explain_round
from pairing.engine.usswiss.colours import lot_white
from pairing.engine.usswiss.settings import settings_from_words, settings_record
from tests.engine.usswiss_support import boards, section

SEED_2_WHITE = 0
"""sha256("0:1:2") begins 0x75, odd: the lot gives White to player 2."""
SEED_1_WHITE = 1
"""sha256("1:1:2") begins 0x92, even: the lot gives White to player 1."""


def lot(seed: int) -> USSettings:
    return USSettings(last_round_lot=True, lot_seed=seed)


def identical_pair(rounds: int, history: list[str]) -> TournamentState:
    """Players 1 (1800) and 2 (1500) with the same colours and results in every round, in an
    event of ``rounds`` rounds (the round being paired is number ``len(history) + 1``)."""
    state = section([1800, 1500], {1: history, 2: history})
    return replace(state, total_rounds=rounds)


def test_by_rank_the_higher_ranked_gets_the_due_colour_in_the_last_round() -> None:
    """29E4 rule 5 (the default): both W1 B0 in rounds 1-2 of three: 1 point each, equal
    whites and blacks, Black last, so both due White; rounds 2 and 1 had the same colours
    (no look-back decides): the higher-ranked 1800 (player 1) gets White."""
    state = identical_pair(3, ["W1", "B0"])
    decision = colour_rule(state, 1, 2)
    assert (decision.board, decision.rule) == (Board(1, 2), ColourRule.RANK)


def test_29E4c_the_colour_follows_the_recorded_draw_both_ways() -> None:
    """The same pair in the last round with the variation: seed 0 draws White for player 2
    (the lower-ranked, against rank), seed 1 for player 1; both boards cite 29E4c. The
    winner of the due colour (White) is the one the lot gave White."""
    state = identical_pair(3, ["W1", "B0"])
    to_two = colour_rule(state, 1, 2, lot(SEED_2_WHITE))
    assert (to_two.board, to_two.winner) == (Board(2, 1), 2)
    to_one = colour_rule(state, 1, 2, lot(SEED_1_WHITE))
    assert (to_one.board, to_one.winner) == (Board(1, 2), 1)
    assert to_two.rule is to_one.rule is ColourRule.LOT
    assert to_two.rule.article == "29E4c"


def test_29E4c_due_black_the_lot_still_names_white() -> None:
    """Both B1 W0 (due Black). Seed 0 gives White to player 2, so player 1 has Black, his
    due colour: he is the winner of the claim. Seed 1: player 1 White, player 2 wins Black.
    The order the pair is asked in does not change the draw."""
    state = identical_pair(3, ["B1", "W0"])
    first = colour_rule(state, 1, 2, lot(SEED_2_WHITE))
    assert (first.board, first.winner) == (Board(2, 1), 1)
    second = colour_rule(state, 1, 2, lot(SEED_1_WHITE))
    assert (second.board, second.winner) == (Board(1, 2), 2)
    assert colour_rule(state, 2, 1, lot(SEED_2_WHITE)).board == Board(2, 1)


def test_29E4c_same_seed_same_colours() -> None:
    """The draw is reproducible: the same seed gives the same colours however often and
    from whichever state object it is asked."""
    one = identical_pair(3, ["W1", "B0"])
    two = identical_pair(3, ["W1", "B0"])
    outcomes = {colour_rule(s, 1, 2, lot(SEED_2_WHITE)).board for s in (one, two, one)}
    assert outcomes == {Board(2, 1)}


def test_29E4c_not_in_the_last_round_nothing_changes() -> None:
    """Round 3 of five is not the last: rule 5 (rank) decides even with the variation and
    seed 0 (which in the last round gives White to player 2); without a known number of
    rounds no round is the last."""
    five = identical_pair(5, ["W1", "B0"])
    assert colour_rule(five, 1, 2, lot(SEED_2_WHITE)).board == Board(1, 2)
    unknown = identical_pair(3, ["W1", "B0"])
    unknown = replace(unknown, total_rounds=None)
    assert colour_rule(unknown, 1, 2, lot(SEED_2_WHITE)).rule is ColourRule.RANK


def test_29E4c_only_equal_claims_are_drawn() -> None:
    """Round 2 of two: players 1 and 2 won with White (1 point, due Black), 3 (W0) is due
    Black and 4 (B0) due White. Boards: 1-2 on 1 point, identical histories; 3-4 on 0,
    different due colours, so 4 White, 3 Black (29E3) whatever the lot. Board 1 by rank
    (29E4): the higher-ranked 1 gets his due Black, 2 - 1; by lot seed 1 player 1 White
    (1 - 2), by lot seed 0 player 2 White (2 - 1)."""
    state = section([2000, 1900, 1800, 1700], {1: ["W1"], 2: ["W1"], 3: ["W0"], 4: ["B0"]})
    last = replace(state, total_rounds=2)
    assert boards(last) == [(2, 1), (4, 3)]
    assert boards(last, last_round_lot=True, lot_seed=SEED_1_WHITE) == [(1, 2), (4, 3)]
    assert boards(last, last_round_lot=True, lot_seed=SEED_2_WHITE) == [(2, 1), (4, 3)]
    not_last = replace(state, total_rounds=3)
    assert boards(not_last, last_round_lot=True, lot_seed=SEED_1_WHITE) == [(2, 1), (4, 3)]


def test_29E4c_the_explanation_cites_the_lot() -> None:
    """The board drawn by lot cites 29E4c, says the colour was drawn by lot and names the
    seed; the other board cites 29E3."""
    state = section([2000, 1900, 1800, 1700], {1: ["W1"], 2: ["W1"], 3: ["W0"], 4: ["B0"]})
    last = replace(state, total_rounds=2)
    _, explanation = explain_round(last, lot(SEED_1_WHITE))
    drawn = [r for r in explanation.boards[0].reasons if r.article == "29E4c"]
    assert len(drawn) == 1
    assert "drawn by lot" in drawn[0].text and "seed 1" in drawn[0].text
    assert "29E4c" not in [r.article for r in explanation.boards[1].reasons]


def test_29E4c_travels_in_the_xxu_record() -> None:
    """``last-round-lot=SEED`` with the drawn seed, ``last-round-lot`` before the draw;
    nothing by default; a seed that is not a number, or without the variation, is an
    error."""
    assert settings_record(lot(123456789)) == "last-round-lot=123456789"
    assert settings_from_words("last-round-lot=123456789") == lot(123456789)
    undrawn = USSettings(last_round_lot=True)
    assert settings_record(undrawn) == "last-round-lot"
    assert settings_from_words("last-round-lot") == undrawn
    assert "lot" not in settings_record(USSettings())
    with pytest.raises(ValueError, match="last-round-lot=heads"):
        settings_from_words("last-round-lot=heads")
    seed_error = r"^a lot seed is a number >= 0, drawn for last_round_lot \(29E4c\)$"
    with pytest.raises(ValueError, match=seed_error):
        USSettings(lot_seed=5)
    with pytest.raises(ValueError, match=seed_error):
        USSettings(last_round_lot=True, lot_seed=-1)


def test_29E4c_the_last_round_without_a_seed_is_an_input_error() -> None:
    """The system does not draw by itself: a last round with the variation and no seed is an
    invalid input naming 29E4c (so is asking the lot without a seed); earlier rounds pair
    without one."""
    system = system_for("uscf")
    last = identical_pair(2, ["W1"])
    last = replace(last, info=replace(last.info, extra_records=(("XXU", " last-round-lot"),)))
    message = r"^29E4c: .*no seed was drawn: write it in the XXU record as last-round-lot=SEED$"
    with pytest.raises(TrfError, match=message):
        system.pair(last)
    undrawn = r"^29E4c: the last round's colours by lot need the seed drawn for them \(XXU "
    with pytest.raises(ValueError, match=undrawn + r"last-round-lot=SEED\)$"):
        lot_white(USSettings(last_round_lot=True), 1, 2)  # the rule asked directly
    earlier = replace(last, total_rounds=3)
    assert [(b.white, b.black) for b in system.pair(earlier).boards] == [(2, 1)]


def test_29E4c_a_trf_replay_pairs_with_the_recorded_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m pairing pair --system uscf FILE.trf`` of the last round reads the seed
    from the file's XXU record. Round 1 of two: 1 (2000) beat 3 (1800) and 2 (1900) beat 4
    (1700), the winners with White. Round 2: 1 - 2 on 1 point, both due Black with the same
    history; 3 - 4 on 0, both due White, the same. By rank (no XXU) the higher-ranked get
    their due colours: 2 1, 3 4. By lot: "3:4" begins 0x78 (seed 0) and 0x14 (seed 1), both
    even, so 3 has White either way; seed 1 gives White to 1 (1 2), seed 0 to 2 (2 1), the
    same on a second replay."""
    state = section([2000, 1900, 1800, 1700], {1: ["W1@3"], 2: ["W1@4"], 3: ["B0@1"], 4: ["B0@2"]})
    state = replace(state, total_rounds=2)
    cases: list[tuple[int | None, str]] = [(None, "2 1"), (SEED_1_WHITE, "1 2")]
    cases += [(SEED_2_WHITE, "2 1"), (SEED_2_WHITE, "2 1")]
    for seed, expected in cases:
        records = (("XXU", f" last-round-lot={seed}"),) if seed is not None else ()
        trf = tmp_path / f"lot{seed}.trf"
        trf.write_text(write_trf(replace(state, info=replace(state.info, extra_records=records))))
        assert cli.main(["pair", "--system", "uscf", str(trf)]) == 0
        assert capsys.readouterr().out == f"2\n{expected}\n3 4\n"
