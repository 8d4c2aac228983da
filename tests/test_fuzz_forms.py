"""Fuzzing every arbiter's and rating officer's form (issue 23, item 13): the forms are found
by reading the pages (every ``<form>`` with its fields and choices), then posted with odd
values — huge and negative numbers, non-ASCII digits, NUL bytes, very long strings, invalid
dates, unknown choices, duplicated fields, unknown fields, an empty multipart body, and the ids
and numbers of another arbiter's tournament. The one assertion: no HTTP 500 (the test client
re-raises the exception of a 500, so a failure names it). Each example runs in a transaction
that is rolled back. Derandomized for CI; ``FUZZ_EXAMPLES`` runs more (the audit's 6,444
submissions: ``FUZZ_EXAMPLES=150``)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from players.models import Player
from ratings import events
from ratings import services as rating_services
from ratings.models import Event
from tests.conftest import _in_arbiters_group
from tournaments import services
from tournaments.models import Entry, ForbiddenPair, Game, Tournament

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ODD = [
    "",
    " ",
    "0",
    "-1",
    "-2147483649",
    "2147483648",
    "9223372036854775808",
    "9" * 40,
    "1e309",
    "NaN",
    "-inf",
    "0x1F",
    "1.5",
    "½",
    "²",
    "٣",
    "𝟘",
    "é",
    "\u202e",
    "\x00",
    "a\x00b",
    "x" * 5000,
    "2026-02-30",
    "0000-00-00",
    "0001-01-01",
    "9999-12-31",
    "10000-01-01",
    "31.12.9999 23:59",
    "2026-04-01 24:00",
    "bogus",
    "on",
    "true",
    "None",
    "[]",
    "{}",
]
"""Values posted to any field."""


@dataclass
class Form:
    """A form found on a page: where it goes, how, its fields and their offered choices."""

    page: str
    action: str
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)
    files: set[str] = field(default_factory=set)
    """The fields that upload a file."""
    defaults: dict[str, str] = field(default_factory=dict)
    """What the page submits as it is (the values shown, the options selected)."""

    def __repr__(self) -> str:
        return f"{self.method} {self.action} ({self.page})"


class _Forms(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__()
        self.page, self._select, self._textarea = page, "", ""
        self.forms: list[Form] = []
        self._form: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        form = self._form
        if tag == "form":
            method = a.get("method", "get").lower()
            self._form = Form(self.page, a.get("action") or self.page, method)
            self.forms.append(self._form)
        elif form is not None and tag in ("input", "select", "textarea", "button"):
            name = a.get("name", "")
            if not name or name == "csrfmiddlewaretoken":
                return
            kind = a.get("type", "")
            if kind == "file":
                form.files.add(name)
            values = form.fields.setdefault(name, [])
            if a.get("value"):
                values.append(a["value"])
            checked = kind not in ("checkbox", "radio", "submit") or "checked" in a
            if tag == "input" and checked and kind != "file":
                form.defaults.setdefault(name, a.get("value", "on" if kind else ""))
            self._select = name if tag == "select" else ""
            self._textarea = name if tag == "textarea" else ""
            if self._textarea:
                form.defaults[name] = ""
        elif tag == "option" and form is not None and self._select:
            value = a.get("value", "")
            form.fields.setdefault(self._select, []).append(value)
            if "selected" in a or self._select not in form.defaults:
                form.defaults[self._select] = value

    def handle_data(self, data: str) -> None:
        if self._form is not None and self._textarea:
            self._form.defaults[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = ""
        elif tag == "textarea":
            self._textarea = ""


def forms_of(client: Client, page: str) -> list[Form]:
    response = client.get(page)
    assert response.status_code == 200, (page, response.status_code)
    parser = _Forms(page)
    parser.feed(response.content.decode())
    skip = ("/accounts/logout/", "/admin/")
    return [f for f in parser.forms if f.action.startswith("/") and not f.action.startswith(skip)]


def distinct(forms: list[Form]) -> list[Form]:
    """One form per URL pattern and method (a page has a result form per board), with the
    fields of all of them."""
    out: dict[tuple[str, str], Form] = {}
    for f in forms:
        key = (re.sub(r"/\d+/", "/N/", f.action), f.method)
        if key in out:
            for name, values in f.fields.items():
                out[key].fields.setdefault(name, []).extend(values)
            out[key].files |= f.files
        else:
            out[key] = f
    return list(out.values())


def rolled_back(run: Callable[[], None]) -> None:
    with transaction.atomic():
        run()
        transaction.set_rollback(True)


def no_500(response: Any) -> None:
    assert response.status_code < 500, response.status_code


def _tournament(arbiter: User, name: str, players: int = 7) -> Tournament:
    t = Tournament.objects.create(
        name=name, start_date="2026-04-01", end_date="2026-04-03", rounds=5, fide_rated=True
    )
    t.arbiters.add(arbiter)
    for i in range(1, players + 1):
        player = Player.objects.create(name=f"{name} Player {i}", fide_rating=2400 - 10 * i)
        Entry.objects.create(tournament=t, player=player, pairing_number=i, rating=2400 - 10 * i)
    return t


def _rounds(t: Tournament, finished: int, published: int, draft: bool) -> None:
    for number in range(1, finished + published + 1):
        rnd = services.pair_next_round(t.pk)
        services.publish_round(rnd.pk)
        games = list(rnd.games.order_by("board"))
        for game in games if number <= finished else games[:1]:
            services.set_result(game.pk, "1-0")
    if draft:
        services.pair_next_round(t.pk)


@dataclass
class World:
    """Two arbiters' tournaments, an event with sections, a submission for rating."""

    arbiter: Client
    officer: Client
    mine: Tournament
    other: Tournament
    finished: Tournament
    to_pair: Tournament
    """A Dubov tournament whose round 2 is to be paired, with an unrated late entry."""
    event: Event
    foreign: list[str]
    """Ids and numbers of the other arbiter's objects."""
    pages: dict[str, list[Form]] = field(default_factory=dict)
    """The forms found, by test (read once per test)."""


