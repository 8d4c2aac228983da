"""A US Chess-rated event with three sections, from registration to the rating report read back
with ``dbfread`` (issue 14): supplement import, registration by US Chess ID, a move between
sections before round 1, a supplement re-import before round 1, pairing and results per
section (a forfeit, byes), rating, the ratings page, the DBF file set."""

from __future__ import annotations

import io
import zipfile
from datetime import date
from decimal import Decimal
from pathlib import Path

from dbfread import DBF
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ratings.models import Event, RatingChange, RatingRecord, RatingRequest, UscfMember
from tests.ratings.conftest import rating_officer
from tournaments.models import Bye, Entry, Game, Tournament

SUPPLEMENT = """ID\tName\tState\tExpires\tRegular\tQuick
12345601\tAdams, Ann\tCA\t2027-01-31\t2250\t2200
12345602\tBrown, Bob\tCA\t2026-12-31\t2105\t
12345603\tChen, Carl\tNV\t2026-06-30\t2010\t1950P10
12345604\tDiaz, Dora\tCA\t2026-09-30\t1985P12\t
12345605\tEvans, Eve\tCA\t2026-11-30\t1900\t
12345606\tFrank, Finn\tOR\t2026-11-30\t1750\t
12345607\tGupta, Gia\tCA\t2026-11-30\t1720\t
12345608\tHill, Hal\tCA\t2026-11-30\t1500P4\t
12345609\tIto, Ida\tCA\t2026-11-30\t1450\t
12345610\tJones, Jo\tCA\t2026-11-30\t\t
12345611\tKim, Kai\tCA\t2026-11-30\t1380\t
1234\tBad, Row\tCA\t2026-11-30\t1500\t
"""

# Column codes of the 2C detail file, written out from the format (not from the exporter).
PLAYED = {"1-0": ("W", "L"), "0-1": ("L", "W"), "1/2-1/2": ("D", "D")}
FORFEIT = {"+-": ("X", "F"), "-+": ("F", "X"), "--": ("F", "F")}


def upload(client: Client, event: Event, text: str, name: str = "supplement.txt"):
    """The arbiter uploads the event's supplement, and a rating officer imports the same file
    as the official one (issue 23: only the officer's import sets shared records)."""
    file = io.BytesIO(text.encode())
    file.name = name
    response = client.post(reverse("supplement_import", args=[event.pk]), {"file": file})
    officer = Client()
    officer.force_login(rating_officer())
    file = io.BytesIO(text.encode())
    file.name = name
    assert officer.post(reverse("official_supplement"), {"file": file}).status_code == 302
    return response


def section(event: Event, name: str) -> Tournament:
    return event.sections.get(section_name=name)


def numbers(t: Tournament) -> dict[str, int]:
    return {e.player.uscf_id: e.pairing_number for e in t.entries.select_related("player")}


def expected_cells(t: Tournament) -> dict[int, list[str]]:
    """Per pairing number, one cell per round, from the stored games and byes."""
    columns = t.rounds
    cells = {e.pairing_number: ["U0"] * columns for e in t.entries.all()}
    for g in Game.objects.filter(round__tournament=t).select_related("round", "white", "black"):
        w, b = g.white.pairing_number, g.black.pairing_number
        if g.result in PLAYED:
            cw, cb = PLAYED[g.result]
            cells[w][g.round.number - 1] = f"{cw}{b}W"
            cells[b][g.round.number - 1] = f"{cb}{w}B"
        else:
            cw, cb = FORFEIT[g.result]
            cells[w][g.round.number - 1] = f"{cw}0"
            cells[b][g.round.number - 1] = f"{cb}0"
    for bye in Bye.objects.filter(entry__tournament=t).select_related("entry"):
        assert bye.kind == Bye.Kind.PAIRING_ALLOCATED  # a full point: bye_points = 2
        cells[bye.entry.pairing_number][bye.round_number - 1] = "B0"
    return cells


