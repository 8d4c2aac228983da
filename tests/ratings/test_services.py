"""ratings.services: rating a finished tournament, re-rating it, correcting a rating."""

from __future__ import annotations

import math
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.contrib.auth.models import User

from pairing.engine.uscf import rater as uscf
from pairing.engine.uscf.rater import rate_event
from pairing.engine.uscf.rules import (
    RULES_2011,
    RULES_CURRENT,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingSystem,
)
from players.models import Player
from ratings import rating, services
from ratings.errors import RatingError
from ratings.models import (
    RatedEvent,
    RatingChange,
    RatingCorrection,
    RatingRecord,
    ReRating,
    System,
)
from tests.ratings.conftest import enter, play, rate, record, rerate, second_tournament
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db


def two_decimals(x: float | None) -> Decimal:
    assert x is not None
    return Decimal(repr(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def changes_by_name(system: str = "regular") -> dict[str, RatingChange]:
    return {c.player.name: c for c in RatingChange.objects.filter(system=system)}


def correct(round_number: int, board: int, result: str) -> None:
    """A result correction after the tournament finished (as the arbiter's page stores it)."""
    Game.objects.filter(round__number=round_number, board=board).update(result=result)


def rec(name: str, system: str = "regular") -> RatingRecord:
    return RatingRecord.objects.get(player__name=name, system=system)


# ---------------------------------------------------------------------------------------------
# Numbers


def test_it_matches_the_standard_formula_worked_by_hand(tournament, arbiter, make_players):
    """Two established players, one game: Steps 4 and 5 of the standard formula (2.3) with the
    current rules' N*, no bonus (m < 3), stored with two decimals."""
    able, baker = make_players("Able", "Baker")
    record(able.player, rating=1500, games=100)
    record(baker.player, rating=1700, games=100)
    play(tournament, [[(0, 1, "1-0")]])

    rate(tournament.pk, arbiter)

    def n_star(r0: float) -> float:  # current rules, R0 ≤ 2355
        return 50 / math.sqrt(0.662 + 0.00000739 * (2569 - r0) ** 2)

    def we(r: float, ri: float) -> float:
        return 1 / (1 + 10 ** (-(r - ri) / 400))

    k_a = 800 / (min(100, n_star(1500)) + 1)
    k_b = 800 / (min(100, n_star(1700)) + 1)
    assert k_a == pytest.approx(45.54, abs=0.01)
    assert k_b == pytest.approx(38.07, abs=0.01)
    a4 = 1500 + k_a * (1 - we(1500, 1700))  # Step 4: opponents at pre-event ratings
    b4 = 1700 + k_b * (0 - we(1700, 1500))
    a5 = 1500 + k_a * (1 - we(1500, b4))  # Step 5: opponents at their Step 4 ratings
    b5 = 1700 + k_b * (0 - we(1700, a4))
    assert a5 == pytest.approx(1533.15, abs=0.01)
    assert b5 == pytest.approx(1672.53, abs=0.01)

    got = changes_by_name()
    assert got["Able"].pre == Decimal("1500.00")
    assert got["Able"].post == two_decimals(a5)
    assert got["Baker"].post == two_decimals(b5)
    assert got["Able"].k == pytest.approx(k_a)
    assert got["Baker"].step4 == pytest.approx(b4)
    assert got["Able"].formula == "standard"
    assert got["Able"].bonus == 0
    assert (got["Able"].shown_change, got["Baker"].shown_change) == (33, -27)
    able_record = rec("Able")
    assert able_record.rating == two_decimals(a5)
    assert (able_record.games, able_record.wins, able_record.draws) == (101, 1, 0)
    assert able_record.events_3plus == 0  # one game only
    assert able_record.peak_established == two_decimals(a5)
    assert rec("Baker").peak_established == Decimal("1700.00")  # the pre-event rating


def five_player_event(tournament, make_players) -> dict[str, Player]:
    """Ann (established), Bob (N = 12: standard), Cat (N = 5: special), Dan (unrated, FIDE
    1800), Eve (unrated in Regular, Quick 1500 on 10 games); a forfeit and a half-bye-like gap."""
    entries = make_players("Ann", "Bob", "Cat", "Dan", "Eve", extra={"Dan": {"fide_rating": 1800}})
    players = {e.player.name: e.player for e in entries}
    record(
        players["Ann"],
        rating=1850.5,
        games=40,
        wins=20,
        draws=5,
        events_3plus=6,
        peak_established=Decimal(1902),
    )
    record(players["Bob"], rating=1620, games=12)
    record(players["Cat"], rating=1400, games=5)
    record(players["Eve"], system="quick", rating=1500, games=10)
    ann, bob, cat, dan, eve = range(5)
    play(
        tournament,
        [
            [(ann, bob, "1-0"), (cat, dan, "1/2-1/2")],
            [(bob, cat, "0-1"), (dan, eve, "1-0")],
            [(eve, ann, "1/2-1/2"), (dan, bob, "0-1")],
            [(ann, cat, "1-0"), (eve, bob, "+-")],
        ],
    )
    return players


def test_it_stores_what_the_rater_computes_for_a_hand_built_input(
    tournament, arbiter, make_players
):
    p = five_player_event(tournament, make_players)
    ids = {name: str(player.pk) for name, player in p.items()}
    # The rater's input written out by hand: what the app must feed it.
    event = RatingEvent(
        players=(
            RatedPlayer(
                ids["Ann"],
                rating=1850.5,
                games=40,
                wins=20,
                draws=5,
                events_3plus=6,
                peak_established=1902.0,
            ),
            RatedPlayer(ids["Bob"], rating=1620.0, games=12),
            RatedPlayer(ids["Cat"], rating=1400.0, games=5),
            RatedPlayer(ids["Dan"], fide=1800),
            RatedPlayer(ids["Eve"], other_rating=1500.0, other_games=10),
        ),
        games=(
            RatedGame(ids["Ann"], ids["Bob"], 1.0),
            RatedGame(ids["Cat"], ids["Dan"], 0.5),
            RatedGame(ids["Bob"], ids["Cat"], 0.0),
            RatedGame(ids["Dan"], ids["Eve"], 1.0),
            RatedGame(ids["Eve"], ids["Ann"], 0.5),
            RatedGame(ids["Dan"], ids["Bob"], 0.0),
            RatedGame(ids["Ann"], ids["Cat"], 1.0),
        ),
        system=RatingSystem.REGULAR,
        end_date=tournament.end_date,
    )
    expected = rate_event(event, RULES_CURRENT).by_id()

    rated = rate(tournament.pk, arbiter)

    assert rated.rules == "current"
    got = changes_by_name()
    assert set(got) == {"Ann", "Bob", "Cat", "Dan", "Eve"}
    for name, change in got.items():
        want = expected[ids[name]]
        assert change.post == two_decimals(want.post_exact), name
        assert change.pre == (None if want.pre is None else two_decimals(want.pre)), name
        assert change.formula == want.formula, name
        assert change.k == want.k, name
        assert change.bonus == want.bonus, name
        assert change.step4 == want.step4, name
        assert change.floor == want.floor, name
        assert change.games_after == want.games_after, name
        assert change.initial_source == want.initial_source, name
        assert float(change.score) == want.score, name
        assert rec(name).rating == change.post
    assert got["Dan"].initial_source == "fide"
    assert got["Eve"].initial_source == "quick"  # imputed from the Quick record
    assert got["Cat"].formula == "special"
    assert got["Eve"].games_in_event == 2  # the forfeit is not rated


def test_it_updates_lifetime_counts_peak_and_flags(tournament, arbiter, make_players):
    five_player_event(tournament, make_players)
    rate(tournament.pk, arbiter)

    ann = rec("Ann")
    assert (ann.games, ann.wins, ann.draws, ann.events_3plus) == (43, 22, 6, 7)
    assert ann.peak_established == max(Decimal(1902), ann.rating)
    dan = rec("Dan")  # created: Step 1's N (5 for FIDE ≤ 2150) + 3 games
    assert (dan.games, dan.wins, dan.draws, dan.events_3plus) == (8, 1, 1, 1)
    assert dan.peak_established is None  # provisional
    assert not dan.all_wins and not dan.all_losses
    eve = rec("Eve")
    assert (eve.games, eve.wins, eve.draws, eve.events_3plus) == (2, 0, 1, 0)
    assert rec("Eve", "quick").rating == Decimal(1500)  # the other system is untouched
    cat = changes_by_name()["Cat"]  # the undo snapshot
    assert (cat.games_before, cat.wins_before, cat.draws_before) == (5, 0, 0)


def test_it_feeds_all_wins_history_to_the_next_event(tournament, arbiter, make_players):
    """A new player who wins every game is rated with the special formula's all-wins
    adjustment in the next event."""
    zed, yan, xia = make_players("Zed", "Yan", "Xia")
    record(yan.player, rating=1500, games=30)
    record(xia.player, rating=1450, games=30)
    play(tournament, [[(0, 1, "1-0")], [(2, 0, "0-1")]])
    rate(tournament.pk, arbiter)
    zed_record = rec("Zed")
    assert zed_record.all_wins and not zed_record.all_losses
    assert (zed_record.wins, zed_record.games) == (2, 2)

    t2 = second_tournament(arbiter)
    enter(t2, zed.player, yan.player)
    play(t2, [[(0, 1, "1/2-1/2")]])
    built = rating.rating_events(t2)[System.REGULAR]
    zed_in = next(p for p in built.players if p.id == str(zed.player.pk))
    assert zed_in.all_wins and zed_in.rating == float(zed_record.rating) and zed_in.games == 2

    rate(t2.pk, arbiter)
    again = rec("Zed")
    assert not again.all_wins  # a draw ends the streak
    change = RatingChange.objects.get(event__tournament=t2, player=zed.player)
    assert change.all_wins_before and change.formula == "special"


def test_it_takes_fide_cfc_and_birth_date_from_the_player(tournament, arbiter, make_players):
    make_players(
        "Fide",
        "Cfc",
        "Kid",
        extra={
            "Fide": {"fide_rating": 2200},
            "Cfc": {"cfc_rating": 1600},
            "Kid": {"birth_date": date(2014, 4, 3)},
        },
    )
    play(tournament, [[(0, 1, "1/2-1/2")], [(1, 2, "1/2-1/2")], [(2, 0, "1/2-1/2")]])
    rate(tournament.pk, arbiter)
    got = changes_by_name()
    assert (got["Fide"].initial_source, got["Fide"].initial) == ("fide", -350 + 1.16 * 2200)  # 2202
    assert got["Fide"].initial_games == 10
    assert (got["Cfc"].initial_source, got["Cfc"].initial) == (
        "cfc",
        pytest.approx(1.1 * 1600 - 240),
    )
    assert got["Kid"].initial_source == "age"
    assert got["Kid"].initial == pytest.approx(
        50 * (date(2026, 4, 3) - date(2014, 4, 3)).days / 365.25
    )


def test_it_leaves_players_without_rated_games_alone(tournament, arbiter, make_players):
    _a, _b, c, d = make_players("A", "B", "C", "D")
    record(c.player, rating=1600, games=30)
    play(tournament, [[(0, 1, "1-0"), (2, 3, "+-")], [(0, 2, "1/2u")], [(3, 1, "--")]])
    rate(tournament.pk, arbiter)
    assert set(changes_by_name()) == {"A", "B"}
    assert rec("C").rating == Decimal(1600) and rec("C").games == 30
    assert not RatingRecord.objects.filter(player=d.player).exists()


def test_it_uses_the_rules_of_the_setting(tournament, arbiter, make_players, settings):
    settings.USCF_RULES = "2011"
    a, b = make_players("A", "B")
    record(a.player, rating=1500, games=100)
    record(b.player, rating=1700, games=100)
    play(tournament, [[(0, 1, "1-0")]])
    event = rate(tournament.pk, arbiter)
    assert event.rules == "2011"
    ida, idb = str(a.player.pk), str(b.player.pk)
    hand = RatingEvent(
        players=(RatedPlayer(ida, 1500.0, 100), RatedPlayer(idb, 1700.0, 100)),
        games=(RatedGame(ida, idb, 1.0),),
        end_date=tournament.end_date,
    )
    expected = rate_event(hand, RULES_2011).by_id()
    got = changes_by_name()
    assert got["A"].post == Decimal(math.ceil(expected[ida].unfloored or 0))  # gains round up
    assert got["B"].post == Decimal(math.floor(expected[idb].unfloored or 0))  # losses down


def test_it_refuses_a_bad_rules_setting(tournament, arbiter, make_players, settings):
    settings.USCF_RULES = "1999"
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    with pytest.raises(Exception, match="USCF_RULES"):
        rate(tournament.pk, arbiter)
    assert not RatedEvent.objects.exists()


# ---------------------------------------------------------------------------------------------
# Dual-rated


def test_it_rates_both_systems_of_a_dual_rated_event(tournament, arbiter, make_players):
    gm, im, fm, _new = make_players("Gm", "Im", "Fm", "New")
    record(gm.player, "regular", rating=2400, games=300)
    record(gm.player, "quick", rating=2380, games=200)
    record(im.player, "regular", rating=2300, games=200)
    record(im.player, "quick", rating=2320, games=150)
    record(fm.player, "regular", rating=2150, games=40)  # no Quick rating: imputed
    play(
        tournament,
        [
            [(0, 1, "1/2-1/2"), (2, 3, "1-0")],
            [(1, 2, "0-1"), (3, 0, "0-1")],
            [(0, 2, "1-0"), (1, 3, "1-0")],
        ],
        rating_system=Tournament.RatingSystem.DUAL,
    )
    inputs = rating.rating_events(tournament)
    assert set(inputs) == {"regular", "quick"}
    assert all(e.dual_rated for e in inputs.values())
    expected = {s: rate_event(e, RULES_CURRENT).by_id() for s, e in inputs.items()}

    rate(tournament.pk, arbiter)

    for system in ("regular", "quick"):
        got = changes_by_name(system)
        assert set(got) == {"Gm", "Im", "Fm", "New"}
        for name, change in got.items():
            assert change.post == two_decimals(expected[system][str(change.player_id)].post_exact)
            assert rec(name, system).rating == change.post
    regular, quick = changes_by_name("regular"), changes_by_name("quick")
    # The Regular side's K is reduced above 2200 (current rules): 2400 → × 0.5.
    assert regular["Gm"].k == pytest.approx(800 / (50 + 3) * (6.5 - 0.0025 * 2400))
    assert quick["Gm"].k == pytest.approx(800 / (50 + 3))
    # Fm's Quick start is the Regular rating *before* this event, N = min(10, 40).
    assert (quick["Fm"].initial_source, quick["Fm"].initial) == ("regular", 2150.0)
    assert quick["Fm"].initial_games == 10
    assert regular["Fm"].pre == Decimal(2150) != rec("Fm", "regular").rating


def test_it_checks_a_hand_built_dual_input(tournament, arbiter, make_players):
    """The builder's Quick input for a dual event, written out by hand."""
    a, b = make_players("A", "B", extra={"B": {"cfc_rating": 1400}})
    record(a.player, "regular", rating=1800, games=20, wins=8, draws=2, events_3plus=3)
    play(tournament, [[(0, 1, "1-0")]], rating_system=Tournament.RatingSystem.DUAL)
    quick = rating.rating_events(tournament)["quick"]
    assert quick.system is RatingSystem.QUICK and quick.end_date == date(2026, 4, 3)
    assert quick.players == (
        RatedPlayer(str(a.player.pk), other_rating=1800.0, other_games=20),
        RatedPlayer(str(b.player.pk), cfc=1400),
    )
    assert quick.games == (RatedGame(str(a.player.pk), str(b.player.pk), 1.0),)


# ---------------------------------------------------------------------------------------------
# Refusals and transactions


def test_it_refuses_to_rate_twice(tournament, arbiter, make_players):
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    before = list(RatingRecord.objects.values_list("rating", "games"))
    with pytest.raises(RatingError, match="already been rated"):
        rate(tournament.pk, arbiter)
    assert list(RatingRecord.objects.values_list("rating", "games")) == before
    assert RatingChange.objects.count() == 2


@pytest.mark.parametrize(
    ("status", "system", "message"),
    [
        (Tournament.Status.RUNNING, "regular", "not finished"),
        (Tournament.Status.FINISHED, "", "not USCF-rated"),
    ],
)
def test_it_refuses_unfinished_or_unrated_tournaments(
    tournament, arbiter, make_players, status, system, message
):
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]], rating_system=system)
    Tournament.objects.filter(pk=tournament.pk).update(status=status)
    with pytest.raises(RatingError, match=message):
        rate(tournament.pk, arbiter)
    assert not RatedEvent.objects.exists() and not RatingRecord.objects.exists()


