"""Issue 23: two arbiters and a rating officer on one server. An arbiter's upload, registration,
import or restore changes their own event's entries and nothing else; shared rating records and
the member table change only through a rating officer."""

from __future__ import annotations

import difflib
import io
import json
import re
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings import services
from ratings.models import Event, RatingCorrection, RatingRecord, UscfMember
from tests.ratings.conftest import rating_officer
from tournaments.models import Entry, Tournament

DAY = date(2026, 6, 6)
OFFICIAL = 'ID,Name,State,Expires,Regular,Quick\n40000001,"Sato, Ken",CA,2030-01-01,1800,1750\n'
FORGED = 'ID,Name,State,Expires,Regular,Quick\n40000001,"HACKED, Name",CA,2030-01-01,100,100\n'
LOW = 'ID,Name,State,Expires,Regular,Quick\n40000001,"Sato, Ken",CA,2030-01-01,100,100\n'


def file(text: str, name: str = "s.csv") -> io.BytesIO:
    f = io.BytesIO(text.encode())
    f.name = name
    return f


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def event_of(arbiter: User, name: str) -> Event:
    """An event with one section paired on US Chess Regular ratings, not paired yet."""
    event = Event.objects.create(name=name, start_date=DAY, end_date=DAY, state="CA")
    event.arbiters.add(arbiter)
    section = Tournament.objects.create(
        name=f"{name} – U2000",
        start_date=DAY,
        end_date=DAY,
        event=event,
        section_name="U2000",
        pairing_rating=Tournament.PairingRating.USCF_REGULAR,
        rating_system=Tournament.RatingSystem.REGULAR,
    )
    section.arbiters.add(arbiter)
    return event


@pytest.fixture
def world(arbiter: User, other_arbiter: User) -> dict:
    """The officer imports the official supplement; arbiter B registers Sato (1800)."""
    officer = logged_in(rating_officer())
    assert officer.post(reverse("official_supplement"), {"file": file(OFFICIAL)}).status_code == 302
    a, b = event_of(arbiter, "Alpha Open"), event_of(other_arbiter, "Beta Open")
    client_b = logged_in(other_arbiter)
    b_section = b.sections.get()
    response = client_b.post(
        reverse("register_by_id", args=[b.pk]), {"section": b_section.pk, "ids": "40000001"}
    )
    assert response.status_code == 302, response.content
    return {"a": a, "b": b, "client_a": logged_in(arbiter), "client_b": client_b}


def public_view(event: Event) -> dict[str, str]:
    """What anybody sees of the shared data and of event B."""
    client = Client()
    sato = Player.objects.get(uscf_id="40000001")
    pages = {
        "list": reverse("rating_list"),
        "history": reverse("rating_history", args=[sato.pk]),
        "event": reverse("event_detail", args=[event.pk]),
    }
    token = re.compile(r'(X-CSRFToken": "|csrfmiddlewaretoken" value=")[^"]+')
    return {
        name: token.sub(r"\1…", client.get(url).content.decode()) for name, url in pages.items()
    }


def assert_same(seen: dict[str, str], now: dict[str, str]) -> None:
    for name, page in seen.items():
        diff = difflib.unified_diff(page.splitlines(), now[name].splitlines(), lineterm="")
        assert page == now[name], f"{name} changed:\n" + "\n".join(list(diff)[:40])


def shared_state(b: Event) -> tuple:
    return (
        list(RatingRecord.objects.values_list("system", "rating", "games").order_by("system")),
        RatingCorrection.objects.count(),
        list(UscfMember.objects.values_list("uscf_id", "name", "state", "regular_rating")),
        list(Entry.objects.filter(tournament__event=b).values_list("name", "rating")),
    )


def test_a_forged_supplement_changes_only_its_own_event(world: dict) -> None:
    a, b = world["a"], world["b"]
    before, seen = shared_state(b), public_view(b)
    assert before[3] == [("Sato, Ken", 1800)]
    response = world["client_a"].post(
        reverse("supplement_import", args=[a.pk]), {"file": file(FORGED, "forged.csv")}
    )
    assert response.status_code == 200
    # Records, corrections, the member table and B's pairing ratings: untouched.
    assert shared_state(b) == before
    assert_same(seen, public_view(b))
    assert "HACKED" not in "".join(seen.values())
    # A's own registration from the forged row: the ID is Sato's on record, another name.
    response = world["client_a"].post(
        reverse("register_by_id", args=[a.pk]),
        {"section": a.sections.get().pk, "ids": "40000001"},
    )
    assert response.status_code == 400
    assert "40000001 is Sato, Ken on record" in response.content.decode()
    assert not Entry.objects.filter(tournament__event=a).exists()