@pytest.fixture
def world(db: None) -> World:
    me = _in_arbiters_group(User.objects.create_user("fuzz-me", password="a-long-password-1"))
    them = _in_arbiters_group(User.objects.create_user("fuzz-them", password="a-long-password-2"))
    officer = User.objects.create_user("fuzz-officer", password="a-long-password-3")
    officer.is_staff = True
    officer.save()
    officer.groups.add(Group.objects.get(name="Rating officers"))
    mine = _tournament(me, "Mine")
    _rounds(mine, finished=1, published=1, draft=False)
    other = _tournament(them, "Theirs", players=5)
    _rounds(other, finished=2, published=0, draft=True)
    paired = _tournament(me, "Dubov", players=5)  # round 2 to pair: the pairing forms
    Tournament.objects.filter(pk=paired.pk).update(pairing_system="dubov")
    _rounds(paired, finished=1, published=0, draft=False)
    late = Player.objects.create(name="Late Unrated")  # Dubov A.1: a provisional rating first
    Entry.objects.create(tournament=paired, player=late, pairing_number=6, joined_round=2)
    finished = _tournament(me, "Done", players=4)
    finished.rounds, finished.rating_system = 1, Tournament.RatingSystem.REGULAR
    finished.save()
    _rounds(finished, finished=1, published=0, draft=False)
    finished.refresh_from_db()
    rating_services.submit_for_rating(finished.pk, me)
    day = date(2026, 5, 2)
    event = Event.objects.create(name="Fuzz Festival", start_date=day, end_date=day)
    event.arbiters.add(me)
    for name, low in (("Open", None), ("U1600", 1200)):
        settings_ = events.SectionSettings(name=name, rounds=3, rating_min=low, rating_max=None)
        section = events.add_section(event.pk, settings_)
        for i in range(1, 4):
            player = Player.objects.create(name=f"{name} {i}", fide_rating=1300 + 100 * i)
            Entry.objects.create(
                tournament=section, player=player, pairing_number=i, rating=1300 + 100 * i
            )
    first, second = mine.entries.order_by("pairing_number")[:2]
    ForbiddenPair.objects.create(tournament=mine, first=first, second=second)
    foreign = [str(pk) for pk in other.entries.values_list("pk", flat=True)]
    foreign += [str(pk) for pk in Game.objects.filter(round__tournament=other).values_list("pk")]
    foreign += [str(other.pk), str(other.round_set.get(number=3).pk), "3", "99"]
    arbiter, officer_client = Client(), Client()
    arbiter.force_login(me)
    officer_client.force_login(officer)
    return World(arbiter, officer_client, mine, other, finished, paired, event, foreign)