def test_it_refuses_other_users(tournament, other_arbiter, make_players):
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    with pytest.raises(RatingError, match="Only the arbiters"):
        rate(tournament.pk, other_arbiter)
    assert not RatedEvent.objects.exists()


def test_it_stores_nothing_when_the_rater_fails(tournament, arbiter, make_players, monkeypatch):
    a, _b = make_players("A", "B")
    record(a.player, "regular", rating=1500, games=10)
    play(tournament, [[(0, 1, "1-0")]], rating_system=Tournament.RatingSystem.DUAL)
    real = uscf.rate_event

    def failing(event: RatingEvent, rules: uscf.RuleSet) -> uscf.EventResult:
        if event.system is RatingSystem.QUICK:
            raise uscf.RatingInputError("boom")
        return real(event, rules)

    monkeypatch.setattr(rating, "rate_event", failing)
    with pytest.raises(RatingError, match="boom"):
        rate(tournament.pk, arbiter)
    assert not RatedEvent.objects.exists() and not RatingChange.objects.exists()
    assert list(RatingRecord.objects.values_list("rating", "games")) == [(Decimal(1500), 10)]


# ---------------------------------------------------------------------------------------------
# Re-rating


def test_it_rerates_after_a_result_correction(tournament, arbiter, make_players):
    """Re-rating restores the records to their pre-event state and rates the corrected
    results: the same numbers as rating the corrected tournament once."""
    a, b, _c, _d = make_players("A", "B", "C", "D")
    record(a.player, rating=1700, games=30, wins=10, draws=4, events_3plus=2)
    record(b.player, rating=1500, games=10, all_losses=True)
    play(tournament, [[(0, 1, "1-0"), (2, 3, "1-0")], [(3, 0, "0-1"), (1, 2, "0-1")]])
    before = {(r.player_id, r.system): r for r in RatingRecord.objects.all()}
    rate(tournament.pk, arbiter)
    first = {c.player.name: c.post for c in RatingChange.objects.all()}
    assert rec("C").all_wins and rec("B").all_losses

    # Round 2 board 2 was really won by B; round 1 board 2 was a forfeit (D never played).
    correct(round_number=2, board=2, result="1-0")
    correct(round_number=1, board=2, result="+-")
    assert services.results_changed(RatedEvent.objects.get())

    log = rerate(tournament.pk, arbiter, "  R2 B2 was 1-0; R1 B2 forfeit ")

    expected = rate_event(rating.rating_events(tournament, before)["regular"]).by_id()
    got = changes_by_name()
    assert set(got) == {"A", "B", "C", "D"}
    for change in got.values():
        assert change.post == two_decimals(expected[str(change.player_id)].post_exact)
    assert got["B"].score == 1 and got["D"].games_in_event == 1
    assert rec("A").wins == 12 and rec("A").events_3plus == 2
    assert not rec("B").all_losses  # B's first win
    assert rec("C").wins == 0 and not rec("C").all_wins  # C's only game is now a loss
    assert rec("C").all_losses and rec("C").games == 1
    assert not services.results_changed(RatedEvent.objects.get())
    # The log: who, when, why, and the replaced numbers.
    assert (log.by.username, log.reason) == ("rating-officer", "R2 B2 was 1-0; R1 B2 forfeit")
    replaced = {row["player"]: row for row in log.replaced}
    assert replaced["B"]["post"] == str(first["B"]) and replaced["B"]["pre"] == "1500.00"
    assert replaced["C"]["pre"] is None and replaced["C"]["games_in_event"] == 2
    assert ReRating.objects.count() == 1 and RatedEvent.objects.count() == 1


