"""entries_import: a CSV player list, previewed with each row's errors, then registered."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from players.models import Player
from tests.visible import shown
from tournaments.models import Entry, Game, Round, Tournament

GOOD_AND_BAD = """Name;Elo;Title;Fed;FIDE ID;Birth date;Sex
Carlsen, Magnus;2830;GM;NOR;1503014;1990-11-30;m
;2000;;;;;
Hou, Yifan;2630;WGMX;CHN;;;w
Ding, Liren;abc;GM;CHN;8603677;;m
Twice, Tim;1800;;USA;1503014;;
Nobody, Ned;;;us;;31.12.2001;x
"""


@pytest.mark.django_db
def test_it_previews_every_rows_errors(arbiter_client: Client, tournament) -> None:
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
def test_it_takes_engine_ratings_in_a_tcec_list(arbiter_client: Client, tournament) -> None:
    """Issue 24 item 10: engine ratings above 3500, up to the TRF's four digits."""
    tournament.pairing_system = "tcec"
    tournament.save()
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(
        url, {"text": "name,rating\nStockfish,3650\nLeela,10000\n"}
    ).content.decode()
    assert "1 of 2 rows can be registered" in html
    assert "rating must be a whole number from 0 to 9999" in html


@pytest.mark.django_db
def test_it_registers_the_valid_rows_on_confirmation(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(1)
    known = Player.objects.create(name="Ding, Liren", fide_id="8603677", fide_rating=2780)
    text = 'name,rating,fide_id\n"A, Ann",2100,\nDing Liren,2790,8603677\n"B, Bob",x,\n'
    url = reverse("entries_import", args=[tournament.pk])
    response = arbiter_client.post(url, {"text": text, "confirm": "1"}, follow=True)
    assert "2 players registered." in response.content.decode()
    assert tournament.entries.count() == 3
    ding = tournament.entries.get(player=known)  # linked by FIDE ID
    assert (ding.name, ding.rating, ding.pairing_number) == ("Ding Liren", 2790, 1)


@pytest.mark.django_db
def test_it_reads_an_uploaded_file(arbiter_client: Client, tournament) -> None:
    upload = SimpleUploadedFile("players.csv", "name\tRating\nÖzil, Ömer\t1500\n".encode("latin-1"))
    html = arbiter_client.post(
        reverse("entries_import", args=[tournament.pk]), {"file": upload}
    ).content.decode()
    assert "1 of 1 rows can be registered" in html and "Özil, Ömer" in html


@pytest.mark.django_db
def test_it_refuses_a_file_without_a_name_column(arbiter_client: Client, tournament) -> None:
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


def elsewhere(player: Player, name: str = "Other Open") -> Tournament:
    """Enter ``player`` in another tournament."""
    t = Tournament.objects.create(name=name, start_date=date(2025, 1, 1), end_date=date(2025, 1, 1))
    Entry.objects.create(tournament=t, player=player, pairing_number=1)
    return t


@pytest.mark.django_db
def test_it_links_a_known_fide_id_but_never_shows_it(arbiter_client: Client, tournament) -> None:
    """ "Fide, Fred" with the FIDE ID of someone on record under another name: the preview
    looks exactly like one with an unknown ID, the entry is Fred as typed, the person on record
    is unchanged, and (issue 23) Fred is not linked to that person but held for a rating
    officer (an identity of his own, the entry keeps the typed ID)."""
    other = Player.objects.create(
        name="Other, Person", fide_id="4100018", birth_date=date(1961, 2, 3), title="IM"
    )
    elsewhere(other)
    text = 'name,fide_id,birth_date\n"Fide, Fred",4100018,1975-04-05\n"New, Nina",4100019,\n'
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(url, {"text": text}).content.decode()
    assert html.count("new registration") == 2
    assert "Other, Person" not in html and "1961" not in shown(html) and "known" not in html
    response = arbiter_client.post(url, {"text": text, "confirm": "1"}, follow=True)
    assert "2 players registered." in response.content.decode()
    fred = tournament.entries.get(fide_id="4100018")
    assert fred.player != other and fred.player.fide_id == ""
    assert (fred.name, fred.birth_date, fred.title) == (
        "Fide, Fred",
        date(1975, 4, 5),
        "",
    )
    players = arbiter_client.get(reverse("tournament_players", args=[tournament.pk]))
    assert "Fide, Fred" in players.content.decode()
    assert "Other, Person" not in players.content.decode()
    other.refresh_from_db()
    assert (other.name, other.birth_date, other.title) == ("Other, Person", date(1961, 2, 3), "IM")


@pytest.mark.django_db
def test_it_registers_nobody_twice_from_the_same_list_twice(
    arbiter_client: Client, tournament
) -> None:
    text = 'name,rating\n"Alpha, Ann",1800\n"Beta, Bob",1700\n'
    url = reverse("entries_import", args=[tournament.pk])
    arbiter_client.post(url, {"text": text, "confirm": "1"})
    assert tournament.entries.count() == 2

    html = arbiter_client.post(url, {"text": text}).content.decode()
    assert "Alpha, Ann is already registered as no. 1" in html
    assert "Beta, Bob is already registered as no. 2" in html
    assert 'name="namesake-2"' in html and 'name="namesake-3"' in html
    response = arbiter_client.post(url, {"text": text, "confirm": "1"}, follow=True)
    assert "0 players registered. 2 left out: already registered under the same name." in (
        response.content.decode()
    )
    assert tournament.entries.count() == 2

    # Ticked: the arbiter says line 3 is another Beta, Bob.
    arbiter_client.post(url, {"text": text, "confirm": "1", "namesake-3": "1"})
    assert list(tournament.entries.values_list("name", flat=True).order_by("pk")) == [
        "Alpha, Ann",
        "Beta, Bob",
        "Beta, Bob",
    ]


@pytest.mark.django_db
def test_it_asks_about_a_name_twice_in_one_file(arbiter_client: Client, tournament) -> None:
    text = 'name,birth_date\n"Twin, Tim",2001-01-01\n"twin tim",\n"Twin, Tim",2004-04-04\n'
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(url, {"text": text}).content.decode()
    assert "twin tim is already on line 2" in html  # no birth date: cannot tell them apart
    assert "Twin, Tim is already on line 3" in html  # line 2 was born in 2001, not 2004
    arbiter_client.post(url, {"text": text, "confirm": "1", "namesake-4": "1"})
    assert sorted(tournament.entries.values_list("birth_date__year", flat=True)) == [2001, 2004]


@pytest.mark.django_db
def test_it_makes_namesakes_born_in_different_years_two_players(
    arbiter_client: Client, tournament
) -> None:
    text = 'name,birth_date\n"Twin, Tim",2001-01-01\n"Twin, Tim",2004-04-04\n'
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(url, {"text": text}).content.decode()
    assert "already" not in html and html.count("new registration") == 2
    arbiter_client.post(url, {"text": text, "confirm": "1"})
    assert tournament.entries.count() == 2


@pytest.mark.django_db
def test_it_asks_in_the_preview_is_this_the_same_person(arbiter_client: Client, tournament) -> None:
    fred = Player.objects.create(name="Fide, Fred", birth_date=date(1970, 6, 7), sex="m")
    spring = elsewhere(fred, "Spring Cup")
    opponent = Entry.objects.create(
        tournament=spring, player=Player.objects.create(name="Opp, Olga"), pairing_number=2
    )
    rnd = Round.objects.create(tournament=spring, number=1)
    Game.objects.create(round=rnd, board=1, white=spring.entries.get(player=fred), black=opponent)
    winter = elsewhere(fred, "Winter Cup")  # registered, no game (issue 24 item 9)
    winter.start_date = date(2024, 1, 1)
    winter.save()
    victim = Player.objects.create(name="Victim, Vic", birth_date=date(1970, 1, 1))
    text = 'name,birth_date\n"Fide, Fred",1970-12-31\n'
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(url, {"text": text}).content.decode()
    assert "Is this the same person?" in html and 'name="same-2" required' in html
    # Issue 23, item 4: the typed data and where he played (issue 24: or only registered),
    # never a stored birth year.
    assert (
        f'<option value="{fred.pk}">Yes: Fide, Fred, who played in Spring Cup, '
        "registered in Winter Cup" in html
    )
    assert "1970-06-07" not in html

    # A forged answer naming someone it did not offer links nothing.
    arbiter_client.post(url, {"text": text, "confirm": "1", "same-2": str(victim.pk)})
    first = tournament.entries.get()
    assert first.player not in (fred, victim)
    first.delete()

    arbiter_client.post(url, {"text": text, "confirm": "1", "same-2": str(fred.pk)})
    entry = tournament.entries.get()
    assert (entry.player, entry.name, entry.birth_date, entry.sex) == (
        fred,
        "Fide, Fred",
        date(1970, 12, 31),
        "",
    )
    fred.refresh_from_db()
    assert fred.birth_date == date(1970, 6, 7)


@pytest.mark.django_db
def test_it_reads_the_us_chess_rating_column_for_a_section_paired_on_it(
    arbiter_client: Client, tournament
) -> None:
    """The typed rating is the column of the section's pairing rating; a FIDE rating column is
    not taken for a US Chess rating."""
    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.save()
    text = "name;fide rating;US Chess rating\nAble, Ann;2100;1850\nBaker, Bo;2000;\n"
    url = reverse("entries_import", args=[tournament.pk])
    arbiter_client.post(url, {"text": text, "confirm": "1"})
    rows = {
        e.name: (e.rating, e.typed_rating, e.player.fide_rating) for e in tournament.entries.all()
    }
    assert rows == {"Able, Ann": (1850, 1850, 0), "Baker, Bo": (0, None, 0)}


US_LIST = """name,rating,team,assigned_rating
"Adams, Amy",1800,Lincoln High,
"Baker, Bo",,Lincoln High,1450
"Cole, Cy",1500,,1400
"Dunn, Di",,,
"""


@pytest.mark.django_db
def test_it_reads_the_us_chess_pairing_columns_in_a_us_section(
    arbiter_client: Client, tournament
) -> None:
    """A US Chess Swiss section reads the keep-apart group (28N: team, club or family) and
    the TD's assigned rating of an unrated player (29A ranking); a rated player's assigned
    rating is an error."""
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.save()
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(url, {"text": US_LIST}).content.decode()
    assert "Columns read: name, rating, keep_apart, assigned_rating" in html
    assert "an assigned rating is for an unrated player" in html
    arbiter_client.post(url, {"text": US_LIST, "confirm": "1"})
    got = {e.name: (e.keep_apart, e.assigned_rating) for e in tournament.entries.all()}
    assert got == {
        "Adams, Amy": ("Lincoln High", None),
        "Baker, Bo": ("Lincoln High", 1450),
        "Dunn, Di": ("", None),
    }


@pytest.mark.django_db
def test_it_ignores_the_us_chess_pairing_columns_elsewhere(
    arbiter_client: Client, tournament
) -> None:
    """A FIDE Swiss section has no keep-apart groups: the columns are not read."""
    url = reverse("entries_import", args=[tournament.pk])
    html = arbiter_client.post(url, {"text": US_LIST}).content.decode()
    assert "Columns read: name, rating<" in html or "Columns read: name, rating." in html
    arbiter_client.post(url, {"text": US_LIST, "confirm": "1"})
    assert {e.keep_apart for e in tournament.entries.all()} == {""}
    assert tournament.entries.count() == 4


@pytest.mark.django_db
def test_a_fide_id_with_a_letter_is_not_called_too_long(arbiter_client: Client, tournament) -> None:
    """The CSV row said "FIDE ID must be up to 11 digits" for ``12x45`` (five characters)."""
    url = reverse("entries_import", args=[tournament.pk])
    text = 'name,fide_id\n"A, Ann",12x45\n"B, Bob",123456789012\n'
    html = arbiter_client.post(url, {"text": text}).content.decode()
    assert "0 of 2 rows can be registered" in html
    assert "FIDE ID must be digits only (0-9)" in html
    assert "FIDE ID must be up to 11 digits" in html
    assert html.count("FIDE ID must be") == 2
