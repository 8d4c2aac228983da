"""tournaments/registration.py: pairing numbers (C.04.2 initial ranking, TCEC seeding), late
entries, byes and withdrawals."""

from __future__ import annotations

import pytest

from players.identity import PlayerData
from players.models import Player
from tournaments import registration, services
from tournaments.errors import ArbiterError
from tournaments.models import Bye, Entry, Tournament
from tournaments.registration import Availability


def enter(t: Tournament, name: str, rating: int, title: str = "") -> Entry:
    return registration.register(t.pk, PlayerData(name=name, title=title), rating)


def names(t: Tournament) -> list[str]:
    return [e.name for e in t.entries.order_by("pairing_number")]


@pytest.mark.django_db
def test_the_initial_ranking_is_rating_then_title_then_name(tournament) -> None:
    enter(tournament, "Zed", 2400)
    enter(tournament, "Bee", 2300, "WGM")
    enter(tournament, "Abe", 2300)
    enter(tournament, "Cid", 2300, "IM")
    enter(tournament, "Ann", 2300, "WGM")
    enter(tournament, "Dot", 0)
    # 2400 first; among 2300: IM before WGM (C.04.2 title order), WGMs by name, untitled last.
    assert names(tournament) == ["Zed", "Cid", "Ann", "Bee", "Abe", "Dot"]


@pytest.mark.django_db
def test_tcec_random_seeding_is_reproducible(tournament) -> None:
    tournament.seeding = Tournament.Seeding.RANDOM
    tournament.save()
    for i in range(8):
        enter(tournament, f"P{i}", 2000 + i)
    first = names(tournament)
    assert sorted(first) == [f"P{i}" for i in range(8)]
    assert first != [f"P{i}" for i in reversed(range(8))]  # not the rating order
    registration.reseed(tournament)
    assert names(tournament) == first


@pytest.mark.django_db
def test_tcec_group_seeding_alternates_the_groups(tournament) -> None:
    tournament.seeding = Tournament.Seeding.GROUPS
    tournament.save()
    for i in range(1, 9):  # 8 players: 2 groups of 4, A = the 4 strongest
        enter(tournament, f"S{i}", 2500 - i)
    assert names(tournament) == ["S1", "S5", "S2", "S6", "S3", "S7", "S4", "S8"]


@pytest.mark.django_db
def test_manual_numbers_stay_and_can_be_moved(tournament) -> None:
    tournament.seeding = Tournament.Seeding.MANUAL
    tournament.save()
    for name, rating in (("A", 1000), ("B", 2000), ("C", 3000)):
        enter(tournament, name, rating)
    assert names(tournament) == ["A", "B", "C"]
    registration.set_pairing_number(tournament.entries.get(name="C"), 1)
    assert names(tournament) == ["C", "A", "B"]


@pytest.mark.django_db
def test_a_late_entry_scores_the_missed_rounds_as_regulated(tournament, make_entries, play) -> None:
    make_entries(4)
    tournament.late_entry_bye = Tournament.LateEntry.HALF
    tournament.save()
    play(tournament, rounds=2)
    late = enter(tournament, "Late, Larry", 2500)
    assert late.joined_round == 3
    assert list(late.byes.values_list("round_number", "kind")) == [(1, "H"), (2, "H")]
    # C.04.2: numbers are reassigned until round 4 is paired: the 2500 player is first.
    assert late.pairing_number == 1
    rnd = services.pair_next_round(tournament.pk)
    assert rnd.games.count() == 2 and Bye.objects.filter(round_number=3, kind="U").count() == 1


@pytest.mark.django_db
def test_a_late_entry_does_not_reorder_the_players_already_paired(
    tournament, make_entries, play
) -> None:
    """Regression: after round 1 a late entry re-sorted the whole list by rating, so on a list
    out of rating order players already paired changed places and the exported file no
    longer re-paired round 1 as played (C.04.2 A.4). The late entry takes its "appropriate
    pairing number" (C.04.2 C) just above the first paired player it outranks (B)."""
    make_entries(6)  # nos. 1-6 rated 2350, 2375, 2300, 2325, 2250, 2275
    play(tournament, rounds=1)
    # 2345: not above no. 1 (2350) nor no. 2 (2375); above no. 3 (2300).
    enter(tournament, "Late, Bea", 2345)
    # 2340: below no. 1, no. 2 and the other late entry, above no. 3. By rating alone the list
    # would read 02, 01, Bea, Ann, 04, 03, 06, 05.
    enter(tournament, "Late, Ann", 2340)
    assert names(tournament) == [
        "Player 01",
        "Player 02",
        "Late, Bea",
        "Late, Ann",
        "Player 03",
        "Player 04",
        "Player 05",
        "Player 06",
    ]