def test_it_rerates_to_the_same_numbers_when_nothing_changed(tournament, arbiter, make_players):
    five_player_event(tournament, make_players)
    rate(tournament.pk, arbiter)
    fields = ("rating", "games", "wins", "draws", "events_3plus", "peak_established", "all_wins")
    records = sorted(RatingRecord.objects.values_list("player__name", "system", *fields))
    posts = sorted(RatingChange.objects.values_list("player__name", "pre", "post", "k"))
    rerate(tournament.pk, arbiter, "check")
    assert sorted(RatingRecord.objects.values_list("player__name", "system", *fields)) == records
    assert sorted(RatingChange.objects.values_list("player__name", "pre", "post", "k")) == posts


def test_it_deletes_a_record_the_rerated_event_created(tournament, arbiter, make_players):
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    assert RatingRecord.objects.count() == 2
    correct(round_number=1, board=1, result="--")
    rerate(tournament.pk, arbiter, "double forfeit")
    assert not RatingRecord.objects.exists() and not RatingChange.objects.exists()
    assert RatedEvent.objects.filter(tournament=tournament).exists()


def test_it_keeps_the_events_rules_when_rerating(tournament, arbiter, make_players, settings):
    settings.USCF_RULES = "2011"
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    settings.USCF_RULES = "current"
    rerate(tournament.pk, arbiter, "typo")
    assert RatedEvent.objects.get().rules == "2011"
    expected = rate_event(rating.rating_events(tournament, {})["regular"], RULES_2011).by_id()
    for change in RatingChange.objects.all():
        assert change.post == two_decimals(expected[str(change.player_id)].post_exact)
        assert change.post == change.post.to_integral_value()


