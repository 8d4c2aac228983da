"""entry_add: register a player with every detail, or row by row (htmx quick add)."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from fide.models import FideListPlayer
from players.models import Player
from tests.visible import shown
from tournaments.models import Entry, Tournament

HTMX = {"HX-Request": "true", "HX-Target": "players"}


@pytest.mark.django_db
def test_it_registers_a_player_with_every_detail(arbiter_client: Client, tournament) -> None:
    url = reverse("entry_add", args=[tournament.pk])
    assert "Never shown on public pages" in arbiter_client.get(url).content.decode()
    response = arbiter_client.post(
        url,
        {
            "name": "Polgar, Judit",
            "title": "GM",
            "sex": "w",
            "federation": "hun",
            "fide_id": "700070",
            "uscf_id": "12345678",
            "birth_date": "1976-07-23",
            "rating": "2675",
        },
    )
    assert response["Location"] == reverse("tournament_manage", args=[tournament.pk]) + "#players"
    entry = tournament.entries.select_related("player").get()
    assert (entry.pairing_number, entry.rating, entry.federation) == (1, 2675, "HUN")
    assert (entry.name, entry.title, entry.sex, entry.birth_date.year) == (
        "Polgar, Judit",
        "GM",
        "w",
        1976,
    )
    # A new identity, made from the registration.
    assert (entry.player.fide_id, entry.player.uscf_id, entry.player.name) == (
        "700070",
        "12345678",
        "Polgar, Judit",
    )


def fide_2100() -> Player:
    """A player on record, entered in another tournament."""
    known = Player.objects.create(
        name="Known, Kim", fide_id="123", fide_rating=2100, sex="w", birth_date=date(1980, 1, 2)
    )
    other = Tournament.objects.create(
        name="Elsewhere", start_date=date(2025, 1, 1), end_date=date(2025, 1, 1)
    )
    Entry.objects.create(tournament=other, player=known, pairing_number=1, rating=2100)
    return known


@pytest.mark.django_db
def test_it_links_a_known_fide_id_and_keeps_what_was_typed(
    arbiter_client: Client, tournament
) -> None:
    """The FIDE ID is the identity; the entry is what this arbiter typed, and the answer is the
    same as for an ID nobody knows (it does not tell that the ID exists)."""
    known = fide_2100()
    url = reverse("entry_add", args=[tournament.pk])
    page = arbiter_client.post(url, {"name": "Typo, Kim", "fide_id": "123"}, follow=True)
    entry = tournament.entries.get()
    assert entry.player == known
    assert (entry.name, entry.rating, entry.sex, entry.birth_date) == ("Typo, Kim", 0, "", None)
    html = page.content.decode()
    assert "Typo, Kim registered as no. 1." in html
    assert "Known, Kim" not in html
    assert "2100" not in shown(html) and "1980" not in shown(html)
    known.refresh_from_db()
    assert (known.name, known.fide_rating, known.sex) == ("Known, Kim", 2100, "w")
    again = arbiter_client.post(url, {"name": "Kim", "fide_id": "123"})
    assert "Typo, Kim is already registered as no. 1: a player can be registered once" in (
        again.content.decode()
    )
    assert tournament.entries.count() == 1


@pytest.mark.django_db
def test_it_asks_whether_a_namesake_is_the_same_person(arbiter_client: Client, tournament) -> None:
    """Without an ID: the same name and birth year as a person on record is a question, never
    a silent match; the answer links (or not) the identity, and the entry keeps what was
    typed."""
    smith = Player.objects.create(name="Smith, John", birth_date=date(1990, 5, 1), sex="m")
    other = Tournament.objects.create(
        name="Autumn Cup", start_date=date(2025, 9, 1), end_date=date(2025, 9, 2)
    )
    Entry.objects.create(tournament=other, player=smith, pairing_number=1)
    url = reverse("entry_add", args=[tournament.pk])
    typed = {"name": "smith,  john", "birth_date": "1990-08-09", "rating": "1500"}

    html = arbiter_client.post(url, typed).content.decode()
    assert "Is this the same person?" in html
    assert f'value="{smith.pk}"' in html
    # Registered there, no game: not "who played in" (issue 24 item 9); no birth year (23/4).
    assert "smith,  john, registered in Autumn Cup" in html
    assert "1990-05-01" not in html  # the stored birth date
    assert not tournament.entries.exists()

    arbiter_client.post(url, typed | {"same_as": str(smith.pk)})
    entry = tournament.entries.get()
    assert entry.player == smith
    assert (entry.name, entry.birth_date, entry.sex) == ("smith,  john", date(1990, 8, 9), "")
    smith.refresh_from_db()
    assert (smith.name, smith.birth_date) == ("Smith, John", date(1990, 5, 1))


@pytest.mark.django_db
def test_it_gives_a_different_person_a_new_identity(arbiter_client: Client, tournament) -> None:
    smith = Player.objects.create(name="Smith, John", birth_date=date(1990, 5, 1))
    url = reverse("entry_add", args=[tournament.pk])
    typed = {"name": "Smith, John", "birth_date": "1990-08-09"}
    arbiter_client.post(url, typed | {"same_as": "new"})
    assert tournament.entries.get().player != smith
    assert Player.objects.count() == 2


@pytest.mark.django_db
def test_it_lets_only_a_person_it_offered_be_chosen(arbiter_client: Client, tournament) -> None:
    """A forged answer naming someone else (not a namesake of the same birth year) links
    nothing: the registration gets a new identity."""
    victim = Player.objects.create(name="Victim, Vera", birth_date=date(1985, 1, 1))
    url = reverse("entry_add", args=[tournament.pk])
    arbiter_client.post(url, {"name": "Other, Otto", "same_as": str(victim.pk)})
    assert tournament.entries.get().player != victim
    # Nor without a birth date: no question is asked, a forged answer is ignored.
    Player.objects.create(name="Alone, Al", birth_date=date(1970, 1, 1))
    response = arbiter_client.post(url, {"name": "Alone, Al", "same_as": str(victim.pk)})
    assert response.status_code == 302
    assert not tournament.entries.filter(player=victim).exists()


@pytest.mark.django_db
def test_it_asks_the_same_question_whatever_the_stored_birth_year(
    arbiter_client: Client, tournament
) -> None:
    """Issue 23, item 4: one registration per year typed, the question is the same for each
    (it used to be asked only on the stored year, revealing it)."""
    smith = Player.objects.create(name="Smith, John", birth_date=date(1990, 5, 1))
    url = reverse("entry_add", args=[tournament.pk])
    pages = []
    for year in (1989, 1990, 1991):
        data = {"name": "Smith, John", "birth_date": f"{year}-05-01"}
        html = arbiter_client.post(url, data).content.decode()
        assert "Is this the same person?" in html and f'value="{smith.pk}"' in html
        token = r'(X-CSRFToken": "|csrfmiddlewaretoken" value=")[^"]+'
        pages.append(re.sub(token, "", html.replace(f"{year}-05-01", "…")))
    assert pages[0] == pages[1] == pages[2]
    assert not tournament.entries.exists()


@pytest.mark.django_db
def test_it_returns_the_list_ready_for_the_next_player_on_quick_add(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(2)
    response = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]),
        {
            "quick": "1",
            "name": "Quick, Quinn",
            "rating": "2450",
            "title": "FM",
            "federation": "usa",
        },
        headers=HTMX,
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="players"')
    assert "Quick, Quinn registered as no. 1." in html  # 2450 is the best rating
    assert html.index("Quick, Quinn") < html.index("Player 01")
    assert 'name="name"' in html and "autofocus" in html and 'value="Quick' not in html


@pytest.mark.django_db
def test_it_keeps_quick_add_errors_in_the_row(arbiter_client: Client, tournament) -> None:
    html = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]),
        {"quick": "1", "name": "", "rating": "99999", "federation": "US"},
        headers=HTMX,
    ).content.decode()
    assert "This field is required" in html
    assert "A rating is a whole number from 0 to 3500." in html
    assert "A three-letter code like USA" in html
    assert not tournament.entries.exists()
    # The browser does not refuse with a tooltip of its own: the server's errors are shown.
    assert 'id="quick-add" class="quick-add" novalidate' in html


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["tcec", "tcec_double"])
def test_it_takes_engine_ratings_above_3500_in_a_tcec_tournament(
    arbiter_client: Client, tournament, system
) -> None:
    """Issue 24 item 10: TCEC engines are rated about 3600-3700; TRF columns 49-52 hold four
    digits, so 9999 is the top."""
    tournament.pairing_system = system
    tournament.save()
    url = reverse("entry_add", args=[tournament.pk])
    arbiter_client.post(url, {"quick": "1", "name": "Stockfish", "rating": "3650"}, headers=HTMX)
    assert tournament.entries.get().rating == 3650
    html = arbiter_client.post(
        url, {"quick": "1", "name": "Leela", "rating": "10000"}, headers=HTMX
    ).content.decode()
    assert "A rating is a whole number from 0 to 9999." in html
    assert tournament.entries.count() == 1


@pytest.mark.django_db
def test_it_keeps_ratings_to_3500_in_a_fide_swiss(arbiter_client: Client, tournament) -> None:
    url = reverse("entry_add", args=[tournament.pk])
    html = arbiter_client.post(url, {"name": "Stockfish", "rating": "3650"}).content.decode()
    assert "A rating is a whole number from 0 to 3500." in html
    assert "novalidate" in html  # the full form too
    assert not tournament.entries.exists()


@pytest.mark.django_db
def test_it_shows_errors_in_the_full_form_without_javascript(
    arbiter_client: Client, tournament
) -> None:
    response = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]), {"quick": "1", "name": "", "rating": "2000"}
    )
    html = response.content.decode()
    assert response.status_code == 200 and "This field is required" in html
    assert 'value="2000"' in html


@pytest.mark.django_db
def test_it_asks_on_quick_add_before_registering_a_namesake(
    arbiter_client: Client, tournament
) -> None:
    url = reverse("entry_add", args=[tournament.pk])
    row = {"quick": "1", "name": "Quick, Quinn", "rating": "2450"}
    arbiter_client.post(url, row, headers=HTMX)
    html = arbiter_client.post(url, row | {"name": "quick,quinn"}, headers=HTMX).content.decode()
    assert (
        "Quick, Quinn is already registered as no. 1. Register another player with the same name?"
        in html
    )
    assert 'name="namesake_ok"' in html and 'value="quick,quinn"' in html
    assert tournament.entries.count() == 1
    html = arbiter_client.post(url, row | {"namesake_ok": "1"}, headers=HTMX).content.decode()
    assert "Quick, Quinn registered as no. 2." in html
    assert tournament.entries.count() == 2


@pytest.mark.django_db
def test_it_does_not_ask_about_a_namesake_told_apart_by_birth_year(
    arbiter_client: Client, tournament
) -> None:
    url = reverse("entry_add", args=[tournament.pk])
    arbiter_client.post(url, {"name": "Twin, Tom", "birth_date": "2001-01-01"})
    response = arbiter_client.post(url, {"name": "Twin, Tom", "birth_date": "2004-01-01"})
    assert response.status_code == 302 and tournament.entries.count() == 2


def _uscf_section(tournament: Tournament) -> Tournament:
    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.rating_system = Tournament.RatingSystem.REGULAR
    tournament.save()
    return tournament


@pytest.mark.django_db
def test_it_pairs_a_player_the_records_do_not_know_on_a_typed_us_chess_rating(
    arbiter_client: Client, tournament
) -> None:
    """The field follows the section's pairing rating; the typed rating is the entry's own
    data: it pairs the player, it is never a rating record nor the identity's FIDE rating."""
    from ratings.models import RatingRecord

    _uscf_section(tournament)
    url = reverse("entry_add", args=[tournament.pk])
    form = arbiter_client.get(url).content.decode()
    assert "US Chess Regular rating" in form and "FIDE rating" not in form
    arbiter_client.post(url, {"name": "New, Nina", "uscf_id": "31234567", "rating": "1450"})
    arbiter_client.post(url, {"name": "Old, Olga", "rating": "1900"})
    entries = {e.name: e for e in tournament.entries.select_related("player")}
    nina = entries["New, Nina"]
    assert (nina.rating, nina.typed_rating, nina.typed_rating_kind) == (1450, 1450, "uscf_regular")
    assert nina.player.fide_rating == 0 and not RatingRecord.objects.exists()
    assert [e.name for e in tournament.entries.order_by("pairing_number")] == [
        "Old, Olga",
        "New, Nina",
    ]


