"""The draft review: each board's scores, ratings, colour histories, floats and the colour rule
that decides it (C.04.3 E.1-E.5 / 2026 5.2.1-5.2.5, C.04.4.1 E.0-E.4, TCEC STEP 5), worked out
by the app from the state, so that boards changed by hand are reviewed as well."""

from __future__ import annotations

import pytest

from pairing.engine import GeneratorSettings, generate_tournament, pairing_system, system_for
from pairing.services import snapshot
from tournaments import draft_review, drafts, services
from tournaments.models import Tournament


def review(t: Tournament, number: int, edition: str = "2017") -> list[draft_review.BoardReview]:
    draft = drafts.draft_of(snapshot(t), number)
    return draft_review.review_draft(draft, t.engine_system, edition)


@pytest.mark.django_db
def test_round_1_is_decided_by_the_pairing_number(tournament, make_entries) -> None:
    """Dutch E.5: nobody has a preference; the higher-ranked player (no. 1, odd) gets the
    initial colour, White."""
    make_entries(4)
    services.pair_next_round(tournament.pk)
    first, second = review(tournament, 1)
    assert (first.white.id, first.black.id, first.rule, first.rule_white) == (1, 3, "E.5", 1)
    assert (second.white.id, second.rule, second.rule_white) == (4, "E.5", 4)  # no. 2 is even
    assert first.white.history == "" and first.white.preference == "none"
    assert not first.swapped


@pytest.mark.django_db
def test_the_2026_edition_numbers_the_colour_rules_5_2(
    arbiter_client, tournament, make_entries
) -> None:
    """C.04.3 (2026) 5.2.1-5.2.5 are the 2017 E.1-E.5 renumbered: round 1 is 5.2.5."""
    make_entries(4)
    services.pair_next_round(tournament.pk)
    assert [b.rule for b in review(tournament, 1, "2026")] == ["5.2.5", "5.2.5"]
    assert [b.rule for b in review(tournament, 1, "2017")] == ["E.5", "E.5"]
    page = arbiter_client.get(f"/manage/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert (
        "C.04.3 (2026) 5.2.1–5.2.5 decide the colours" in page and "<strong>5.2.5</strong>" in page
    )
    tournament.dutch_edition = "2017"
    tournament.save()
    page = arbiter_client.get(f"/manage/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert "C.04.3 E.1–E.5 decide the colours" in page


@pytest.mark.django_db
def test_dubov_round_1_is_e0_in_2018_and_5_2_1_in_2026(
    arbiter_client, tournament, make_entries
) -> None:
    """C.04.4.1 (2018) E.0 is 5.2.1 in the 2026 edition; a new tournament pairs by 2026."""
    tournament.pairing_system = Tournament.PairingSystem.DUBOV
    tournament.save()
    make_entries(4)
    services.pair_next_round(tournament.pk)
    assert [b.rule for b in review(tournament, 1)] == ["5.2.1", "5.2.1"]
    page = arbiter_client.get(f"/manage/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert "C.04.4.1 (2026) 5.2.1–5.2.5 decide the colours" in page
    tournament.dubov_edition = "2018"
    tournament.save()
    assert [b.rule for b in review(tournament, 1)] == ["E.0", "E.0"]
    assert review(tournament, 1)[0].white.preference == "Black, mild"  # A.5.d
    page = arbiter_client.get(f"/manage/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert "C.04.4.1 E.0–E.4 decide the colours" in page


@pytest.mark.django_db
def test_both_preferences_and_a_swap(tournament, make_entries, record_round) -> None:
    """R1: A-C 1-0, D-B 0-1. In R2 A (W: strong Black) meets B (B: strong White): E.1 gives
    B White; the arbiter swapped the board, the review says so."""
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (d, b, "0-1")])
    record_round(2, [(a, b, ""), (c, d, "")], status="draft")
    ab, cd = review(tournament, 2)
    assert (ab.rule, ab.rule_white, ab.swapped) == ("E.1", 2, True)
    assert ab.white.preference == "Black, strong" and ab.black.preference == "White, strong"
    assert (ab.white.score, ab.white.history, ab.black.history) == (2, "W", "B")
    assert (cd.rule, cd.rule_white, cd.swapped) == ("E.1", 3, False)
    assert ab.float == "" and cd.float == ""
    assert ab.white.floats == "··"  # everybody had 0 points before round 1


@pytest.mark.django_db
def test_floats_of_the_last_two_rounds(tournament, make_entries, record_round) -> None:
    """R1 A-C 1-0, D-B 0-1; R2 A-D 1-0 (A 1 point floats down to D, 0), C-B 0-1; the R3 draft
    pairs A (2) with C (0): that board is a float too."""
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (d, b, "0-1")])
    record_round(2, [(a, d, "1-0"), (c, b, "0-1")])
    record_round(3, [(c, a, ""), (b, d, "")], status="draft")
    ca, bd = review(tournament, 3)
    assert (ca.black.floats, ca.white.floats, bd.white.floats, bd.black.floats) == (
        "·↓",
        "·↑",
        "·↓",
        "·↑",
    )
    assert ca.float == "↕" and bd.float == "↕"


