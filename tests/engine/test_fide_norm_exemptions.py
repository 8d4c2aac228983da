"""B.01 1.4.3 d: the big-Swiss exemption from the foreigner requirement, and what an exemption
waives (1.4.3 and 1.4.4, "the normal foreigner requirement", 1.4.3 e).

The field below is built by hand: host federation ENG; 20 rated players not from ENG, from 3
federations (GER 7, FRA 7, ESP 6), 10 of them GM/IM/WGM/WIM, none missing more than one round.
Every test changes one thing and says which condition then fails."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine import (
    FieldPlayer,
    NormCandidate,
    NormGame,
    big_swiss_exempt,
    check_norm,
)

TITLES = ["GM"] * 4 + ["IM"] * 3 + ["WGM", "WIM", "IM"] + [None] * 10
FEDS = ["GER"] * 7 + ["FRA"] * 7 + ["ESP"] * 6
FIELD = [FieldPlayer(f, True, t, 0) for f, t in zip(FEDS, TITLES, strict=True)] + [
    FieldPlayer("ENG", True, "GM", 0)
    for _ in range(30)  # the host's own players never count
]


def test_it_holds_for_20_foreign_rated_players_of_3_federations_10_titled() -> None:
    assert big_swiss_exempt(FIELD, "ENG")


def test_it_needs_20_players() -> None:
    """19 left (an untitled one unrated): fails."""
    field = [replace(FIELD[-31], rated=False), *FIELD[:-31], *FIELD[-30:]]
    assert not big_swiss_exempt(field, "ENG")


def test_a_player_missing_two_rounds_does_not_count_one_missing_does() -> None:
    one = [replace(FIELD[19], rounds_missed=1), *FIELD[:19], *FIELD[20:]]
    two = [replace(FIELD[19], rounds_missed=2), *FIELD[:19], *FIELD[20:]]
    assert big_swiss_exempt(one, "ENG") and not big_swiss_exempt(two, "ENG")


def test_it_needs_3_federations() -> None:
    """The ESP six become FRA: 2 federations."""
    field = [replace(p, federation="FRA") if p.federation == "ESP" else p for p in FIELD]
    assert not big_swiss_exempt(field, "ENG")


def test_it_needs_10_title_holders_of_the_four_titles() -> None:
    """The WIM becomes FM (not one of GM, IM, WGM, WIM): 9."""
    field = [replace(FIELD[8], title="FM"), *FIELD[:8], *FIELD[9:]]
    assert not big_swiss_exempt(field, "ENG")


def test_fid_players_are_no_federation() -> None:
    """The ESP six as FID (1.4.2 a: not foreign players): 14 counted, 2 federations."""
    field = [replace(p, federation="FID") if p.federation == "ESP" else p for p in FIELD]
    assert not big_swiss_exempt(field, "ENG")


def test_the_host_federation_decides_who_is_foreign() -> None:
    """Hosted by GER: the 7 GER players do not count, the 30 ENG ones do."""
    assert big_swiss_exempt(FIELD, "GER")
    assert not big_swiss_exempt(FIELD[:20], "GER")


def _all_from(federation: str) -> NormCandidate:
    """Nine GMs rated 2500, all from ENG like the candidate, 6.5/9: Ra 2500, Rp 2666."""
    games = tuple(NormGame(r, 2 if r <= 4 else 1, 2500, "GM", federation) for r in range(1, 10))
    return NormCandidate("ENG", games, rounds=9)


def test_an_exemption_waives_1_4_3_and_1_4_4() -> None:
    """Without it: no other federation (1.4.3); with it (1.4.3 e: the normal foreigner
    requirement is 1.4.3 and 1.4.4) the 9 same-federation opponents do not break 1.4.4."""
    plain = check_norm(_all_from("ENG"), "GM")
    assert not plain.achieved and "1.4.3" in plain.reason
    assert check_norm(replace(_all_from("ENG"), federation_exempt=True), "GM").achieved
