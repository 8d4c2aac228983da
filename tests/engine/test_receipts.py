"""Pairing receipts (pairing/engine/tools/receipts.py): the arbiter's changes replayed, the
document read back, and ``verify_receipt`` re-pairing and comparing board by board."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pairing.engine import (
    Board,
    GeneratorSettings,
    ManualChange,
    Receipt,
    ReceiptError,
    RoundPairing,
    TournamentState,
    changed_boards,
    generate_tournament,
    load_receipt,
    pairing_system,
    parse_pairing,
    sha256,
    verify_receipt,
    write_trf,
)

PAIRING = RoundPairing((Board(1, 2), Board(3, 4), Board(5, 6)), 7)


@pytest.mark.parametrize(
    ("change", "after"),
    [
        (ManualChange("exchange", players=(2, 7)), RoundPairing(PAIRING.boards[:1], 7)),
        (ManualChange("swap-colours", board=2), None),
        (ManualChange("remove-board", board=1), None),
        (ManualChange("add-board", players=(8, 9)), None),
        (ManualChange("bye", players=()), None),
        (ManualChange("pair-by-hand", start=RoundPairing((Board(6, 1),))), None),
    ],
)
def test_each_change_replays_and_round_trips(change: ManualChange, after: object) -> None:
    expected = {
        "exchange": RoundPairing((Board(1, 7), Board(3, 4), Board(5, 6)), 2),
        "swap-colours": RoundPairing((Board(1, 2), Board(4, 3), Board(5, 6)), 7),
        "remove-board": RoundPairing((Board(3, 4), Board(5, 6)), 7),
        "add-board": RoundPairing((*PAIRING.boards, Board(8, 9)), 7),
        "bye": RoundPairing(PAIRING.boards, None),
        "pair-by-hand": RoundPairing((Board(6, 1),)),
    }[change.kind]
    assert change.apply(PAIRING) == expected
    change = replace(change, reason="a reason", broken=("C.04.1.b ...",), at="2026-04-02T10:00")
    assert ManualChange.from_json(change.to_json(), "$") == change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (ManualChange("swap-colours", board=4), "there is no board 4"),
        (ManualChange("add-board", players=(1, 9)), "player 1 is already paired"),
        (ManualChange("bye", players=(3,)), "player 3 is already paired"),
    ],
)
def test_a_change_that_does_not_apply_says_why(change: ManualChange, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        change.apply(PAIRING)


def test_pairing_text_round_trips() -> None:
    assert PAIRING.output() == "4\n1 2\n3 4\n5 6\n7 0\n"
    assert parse_pairing(PAIRING.output()) == PAIRING
    with pytest.raises(ReceiptError, match="pairing: 3 pairs announced, 2 given"):
        parse_pairing("3\n1 2\n3 4\n")
    with pytest.raises(ReceiptError, match="line 2: expected two numbers"):
        parse_pairing("1\n1 x\n")


def test_changed_boards_are_those_not_in_the_engines_pairing() -> None:
    published = RoundPairing((Board(1, 2), Board(4, 3), Board(5, 7)), 6)
    assert changed_boards(PAIRING, published) == {2, 3}  # colours swapped; another opponent
    assert changed_boards(None, published) == {1, 2, 3}  # paired by hand: all


def before_round_three() -> TournamentState:
    settings = GeneratorSettings(players=9, rounds=4, seed=11)
    return generate_tournament(pairing_system("dutch-2026"), settings).truncated(2)


def receipt(changes: tuple[ManualChange, ...] = ()) -> Receipt:
    """Round 3 of a generated tournament, published as the engine paired it after
    ``changes``."""
    state = before_round_three()
    engine = pairing_system("dutch-2026")(state)
    published = engine
    for change in changes:
        published = change.apply(published)
    return Receipt(
        tournament="Test",
        round=3,
        system="dutch-2026",
        edition="FIDE Dutch (C.04.3, 2026 edition)",
        trf=write_trf(state),
        pairing=published,
        engine_pairing=engine,
        changes=changes,
    )


def verify(document: dict) -> tuple[bool, str]:
    loaded, problems = load_receipt(json.dumps(document))
    result = verify_receipt(loaded, problems)
    return result.ok, "\n".join(result.lines)


def test_a_receipt_as_published_verifies() -> None:
    ok, report = verify(receipt().to_json())
    assert ok, report
    assert report.endswith("the published pairing is the engine's")


def test_listed_changes_are_replayed() -> None:
    swap = ManualChange("swap-colours", board=1, reason="the players asked")
    ok, report = verify(receipt((swap,)).to_json())
    assert ok, report
    assert "change 1: colours of board 1 swapped (reason: the players asked)" in report
    assert report.endswith("the published pairing is the engine's after the 1 listed change")


def test_a_change_left_out_is_found_board_by_board() -> None:
    document = receipt((ManualChange("swap-colours", board=1),)).to_json()
    document["changes"] = []
    white, black = receipt().pairing.boards[0].white, receipt().pairing.boards[0].black
    ok, report = verify(document)
    assert not ok
    assert "the published pairing is NOT the engine's:" in report
    assert f"board 1: published {black}-{white}, engine {white}-{black}" in report
    assert "board 2" not in report  # only the differing boards


def test_a_tampered_trf_fails_its_hash() -> None:
    document = receipt().to_json()
    document["trf"] = document["trf"].replace("XXR 4", "XXR 5")
    ok, report = verify(document)
    assert not ok
    assert "the TRF does not match trf_sha256: the receipt has been altered" in report


def test_a_tampered_pairing_fails_even_with_its_hash_recomputed() -> None:
    document = receipt().to_json()
    lines = document["pairing"].splitlines()
    lines[1] = " ".join(reversed(lines[1].split()))
    document["pairing"] = "\n".join(lines) + "\n"
    ok, report = verify(document)
    assert not ok and "the pairing does not match pairing_sha256" in report
    document["pairing_sha256"] = sha256(document["pairing"])
    ok, report = verify(document)
    assert not ok and "board 1: published" in report
    assert "altered" not in report


def test_a_round_paired_by_hand_replays_from_its_start() -> None:
    start = RoundPairing((Board(1, 2), Board(3, 4), Board(5, 6), Board(7, 8)), 9)
    by_hand = ManualChange("pair-by-hand", start=start, reason="no legal pairing")
    document = receipt((by_hand,)).to_json()
    document["engine_pairing"] = None
    ok, report = verify(document)
    assert ok, report
    assert "change 1: paired by hand, starting from 1-2, 3-4, 5-6, 7-8, bye 9" in report


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"format": "x"}, "$.format: not a pairing receipt"),
        ({"system": "swiss"}, "$.system: one of dutch"),
        ({"round": "3"}, "$.round: must be a whole number"),
        ({"changes": [{"kind": "swap"}]}, "$.changes[0].kind: one of pair-by-hand"),
        ({"changes": [{"kind": "swap-colours"}]}, "$.changes[0].board: must be a whole number"),
        ({"pairing": "2\n1 2\n"}, "$.pairing: 2 pairs announced, 1 given"),
    ],
)
def test_a_malformed_receipt_is_refused_naming_the_field(edit: dict, message: str) -> None:
    with pytest.raises(ReceiptError) as error:
        load_receipt(json.dumps(receipt().to_json() | edit))
    assert message in str(error.value)
    with pytest.raises(ReceiptError, match="not JSON"):
        load_receipt("{")
