"""The US Chess rating report's field layout (ratings/uscf_report.py) against the 2C format.

The expected descriptors are written out here from the 2C field list (US Chess's "TD/Affiliate
file format" page, draft 2C, as transcribed field by field in Meow-Chess's
scripts/mock_uscf_importer.py, and the same names, order and widths in FreePair's SwissSys 11
reference exporter; see docs/ratings.md, "The rating report"), not from the exporter."""

from __future__ import annotations

import io
import zipfile
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from dbfread import DBF

from ratings.models import Event, EventMember, RatingRecord, UscfMember
from ratings.uscf_report import report_zip
from tests.ratings.conftest import play
from tournaments.models import Entry, Tournament

NOW = "2026-01-01T00:00Z"

pytestmark = pytest.mark.django_db

HEADER = [
    ("H_FORMAT", "C", 5),
    ("H_PROGRAM", "C", 10),
    ("H_EVENT_ID", "C", 12),
    ("H_NAME", "C", 35),
    ("H_TOT_SECT", "C", 2),
    ("H_BEG_DATE", "D", 8),
    ("H_END_DATE", "D", 8),
    ("H_AFF_ID", "C", 8),
    ("H_CITY", "C", 21),
    ("H_STATE", "C", 2),
    ("H_ZIPCODE", "C", 10),
    ("H_COUNTRY", "C", 21),
    ("H_SENDCROS", "C", 1),
    ("H_CTD_ID", "C", 8),
    ("H_ATD_ID", "C", 8),
    ("H_OTHER_TD", "C", 255),
]
SECTION = [
    ("S_EVENT_ID", "C", 12),
    ("S_SEC_NUM", "C", 2),
    ("S_SEC_NAME", "C", 30),
    ("S_R_SYSTEM", "C", 1),
    ("S_TIMECTL", "C", 40),
    ("S_CTD_ID", "C", 8),
    ("S_ATD_ID", "C", 8),
    ("S_TRN_TYPE", "C", 1),
    ("S_TOT_RNDS", "C", 2),
    ("S_LST_PAIR", "C", 4),
    ("S_BEG_DATE", "D", 8),
    ("S_END_DATE", "D", 8),
    ("S_SCH_LVL", "C", 1),
    ("S_GR_PRIX", "C", 1),
    ("S_GP_PTS", "C", 3),
    ("S_FIDE", "C", 1),
]
DETAIL = [
    ("D_EVENT_ID", "C", 12),
    ("D_SEC_NUM", "C", 2),
    ("D_PAIR_NUM", "C", 4),
    ("D_MEM_ID", "C", 8),
    ("D_NAME", "C", 30),
    ("D_STATE", "C", 2),
    ("D_RATING", "C", 4),
    ("D_RND01", "C", 7),
]


@pytest.fixture
def event(tournament: Tournament, make_players) -> Event:
    day = tournament.start_date
    e = Event.objects.create(
        name="Spring Event",
        place="Springfield",
        state="CA",
        zip_code="95123",
        start_date=day,
        end_date=tournament.end_date,
        affiliate_id="A1234567",
        chief_td_id="20000001",
        time_control="G/90;d5",
    )
    Tournament.objects.filter(pk=tournament.pk).update(
        event=e, section_name="Open", pairing_rating="uscf_regular"
    )
    tournament.refresh_from_db()
    _ann, bob = make_players("Adams, Ann", "Brown, Bob")
    # Bob is not in the supplement: the arbiter typed the rating he was paired on.
    Entry.objects.filter(pk=bob.pk).update(typed_rating=1450, typed_rating_kind="uscf_regular")
    play(tournament, [[(0, 1, "1-0")]])
    return e


def tables(event: Event, folder: Path) -> dict[str, DBF]:
    with zipfile.ZipFile(io.BytesIO(report_zip(event))) as archive:
        archive.extractall(folder)
    return {name: DBF(folder / f"{name}.DBF") for name in ("THEXPORT", "TSEXPORT", "TDEXPORT")}