@pytest.mark.django_db
def test_it_prefers_the_records_rating_to_a_typed_one(arbiter_client: Client, tournament) -> None:
    from ratings.models import RatingRecord

    _uscf_section(tournament)
    known = Player.objects.create(name="Known, Kai", uscf_id="31234568")
    RatingRecord.objects.create(player=known, system="regular", rating=1711, games=None)
    url = reverse("entry_add", args=[tournament.pk])
    arbiter_client.post(url, {"name": "Known, Kai", "uscf_id": "31234568", "rating": "2400"})
    entry = tournament.entries.get()
    assert (entry.rating, entry.typed_rating) == (1711, 2400)
    assert RatingRecord.objects.get().rating == 1711


@pytest.mark.django_db
def test_it_labels_the_quick_add_rating_by_the_pairing_rating(
    arbiter_client: Client, tournament
) -> None:
    tournament.pairing_rating = Tournament.PairingRating.USCF_QUICK
    tournament.save()
    url = reverse("entry_add", args=[tournament.pk])
    response = arbiter_client.post(
        url, {"name": "Quick, Quinn", "rating": "1234", "quick": "1"}, headers=HTMX
    )
    assert 'placeholder="US Chess Quick rating"' in response.content.decode()
    assert tournament.entries.get().rating == 1234
    tournament.pairing_rating = Tournament.PairingRating.NONE
    tournament.save()
    form = arbiter_client.get(url).content.decode()
    assert 'name="rating"' not in form


