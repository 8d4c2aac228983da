"""Bad input gets a clear message, never a 500: each case the audit of issue 16 found (names
over the field length, negative or misordered points, round numbers past a small integer,
non-ASCII digits, an oversized CSV field, huge ids in URLs), files over the size limits, and
tournaments over the player limit. ``test_fuzz.py`` throws random input at the same views."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from players.models import Player
from tournaments.models import Tournament

IMPORT = reverse("tournament_import_trf")


def player_line(number: int, name: str = "Alpha", rounds: str = "", points: str = "0.0") -> str:
    """A TRF player record (columns as in C.04 Annex: name at 15-47, rating 49-52, points
    81-84, rank 86-89, rounds from 92)."""
    return (
        f"001 {number:4d}      {name:<33.33s} 2000 USA           0 1990/01/01 {points:>4s} "
        f"{number:4d}{rounds}"
    )


def trf(*lines: str, players: int = 2) -> str:
    body = [player_line(n, f"Player {n}") for n in range(1, players + 1)]
    return "\n".join(["012 Spring Open", *lines, *body]) + "\n"


def post_trf(client: Client, text: str) -> str:
    response = client.post(IMPORT, {"text": text, "pairing_system": "tcec"})  # (no edition asked)
    assert response.status_code == 200, response.status_code  # the form again, with a message
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("XXS WW=-1", "Points cannot be negative"),
        ("XXS WW=0.5 D=1", "A win must be worth at least a draw"),
        ("BBW -2", "Points cannot be negative"),
        ("BBD 3", "A win must be worth at least a draw"),
        ("XXS WW=60", "A win is worth at most 50 points, not 60"),
        ("XXS WW=99999", "WW must be a number like 4.5"),
        ("XXR 40000", "The file has 40000 rounds; at most 99"),
    ],
)
def test_points_and_rounds_the_database_cannot_hold_are_refused(
    arbiter_client: Client, record: str, message: str
) -> None:
    html = post_trf(arbiter_client, trf(record))
    assert message in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_name_longer_than_the_field_is_refused_with_its_line(arbiter_client: Client) -> None:
    long_name = "N" * 230
    html = post_trf(arbiter_client, trf().replace("012 Spring Open", f"012 {long_name}"))
    assert "The tournament name (record 012) has 230 characters; at most 200." in html
    text = trf() + player_line(3, "X" * 33) + "\n"
    text = text.replace("X" * 33, "X" * 120)  # a name running past its columns
    html = post_trf(arbiter_client, text)
    assert "The TRF file cannot be read" in html or "at most 100" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_round_columns_past_the_limit_are_refused(arbiter_client: Client) -> None:
    draws = "".join(f"  {2:4d} w =" for _ in range(120))  # 120 draws, the same two players
    text = "\n".join(
        [
            "012 Marathon",
            player_line(1, "A", draws, points="60.0"),
            player_line(2, "B", draws.replace(" 2 w =", " 1 b ="), points="60.0"),
        ]
    )
    html = post_trf(arbiter_client, text + "\n")
    assert "The file has 120 rounds; at most 99." in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_tournament_over_the_player_limit_is_refused(arbiter_client: Client, settings) -> None:
    settings.TOURNAMENTS_MAX_PLAYERS = 3
    html = post_trf(arbiter_client, trf(players=4))
    assert "4 players; this server takes at most 3 in a tournament" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_file_over_the_size_limit_is_refused(arbiter_client: Client, settings) -> None:
    settings.IMPORT_MAX_BYTES = 1000
    upload = SimpleUploadedFile("big.trf", trf(players=20).encode())
    html = arbiter_client.post(IMPORT, {"file": upload}).content.decode()
    assert "The file is 2 KB; the limit is 1 KB." in html
    html = arbiter_client.post(IMPORT, {"text": trf(players=20)}).content.decode()
    assert "The text is 2 KB; the limit is 1 KB." in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_request_over_the_request_limit_is_refused_unread(
    arbiter_client: Client, settings
) -> None:
    settings.REQUEST_MAX_BYTES = 10_000
    upload = SimpleUploadedFile("huge.trf", b"x" * 20_000)
    response = arbiter_client.post(IMPORT, {"file": upload})
    assert response.status_code == 413
    assert "The request is larger than this server accepts" in response.content.decode()


@pytest.mark.django_db
def test_form_data_over_django_s_limit_is_a_413_page(arbiter_client: Client, settings) -> None:
    """A body without a length Django can check first (e.g. sent in chunks) still meets
    DATA_UPLOAD_MAX_MEMORY_SIZE: the same page, not a bare 400."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = arbiter_client.post(IMPORT, {"text": "x" * 5000})
    assert response.status_code == 413
    assert "The request is larger than this server accepts" in response.content.decode()