def test_an_arbiters_supplement_pairs_their_own_event_only(world: dict) -> None:
    a, b = world["a"], world["b"]
    before, seen = shared_state(b), public_view(b)
    client_a = world["client_a"]
    client_a.post(reverse("supplement_import", args=[a.pk]), {"file": file(LOW)})
    response = client_a.post(
        reverse("register_by_id", args=[a.pk]),
        {"section": a.sections.get().pk, "ids": "40000001"},
    )
    assert response.status_code == 302
    # A's section pairs on A's supplement (100); B's and the shared data do not move.
    assert Entry.objects.get(tournament__event=a).rating == 100
    assert shared_state(b) == before
    assert_same(seen, public_view(b))
    # A re-import before round 1 still updates A's pairing ratings.
    client_a.post(
        reverse("supplement_import", args=[a.pk]), {"file": file(LOW.replace(",100,", ",1234,"))}
    )
    assert Entry.objects.get(tournament__event=a).rating == 1234
    assert shared_state(b) == before


def test_a_registration_never_changes_an_applied_rating(world: dict, other_arbiter: User) -> None:
    """Item 2: an officer's 1912.04 stays when the player registers again by ID."""
    a, b = world["a"], world["b"]
    record = RatingRecord.objects.get(player__uscf_id="40000001", system="regular")
    services.correct_rating(record.pk, Decimal("1912.04"), "Rated elsewhere", rating_officer())
    corrections = RatingCorrection.objects.count()
    response = world["client_a"].post(
        reverse("register_by_id", args=[a.pk]),
        {"section": a.sections.get().pk, "ids": "40000001"},
    )
    assert response.status_code == 302
    record.refresh_from_db()
    assert record.rating == Decimal("1912.04")
    assert RatingCorrection.objects.count() == corrections
    assert Entry.objects.get(tournament__event=a).rating == 1912
    assert Entry.objects.get(tournament__event=b).rating == 1912  # B follows the officer


def test_only_rating_officers_import_the_official_supplement(world: dict) -> None:
    response = world["client_a"].post(reverse("official_supplement"), {"file": file(FORGED)})
    assert response.status_code == 403
    assert UscfMember.objects.get().name == "Sato, Ken"


def test_the_history_says_which_officer_imported_the_official_supplement(world: dict) -> None:
    correction = RatingCorrection.objects.get(record__system="regular")
    assert correction.by == rating_officer()
    assert "imported by rating officer rating-officer" in correction.reason
    assert "at registration by other" in correction.reason


def test_a_restore_by_one_arbiter_changes_nothing_the_other_sees(world: dict) -> None:
    """A's backup of a section with Sato (typed with Sato's ID) restored by A: B's entries, the
    shared records and the public pages stay."""
    a, b = world["a"], world["b"]
    client_a = world["client_a"]
    client_a.post(
        reverse("register_by_id", args=[a.pk]),
        {"section": a.sections.get().pk, "ids": "40000001"},
    )
    section = a.sections.get()
    document = json.loads(client_a.get(reverse("tournament_backup", args=[section.pk])).content)
    document["entries"][0]["name"] = "HACKED, Name"
    document["entries"][0]["rating"] = 100
    before, seen = shared_state(b), public_view(b)
    restore = io.BytesIO(json.dumps(document).encode())
    restore.name = "backup.json"
    response = client_a.post(reverse("tournament_restore"), {"file": restore})
    # Sato's ID under another name: refused as registration refuses it (issue 23).
    assert "US Chess ID 40000001 is Sato, Ken in the US Chess supplement" in response.text
    document["entries"][0]["name"] = "Sato, K."  # a respelling: linked, and still no change
    restore = io.BytesIO(json.dumps(document).encode())
    restore.name = "backup.json"
    response = client_a.post(reverse("tournament_restore"), {"file": restore})
    assert response.status_code == 302, response.content
    assert shared_state(b) == before
    assert_same(seen, public_view(b))