@pytest.mark.django_db
def test_it_refuses_a_fide_id_of_another_person_in_the_fide_list(
    arbiter_client: Client, tournament
) -> None:
    """Issue 23, item 3: the FIDE list (public) names the ID's owner: refused with the reason."""
    FideListPlayer.objects.create(
        fide_id=1503014, name="Carlsen, Magnus", name_key="carlsen magnus", birth_year=1990
    )
    url = reverse("entry_add", args=[tournament.pk])
    typed = {"name": "Impostor, Ivan", "fide_id": "1503014"}
    html = arbiter_client.post(url, typed).content.decode()
    assert "FIDE ID 1503014 is Carlsen, Magnus in the FIDE rating list" in html
    assert not tournament.entries.exists()
    # The right name but another birth year (the list's is public too): refused.
    typed = {"name": "Carlsen, Magnus", "fide_id": "1503014", "birth_date": "1980-11-30"}
    html = arbiter_client.post(url, typed).content.decode()
    assert "is Carlsen, Magnus, born 1990 in the FIDE rating list" in html
    assert not tournament.entries.exists()


@pytest.mark.django_db
def test_it_holds_an_id_of_another_person_on_record_without_linking_it(
    arbiter_client: Client, tournament
) -> None:
    """Issue 23, item 3: Carlsen is on record (not in any list the arbiter sees): "Impostor,
    Ivan" with his FIDE ID is registered as typed but not linked to him; nothing shown."""
    carlsen = Player.objects.create(name="Carlsen, Magnus", fide_id="1503014")
    other = Tournament.objects.create(
        name="Autumn Cup", start_date=date(2025, 9, 1), end_date=date(2025, 9, 2)
    )
    Entry.objects.create(tournament=other, player=carlsen, pairing_number=1)
    url = reverse("entry_add", args=[tournament.pk])
    response = arbiter_client.post(url, {"name": "Impostor, Ivan", "fide_id": "1503014"})
    assert response.status_code == 302
    entry = tournament.entries.get()
    assert entry.player != carlsen and entry.fide_id == "1503014"
    assert entry.player.fide_id == ""  # the officer decides
    html = arbiter_client.get(response["Location"]).content.decode()
    assert "Carlsen" not in html