@pytest.mark.django_db
def test_a_binary_file_is_refused(arbiter_client: Client) -> None:
    upload = SimpleUploadedFile("photo.trf", b"012 x\x00\x00\xff")
    html = arbiter_client.post(IMPORT, {"file": upload}).content.decode()
    assert "not a text file" in html


# -- CSV player lists ----------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rating", "message"),
    [("²", "rating must be a whole number"), ("9" * 30, "rating must be a whole number")],
)
def test_a_csv_rating_that_is_no_number_is_a_row_error(
    arbiter_client: Client, tournament: Tournament, rating: str, message: str
) -> None:
    url = reverse("entries_import", args=[tournament.pk])
    response = arbiter_client.post(url, {"text": f"name,rating\nAlpha,{rating}\n"})
    assert response.status_code == 200
    assert message in response.content.decode()


@pytest.mark.django_db
def test_a_csv_field_over_the_csv_limit_is_a_message(
    arbiter_client: Client, tournament: Tournament
) -> None:
    url = reverse("entries_import", args=[tournament.pk])
    text = 'name,rating\n"' + "A" * 140_000 + '",2000\n'
    for data in ({"text": text}, {"text": text, "confirm": "1"}):
        response = arbiter_client.post(url, data)
        assert response.status_code == 200
        assert "Line 2 cannot be read: field larger than field limit" in response.content.decode()
    assert not tournament.entries.exists()


@pytest.mark.django_db
def test_a_csv_list_over_the_player_limit_is_refused(
    arbiter_client: Client, tournament: Tournament, settings
) -> None:
    settings.TOURNAMENTS_MAX_PLAYERS = 2
    url = reverse("entries_import", args=[tournament.pk])
    text = "name\nAlpha, A\nBeta, B\nGamma, G\n"
    response = arbiter_client.post(url, {"text": text, "confirm": "1"})
    assert response.status_code == 200
    assert "3 players; this server takes at most 2 in a tournament" in response.content.decode()
    assert not tournament.entries.exists()


@pytest.mark.django_db
def test_registering_past_the_player_limit_is_refused(
    arbiter_client: Client, tournament: Tournament, make_entries, settings
) -> None:
    settings.TOURNAMENTS_MAX_PLAYERS = 2
    make_entries(2)
    url = reverse("entry_add", args=[tournament.pk])
    html = arbiter_client.post(url, {"name": "Third, T"}).content.decode()
    assert "this server takes at most 2 in a tournament" in html
    assert not Player.objects.filter(name="Third, T").exists()


# -- URLs and query strings -----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/ratings/players/99999999999999999999999/",
        "/ratings/events/99999999999999999999999/",
        "/tournaments/99999999999999999999999/",
        "/tournaments/1/players/99999999999999999999999/",
        "/tournaments/99999999999999999999999/standings/",
    ],
)
def test_an_oversized_id_is_404(client: Client, tournament: Tournament, path: str) -> None:
    assert client.get(path.replace("/1/", f"/{tournament.pk}/")).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        "?page=²",
        "?page=99999999999999999999",
        "?page=-1",
        "?per_page=-1&page=0",
        "?per_page=0",
        "?sort=nonsense",
        "?q=" + "x" * 500,
    ],
)
def test_the_rating_list_survives_odd_query_strings(client: Client, query: str) -> None:
    assert client.get("/ratings/" + query).status_code in (200, 404)


@pytest.mark.django_db
@pytest.mark.parametrize("round_number", ["99999", "999999999999", "²", "-3"])
def test_availability_for_an_impossible_round_is_a_message(
    arbiter_client: Client, tournament: Tournament, make_entries, round_number: str
) -> None:
    entry = make_entries(1)[0]
    url = reverse("entry_availability", args=[tournament.pk, entry.pk])
    response = arbiter_client.post(url, {"round": round_number, "status": "half"}, follow=True)
    assert response.status_code == 200