@pytest.mark.django_db
def test_colours_alternate_from_the_last_difference(tournament, make_entries, record_round):
    """E.3: A played B W W B and B W B W B, both mildly want White; from the latest round back,
    they first differ in round 3 (A White, B Black), so A gets Black."""
    a, b, c, d = make_entries(4)
    record_round(1, [(c, a, "1/2-1/2"), (b, d, "1/2-1/2")])
    record_round(2, [(a, c, "1/2-1/2"), (d, b, "1/2-1/2")])
    record_round(3, [(a, d, "1/2-1/2"), (b, c, "1/2-1/2")])
    record_round(4, [(c, a, "1/2-1/2"), (d, b, "1/2-1/2")])
    record_round(5, [(b, a, ""), (c, d, "")], status="draft")
    ab = review(tournament, 5)[0]
    assert (ab.white.history, ab.black.history) == ("WBWB", "BWWB")
    assert (ab.rule, ab.rule_white, ab.swapped) == ("E.3", 2, False)


@pytest.mark.django_db
def test_tcec_step_5(tournament, make_entries, record_round) -> None:
    """Single rounds: the greater white-game difference gets Black."""
    tournament.pairing_system = Tournament.PairingSystem.TCEC
    tournament.save()
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (d, b, "0-1")])
    record_round(2, [(a, b, ""), (c, d, "")], status="draft")
    ab, _ = review(tournament, 2)
    assert (ab.rule, ab.rule_white, ab.swapped) == ("STEP 5", 2, True)
    assert ab.reason == "the greater white-game difference gets Black"
    assert (ab.white.preference, ab.black.preference) == ("WGD +1", "WGD -1")


@pytest.mark.parametrize(
    ("system", "double"), [("dutch", False), ("dubov", False), ("tcec", False), ("tcec", True)]
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_engine_pairings_follow_the_rule_found(system: str, double: bool, seed: int) -> None:
    """The review re-derives the colour rule: on every board the engine paired (random
    tournaments with byes and forfeits), the rule found gives White to the engine's White."""
    settings = GeneratorSettings(
        players=15, rounds=7, seed=seed, double_rounds=double, forfeit_rate=0.05, bye_rate=0.05
    )
    state = generate_tournament(pairing_system(system), settings)
    step = state.columns_per_round
    decided = 0
    for done in range(0, state.rounds_done, step):
        before = state.truncated(done)
        rules = system_for(system, before)
        draft = drafts.Draft(done + 1, before, state.recorded_pairing(done + 1), rules)
        for board in draft_review.review_draft(draft, system):
            assert not board.swapped, (done + 1, board)
            decided += board.rule_white is not None
    assert decided > 20  # every pair's first-of-pair is found, double rounds too
