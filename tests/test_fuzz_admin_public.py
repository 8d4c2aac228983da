"""Fuzzing the admin's pages for the project's models (a superuser and a rating officer: the
change lists' search, filters, ordering and page numbers with odd values, the add and change
forms posted with odd values) and every public URL pattern with odd query strings (issue 23,
item 13). The one assertion is that of test_fuzz_forms.py: no HTTP 500; public pages answer
200, 302, 304, 400 or 404. ``FUZZ_EXAMPLES`` runs more examples."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from hypothesis import given
from hypothesis import strategies as st

from ratings import events
from ratings.models import Event
from tests.conftest import _in_arbiters_group
from tests.test_fuzz_forms import (
    FUZZ,
    ODD,
    PATH_NUMBERS,
    Form,
    _Forms,
    _rounds,
    _tournament,
    distinct,
    fuzz,
    no_500,
    rolled_back,
)
from tournaments.models import Tournament

APPS = ("players", "tournaments", "ratings", "fide")
"""The project's apps whose models the admin shows."""
QUERY_VALUES = st.sampled_from([*ODD, *PATH_NUMBERS, "-name", "name", "1.2.3", "-", "99999"])


def project_models() -> list[tuple[str, str]]:
    return sorted(
        (m._meta.app_label, m._meta.model_name or "")
        for m in admin.site._registry
        if m._meta.app_label in APPS
    )


class AdminWorld:
    """A tournament with rounds and an event (rows in every change list), a superuser and a
    rating officer."""

    def __init__(self) -> None:
        arbiter = _in_arbiters_group(User.objects.create_user("adm-arb", password="a-long-pass"))
        t = _tournament(arbiter, "Admin Open", players=5)
        _rounds(t, finished=1, published=1, draft=False)
        self.tournament = t
        day = date(2026, 5, 2)
        self.event = Event.objects.create(name="Admin Festival", start_date=day, end_date=day)
        self.event.arbiters.add(arbiter)
        events.add_section(self.event.pk, events.SectionSettings(name="Open", rounds=3))
        root = User.objects.create_superuser("adm-root", password="a-long-pass-5")
        officer = User.objects.create_user("adm-officer", password="a-long-pass-6", is_staff=True)
        officer.groups.add(Group.objects.get(name="Rating officers"))
        self.root, self.officer = Client(), Client()
        self.root.force_login(root)
        self.officer.force_login(officer)
        self.forms: dict[str, list[Form]] = {}


@pytest.fixture
def admin_world(db: None) -> AdminWorld:
    return AdminWorld()


def admin_forms(client: Client) -> list[Form]:
    """The add form of every model that has one, and the change form of its first row."""
    found: list[Form] = []
    for app, model in project_models():
        changelist = client.get(reverse(f"admin:{app}_{model}_changelist"))
        if changelist.status_code != 200:
            continue
        pages = [reverse(f"admin:{app}_{model}_add")]
        page = changelist.content.decode()
        first = re.search(rf'href="(/admin/{app}/{model}/\d+/change/)"', page)
        if first:
            pages.append(first.group(1))
        for page in pages:
            response = client.get(page)
            if response.status_code != 200:
                continue
            parser = _Forms(page)
            parser.feed(response.content.decode())
            found += [f for f in parser.forms if f.method == "post" and "/logout/" not in f.action]
    return distinct(found)


def _admin_query(data: st.DataObject, client: Client) -> None:
    app, model = data.draw(st.sampled_from(project_models()), label="model")
    url = reverse(f"admin:{app}_{model}_changelist")
    changelist = client.get(url)
    no_500(changelist)
    filters = sorted(set(re.findall(r'href="\?([a-z_]+)=', changelist.content.decode())))
    keys = ["q", "o", "p", "e", "all", "_popup", "_to_field", "unknown", *filters]
    query = data.draw(
        st.dictionaries(st.sampled_from(keys), QUERY_VALUES, min_size=1, max_size=3), label="query"
    )
    no_500(client.get(url, query))


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_admin_change_lists_never_answer_500(
    admin_world: AdminWorld, data: st.DataObject
) -> None:
    client = data.draw(st.sampled_from([admin_world.root, admin_world.officer]), label="user")
    rolled_back(lambda: _admin_query(data, client))


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_admin_add_and_change_forms_never_answer_500(
    admin_world: AdminWorld, data: st.DataObject
) -> None:
    w = admin_world
    if not w.forms:
        w.forms = {"root": admin_forms(w.root), "officer": admin_forms(w.officer)}
    who = data.draw(st.sampled_from(["root", "officer"]), label="user")
    client = w.root if who == "root" else w.officer
    fuzz(client, w.forms[who], [str(w.tournament.pk)], data)


@pytest.mark.django_db
def test_the_admin_crawl_finds_the_forms(admin_world: AdminWorld) -> None:
    """Every model's change list answers the superuser; the add forms of the models the admin
    lets one add are found."""
    for app, model in project_models():
        url = reverse(f"admin:{app}_{model}_changelist")
        assert admin_world.root.get(url).status_code == 200, url
    actions = {re.sub(r"/\d+/", "/N/", f.action) for f in admin_forms(admin_world.root)}
    for app, model in (("tournaments", "tournament"), ("players", "player")):
        assert reverse(f"admin:{app}_{model}_add") in actions
        assert f"/admin/{app}/{model}/N/change/" in actions
    officer = {f.action for f in admin_forms(admin_world.officer)}
    assert reverse("admin:ratings_ratingrecord_add") in officer


