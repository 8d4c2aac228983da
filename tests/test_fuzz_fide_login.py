"""Fuzzing the forms test_fuzz_forms.py does not reach (issue 23, item 13): those shown once a
FIDE rating list is imported (picking players from the list, updating the ratings from it,
the look-up, the officers' upload page), the login form with django-axes throttling on, and
the logout POST. The one assertion is that of test_fuzz_forms.py: no HTTP 500.
``FUZZ_EXAMPLES`` runs more examples (default: the CI's small count)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from fide.importer import import_list
from players.models import Player
from tests.conftest import _in_arbiters_group
from tests.fide import lists
from tests.test_fuzz_forms import FUZZ, ODD, Form, _all_forms, _tournament, fuzz, no_500
from tournaments.models import Entry, Tournament

LISTED = (lists.CARLSEN, lists.HOU, lists.MULLER, lists.CARLSSON, lists.NEWCOMER)


class FideWorld:
    """An imported FIDE list, an arbiter's unpaired tournament whose entries are on the list
    with other ratings, another arbiter's tournament, a rating officer."""

    def __init__(self) -> None:
        import_list(io.BytesIO(lists.txt(LISTED)), source="players_list_foa.txt")
        me = _in_arbiters_group(User.objects.create_user("fide-me", password="a-long-pass-1"))
        them = _in_arbiters_group(User.objects.create_user("fide-them", password="a-long-pass-2"))
        officer = User.objects.create_user("fide-officer", password="a-long-pass-3")
        officer.is_staff = True
        officer.save()
        officer.groups.add(Group.objects.get(name="Rating officers"))
        self.mine = Tournament.objects.create(
            name="Listed", start_date="2026-04-01", end_date="2026-04-03", rounds=5
        )
        self.mine.arbiters.add(me)
        for number, row in enumerate(LISTED[:3], start=1):
            player = Player.objects.create(name=row[1], fide_id=row[0], fide_rating=1000)
            Entry.objects.create(
                tournament=self.mine,
                player=player,
                pairing_number=number,
                rating=1000,
                fide_id=row[0],
            )
        other = _tournament(them, "Theirs", players=3)
        self.foreign = [str(other.pk), *map(str, other.entries.values_list("pk", flat=True))]
        self.arbiter, self.officer = Client(), Client()
        self.arbiter.force_login(me)
        self.officer.force_login(officer)
        self.forms: dict[str, list[Form]] = {}

    def arbiter_pages(self) -> list[str]:
        pick = reverse("entry_pick_fide", args=[self.mine.pk])
        return [
            pick,
            f"{pick}?q=Carls",  # the list's players, each with its "Register" form
            f"{pick}?q=15030",
            reverse("fide_ratings_update", args=[self.mine.pk]),
            reverse("fide_lookup"),
        ]


@pytest.fixture
def fide_world(db: None) -> FideWorld:
    return FideWorld()


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_every_fide_list_form_never_answers_500(fide_world: FideWorld, data: st.DataObject) -> None:
    w = fide_world
    if not w.forms.get("arbiter"):
        w.forms["arbiter"] = _all_forms(w.arbiter, w.arbiter_pages())
    fuzz(w.arbiter, w.forms["arbiter"], w.foreign, data)


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_fide_upload_form_never_answers_500(fide_world: FideWorld, data: st.DataObject) -> None:
    w = fide_world
    if not w.forms.get("officer"):
        w.forms["officer"] = _all_forms(w.officer, [reverse("fide_upload"), reverse("fide_lookup")])
    fuzz(w.officer, w.forms["officer"], w.foreign, data)


@pytest.mark.django_db
def test_the_fide_crawl_finds_the_forms(fide_world: FideWorld) -> None:
    """The pages above show the forms meant: a player of the list to register (the list is
    imported), the update of the ratings (they differ from the list's), the upload."""
    w = fide_world
    forms = _all_forms(w.arbiter, w.arbiter_pages())
    pick = reverse("entry_pick_fide", args=[w.mine.pk])
    assert any(f.method == "post" and f.action == pick and "fide_id" in f.fields for f in forms)
    update = reverse("fide_ratings_update", args=[w.mine.pk])
    assert any(f.method == "post" and f.action == update for f in forms)
    upload = _all_forms(w.officer, [reverse("fide_upload")])
    assert any(f.method == "post" and "file" in f.files for f in upload)


@pytest.fixture
def throttled(settings, db: None) -> User:
    """django-axes on (the test settings turn it off), behind a trusted proxy; a user."""
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 3
    settings.TRUSTED_PROXIES = ["127.0.0.1/32"]
    return User.objects.create_user("login-me", password="a-long-pass-4")


LOGIN_TEXT = st.sampled_from([*ODD, "login-me", "a-long-pass-4", "x" * 5000 + "\x00"]) | st.text()
ADDRESSES = st.sampled_from(
    ["127.0.0.1", "10.0.0.1", "::1", "", "x", "\x00", "1.2.3.4, 127.0.0.1", "300.1.1.1", "a" * 500]
)


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_login_form_never_answers_500(throttled: User, data: st.DataObject) -> None:
    """Odd usernames and passwords (NUL bytes, 5,000 characters), a missing field, forged
    forwarded addresses, repeated until the throttling locks: 200, 302 or 429."""
    client = Client()
    fields = st.fixed_dictionaries({}, optional={"username": LOGIN_TEXT, "password": LOGIN_TEXT})
    forwarded = data.draw(ADDRESSES, label="X-Forwarded-For")
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    for values in data.draw(st.lists(fields, min_size=1, max_size=5), label="posts"):
        next_ = data.draw(st.sampled_from(["", *ODD, "//evil.example/"]), label="next")
        url = reverse("login") + (f"?next={next_}" if next_ else "")
        response = client.post(url, values, headers=headers)
        no_500(response)
        assert response.status_code in (200, 302, 400, 429), response.status_code


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_logout_post_never_answers_500(throttled: User, data: st.DataObject) -> None:
    client = Client()
    if data.draw(st.booleans(), label="logged in"):
        client.force_login(throttled)
    values = data.draw(
        st.fixed_dictionaries({}, optional={"next": st.sampled_from(ODD), "x": LOGIN_TEXT})
    )
    response = client.post(reverse("logout"), values)
    no_500(response)
    assert response.status_code in (200, 302), response.status_code


@pytest.mark.django_db
@pytest.mark.parametrize("q", ["²", "1²", "٣", "𝟘"])
def test_a_non_ascii_digit_looked_up_in_the_fide_list_is_no_500(fide_world: FideWorld, q: str):
    """'²'.isdigit() is true and int('²') raises: the look-up read it as an ID (a 500 found by
    this fuzzing); it is a name's start that no player of the list has."""
    w = fide_world
    pick = w.arbiter.get(reverse("entry_pick_fide", args=[w.mine.pk]), {"q": q})
    assert pick.status_code == 200
    assert "No player of the FIDE list matches" in pick.content.decode()
    assert w.arbiter.get(reverse("fide_lookup"), {"q": q}).status_code == 200
