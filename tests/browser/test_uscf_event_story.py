"""A US Chess-rated event with three sections in a browser (issue 14), as a club TD clicks it:
create the event, add the sections, import the rating supplement, register by US Chess ID (and
one player the supplement does not know, with a typed rating), move a player before round 1,
pair and enter the results of every section, submit for rating; a rating officer reviews and
applies each section; the public ratings page; the rating report zip, read back with dbfread.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from dbfread import DBF
from django.apps import apps as django_apps
from django.contrib.auth.models import Group, User
from playwright.sync_api import Page, expect

from ratings.groups import RATING_OFFICERS, ensure_rating_officers
from ratings.models import Event, RatingChange, RatingRecord
from ratings.supplement import import_supplement, read_supplement
from tests.browser.conftest import log_in
from tournaments.models import Entry, Game, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SUPPLEMENT = "ID\tName\tState\tExpires\tRegular\tQuick\n" + "".join(
    f"1234{i:04d}\tMember, No{i:02d}\tCA\t2027-01-31\t{2300 - 60 * i}\t\n" for i in range(1, 13)
)
SECTIONS = {"Open": range(1, 5), "U1800": range(5, 9), "U1400": range(9, 13)}
PLAYED = {"1-0": ("W", "L"), "0-1": ("L", "W"), "1/2-1/2": ("D", "D")}


def create_event(page: Page) -> Event:
    page.locator("#main").get_by_role("link", name="New event with sections").click()
    for label, value in (
        ("Name", "Browser Spring Festival"),
        ("City", "Springfield"),
        ("State", "CA"),
        ("ZIP code", "95123"),
        ("Start date", "2026-04-04"),
        ("End date", "2026-04-05"),
        ("Time control", "G/90;d5"),
        ("US Chess affiliate ID", "A1234567"),
        ("Chief TD's US Chess ID", "20000001"),
    ):
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_text("Event created. Now add its sections.")).to_be_visible()
    return Event.objects.get(name="Browser Spring Festival")


def add_sections(page: Page) -> None:
    form = page.locator("#sections form")
    for name in SECTIONS:
        form.get_by_label("Name").fill(name)
        form.get_by_label("Rounds").fill("2")
        form.get_by_label("Paired on").select_option("uscf_regular")
        form.get_by_label("Rated in").select_option("regular")
        form.get_by_role("button", name="Add the section").click()
        expect(page.get_by_text(f"Section {name} added.")).to_be_visible()


def import_and_register(page: Page, tmp_path: Path) -> None:
    page.get_by_role("link", name="US Chess: supplement, registration, rating report").click()
    file = tmp_path / "supplement.txt"
    file.write_text(SUPPLEMENT)
    page.get_by_label("US Chess rating supplement").set_input_files(str(file))
    page.get_by_role("button", name="Import the supplement").click()
    expect(page.get_by_text("12 members imported from supplement.txt")).to_be_visible()
    # Issue 23: the arbiter's file is the event's own; a rating officer imports the official
    # supplement (the same file here), which gives the players their rating records.
    ensure_rating_officers(django_apps)
    importer = User.objects.create_user("supplement-officer", is_staff=True)
    importer.groups.add(Group.objects.get(name=RATING_OFFICERS))
    import_supplement(read_supplement("supplement.txt", SUPPLEMENT.encode()), importer)
    for name, numbers in SECTIONS.items():
        page.get_by_label("Section").select_option(label=name)
        page.get_by_label("US Chess IDs").fill("\n".join(f"1234{i:04d}" for i in numbers))
        page.get_by_role("button", name="Register", exact=True).click()
        expect(page.get_by_text("Registered: Member, No")).to_be_visible()


def section_manage(page: Page, base: str, event: Event, name: str) -> None:
    page.goto(f"{base}/ratings/uscf/events/{event.pk}/sections/")
    page.locator("#sections").get_by_role("link", name=name, exact=True).click()


def play_section(page: Page, t: Tournament) -> None:
    for number in (1, 2):
        page.get_by_role("button", name=f"Pair round {number}", exact=True).click()
        expect(page.get_by_text("paired as a draft: check it")).to_be_visible()
        page.locator("#publish").click()
        expect(page.get_by_text("published: players see it now")).to_be_visible()
        rows = page.locator("tr[data-game]")
        rows.first.focus()
        for done in range(1, rows.count() + 1):
            page.keyboard.type("1" if done % 2 else "=")
            expect(page.locator("tr.has-result")).to_have_count(done)
        if number == 1:
            page.get_by_role("link", name=f"← {t.name}").click()
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


def officer_applies(page: Page, base: str) -> None:
    ensure_rating_officers(django_apps)  # a flushed transactional database has no group
    officer = User.objects.create_user("officer", password="a-long-test-password", is_staff=True)
    officer.groups.add(Group.objects.get(name=RATING_OFFICERS))
    log_in(page, base, "officer")
    page.get_by_role("navigation").get_by_role("link", name="Rating requests").click()
    for name in SECTIONS:
        page.get_by_role("link", name=f"Browser Spring Festival – {name}").click()
        if name == "U1400":  # the player the supplement does not know is flagged
            expect(page.get_by_text("paired on a typed 1333")).to_be_visible()
        page.get_by_role("button", name="Apply the rating").click()
        expect(
            page.get_by_text(f"Browser Spring Festival – {name} has been rated.")
        ).to_be_visible()
        page.get_by_role("navigation").get_by_role("link", name="Rating requests").click()
    expect(page.get_by_text("Nothing is waiting.")).to_be_visible()


def test_a_club_td_runs_a_three_section_us_chess_event(
    page: Page, browser, live_server, arbiter, shot, tmp_path: Path
) -> None:
    base = live_server.url
    log_in(page, base, "arbiter")
    event = create_event(page)
    add_sections(page)
    import_and_register(page, tmp_path)

    # A player the supplement does not know: the quick row's rating is a US Chess rating.
    section_manage(page, base, event, "U1400")
    expect(page.locator("#quick-add input[name=rating]")).to_have_attribute(
        "placeholder", "US Chess Regular rating"
    )
    page.locator("#quick-add input[name=name]").fill("Walkin, Wes")
    page.locator("#quick-add input[name=rating]").fill("1333")
    page.locator("#quick-add input[name=rating]").press("Enter")
    expect(page.get_by_text("Walkin, Wes registered as no.")).to_be_visible()

    # Before round 1: No05 moves from the U1800 to the Open.
    page.goto(f"{base}/ratings/uscf/events/{event.pk}/sections/")
    moving = Entry.objects.get(uscf_id="12340005")
    page.locator(f"#move-{moving.pk}").select_option(label="Open")
    page.locator(f"#move-{moving.pk}").locator("xpath=..").get_by_role(
        "button", name="Move"
    ).click()
    expect(page.get_by_text("Member, No05 moved to Open as no.")).to_be_visible()
    shot(page, "uscf-event-manage")
    sections = {t.section_name: t for t in event.sections.all()}
    assert [sections[n].entries.count() for n in SECTIONS] == [5, 3, 5]

    for name, t in sections.items():
        section_manage(page, base, event, name)
        play_section(page, t)

    # The arbiter submits; nothing is rated before a rating officer applies it.
    page.goto(f"{base}/ratings/uscf/events/{event.pk}/manage/")
    page.get_by_role("button", name="Submit every finished section for rating").click()
    expect(page.get_by_text("U1400 submitted for rating.")).to_be_visible()
    assert not RatingChange.objects.exists() and RatingRecord.objects.count() == 12
    officer_page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    officer_applies(officer_page, base)
    shot(officer_page, "uscf-event-rating-requests")
    officer_page.context.close()

    # The public ratings page: every section, pre → post and the formula.
    page.goto(f"{base}/ratings/uscf/events/{event.pk}/")
    for name in SECTIONS:
        expect(page.locator("h2", has_text=name)).to_be_visible()
    expect(
        page.get_by_text("paired on a typed 1333, which is not a US Chess record")
    ).to_be_visible()
    expect(page.get_by_text("standard, K").first).to_be_visible()
    shot(page, "uscf-event-ratings")
    assert RatingChange.objects.filter(event__tournament__event=event).count() == 13

    # The rating report: a zip of three dBase tables.
    page.goto(f"{base}/ratings/uscf/events/{event.pk}/manage/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the rating report").click()
    path = tmp_path / "report.zip"
    download.value.save_as(path)
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
        archive.extractall(tmp_path)
    (header,) = DBF(tmp_path / "THEXPORT.DBF")
    assert (header["H_NAME"], header["H_TOT_SECT"], header["H_ZIPCODE"]) == (
        "Browser Spring Festival",
        "3",
        "95123",
    )
    assert [s["S_SEC_NAME"] for s in DBF(tmp_path / "TSEXPORT.DBF")] == list(SECTIONS)
    details = list(DBF(tmp_path / "TDEXPORT.DBF"))
    assert len(details) == 13
    for number, name in enumerate(SECTIONS, start=1):
        t = sections[name]
        rows = {int(r["D_PAIR_NUM"]): r for r in details if r["D_SEC_NUM"] == str(number)}
        for g in Game.objects.filter(round__tournament=t).select_related("round", "white", "black"):
            w, b = g.white.pairing_number, g.black.pairing_number
            column = f"D_RND{g.round.number:02d}"
            assert rows[w][column] == f"{PLAYED[g.result][0]}{b}W"
            assert rows[b][column] == f"{PLAYED[g.result][1]}{w}B"
    walkin = next(r for r in details if r["D_NAME"] == "WALKIN, WES")
    assert (walkin["D_MEM_ID"], walkin["D_RATING"]) == ("", "1333")
