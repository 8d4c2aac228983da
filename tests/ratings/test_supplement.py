"""The US Chess rating supplement: reading the dBase table and the text export, importing it,
re-importing before round 1, registering by US Chess ID; a rating officer's correction flows
into later events."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import dbf
import pytest
from django.contrib.auth.models import User

from players.models import Player
from ratings import services
from ratings.errors import EventError
from ratings.models import RatingCorrection, RatingRecord, UscfMember
from ratings.supplement import (
    LIFE,
    SupplementError,
    import_supplement,
    parse_rating,
    read_supplement,
    register_members,
)
from tests.ratings.conftest import play as record_games
from tests.ratings.conftest import rate
from tournaments.models import Tournament

TEXT = """ID|Name|State|Expires|Regular|Quick
12345601|Adams, Ann|CA|2027-01-31|2250|2200
12345602|Brown, Bob|NV|LIFE|1512P12|
"""


@pytest.mark.parametrize(
    ("cell", "rating", "games"),
    [
        ("1850", Decimal(1850), None),  # established: N not given
        ("1512P12", Decimal(1512), 12),  # provisional on 12 games
        ("1512/12", Decimal(1512), 12),
        ("1850*", Decimal(1850), None),
        ("1850.37", Decimal("1850.37"), None),
        ("", None, None),
        ("Unr.", None, None),
    ],
)
def test_it_reads_rating_cells(cell: str, rating: Decimal | None, games: int | None) -> None:
    assert parse_rating(cell) == (rating, games)


@pytest.mark.parametrize("cell", ["abc", "99", "4000", "1500Q3"])
def test_it_refuses_what_is_not_a_rating(cell: str) -> None:
    with pytest.raises(ValueError):
        parse_rating(cell)


def test_it_reads_the_text_export() -> None:
    supplement = read_supplement("RS2604.txt", TEXT.encode())
    adams, brown = supplement.rows
    assert (adams.uscf_id, adams.name, adams.state, adams.expires) == (
        "12345601",
        "Adams, Ann",
        "CA",
        date(2027, 1, 31),
    )
    assert (adams.regular, adams.regular_games, adams.quick) == (Decimal(2250), None, 2200)
    assert (brown.regular, brown.regular_games, brown.quick, brown.expires) == (
        Decimal(1512),
        12,
        None,
        LIFE,
    )


def test_it_reads_the_dbase_table(tmp_path: Path) -> None:
    path = tmp_path / "TDSUP.DBF"
    table = dbf.Table(
        str(path),
        "MEM_ID C(8); MEM_NAME C(40); MEM_STATE C(2); MEM_EXP_DT D; REG_RTG C(7); QCK_RTG C(7)",
        dbf_type="db3",
    )
    table.open(dbf.READ_WRITE)
    table.append(("12345601", "Adams, Ann", "CA", date(2027, 1, 31), "2250", "1990P7"))
    table.close()
    (row,) = read_supplement("TDSUP.DBF", path.read_bytes()).rows
    assert row.ok, row.errors
    assert (row.uscf_id, row.name, row.expires, row.regular) == (
        "12345601",
        "Adams, Ann",
        date(2027, 1, 31),
        Decimal(2250),
    )
    assert (row.quick, row.quick_games) == (Decimal(1990), 7)


def test_it_names_bad_rows_and_refuses_a_file_without_ids() -> None:
    supplement = read_supplement("s.txt", (TEXT + "1234|X|CA||1500|\n12345601|Dup|CA||x|").encode())
    assert [r.line for r in supplement.invalid] == [3, 4]
    assert "8 digits" in supplement.invalid[0].errors[0]
    assert any("already on row 1" in e for e in supplement.invalid[1].errors)
    with pytest.raises(SupplementError, match="US Chess ID"):
        read_supplement("s.txt", b"Name,Rating\nAdams,2250\n")


def test_it_registers_by_id_and_reimport_updates_ratings_before_round_1(
    tournament: Tournament, arbiter: User, officer: User
) -> None:
    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.save()
    import_supplement(read_supplement("RS2604.txt", TEXT.encode()), officer)
    entries = register_members(tournament.pk, ["12345602", "12345601"], arbiter)
    assert [(e.player.name, e.rating) for e in entries] == [
        ("Brown, Bob", 1512),
        ("Adams, Ann", 2250),
    ]
    record = RatingRecord.objects.get(player__uscf_id="12345602", system="regular")
    assert (record.rating, record.games) == (Decimal(1512), 12)
    # The next supplement: Brown is now 1600 on 20 games; logged as a correction.
    summary = import_supplement(
        read_supplement("RS2605.txt", TEXT.replace("1512P12", "1600P20").encode()), officer
    )
    assert (summary.members, summary.players, summary.entries) == (2, 1, 1)
    record.refresh_from_db()
    assert (record.rating, record.games) == (Decimal(1600), 20)
    correction = RatingCorrection.objects.get(record=record, old__isnull=False)
    assert (correction.old, correction.new) == (Decimal(1512), Decimal(1600))
    assert "RS2605.txt" in correction.reason
    assert tournament.entries.get(player=record.player).rating == 1600
    assert UscfMember.objects.get(uscf_id="12345602").supplement == "RS2605.txt"


def test_it_leaves_entries_alone_once_round_1_is_paired(
    tournament: Tournament, arbiter: User, officer: User, play
) -> None:
    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.rounds = 1
    tournament.save()
    import_supplement(read_supplement("a.txt", TEXT.encode()), officer)
    register_members(tournament.pk, ["12345601", "12345602"], arbiter)
    play(tournament, [["1-0"]])
    import_supplement(
        read_supplement("b.txt", TEXT.replace("1512P12", "1600P20").encode()), officer
    )
    assert tournament.entries.get(player__uscf_id="12345602").rating == 1512


def test_it_refuses_unknown_ids(tournament: Tournament, arbiter: User) -> None:
    with pytest.raises(
        EventError, match="Not in the event's or the official US Chess supplement: 12345699"
    ):
        register_members(tournament.pk, ["12345699"], arbiter)
    assert not tournament.entries.exists()


def test_it_refuses_a_player_registered_already_with_its_own_error(
    tournament: Tournament, arbiter: User, officer: User
) -> None:
    """The registration's refusal reaches the ratings side as an EventError (what the
    register-by-ID view catches), with the registration's message, and nothing is saved."""
    import_supplement(read_supplement("a.txt", TEXT.encode()), officer)
    register_members(tournament.pk, ["12345601"], arbiter)
    with pytest.raises(EventError, match=r"^Adams, Ann is already registered as no\. 1: a player"):
        register_members(tournament.pk, ["12345602", "12345601"], arbiter)
    assert tournament.entries.count() == 1


def test_a_correction_flows_into_later_events(
    tournament: Tournament, arbiter: User, officer: User
) -> None:
    # Corrected before the event: the entry pairs on it, the rater starts from it.
    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.save()
    a, b = Player.objects.create(name="A"), Player.objects.create(name="B")
    ra = RatingRecord.objects.create(player=a, system="regular", rating=1500, games=40)
    RatingRecord.objects.create(player=b, system="regular", rating=1500, games=40)
    from tournaments.registration import register_known

    register_known(tournament.pk, a)
    register_known(tournament.pk, b)
    services.correct_rating(ra.pk, Decimal("1712.50"), "Wrong rating entered", officer)
    assert tournament.entries.get(player=a).rating == 1713  # shown: to nearest
    record_games(tournament, [[(0, 1, "1/2-1/2")]])
    rate(tournament.pk, arbiter)
    change = a.rating_changes.get()
    assert change.pre == Decimal("1712.50")