def layout(table: DBF) -> list[tuple[str, str, int]]:
    return [(f.name, f.type, f.length) for f in table.fields]


def test_the_three_files_have_the_2c_fields(event: Event, tmp_path: Path) -> None:
    dbfs = tables(event, tmp_path)
    assert layout(dbfs["THEXPORT"]) == HEADER
    assert layout(dbfs["TSEXPORT"]) == SECTION
    assert layout(dbfs["TDEXPORT"]) == DETAIL  # one round: one D_RNDnn column
    section = next(iter(dbfs["TSEXPORT"]))
    assert (section["S_GR_PRIX"], section["S_GP_PTS"], section["S_FIDE"]) == ("N", "0", "N")
    assert (section["S_BEG_DATE"], section["S_END_DATE"]) == (date(2026, 4, 1), date(2026, 4, 3))


def test_a_player_without_a_record_reports_the_rating_he_was_paired_on(
    event: Event, tmp_path: Path
) -> None:
    rows = {r["D_NAME"]: r for r in tables(event, tmp_path)["TDEXPORT"]}
    assert rows["BROWN, BOB"]["D_RATING"] == "1450"
    assert rows["ADAMS, ANN"]["D_RATING"] == "0"  # no rating at all
    assert (rows["ADAMS, ANN"]["D_RND01"], rows["BROWN, BOB"]["D_RND01"]) == ("W2W", "L1B")


def test_d_rating_was_0_for_players_registered_from_the_events_own_supplement(
    event: Event, tmp_path: Path
) -> None:
    """What broke: the TD imports the event's own supplement and registers by US Chess ID;
    with no official records (only a rating officer imports those) every member's D_RATING
    was 0. It is the event supplement's rating in the section's system (1812.49 shows 1812,
    the Quick column is not read), which the section paired on; a shared record still comes
    first (Bob's 1601 over the event file's 1812 and his typed 1450)."""
    Entry.objects.filter(name="Adams, Ann").update(uscf_id="12345601")
    Entry.objects.filter(name="Brown, Bob").update(uscf_id="12345602")
    for uscf_id, name in (("12345601", "Adams, Ann"), ("12345602", "Brown, Bob")):
        EventMember.objects.create(
            event=event,
            uscf_id=uscf_id,
            name=name,
            regular_rating=Decimal("1812.49"),
            quick_rating=Decimal("1500"),
            imported_at=NOW,
        )
    bob = Entry.objects.get(name="Brown, Bob").player
    RatingRecord.objects.create(player=bob, system="regular", rating=Decimal("1601"), games=30)
    rows = {r["D_NAME"]: r for r in tables(event, tmp_path)["TDEXPORT"]}
    assert rows["ADAMS, ANN"]["D_RATING"] == "1812"
    assert rows["BROWN, BOB"]["D_RATING"] == "1601"


def test_another_events_supplement_never_changes_this_report(event: Event, tmp_path: Path) -> None:
    """Issue 23, item 1: D_STATE comes from this event's own supplement, else the official
    one; another event's upload changes nothing."""
    Entry.objects.filter(name="Adams, Ann").update(uscf_id="12345601")
    UscfMember.objects.create(uscf_id="12345601", name="Adams, Ann", state="CA", imported_at=NOW)
    other = Event.objects.create(name="Other", start_date=event.start_date, end_date=event.end_date)
    EventMember.objects.create(
        event=other, uscf_id="12345601", name="HACKED, Name", state="ZZ", imported_at=NOW
    )
    rows = {r["D_MEM_ID"]: r for r in tables(event, tmp_path / "a")["TDEXPORT"]}
    assert rows["12345601"]["D_STATE"] == "CA"
    EventMember.objects.create(
        event=event, uscf_id="12345601", name="Adams, Ann", state="NV", imported_at=NOW
    )
    rows = {r["D_MEM_ID"]: r for r in tables(event, tmp_path / "b")["TDEXPORT"]}
    assert rows["12345601"]["D_STATE"] == "NV"
