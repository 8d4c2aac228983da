"""The snapshot's rows (issue 27): built from ``values_list`` tuples instead of the ORM's
instances, they are the instances the ORM gives, linked to each other, in five queries."""

from __future__ import annotations

import pytest
from django.db.models.signals import post_init, pre_init

from pairing.services import Snapshot, snapshot
from tournaments.models import Bye, Entry, ForbiddenPair, Game, Round, Tournament


def _orm_snapshot(t: Tournament) -> Snapshot:
    """The snapshot as the ORM builds it (the way it was loaded before issue 27): its own
    instances, related objects set through the descriptors."""
    entries = list(t.entries.order_by("pairing_number"))
    rounds = list(Round.objects.filter(tournament=t).defer("explanation").order_by("number"))
    games = list(Game.objects.filter(round__tournament=t).order_by("round__number", "board"))
    byes = list(Bye.objects.filter(entry__tournament=t).order_by("round_number"))
    by_pk, round_by_pk = {e.pk: e for e in entries}, {r.pk: r for r in rounds}
    for r in rounds:
        r.tournament = t
    for e in entries:
        e.tournament = t
    for g in games:
        g.round, g.white, g.black = round_by_pk[g.round_id], by_pk[g.white_id], by_pk[g.black_id]
    for b in byes:
        b.entry = by_pk[b.entry_id]
    forbidden = list(ForbiddenPair.objects.filter(tournament=t))
    return Snapshot(t, entries, rounds, games, byes, forbidden)


def _fields(rows: list) -> list[tuple[type, dict]]:
    return [(type(o), {k: v for k, v in vars(o).items() if k != "_state"}) for o in rows]


@pytest.fixture
def eventful(tournament: Tournament, make_entries, record_round) -> Tournament:
    """Eight players, three round rows: no. 7 enters in round 2, no. 8 withdraws from round 3.

    R1 (finished)   1-2 1-0, 3-4 +- (forfeit), 5-6 ½-½; 8 the pairing-allocated bye
    R2 (published)  1-3 0-1, 4-2 1-0u, 6-7 pending; 5 a half-point bye (requested)
    R3 (draft)      3-1; 6 the pairing-allocated bye; 5 a zero-point bye requested for R4
    A forbidden pair 1-2 for rounds 3-5."""
    e = {x.pairing_number: x for x in make_entries(8)}
    Entry.objects.filter(pk=e[7].pk).update(joined_round=2, keep_apart="Club")
    Entry.objects.filter(pk=e[8].pk).update(withdrawn_from_round=3, plays_up=True)
    # Round 2's row is stored before round 1's: the games are in round order, not row order.
    record_round(2, [(e[1], e[3], "0-1"), (e[4], e[2], "1-0u"), (e[6], e[7], "")], "published")
    record_round(1, [(e[1], e[2], "1-0"), (e[3], e[4], "+-"), (e[5], e[6], "1/2-1/2")])
    draft = record_round(3, [(e[3], e[1], "")], "draft")
    Round.objects.filter(pk=draft.pk).update(explanation={"boards": []})
    Bye.objects.create(entry=e[8], round_number=1, kind=Bye.Kind.PAIRING_ALLOCATED)
    Bye.objects.create(entry=e[5], round_number=2, kind=Bye.Kind.HALF_POINT)
    Bye.objects.create(entry=e[6], round_number=3, kind=Bye.Kind.PAIRING_ALLOCATED)
    Bye.objects.create(entry=e[5], round_number=4, kind=Bye.Kind.ZERO_POINT)
    ForbiddenPair.objects.create(
        tournament=tournament, first=e[1], second=e[2], first_round=3, last_round=5
    )
    return tournament


@pytest.mark.django_db
def test_the_snapshot_rows_are_the_orm_instances(eventful: Tournament) -> None:
    snap, orm = snapshot(eventful), _orm_snapshot(eventful)
    pairs: list[tuple[list, list]] = [
        (snap.entries, orm.entries),
        (snap.rounds, orm.rounds),
        (snap.games, orm.games),
        (snap.byes, orm.byes),
    ]
    for mine, theirs in pairs:
        assert _fields(mine) == _fields(theirs)
        assert [o.get_deferred_fields() for o in mine] == [o.get_deferred_fields() for o in theirs]
        assert all(not o._state.adding and o._state.db == "default" for o in mine)
    assert [r.get_deferred_fields() for r in snap.rounds] == [{"explanation"}] * 3
    assert [g.round.number for g in snap.games] == [1, 1, 1, 2, 2, 2, 3]  # round, then board


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", [0, 1, 2, 3])
def test_the_snapshot_state_is_the_orm_instances_state(eventful: Tournament, rounds: int) -> None:
    # Late entry (Z before round 2), withdrawal (Z from round 3), forfeits, byes requested and
    # allocated (the draft's own bye is not a request of round 3 when the state stops at 2).
    assert snapshot(eventful).state(rounds) == _orm_snapshot(eventful).state(rounds)


@pytest.mark.django_db
def test_the_snapshot_rows_are_linked_without_queries(
    eventful: Tournament, django_assert_num_queries
) -> None:
    snap = snapshot(eventful)
    by_pk, rounds = {e.pk: e for e in snap.entries}, {r.pk: r for r in snap.rounds}
    games = snap.games
    with django_assert_num_queries(0):
        assert all(g.round is rounds[g.round_id] for g in games)
        assert all(g.white is by_pk[g.white_id] and g.black is by_pk[g.black_id] for g in games)
        assert all(b.entry is by_pk[b.entry_id] for b in snap.byes)
        assert all(e.tournament is eventful for e in snap.entries)
        assert all(r.tournament is eventful for r in snap.rounds)
    with django_assert_num_queries(1):  # deferred, as with defer("explanation")
        assert snap.rounds[2].explanation == {"boards": []}


@pytest.mark.django_db
def test_a_snapshot_row_saves_as_an_update(eventful: Tournament) -> None:
    game = snapshot(eventful).games[-1]
    game.result = "0-1"
    game.save()  # loaded from the database: an UPDATE of its row, not a second row
    assert Game.objects.filter(round__tournament=eventful).count() == 7
    assert Game.objects.get(pk=game.pk).result == "0-1"


@pytest.mark.django_db
@pytest.mark.parametrize("players", [6, 60])
def test_the_snapshot_takes_five_queries_whatever_the_field(
    tournament: Tournament, make_entries, record_round, players: int, django_assert_num_queries
) -> None:
    e = make_entries(players)
    record_round(1, [(e[i], e[i + 1], "1-0") for i in range(0, players, 2)])
    Bye.objects.create(entry=e[0], round_number=2, kind=Bye.Kind.HALF_POINT)
    with django_assert_num_queries(5):  # entries, rounds, games, byes, forbidden pairs
        snap = snapshot(tournament)
        assert len(snap.games) == players // 2 and len(snap.byes) == 1


def test_the_models_built_without_init_have_no_init_receivers() -> None:
    # The snapshot skips Model.__init__: a pre_init/post_init receiver would not run for it.
    for model in (Entry, Round, Game, Bye):
        assert not pre_init.has_listeners(model) and not post_init.has_listeners(model)