def _patterns(resolver: URLResolver, prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            if str(p.pattern) != "admin/":
                yield from _patterns(p, prefix + str(p.pattern))
        elif p.name:
            yield prefix + str(p.pattern), p


class PublicWorld:
    """A tournament with a finished and a published round, an event; a visitor."""

    def __init__(self) -> None:
        arbiter = _in_arbiters_group(User.objects.create_user("pub-arb", password="a-long-pass"))
        t = _tournament(arbiter, "Public Open", players=7)
        _rounds(t, finished=2, published=1, draft=False)
        day = date(2026, 5, 2)
        event = Event.objects.create(name="Public Festival", start_date=day, end_date=day)
        events.add_section(event.pk, events.SectionSettings(name="Open", rounds=3))
        entry = t.entries.order_by("pairing_number").first()
        assert entry is not None
        section = event.sections.get()
        self.ids = {
            "pk": [t.pk, event.pk, section.pk],  # a tournament's, an event's, a section's
            "tournament_id": [t.pk],
            "entry_pk": [entry.pk],
            "player_id": [entry.player_id],
            "event_id": [event.pk],
            "number": [1, 3],
        }
        self.tournament: Tournament = t
        self.visitor = Client()

    def public_urls(self) -> list[str]:
        """Every URL pattern whose page a visitor reads (200 with the world's ids)."""
        urls = []
        for route, pattern in _patterns(get_resolver()):
            names = re.findall(r"<(?:\w+:)?(\w+)>", route)
            if not all(n in self.ids for n in names):
                continue
            for ids in itertools.product(*(self.ids[n] for n in names)):
                url = reverse(pattern.name or "", kwargs=dict(zip(names, ids, strict=True)))
                if self.visitor.get(url).status_code == 200:
                    urls.append(url)
        return urls


@pytest.fixture
def public_world(db: None) -> PublicWorld:
    return PublicWorld()


PUBLIC_KEYS = ["q", "round", "view", "page", "per_page", "sort", "order", "archived", "paper"]
PUBLIC_KEYS += ["system", "format", "limit", "unknown"]


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_public_query_strings_never_answer_500(public_world: PublicWorld, data: st.DataObject):
    w = public_world
    if not getattr(w, "urls", None):
        w.urls = w.public_urls()  # type: ignore[attr-defined]
    url = data.draw(st.sampled_from(w.urls), label="url")  # type: ignore[attr-defined]
    values = st.one_of(QUERY_VALUES, st.lists(QUERY_VALUES, min_size=2, max_size=3))
    query: dict[str, Any] = data.draw(
        st.dictionaries(st.sampled_from(PUBLIC_KEYS), values, min_size=1, max_size=3),
        label="query",
    )
    response = w.visitor.get(url, query)
    assert response.status_code in (200, 302, 304, 400, 404), (url, response.status_code)


@pytest.mark.django_db
def test_the_public_crawl_finds_every_public_page(public_world: PublicWorld) -> None:
    urls = {re.sub(r"/\d+/", "/N/", u) for u in public_world.public_urls()}
    assert "/tournaments/N/standings/" in urls
    assert "/tournaments/N/players/N/" in urls
    assert "/events/N/" in urls
    assert reverse("rating_list") in urls


@pytest.mark.django_db
@pytest.mark.parametrize("model", ["tournaments/tournament", "ratings/event"])
@pytest.mark.parametrize(
    "query",
    [
        {"start_date__year": "-2147483649"},  # OverflowError in datetime()
        {"start_date__year": "9" * 20},
        {"start_date__year": "9999"},  # the next year, 10000, is no date
        {"start_date__year": "9999", "start_date__month": "12", "start_date__day": "31"},
    ],
)
def test_an_admin_date_hierarchy_year_out_of_range_is_a_wrong_filter(
    admin_world: AdminWorld, model: str, query: dict[str, str]
) -> None:
    """A 500 found by this fuzzing: Django's date hierarchy catches only some of the errors
    of a year out of range; the admin now answers as for any wrong filter (``?e=1``)."""
    response = admin_world.root.get(f"/admin/{model}/", query)
    assert response.status_code == 302
    assert response["Location"].endswith("?e=1")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("/admin/ratings/ratingrecord/add/", "player"),
        ("/admin/tournaments/entry/add/", "player"),
        ("/admin/tournaments/entry/add/", "tournament"),
    ],
)
@pytest.mark.parametrize("value", ["x", "0000-00-00", "9" * 40, "-1"])
def test_an_unknown_value_posted_to_an_admin_autocomplete_is_a_form_error(
    admin_world: AdminWorld, url: str, field: str, value: str
) -> None:
    """A 500 found by this fuzzing: the autocomplete widget, re-shown with the form's errors,
    looked the posted value up as it is (ValueError for "x")."""
    response = admin_world.root.post(url, {field: value, "reason": "test"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
