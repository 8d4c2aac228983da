"""Fuzzing (hypothesis): mutated TRF files through the web import, random values through every
form, odd query strings on the public pages. The one assertion: no HTTP 500 (the test client
re-raises the exception of a 500, so a failure names it). Each example runs in a transaction
that is rolled back. Derandomized, so that CI is reproducible; ``FUZZ_EXAMPLES`` runs more.

The mutations are those of the audit of issue 16 (2,210 mutated TRF files, 1,056 form
requests): a line cut, doubled or replaced, a slice overwritten with digits, signs, non-ASCII
digits or a long run of characters, header records with extreme values."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from players.models import Player
from tests.engine.corpus import CORPUS
from tournaments import services
from tournaments.models import Entry, Game, Tournament

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
SEEDS = [
    CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf",
    sorted((CORPUS / "tcec").glob("*_d_*.trf"))[0],
    sorted((CORPUS / "dubov-2018").glob("*.trf"))[0],
]
HEADERS = [
    "XXS WW=-2",
    "XXS WW=0.5 BW=1 D=2",
    "XXS WW=1000",
    "BBW -2",
    "BBD 3",
    "BBZ 1",
    "XXR 40000",
    "XXR 0",
    "XXR ²",
    "XXT double",
    "XXC black1",
    "XXA    1 0000 H",
    "XXZ 3 99999",
    "012 " + "N" * 250,
    "022 " + "C" * 250,
    "202 " + "BH, " * 80,
    "162 W 2.0 D -1.0",
    "132" + " " * 88 + "26/04/01",
]
NOISE = st.text(
    alphabet=st.sampled_from([*"0123456789 -+=.wbWBDLFHUZ²٣\t/xX", "\u00e9", "\ufeff"]),
    max_size=40,
) | st.sampled_from(["9" * 12, "-" * 9, "A" * 300, "0000", " " * 120])


@st.composite
def mutated_trf(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(SEEDS)).read_text().splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["overwrite", "cut", "double", "drop", "header"]))
        line = lines[i]
        if kind == "overwrite":
            at = draw(st.integers(0, max(len(line), 1)))
            noise = draw(NOISE)
            lines[i] = line[:at] + noise + line[at + len(noise) :]
        elif kind == "cut":
            lines[i] = line[: draw(st.integers(0, len(line)))]
        elif kind == "double":
            lines.insert(i, line)
        elif kind == "drop" and len(lines) > 2:
            del lines[i]
        else:
            lines.insert(i, draw(st.sampled_from(HEADERS)))
    return "\n".join(lines) + "\n"


def rolled_back(run):
    """Run ``run()`` in a transaction that is rolled back (each example starts clean)."""
    with transaction.atomic():
        run()
        transaction.set_rollback(True)


def no_500(response) -> None:
    assert response.status_code < 500, response.status_code


@pytest.fixture
def arbiter_user(db: None) -> User:
    """In the Arbiters group: without it the creation forms answered 403 and were never
    fuzzed (issue 23, item 13)."""
    from tests.conftest import _in_arbiters_group

    return _in_arbiters_group(
        User.objects.create_user("fuzz-arbiter", password="a-long-test-password")
    )


@pytest.fixture
def logged_in(arbiter_user: User) -> Client:
    client = Client()
    client.force_login(arbiter_user)
    return client


@pytest.mark.django_db
@FUZZ
@given(text=mutated_trf(), system=st.sampled_from(["", "dutch", "dubov", "tcec", "bogus"]))
def test_the_web_import_never_answers_500(logged_in: Client, text: str, system: str) -> None:
    url = reverse("tournament_import_trf")
    rolled_back(lambda: no_500(logged_in.post(url, {"text": text, "pairing_system": system})))


SHORT = st.text(max_size=12)
ANY = st.one_of(
    SHORT,
    st.sampled_from(["", "0", "-1", "²", "99999999999999999999", "1.5", "1e9", "2026-02-30"]),
    st.text(min_size=190, max_size=260),
)


@pytest.mark.django_db
@FUZZ
@given(
    values=st.fixed_dictionaries(
        {
            k: ANY
            for k in (
                "name",
                "place",
                "federation",
                "start_date",
                "end_date",
                "pairing_system",
                "rounds",
                "initial_colour",
                "seeding",
                "late_entry_bye",
                "rating_system",
                "win",
                "draw",
                "loss",
                "bye",
                "half_bye",
                "tie_break_1",
                "tie_break_2",
                "tie_break_3",
                "dutch_edition",
                "pairing_rating",
                "acceleration",
                "accelerated_rounds",
                "chief_arbiter_fide_id",
                "time_control_code",
                "round_schedule",
            )
        }
    )
)
def test_the_tournament_form_never_answers_500(logged_in: Client, values: dict) -> None:
    rolled_back(lambda: no_500(logged_in.post(reverse("tournament_create"), values)))


@pytest.fixture
def running(arbiter_user: User) -> Tournament:
    """A 6-player Dutch tournament: round 1 finished, round 2 published and pending."""
    t = Tournament.objects.create(
        name="Fuzz Open", start_date="2026-04-01", end_date="2026-04-03", rounds=5
    )
    t.arbiters.add(arbiter_user)
    for i in range(1, 7):
        player = Player.objects.create(name=f"Player {i}", fide_rating=2400 - 10 * i)
        Entry.objects.create(tournament=t, player=player, pairing_number=i, rating=2400 - 10 * i)
    for number in (1, 2):
        rnd = services.pair_next_round(t.pk)
        services.publish_round(rnd.pk)
        if number == 1:
            for game in rnd.games.all():
                services.set_result(game.pk, "1-0")
    return t


ENTRY_FIELDS = ("name", "title", "sex", "federation", "fide_id", "birth_date", "rating")


@pytest.mark.django_db
@FUZZ
@given(
    values=st.fixed_dictionaries({k: ANY for k in ENTRY_FIELDS}),
    quick=st.booleans(),
)
def test_registration_forms_never_answer_500(
    logged_in: Client, running: Tournament, values: dict, quick: bool
) -> None:
    entry = running.entries.first()
    assert entry is not None

    def run() -> None:
        add = values | ({"quick": "1"} if quick else {})
        no_500(logged_in.post(reverse("entry_add", args=[running.pk]), add))
        edit = values | {"pairing_number": values["rating"]}
        no_500(logged_in.post(reverse("entry_edit", args=[running.pk, entry.pk]), edit))

    rolled_back(run)


CSV = st.lists(
    st.lists(ANY, min_size=1, max_size=8).map(lambda cells: ",".join(cells)), max_size=6
).map(lambda rows: "\n".join(["name,rating,title,federation,fide_id,birth_date,sex", *rows]))


@pytest.mark.django_db
@FUZZ
@given(text=CSV | st.text(max_size=300), confirm=st.booleans())
def test_the_csv_import_never_answers_500(
    logged_in: Client, running: Tournament, text: str, confirm: bool
) -> None:
    url = reverse("entries_import", args=[running.pk])
    data = {"text": text} | ({"confirm": "1"} if confirm else {})
    rolled_back(lambda: no_500(logged_in.post(url, data)))


@pytest.mark.django_db
@FUZZ
@given(
    round_number=ANY,
    status=st.sampled_from(["play", "half", "zero", "withdrawn", "", "x"]) | SHORT,
    result=st.sampled_from([v for v, _ in Game.Result.choices]) | SHORT,
    confirm=st.sampled_from(["", "1", "on", "x"]),
    a=ANY,
    b=ANY,
)
def test_round_and_result_forms_never_answer_500(
    logged_in: Client, running: Tournament, round_number, status, result, confirm, a, b
) -> None:
    entry = running.entries.last()
    game = Game.objects.filter(round__tournament=running, round__number=2).first()
    assert entry is not None and game is not None
    t = running.pk

    def run() -> None:
        no_500(
            logged_in.post(
                reverse("entry_availability", args=[t, entry.pk]),
                {"round": round_number, "status": status},
            )
        )
        no_500(
            logged_in.post(
                reverse("game_result", args=[t, game.pk]),
                {"result": result, "confirm": confirm},
                headers={"HX-Request": "true"},
            )
        )
        no_500(logged_in.post(reverse("round_pair", args=[t]), {"round": round_number}))
        no_500(logged_in.post(reverse("round_exchange", args=[t, 3]), {"a": a, "b": b}))
        no_500(logged_in.post(reverse("round_swap_colours", args=[t, 3]), {"board": a}))

    rolled_back(run)


@pytest.mark.django_db
@FUZZ
@given(
    query=st.dictionaries(
        st.sampled_from(["round", "order", "page", "sort", "q", "system", "per_page", "x"]),
        ANY,
        max_size=4,
    ),
    htmx=st.booleans(),
)
def test_public_pages_never_answer_500(
    client: Client, running: Tournament, query: dict, htmx: bool
) -> None:
    entry = running.entries.first()
    assert entry is not None
    headers = {"HX-Request": "true"} if htmx else {}
    for path in (
        reverse("tournament_detail", args=[running.pk]),
        reverse("tournament_standings", args=[running.pk]),
        reverse("tournament_crosstable", args=[running.pk]),
        reverse("entry_detail", args=[running.pk, entry.pk]),
        reverse("rating_list"),
        reverse("home"),
    ):
        no_500(client.get(path, query, headers=headers))


def test_the_seeds_exist() -> None:
    assert all(Path(p).exists() for p in SEEDS)


# -- issue 23, item 13: the settings' FIDE report fields and extreme dates ----------------------

DATES = st.sampled_from(
    ["0001-01-01", "0999-12-31", "1000-01-01", "9999-12-31", "2026-04-01", "2026-04-02"]
) | st.dates().map(lambda d: f"{d.year:04d}-{d:%m-%d}")
SCHEDULE = st.lists(
    st.one_of(
        DATES,
        st.tuples(DATES, st.sampled_from(["00:00", "23:59", "10:00", "24:00", "9:5"])).map(
            " ".join
        ),
        st.sampled_from(["01.01.0001", "31.12.9999 23:59", "2026-04-01 10:00"]),
        SHORT,
    ),
    max_size=4,
).map("\n".join)


@pytest.mark.django_db
@FUZZ
@given(
    start=DATES,
    end=DATES,
    schedule=SCHEDULE,
    report=st.fixed_dictionaries(
        {
            k: ANY
            for k in (
                "chief_arbiter",
                "chief_arbiter_fide_id",
                "deputy_arbiters",
                "time_control",
                "time_control_code",
            )
        }
    ),
    birth=DATES,
)
def test_the_settings_and_dates_never_answer_500(
    logged_in: Client, running: Tournament, start, end, schedule, report, birth
) -> None:
    """The tournament's settings with its report fields and any date (year 1 to 9999), a
    player's birth date likewise; then every page that writes them (dashboard, TRF export,
    printouts, public pages)."""
    entry = running.entries.first()
    assert entry is not None
    t = running.pk
    settings_form = {
        "name": "Fuzz Open",
        "start_date": start,
        "end_date": end,
        "pairing_system": "dutch",
        "rounds": 5,
        "initial_colour": "w",
        "seeding": "rating",
        "late_entry_bye": "H",
        "win": "1",
        "draw": "0.5",
        "loss": "0",
        "bye": "1",
        "half_bye": "0.5",
        "round_schedule": schedule,
        **report,
    }
    person = {"name": "Player 1", "federation": "USA", "rating": "2390", "birth_date": birth}

    def run() -> None:
        no_500(logged_in.post(reverse("tournament_edit", args=[t]), settings_form))
        no_500(logged_in.post(reverse("entry_edit", args=[t, entry.pk]), person))
        for path in (
            reverse("tournament_manage", args=[t]),
            reverse("tournament_export_trf", args=[t]),
            reverse("tournament_backup", args=[t]),
            reverse("print_standings", args=[t]),
            reverse("tournament_detail", args=[t]),
            reverse("entry_detail", args=[t, entry.pk]),
            reverse("home"),
        ):
            no_500(logged_in.get(path))

    rolled_back(run)
