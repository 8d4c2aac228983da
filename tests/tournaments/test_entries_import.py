"""entries_import: a CSV player list, previewed with each row's errors, then registered."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournaments.models import Player

GOOD_AND_BAD = """Name;Elo;Title;Fed;FIDE ID;Birth date;Sex
Carlsen, Magnus;2830;GM;NOR;1503014;1990-11-30;m
;2000;;;;;
Hou, Yifan;2630;WGMX;CHN;;;w
Ding, Liren;abc;GM;CHN;8603677;;m
Twice, Tim;1800;;USA;1503014;;
Nobody, Ned;;;us;;31.12.2001;x
"""


@pytest.mark.django_db
def test_the_preview_names_every_rows_errors(arbiter_client: Client, tournament) -> None:
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(url, {"text": GOOD_AND_BAD}).content.decode()
    assert "1 of 6 rows can be registered" in html
    assert "Columns read: name, rating, title, federation, fide_id, birth_date, sex" in html
    for error in (
        "the name is missing",
        "unknown title &#x27;WGMX&#x27;",
        "rating must be a whole number from 0 to 3500",
        "FIDE ID 1503014 is already on line 2",
        "federation must be a three-letter code like USA",
        "sex must be m or w",
    ):
        assert error in html
    assert not tournament.entries.exists()  # nothing saved yet
    assert "Register 1 player" in html


@pytest.mark.django_db
def test_confirming_registers_the_valid_rows(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(1)
    known = Player.objects.create(name="Ding, Liren", fide_id="8603677", fide_rating=2780)
    text = 'name,rating,fide_id\n"A, Ann",2100,\nDing Liren,2790,8603677\n"B, Bob",x,\n'
    url = reverse("entries_import", args=[tournament.pk])
    response = arbiter_client.post(url, {"text": text, "confirm": "1"}, follow=True)
    assert "2 players registered." in response.content.decode()
    assert tournament.entries.count() == 3
    ding = tournament.entries.get(player=known)
    assert (ding.rating, ding.pairing_number) == (2790, 1)


@pytest.mark.django_db
def test_it_reads_an_uploaded_file(arbiter_client: Client, tournament) -> None:
    upload = SimpleUploadedFile("players.csv", "name\tRating\nÖzil, Ömer\t1500\n".encode("latin-1"))
    html = arbiter_client.post(
        reverse("entries_import", args=[tournament.pk]), {"file": upload}
    ).content.decode()
    assert "1 of 1 rows can be registered" in html and "Özil, Ömer" in html


@pytest.mark.django_db
def test_a_file_without_a_name_column_is_refused(arbiter_client: Client, tournament) -> None:
    html = arbiter_client.post(
        reverse("entries_import", args=[tournament.pk]), {"text": "rating\n2000\n"}
    ).content.decode()
    assert "The first line must name the columns" in html
    assert (
        "Choose a file or paste the list"
        in arbiter_client.post(
            reverse("entries_import", args=[tournament.pk]), {"text": " "}
        ).content.decode()
    )