def test_it_refuses_to_rerate_without_a_reason(tournament, arbiter, make_players):
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    with pytest.raises(RatingError, match="reason"):
        rerate(tournament.pk, arbiter, "   ")
    assert not ReRating.objects.exists()


def test_it_refuses_to_rerate_an_unrated_tournament(tournament, arbiter, make_players):
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    with pytest.raises(RatingError, match="not been rated"):
        rerate(tournament.pk, arbiter, "why")


def test_it_refuses_to_rerate_after_a_later_event(tournament, arbiter, make_players):
    a, _b = make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    t2 = second_tournament(arbiter)
    enter(t2, a.player, Player.objects.create(name="C"))
    play(t2, [[(0, 1, "1/2-1/2")]])
    rate(t2.pk, arbiter)
    after = sorted(RatingRecord.objects.values_list("player__name", "rating"))
    with pytest.raises(RatingError, match="rated later in Summer Open"):
        rerate(tournament.pk, arbiter, "late correction")
    assert sorted(RatingRecord.objects.values_list("player__name", "rating")) == after


def test_it_refuses_to_rerate_after_a_correction(tournament, arbiter, make_players):
    make_players("A", "B")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    services.correct_rating(rec("A").pk, Decimal(900), "office decision", arbiter)
    with pytest.raises(RatingError, match="rating of A corrected"):
        rerate(tournament.pk, arbiter, "late correction")


# ---------------------------------------------------------------------------------------------
# Corrections


def test_it_records_a_correction(tournament, arbiter, make_players):
    (a,) = make_players("A")
    r = record(a.player, rating=1500.4, games=30)
    officer = User.objects.create_user("o")
    c = services.correct_rating(r.pk, Decimal("1450"), " ceiling ", officer)
    assert (c.old, c.new, c.reason, c.by) == (Decimal("1500.40"), Decimal(1450), "ceiling", officer)
    assert rec("A").rating == Decimal(1450) and rec("A").games == 30
    with pytest.raises(RatingError, match="reason"):
        services.correct_rating(r.pk, Decimal(1400), "", officer)
    with pytest.raises(RatingError, match="between"):
        services.correct_rating(r.pk, Decimal(50), "too low", officer)
    with pytest.raises(RatingError, match="already"):
        services.correct_rating(r.pk, Decimal(1450), "same", officer)
    assert RatingCorrection.objects.count() == 1