def arbiter_pages(w: World) -> list[str]:
    t, e = w.mine.pk, w.event.pk
    entry = w.mine.entries.order_by("pairing_number").first()
    assert entry is not None
    section = w.event.sections.order_by("pk").first()
    assert section is not None
    return [
        reverse("tournament_create"),
        reverse("tournament_import_trf"),
        reverse("tournament_restore"),
        reverse("tournament_manage", args=[t]),
        reverse("tournament_edit", args=[t]),
        reverse("entry_add", args=[t]),
        reverse("entries_import", args=[t]),
        reverse("entry_edit", args=[t, entry.pk]),
        reverse("pairing_constraints", args=[t]),
        reverse("tournament_delete", args=[t]),
        reverse("round_manage", args=[t, 1]),
        reverse("round_manage", args=[t, 2]),
        reverse("tournament_manage", args=[w.finished.pk]),
        reverse("tournament_manage", args=[w.to_pair.pk]),
        reverse("event_create"),
        reverse("event_edit", args=[e]),
        reverse("event_manage", args=[e]),
        reverse("event_uscf", args=[e]),
        reverse("prize_fund", args=[section.pk]),
    ]


def draft_pages(w: World) -> list[str]:
    """After round 2 is finished: the draft of round 3 with every hand-pairing form."""
    return [reverse("round_manage", args=[w.mine.pk, 3]), reverse("round_undo", args=[w.mine.pk])]


def officer_pages(w: World) -> list[str]:
    request = w.finished.rating_requests.get()
    return [
        reverse("rating_requests"),
        reverse("rating_request", args=[request.pk]),
        reverse("official_supplement"),
        reverse("fide_upload"),
    ]


UPLOADS = [
    b"",
    b"\x00" * 64,
    b"\xff\xfe\x00x",
    "é,ü\n".encode("latin-1"),
    b"012 Fuzz\n001    1 m    Player 1" + b"\x00" * 3,
    b'{"format": "swissmanager-backup", "version": 999}',
    b"ID,Name,State,Expires,Regular,Quick\n" + b"9" * 40 + b",\x00,CA,0000-00-00,-1,1e309\n",
    b"x" * 300_000,
]
"""File contents uploaded to any file field."""
PATH_NUMBERS = ["0", "2147483648", "9223372036854775808", "9" * 30]
"""Numbers put into a form's URL in place of an id (with the other tournament's ids)."""


def values_for(form: Form, name: str, foreign: list[str]) -> st.SearchStrategy[str]:
    own = form.fields.get(name) or ["x"]
    return st.sampled_from(own) | st.sampled_from(ODD) | st.sampled_from(foreign)


def payload(form: Form, foreign: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """The form as the page submits it, with one to three fields changed (legal values, odd
    ones, other tournaments' ids; some posted twice with different values, or left out) and
    an unknown field now and then; or any subset of the fields with such values."""
    names = [*sorted(form.fields), "unknown-field"]
    value = {n: values_for(form, n, foreign) for n in names}
    twice = {n: st.lists(values_for(form, n, foreign), min_size=2, max_size=3) for n in names}
    changed = {n: st.one_of(value[n], twice[n], st.none()) for n in names}

    @st.composite
    def near_the_page(draw: st.DrawFn) -> dict[str, Any]:
        data: dict[str, Any] = dict(form.defaults)
        for name in draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True)):
            new = draw(changed[name])
            if new is None:
                data.pop(name, None)
            else:
                data[name] = new
        return data

    anything = st.fixed_dictionaries({}, optional={n: st.one_of(value[n], twice[n]) for n in names})
    return st.one_of(near_the_page(), near_the_page(), anything)