@pytest.mark.django_db
def test_numbers_are_fixed_after_round_4_and_for_tcec(tournament, make_entries, play) -> None:
    make_entries(8)
    play(tournament, rounds=3)
    assert enter(tournament, "Late, Larry", 2500).pairing_number == 1
    play(tournament, rounds=1)
    assert enter(tournament, "Late, Lou", 2500).pairing_number == 10
    tournament.seeding = Tournament.Seeding.RANDOM
    tournament.save()
    assert enter(tournament, "Late, Lee", 2500).pairing_number == 11


@pytest.mark.django_db
def test_ratings_only_change_before_round_1(tournament, make_entries, play) -> None:
    _a, b = make_entries(2)
    registration.update_entry(b, PlayerData.of(b), 2600)
    assert Entry.objects.get(pk=b.pk).pairing_number == 1
    play(tournament, rounds=1)
    with pytest.raises(ArbiterError, match="before round 1"):
        registration.update_entry(b, PlayerData.of(b), 1000)


@pytest.mark.django_db
def test_a_requested_bye_keeps_the_player_out_of_the_pairing(tournament, make_entries) -> None:
    a, b, c, d, e = make_entries(5)
    registration.set_availability(c, 1, Availability.HALF_POINT_BYE)
    registration.set_availability(e, 1, Availability.ZERO_POINT_BYE)
    rnd = services.pair_next_round(tournament.pk)
    paired = {g.white_id for g in rnd.games.all()} | {g.black_id for g in rnd.games.all()}
    assert len(paired) == 2 and paired < {a.pk, b.pk, d.pk}  # c and e are not paired
    assert Bye.objects.filter(round_number=1, kind="U").count() == 1  # 3 players: one bye
    registration.set_availability(c, 2, Availability.PLAY)  # nothing to delete: fine
    with pytest.raises(ArbiterError, match="already paired"):
        registration.set_availability(c, 1, Availability.PLAY)


@pytest.mark.django_db
def test_withdrawal_and_return(tournament, make_entries, play) -> None:
    _a, _b, _c, d = make_entries(4)
    play(tournament, rounds=1)
    registration.set_availability(d, 3, Availability.HALF_POINT_BYE)
    registration.set_availability(d, 2, Availability.WITHDRAWN)
    d.refresh_from_db()
    assert d.withdrawn_from_round == 2 and not d.byes.exists()  # later requests go
    with pytest.raises(ArbiterError, match="has withdrawn"):
        registration.set_availability(d, 3, Availability.HALF_POINT_BYE)
    play(tournament, rounds=1)  # round 2 without d
    registration.set_availability(d, 3, Availability.PLAY)
    d.refresh_from_db()
    assert d.withdrawn_from_round is None
    assert list(d.byes.values_list("round_number", "kind")) == [(2, "Z")]


@pytest.mark.django_db
def test_double_rounds_count_a_round_twice(tournament, make_entries, play) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.save()
    _a, _b, c = make_entries(3)
    play(tournament, rounds=1)
    registration.set_availability(c, 2, Availability.ZERO_POINT_BYE)
    assert list(c.byes.filter(kind="Z").values_list("round_number", flat=True)) == [3, 4]
    registration.set_availability(c, 3, Availability.WITHDRAWN)
    c.refresh_from_db()
    assert c.withdrawn_from_round == 5


@pytest.mark.django_db
def test_remove_only_unpaired_entries(tournament, make_entries, play) -> None:
    a, _b, c = make_entries(3)
    assert registration.remove_entry(c) == "Player 03"
    assert not Player.objects.filter(name="Player 03").exists()
    play(tournament, rounds=1)
    with pytest.raises(ArbiterError, match="withdraw the player instead"):
        registration.remove_entry(a)


@pytest.mark.django_db
def test_a_typed_rating_stays_until_the_records_have_one(tournament) -> None:
    """Before round 1 a new supplement (or a correction) refreshes the pairing ratings: a
    player without a record keeps the typed rating; once on record, the record's counts."""
    from ratings.events import refresh_ratings_of_players
    from ratings.models import RatingRecord

    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.save()
    entry = registration.register(tournament.pk, PlayerData(name="New, Nina"), 1450)
    assert refresh_ratings_of_players([entry.player_id]) == 0
    entry.refresh_from_db()
    assert entry.rating == 1450
    RatingRecord.objects.create(player=entry.player, system="regular", rating=1502, games=4)
    assert refresh_ratings_of_players([entry.player_id]) == 1
    entry.refresh_from_db()
    assert (entry.rating, entry.typed_rating) == (1502, 1450)