@pytest.mark.django_db
def test_it_needs_plays_up_below_a_section_limit_and_refuses_above(
    arbiter_client: Client, tournament
) -> None:
    """Issue 23, item 7, in the entry form: a section for 1200–1599 (paired on FIDE ratings,
    typed here)."""
    tournament.rating_min, tournament.rating_max = 1200, 1599
    tournament.save()
    url = reverse("entry_add", args=[tournament.pk])
    assert "Plays up" in arbiter_client.get(url).content.decode()
    html = arbiter_client.post(url, {"name": "High, Hal", "rating": "2210"}).content.decode()
    assert "High, Hal is rated 2210, above the upper limit 1599" in html
    html = arbiter_client.post(url, {"name": "Low, Lou", "rating": "1100"}).content.decode()
    assert "below the lower limit 1200" in html and "plays up" in html
    assert not tournament.entries.exists()
    response = arbiter_client.post(url, {"name": "Low, Lou", "rating": "1100", "plays_up": "on"})
    assert response.status_code == 302
    assert tournament.entries.get().plays_up


@pytest.mark.django_db
def test_it_updates_the_next_step_on_quick_add(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 24 item 9: after a quick-add the next step said "15 of 14 players will be paired"
    (the count swapped, not the total), and "Pair round 1" appeared only after a reload."""
    url = reverse("entry_add", args=[tournament.pk])
    html = arbiter_client.post(
        url, {"quick": "1", "name": "One, Ann"}, headers=HTMX
    ).content.decode()
    assert "Register the players below" in html and 'id="pair-round"' not in html
    html = arbiter_client.post(
        url, {"quick": "1", "name": "Two, Bo"}, headers=HTMX
    ).content.decode()
    assert '<section id="next-step" class="card next-step" hx-swap-oob="true">' in html
    assert '<span id="available-count">2</span> of 2 players will be paired' in html
    assert '<button type="submit" id="pair-round">Pair round 1</button>' in html


@pytest.fixture
def us_section(tournament: Tournament) -> Tournament:
    """The tournament as a US Chess Swiss section (keep-apart groups, assigned ratings)."""
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.save()
    return tournament


@pytest.mark.django_db
def test_it_registers_the_group_and_the_assigned_rating(
    arbiter_client: Client, us_section: Tournament
) -> None:
    url = reverse("entry_add", args=[us_section.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Team / club / family" in html and "Assigned rating" in html
    response = arbiter_client.post(
        url,
        {"name": "New, Nora", "federation": "USA", "keep_apart": "  Lincoln   High ",
         "assigned_rating": "1450"},
    )  # fmt: skip
    assert response.status_code == 302
    entry = us_section.entries.get()
    assert (entry.keep_apart, entry.assigned_rating, entry.rating) == ("Lincoln High", 1450, 0)
    page = arbiter_client.get(reverse("tournament_manage", args=[us_section.pk]))
    text = page.content.decode()
    assert "Lincoln High" in text and "assigned 1450" in text


@pytest.mark.django_db
def test_it_asks_no_us_chess_pairing_data_outside_a_us_section(
    arbiter_client: Client, tournament: Tournament
) -> None:
    """US Chess 28N / 29A data only in a US Chess section: a FIDE Swiss has no keep-apart
    groups in its entry form (FIDE's are forbidden pairs)."""
    url = reverse("entry_add", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Team / club / family" not in html and "Assigned rating" not in html
    arbiter_client.post(url, {"name": "New, Nora", "keep_apart": "Club", "assigned_rating": "9"})
    assert (tournament.entries.get().keep_apart, tournament.entries.get().assigned_rating) == (
        "",
        None,
    )


@pytest.mark.django_db
def test_it_refuses_a_bad_assigned_rating(arbiter_client: Client, us_section: Tournament) -> None:
    url = reverse("entry_add", args=[us_section.pk])
    response = arbiter_client.post(url, {"name": "New, Nora", "assigned_rating": "abc"})
    assert response.status_code == 200
    assert "Enter a whole number." in response.content.decode()
    assert not us_section.entries.exists()


@pytest.mark.django_db
def test_an_assigned_rating_beside_a_rating_was_silently_ignored(
    arbiter_client: Client, us_section: Tournament
) -> None:
    """What broke: a TD typed a rating and an assigned rating; the player was registered,
    ranked by the rating, and the assigned one kept but never used (29A: it ranks unrated
    players only), with nothing said. It is refused, and the form keeps what was typed."""
    url = reverse("entry_add", args=[us_section.pk])
    data = {"name": "Rated, Rita", "rating": "1500", "assigned_rating": "1400", "keep_apart": "X"}
    response = arbiter_client.post(url, data)
    html = response.content.decode()
    assert response.status_code == 200 and not us_section.entries.exists()
    assert "An assigned rating is for an unrated player" in html
    assert 'value="Rated, Rita"' in html and 'value="1400"' in html and 'value="X"' in html
    assert arbiter_client.post(url, data | {"assigned_rating": ""}).status_code == 302


@pytest.mark.django_db
def test_it_shows_the_page_of_the_list_with_the_player_added(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: the list is 100 a page by pairing number; a player added as no. 151 is on
    page 2, with htmx (the list's region) and without (the redirect)."""
    make_entries(150, first_rating=2400, step=5)
    url = reverse("entry_add", args=[tournament.pk])
    data = {"quick": "1", "name": "Quick, Quinn", "rating": "1000", "federation": "usa"}
    html = arbiter_client.post(url, data, headers=HTMX).content.decode()
    assert "Quick, Quinn registered as no. 151." in html
    assert "Page 2 of 2 (players 101–151 of 151)" in html and ">Quick, Quinn</a>" in html
    response = arbiter_client.post(url, data | {"name": "Late, Lou"})
    manage = reverse("tournament_manage", args=[tournament.pk])
    assert response["Location"] == f"{manage}?page=2#players"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("12x45", "A FIDE ID must be digits only (0-9)."),
        ("１２３", "A FIDE ID must be digits only (0-9)."),  # full-width digits are not 0-9
        ("1" * 12, "A FIDE ID must be up to 11 digits."),
    ],
)
def test_a_fide_id_with_a_letter_is_not_called_too_long(
    arbiter_client: Client, tournament, typed: str, error: str
) -> None:
    """``12x45`` was answered "A FIDE ID is up to 11 digits", which it is (5 characters):
    the message now says what is wrong with it; nothing is registered and the value stays."""
    url = reverse("entry_add", args=[tournament.pk])
    html = arbiter_client.post(url, {"name": "Typo, Tom", "fide_id": typed}).content.decode()
    assert error in html and f'value="{typed}"' in html
    assert not tournament.entries.exists()
