"""tournament_import_trf: a whole tournament from a TRF file."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.engine.corpus import CORPUS
from tournaments.models import Round, Tournament

URL = reverse("tournament_import_trf")


@pytest.mark.django_db
def test_it_imports_a_file_and_makes_the_importer_its_arbiter(
    arbiter_client: Client, arbiter
) -> None:
    path = CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf"
    upload = SimpleUploadedFile(path.name, path.read_bytes())
    data = {"file": upload, "name": "Imported", "dutch_edition": "2017"}
    response = arbiter_client.post(URL, data)
    t = Tournament.objects.get(name="Imported")
    assert response["Location"] == reverse("tournament_manage", args=[t.pk])
    assert t.is_arbiter(arbiter)
    assert t.entries.count() == 23
    assert t.round_set.filter(status=Round.Status.FINISHED).count() == 8


@pytest.mark.django_db
def test_it_reads_a_tcec_double_file(arbiter_client: Client) -> None:
    path = sorted((CORPUS / "tcec").glob("*_d_*.trf"))[0]
    arbiter_client.post(URL, {"text": path.read_text(), "pairing_system": "tcec"})
    t = Tournament.objects.get()
    assert t.pairing_system == "tcec_double"


@pytest.mark.django_db
def test_it_names_the_line_and_column_of_an_error(arbiter_client: Client) -> None:
    player = (
        "001    1      Alpha" + " " * 29 + "2000 USA" + " " * 13 + "1990/01/01  0.0    1    2 x 1"
    )
    text = f"012 Broken\n{player}\n"
    response = arbiter_client.post(URL, {"text": text})
    html = response.content.decode()
    assert "The TRF file cannot be read: line 2, column 96: round 1: unexpected" in html
    assert not Tournament.objects.exists()
    assert "Broken" in html  # the text is kept


@pytest.mark.django_db
def test_it_refuses_a_forfeit_without_an_opponent(arbiter_client: Client) -> None:
    """TRF-2026 ``0000 w +`` (a team file's forfeited board) has no game or bye to be stored
    as: the file is refused, nothing imported."""
    player = (
        "001    1      Alpha" + " " * 29 + "2000 USA" + " " * 13 + "1990/01/01  1.0    1  0000 w +"
    )
    data = {"text": f"012 Teams\n{player}\n", "dutch_edition": "2017"}
    html = arbiter_client.post(URL, data).content.decode()
    assert "Player 1 has a forfeit without an opponent in round 1" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_it_needs_a_file(arbiter_client: Client) -> None:
    assert "Choose a file or paste its text" in arbiter_client.post(URL, {}).content.decode()


@pytest.mark.django_db
def test_it_keeps_the_files_starting_ranks(arbiter_client: Client) -> None:
    path = CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf"
    arbiter_client.post(URL, {"text": path.read_text(), "dutch_edition": "2017"})
    t = Tournament.objects.get()
    t.rounds, t.status = 10, Tournament.Status.RUNNING  # two more rounds
    t.save()
    before = list(t.entries.order_by("pairing_number").values_list("name", flat=True))
    assert t.seeding == Tournament.Seeding.MANUAL
    from players.identity import PlayerData
    from tournaments import registration

    registration.register(t.pk, PlayerData(name="Late, Lou"), 2900)
    after = list(t.entries.order_by("pairing_number").values_list("name", flat=True))
    assert after == [*before, "Late, Lou"]


def eight_players(header: str) -> str:
    lines = [f"001 {i:4d}      Player {i:<27}{2600 - 10 * i:4d}" for i in range(1, 9)]
    return "012 Accelerated\nXXR 5\n192 FIDE_DUTCH_2026\n" + header + "\n".join(lines) + "\n"


@pytest.mark.django_db
def test_it_keeps_the_virtual_points_and_forbidden_pairs(arbiter_client: Client) -> None:
    header = "".join(f"XXA {n:4d}  1.0  1.0  0.5\n" for n in range(1, 5)) + "XXP    1    3\n"
    arbiter_client.post(URL, {"text": eight_players(header)})
    t = Tournament.objects.get()
    assert t.acceleration == Tournament.Acceleration.BAKU
    pair = t.forbidden_pairs.get()
    assert (pair.first.pairing_number, pair.second.pairing_number) == (1, 3)


@pytest.mark.django_db
def test_it_says_so_for_virtual_points_of_another_system(arbiter_client: Client) -> None:
    text = eight_players("XXA    1  1.0\n")
    data = {"text": text, "pairing_system": "dubov", "dubov_edition": "2026"}
    html = arbiter_client.post(URL, data).content.decode()
    assert "The TRF file cannot be imported: the file gives virtual points" in html
    assert "import it as Dutch" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_it_asks_for_the_dutch_edition_when_the_file_names_none(arbiter_client: Client) -> None:
    path = CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf"  # no record 192
    response = arbiter_client.post(URL, {"text": path.read_text()})
    assert "which edition of the FIDE Dutch rules paired it" in response.content.decode()
    assert not Tournament.objects.exists()
    arbiter_client.post(URL, {"text": path.read_text(), "dutch_edition": "2017"})
    assert Tournament.objects.get().dutch_edition == "2017"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("record", "edition"),
    [("FIDE_DUTCH_2017", "2017"), ("FIDE_DUTCH_2026", "2026"), ("FIDE_DUTCH_2025", "2026")],
)
def test_it_takes_the_dutch_edition_from_record_192(
    arbiter_client: Client, record: str, edition: str
) -> None:
    path = CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf"
    arbiter_client.post(URL, {"text": f"192 {record}\n" + path.read_text()})
    t = Tournament.objects.get()
    assert (t.pairing_system, t.dutch_edition) == ("dutch", edition)


@pytest.mark.django_db
def test_it_keeps_the_fixed_boards(arbiter_client: Client) -> None:
    arbiter_client.post(URL, {"text": eight_players("XXF    8    1\nXXF    3   12\n")})
    t = Tournament.objects.get()
    pinned = t.entries.exclude(fixed_board=None).order_by("pairing_number")
    assert [(e.pairing_number, e.fixed_board) for e in pinned] == [(3, 12), (8, 1)]


@pytest.mark.django_db
@pytest.mark.parametrize("version", [16, 26])
def test_it_reads_the_arbiters_in_either_form(arbiter_client: Client, version: int) -> None:
    """Records 102 and 112 are free text in TRF16 and TRF26 (neither gives the FIDE ID a field
    of its own): the export writes "title name (FIDE ID)", as JaVaFo's TRF(x) sample does;
    a file may also write the ID after the name, or none (a club in brackets is no ID)."""
    from pairing.services import export_trf

    header = (
        "102 IA Arbiter, Anna 1234567\n"
        "112 FA Deputy, Dan (7654321)\n"
        "112 Ralph Blum (SV Griesheim)\n"
        "112 NA Helper, Hal\n"
    )
    arbiter_client.post(URL, {"text": eight_players(header)})
    t = Tournament.objects.get()
    assert (t.chief_arbiter, t.chief_arbiter_fide_id) == ("IA Arbiter, Anna", "1234567")
    assert t.deputies == [
        ("FA Deputy, Dan", "7654321"),
        ("Ralph Blum (SV Griesheim)", ""),
        ("NA Helper, Hal", ""),
    ]
    lines = [x for x in export_trf(t, version=version).splitlines() if x[:3] in ("102", "112")]
    assert lines == [
        "102 IA Arbiter, Anna (1234567)",
        "112 FA Deputy, Dan (7654321)",
        "112 Ralph Blum (SV Griesheim)",
        "112 NA Helper, Hal",
    ]


DUBOV_FILE = "012 Dubov\nXXR 5\n" + "".join(
    f"001 {i:4d}      Player {i:<27}{2600 - 10 * i:4d}\n" for i in range(1, 7)
)


@pytest.mark.django_db
def test_it_asks_the_dubov_edition_when_the_file_does_not_say(arbiter_client: Client) -> None:
    html = arbiter_client.post(URL, {"text": DUBOV_FILE, "pairing_system": "dubov"})
    assert "which edition of the FIDE Dubov rules paired it" in html.content.decode()
    assert not Tournament.objects.exists()
    data = {"text": DUBOV_FILE, "pairing_system": "dubov", "dubov_edition": "2018"}
    arbiter_client.post(URL, data)
    assert Tournament.objects.get().dubov_edition == "2018"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("record", "edition"),
    [("FIDE_DUBOV_2018", "2018"), ("FIDE_DUBOV", "2026"), ("FIDE_DUBOV_2026", "2026")],
)
def test_it_reads_the_dubov_edition_from_record_192(
    arbiter_client: Client, record: str, edition: str
) -> None:
    arbiter_client.post(URL, {"text": f"192 {record}\n{DUBOV_FILE}"})
    t = Tournament.objects.get()
    assert (t.pairing_system, t.dubov_edition) == ("dubov", edition)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("record", "system"),
    [
        ("USCF_SWISS", "uscf"),
        ("BERGER_ROUNDROBIN", "round_robin"),
        ("BERGER_DOUBLEROUNDROBIN", "round_robin_double"),
    ],
)
def test_it_reads_the_us_chess_and_round_robin_systems(
    arbiter_client: Client, record: str, system: str
) -> None:
    """Record 192 names the system; ``XXU`` the US Chess TD settings (28R1, 29E5a)."""
    text = f"192 {record}\nXXU alternation=120 accelerated=2\n{DUBOV_FILE}"
    arbiter_client.post(URL, {"text": text})
    t = Tournament.objects.get()
    assert t.pairing_system == system
    assert (t.us_alternation_limit, t.us_accelerated_rounds) == (120, 2)


@pytest.mark.django_db
def test_it_says_so_for_an_unknown_us_chess_setting(arbiter_client: Client) -> None:
    text = f"192 USCF_SWISS\nXXU fast\n{DUBOV_FILE}"
    html = arbiter_client.post(URL, {"text": text}).content.decode()
    assert "unknown US Chess setting &#x27;fast&#x27;" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_bad_us_chess_setting_on_import_named_no_line_or_column(arbiter_client: Client) -> None:
    """What broke: importing a file whose XXU word is bad said "unknown US Chess setting
    'alternation=x'" without its place, unlike every other record; it names line 2 and the
    word's column (the second word, after "XXU harkness ", starts at column 14)."""
    text = f"192 USCF_SWISS\nXXU harkness alternation=x\n{DUBOV_FILE}"
    html = arbiter_client.post(URL, {"text": text}).content.decode()
    assert "line 2, column 14: XXU: alternation takes a whole number of rating points" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_it_reads_the_keep_apart_groups_and_assigned_ratings(arbiter_client: Client) -> None:
    """``XXU apart=...`` (28N) and ``assigned=...`` come back as the entries' keep-apart
    groups (named by their order, the file has no names) and assigned ratings; the
    variations (28L5, Harkness) as the section's settings."""
    words = "harkness bye-up-four-rounds colour-priority=old-rank colours-over-ratings"
    words += " no-third-colour teams-never assigned=6:1500 apart=1,3 apart=2,4,5"
    arbiter_client.post(URL, {"text": f"192 USCF_SWISS\nXXU {words}\n{DUBOV_FILE}"})
    t = Tournament.objects.get()
    assert t.us_harkness and t.us_bye_up_four_rounds
    assert t.us_colour_priority == "old-rank" and t.us_colours_over_ratings
    assert t.us_no_third_colour and t.us_teams_never
    got = {e.pairing_number: (e.keep_apart, e.assigned_rating) for e in t.entries.all()}
    assert got == {
        1: ("group 1", None),
        2: ("group 2", None),
        3: ("group 1", None),
        4: ("group 2", None),
        5: ("group 2", None),
        6: ("", 1500),
    }


def generated_trf(players: int) -> str:
    """A 3-round Dutch tournament of ``players`` players, each with a FIDE ID and a birth
    date (so every identity and entry column is written)."""
    from dataclasses import replace

    from pairing.engine import GeneratorSettings, generate_tournament, pairing_system, write_trf

    settings = GeneratorSettings(players=players, rounds=3, seed=27, bye_rate=0.1)
    state = generate_tournament(pairing_system("dutch"), settings)
    people = tuple(
        replace(p, fide_id=str(90_000_000 + p.id), birth_date="1990/01/01") for p in state.players
    )
    return write_trf(replace(state, players=people))


@pytest.mark.django_db
@pytest.mark.parametrize("players", [5, 50])
def test_it_imports_in_queries_independent_of_the_number_of_players(
    arbiter_client: Client, django_assert_max_num_queries, players: int
) -> None:
    """Issue 27: the identities and the entries are saved in bulk (before: two queries a
    player, 20,060 for a 9,998-player file). At most the same count for 5 and 50 players (one
    less where a round has no bye, or SQLite's 999 parameters split no INSERT): the
    session, the user and their permissions, the tournament, the known FIDE IDs, one INSERT
    of identities, one of entries, each of the 3 rounds with its games and its byes, the
    arbiter and the revision."""
    text = generated_trf(players)
    with django_assert_max_num_queries(QUERIES_PER_IMPORT):
        response = arbiter_client.post(URL, {"text": text, "dutch_edition": "2026"})
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert t.entries.count() == players
    assert t.entries.filter(player__fide_id="90000001", name="Player 0001").exists()
    assert t.round_set.count() == 3


QUERIES_PER_IMPORT = 24


@pytest.mark.django_db
def test_it_keeps_a_birth_date_of_which_only_the_year_is_known(arbiter_client: Client) -> None:
    """The FIDE list gives the birth year only: TRF files write it ``1990/00/00`` (or ``2010``
    alone). The import read no date from either and dropped it, so a junior's K 40 (B.02 8.3.3)
    was lost and the export wrote columns 70-79 blank. Now the year is the entry's birth year,
    written back ``YYYY/00/00``; a full date stays a date."""
    players = [
        f"001    {n} m    {name:<34}2000 ENG {4100 + n:>11} {born:<10}  0.0    {n}"
        for n, name, born in (
            (1, "Alpha, A", "1990/00/00"),
            (2, "Beta, B", "2010"),
            (3, "Gamma, C", "1985/03/12"),
        )
    ]
    text = "\n".join(["012 Births", *players]) + "\n"
    assert arbiter_client.post(URL, {"text": text, "dutch_edition": "2026"}).status_code == 302
    t = Tournament.objects.get(name="Births")
    got = {e.name: (e.birth_year, str(e.birth_date)) for e in t.entries.all()}
    assert got == {
        "Alpha, A": (1990, "None"),
        "Beta, B": (2010, "None"),
        "Gamma, C": (None, "1985-03-12"),
    }
    trf = arbiter_client.get(reverse("tournament_export_trf", args=[t.pk])).content.decode()
    births = [line[69:79] for line in trf.splitlines() if line.startswith("001")]
    assert births == ["1990/00/00", "2010/00/00", "1985/03/12"]


@pytest.mark.django_db
def test_an_impossible_birth_date_is_a_form_error_not_dropped(arbiter_client: Client) -> None:
    """``1972/13/45`` (month 13) was read as no birth date and the tournament imported
    without it; now the form says which line and column, keeps the text and imports nothing."""
    player = f"001    1 m    {'Alpha, A':<34}2000 ENG {4101:>11} 1972/13/45  0.0    1"
    text = f"012 Bad birth\n{player}\n"
    html = arbiter_client.post(URL, {"text": text, "dutch_edition": "2026"}).content.decode()
    assert (
        "The TRF file cannot be read: line 2, column 70: birth date must be a date YYYY/MM/DD "
        "(YYYY/00/00 when only the year is known), found &#x27;1972/13/45&#x27;" in html
    )
    assert not Tournament.objects.exists()
    assert "1972/13/45" in html  # the text is kept


def dated(*headers: str) -> str:
    """A one-player file with the header records given (042, 052, 132, ...)."""
    player = f"001    1 m    {'Alpha, A':<34}2000 ENG {4101:>11} {'':<10}  0.0    1"
    return "\n".join(["012 Dated", *headers, player]) + "\n"


def imported_message(client: Client, text: str) -> str:
    """The success message the import leaves on the tournament's page."""
    response = client.post(URL, {"text": text, "dutch_edition": "2026"}, follow=True)
    messages = [str(m) for m in response.context["messages"]]
    assert len(messages) == 1, messages
    return messages[0]


ROUND_DATES = "132" + " " * 88


@pytest.mark.django_db
def test_an_impossible_start_or_end_date_is_said_not_replaced_by_today_silently(
    arbiter_client: Client,
) -> None:
    """``042 2026/13/45`` and ``052 2026/13/46`` (free text in TRF16, so the reader takes them)
    became today's date without a word. Without round dates there is no better date: today
    stays, and the arbiter is told what the file said and which forms are read."""
    text = dated("042 2026/13/45", "052 2026/13/46")
    message = imported_message(arbiter_client, text)
    t = Tournament.objects.get()
    today = date.today()
    assert (t.start_date, t.end_date) == (today, today)
    forms = "(YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD or YY/MM/DD)"
    assert message == (
        f"Imported Dated. Record 042 (start date) '2026/13/45' is not a date this program "
        f"reads {forms}: the start date is set to {today:%Y-%m-%d} (today). Record 052 (end "
        f"date) '2026/13/46' is not a date this program reads {forms}: the end date is set "
        f"to {today:%Y-%m-%d} (the start)."
    )


@pytest.mark.django_db
def test_an_impossible_start_or_end_date_takes_the_round_dates(arbiter_client: Client) -> None:
    """With record 132 the tournament runs from round 1's date (26/07/04) to the last
    round's (26/07/06), not from today; the message still names what was not read."""
    text = dated("042 4 July", "052 2026/07/32", ROUND_DATES + "26/07/04  26/07/05  26/07/06")
    message = imported_message(arbiter_client, text)
    t = Tournament.objects.get()
    assert (t.start_date, t.end_date) == (date(2026, 7, 4), date(2026, 7, 6))
    assert t.round_schedule == "2026-07-04\n2026-07-05\n2026-07-06"
    assert "Record 042 (start date) '4 July' is not a date" in message
    assert "the start date is set to 2026-07-04 (round 1's date)" in message
    assert "Record 052 (end date) '2026/07/32' is not a date" in message
    assert "the end date is set to 2026-07-06 (the last round's date)" in message


@pytest.mark.django_db
def test_a_round_without_a_date_does_not_shift_the_later_dates(arbiter_client: Client) -> None:
    """Record 132 with round 2 blank put round 3's date on round 2's line of the schedule
    (blanks were dropped, and the schedule is a line a round); the schedule now stops at the
    gap and the message says so."""
    text = dated("042 2026/07/04", "052 2026/07/06", ROUND_DATES + "26/07/04            26/07/06")
    message = imported_message(arbiter_client, text)
    assert Tournament.objects.get().round_schedule == "2026-07-04"
    assert message == (
        "Imported Dated. Record 132 gives no date for round 2, so the dates of the rounds "
        "after it are not in the round schedule."
    )


@pytest.mark.django_db
def test_an_end_date_before_the_start_is_said_not_replaced_silently(
    arbiter_client: Client,
) -> None:
    message = imported_message(arbiter_client, dated("042 2026/07/10", "052 2026/07/01"))
    t = Tournament.objects.get()
    assert (t.start_date, t.end_date) == (date(2026, 7, 10), date(2026, 7, 10))
    assert message == (
        "Imported Dated. The end date 2026-07-01 is before the start date: the end date is "
        "set to 2026-07-10."
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "headers",
    [
        ("042 2026/07/04", "052 2026-07-06", ROUND_DATES + "26/07/04  26/07/05  26/07/06"),
        ("042 2026.07.04", "052 26/07/06"),
        ("052 2026/07/06", ROUND_DATES + "26/07/04"),  # no 042: round 1's date
    ],
)
def test_it_reads_the_dates_without_a_note(
    arbiter_client: Client, headers: tuple[str, ...]
) -> None:
    assert imported_message(arbiter_client, dated(*headers)) == "Imported Dated."
    t = Tournament.objects.get()
    assert (t.start_date, t.end_date) == (date(2026, 7, 4), date(2026, 7, 6))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        CORPUS / "dutch-2017" / "t0002_p023_r08_clean.trf",
        CORPUS / "dutch-2026" / "t0001_p024_r05_clean.trf",
        CORPUS / "dubov-2018-unsorted" / "u001.trf",
        CORPUS / "tcec" / "tcec_000_d_p16_r18.trf",
    ],
    ids=lambda p: p.name,
)
def test_corpus_files_without_dates_import_as_before(arbiter_client: Client, path: Path) -> None:
    """The corpus files have no 042, 052 or 132: the tournament starts and ends today, as
    before, and there is nothing to tell."""
    data = {"text": path.read_text(), "dutch_edition": "2017", "dubov_edition": "2018"}
    response = arbiter_client.post(URL, data, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        f"Imported {Tournament.objects.get().name}."
    ]
    t = Tournament.objects.get()
    assert (t.start_date, t.end_date, t.round_schedule) == (date.today(), date.today(), "")