def test_it_runs_a_three_section_event_from_registration_to_the_dbf_report(
    arbiter: User, arbiter_client: Client, play, tmp_path: Path
) -> None:
    client = arbiter_client
    # The event and its US Chess report data.
    response = client.post(
        reverse("event_create"),
        {
            "name": "Springfield Spring Open",
            "place": "Springfield",
            "state": "ca",
            "zip_code": "95123",
            "country": "USA",
            "start_date": "2026-04-04",
            "end_date": "2026-04-05",
            "time_control": "G/90;d5",
            "affiliate_id": "a1234567",
            "chief_td_id": "20000001",
            "assistant_td_id": "",
            "send_crosstable": "A",
        },
    )
    event = Event.objects.get()
    assert response["Location"] == reverse("event_manage", args=[event.pk])
    for name, rounds in (("Open", 2), ("U2000", 2), ("U1600", 3)):
        response = client.post(
            reverse("section_add", args=[event.pk]),
            {
                "name": name,
                "rounds": rounds,
                "pairing_system": "dutch",
                "pairing_rating": "uscf_regular",
                "rating_system": "regular",
            },
        )
        assert response.status_code == 302, response.content
    assert [t.section_name for t in event.sections.order_by("pk")] == ["Open", "U2000", "U1600"]

    # The supplement: eleven members; the bad row is reported, not imported.
    response = upload(client, event, SUPPLEMENT)
    assert response.status_code == 200
    assert "Row 12" in response.content.decode()
    assert UscfMember.objects.count() == 11
    diaz = UscfMember.objects.get(uscf_id="12345604")
    assert (diaz.regular_rating, diaz.regular_games, diaz.state) == (Decimal(1985), 12, "CA")
    assert diaz.expires == date(2026, 9, 30)

    # Registration by US Chess ID, per section.
    for name, ids in (
        ("Open", "12345601 12345602\n12345603, 12345604 12345605"),
        ("U2000", "12345606 12345607 12345608"),
        ("U1600", "12345609 12345610 12345611"),
    ):
        response = client.post(
            reverse("register_by_id", args=[event.pk]),
            {"section": section(event, name).pk, "ids": ids},
        )
        assert response.status_code == 302, response.content
    open_ = section(event, "Open")
    # Paired on the US Chess Regular rating: numbers in rating order (C.04.2 initial ranking).
    assert numbers(open_) == {
        "12345601": 1,
        "12345602": 2,
        "12345603": 3,
        "12345604": 4,
        "12345605": 5,
    }
    adams = RatingRecord.objects.get(player__uscf_id="12345601", system="quick")
    assert adams.rating == Decimal(2200) and adams.games is None  # established, N not given
    assert not RatingRecord.objects.filter(player__uscf_id="12345610").exists()

    # Diaz (1985) belongs in the U2000: moved before round 1.
    diaz_entry = Entry.objects.get(player__uscf_id="12345604")
    u2000 = section(event, "U2000")
    response = client.post(
        reverse("entry_move", args=[event.pk]), {"entry": diaz_entry.pk, "section": u2000.pk}
    )
    assert response.status_code == 302
    assert numbers(open_) == {"12345601": 1, "12345602": 2, "12345603": 3, "12345605": 4}
    assert numbers(u2000) == {"12345604": 1, "12345606": 2, "12345607": 3, "12345608": 4}

    # A corrected supplement before round 1: Evans is now 2150, and the Open follows.
    upload(
        client,
        event,
        SUPPLEMENT.replace("Evans, Eve\tCA\t2026-11-30\t1900", "Evans, Eve\tCA\t2026-11-30\t2150"),
    )
    assert Entry.objects.get(player__uscf_id="12345605").rating == 2150
    assert numbers(open_)["12345605"] == 2

    # Each section is paired and played on its own.
    play(open_, [["1-0", "1/2-1/2"], ["0-1", "1-0"]])
    play(u2000, [["1-0", "+-"], ["1/2-1/2", "0-1"]])
    u1600 = section(event, "U1600")
    play(u1600, [["1-0"], ["0-1"], ["1/2-1/2"]])
    for t in (open_, u2000, u1600):
        t.refresh_from_db()
        assert t.status == Tournament.Status.FINISHED
    # Moving is refused once round 1 is paired.
    response = client.post(
        reverse("entry_move", args=[event.pk]), {"entry": diaz_entry.pk, "section": open_.pk}
    )
    assert Entry.objects.get(pk=diaz_entry.pk).tournament_id == u2000.pk

    # Rating: the arbiter submits the sections, a rating officer applies each of them.
    response = client.post(reverse("submit_event_ratings", args=[event.pk]))
    assert response["Location"] == reverse("event_uscf", args=[event.pk])
    assert not RatingChange.objects.exists()  # nothing changes before the review
    officer = Client()
    officer.force_login(rating_officer())
    for request in RatingRequest.objects.filter(tournament__event=event):
        response = officer.post(reverse("apply_rating_request", args=[request.pk]))
        assert response["Location"] == reverse("rating_report", args=[request.tournament_id])
    # The ratings page: per section, pre → post and the formula.
    assert RatingChange.objects.filter(event__tournament__event=event).count() == 4 + 4 + 3
    page = client.get(reverse("event_ratings", args=[event.pk])).content.decode()
    for name in ("Open", "U2000", "U1600", "Adams, Ann", "standard, K", "special"):
        assert name in page
    # The forfeit is not rated: in the U2000 only three of four players have two games.
    forfeited = RatingChange.objects.filter(event__tournament=u2000, games_in_event=1).count()
    assert forfeited == 2

    # The rating report: three dBase tables, read back with dbfread.
    response = client.get(reverse("uscf_report", args=[event.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        assert sorted(archive.namelist()) == ["TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
        archive.extractall(tmp_path)
    header = list(DBF(tmp_path / "THEXPORT.DBF"))
    assert len(header) == 1
    h = header[0]
    assert (h["H_FORMAT"], h["H_NAME"], h["H_TOT_SECT"]) == ("2C", "Springfield Spring Open", "3")
    assert (h["H_BEG_DATE"], h["H_END_DATE"]) == (date(2026, 4, 4), date(2026, 4, 5))
    assert (h["H_AFF_ID"], h["H_CTD_ID"], h["H_CITY"], h["H_STATE"]) == (
        "A1234567",
        "20000001",
        "Springfield",
        "CA",
    )
    assert (h["H_ZIPCODE"], h["H_COUNTRY"], h["H_SENDCROS"], h["H_EVENT_ID"]) == (
        "95123",
        "USA",
        "A",
        "",
    )
    sections = list(DBF(tmp_path / "TSEXPORT.DBF"))
    assert [
        (s["S_SEC_NUM"], s["S_SEC_NAME"], s["S_TOT_RNDS"], s["S_LST_PAIR"], s["S_R_SYSTEM"])
        for s in sections
    ] == [
        ("1", "Open", "2", "4", "R"),
        ("2", "U2000", "2", "4", "R"),
        ("3", "U1600", "3", "3", "R"),
    ]
    assert {(s["S_TIMECTL"], s["S_TRN_TYPE"], s["S_CTD_ID"]) for s in sections} == {
        ("G/90;d5", "S", "20000001")
    }
    table = DBF(tmp_path / "TDEXPORT.DBF")
    names = table.field_names
    assert names[:7] == [
        "D_EVENT_ID",
        "D_SEC_NUM",
        "D_PAIR_NUM",
        "D_MEM_ID",
        "D_NAME",
        "D_STATE",
        "D_RATING",
    ]
    assert names[7:] == ["D_RND01", "D_RND02", "D_RND03"]  # the longest section: 3 rounds
    assert all(f.length == 7 for f in table.fields[7:])
    details = list(table)
    assert len(details) == 11
    for number, t in enumerate((open_, u2000, u1600), start=1):
        rows = {int(r["D_PAIR_NUM"]): r for r in details if r["D_SEC_NUM"] == str(number)}
        want = expected_cells(t)
        assert set(rows) == set(want)
        for pairing_number, cells in want.items():
            got = [rows[pairing_number][f"D_RND{c:02d}"] for c in range(1, 4)]
            assert got == cells + ["U0"] * (3 - len(cells)), (t.section_name, pairing_number)
    by_id = {r["D_MEM_ID"]: r for r in details}
    # Pre-event ratings (Evans after the corrected supplement), names and states.
    assert (by_id["12345605"]["D_RATING"], by_id["12345605"]["D_NAME"]) == ("2150", "EVANS, EVE")
    assert (by_id["12345603"]["D_STATE"], by_id["12345610"]["D_RATING"]) == ("NV", "0")
    assert by_id["12345604"]["D_SEC_NUM"] == "2"  # Diaz in the U2000
    # The forfeit and the byes are there: X0/F0 in the U2000, one B0 per U1600 round.
    u2000_cells = [by_id[i]["D_RND01"] for i in ("12345604", "12345606", "12345607", "12345608")]
    assert sorted(c for c in u2000_cells if c[0] in "XF") == ["F0", "X0"]
    u1600_cells = [r[f"D_RND0{c}"] for r in details if r["D_SEC_NUM"] == "3" for c in (1, 2, 3)]
    assert u1600_cells.count("B0") == 3