def fuzz(client: Client, forms: list[Form], foreign: list[str], data: st.DataObject) -> None:
    form = data.draw(st.sampled_from(forms), label="form")
    values = data.draw(payload(form, foreign), label="values")
    for name in sorted(form.files):
        if data.draw(st.booleans(), label=f"upload {name}"):
            content = data.draw(st.sampled_from(UPLOADS), label="content")
            values[name] = SimpleUploadedFile("fuzz.txt", content)
    action = form.action
    numbers = re.findall(r"/(\d+)/", action)
    if numbers and data.draw(st.integers(0, 3), label="path") == 0:  # another object's id
        old = data.draw(st.sampled_from(numbers), label="segment")
        new = data.draw(st.sampled_from(PATH_NUMBERS + foreign), label="number")
        action = action.replace(f"/{old}/", f"/{new}/", 1)
    htmx = data.draw(st.booleans(), label="htmx")
    headers = {"HX-Request": "true"} if htmx else {}

    def run() -> None:
        if form.method == "post":
            no_500(client.post(action, values, headers=headers))
        else:
            no_500(client.get(action, values, headers=headers))

    rolled_back(run)


def _all_forms(client: Client, pages: list[str]) -> list[Form]:
    found = distinct([f for page in pages for f in forms_of(client, page)])
    assert found
    return found


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_every_arbiter_form_never_answers_500(world: World, data: st.DataObject) -> None:
    if not world.pages.get("arbiter"):
        forms = _all_forms(world.arbiter, arbiter_pages(world))
        world.pages["arbiter"] = forms
    fuzz(world.arbiter, world.pages["arbiter"], world.foreign, data)


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_every_draft_form_never_answers_500(world: World, data: st.DataObject) -> None:
    if not world.pages.get("draft"):
        round_2 = world.mine.round_set.get(number=2)
        for game in round_2.games.filter(result=""):
            services.set_result(game.pk, "0-1")
        services.pair_next_round(world.mine.pk)
        world.pages["draft"] = _all_forms(world.arbiter, draft_pages(world))
    fuzz(world.arbiter, world.pages["draft"], world.foreign, data)


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_every_officer_form_never_answers_500(world: World, data: st.DataObject) -> None:
    if not world.pages.get("officer"):
        world.pages["officer"] = _all_forms(world.officer, officer_pages(world))
    fuzz(world.officer, world.pages["officer"], world.foreign, data)


@pytest.mark.django_db
def test_the_crawl_finds_the_forms(world: World) -> None:
    """The fuzzing reaches the forms it is meant to: those of every page above."""
    forms = _all_forms(world.arbiter, arbiter_pages(world))
    actions = {re.sub(r"/\d+/", "/N/", f.action) for f in forms}
    t, e = world.mine.pk, world.event.pk
    for name, args in (
        ("entry_add", [t]),
        ("entries_import", [t]),
        ("tournament_edit", [t]),
        ("game_result", None),
        ("entry_move", [e]),
        ("register_by_id", [e]),
        ("supplement_import", [e]),
        ("section_add", [e]),
        ("forbidden_pair_add", [t]),
        ("round_what_if", [t, 2]),
        ("round_pair", [world.to_pair.pk]),
        (
            "entry_provisional_rating",
            [world.to_pair.pk, world.to_pair.entries.get(name="Late Unrated").pk],
        ),
    ):
        if args is None:
            assert any("/result" in a for a in actions), name
        else:
            assert re.sub(r"/\d+/", "/N/", reverse(name, args=args)) in actions, name


@pytest.mark.django_db
@pytest.mark.parametrize(
    "content_type", ["multipart/form-data; boundary=xyz", "multipart/form-data"]
)
def test_an_empty_multipart_body_is_no_500(world: World, content_type: str) -> None:
    posts = [f for f in _all_forms(world.arbiter, arbiter_pages(world)) if f.method == "post"]
    for form in posts:

        def run(action: str = form.action) -> None:
            no_500(world.arbiter.generic("POST", action, b"", content_type=content_type))

        rolled_back(run)
