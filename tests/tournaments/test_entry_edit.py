"""entry_edit: correct a player's data; ratings before round 1; requested byes ahead."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from pairing.services import export_trf
from players.models import Player
from tests.visible import shown
from tournaments import services
from tournaments.models import Entry, Game, Tournament


def form(entry, **change) -> dict:
    data = {"name": entry.name, "federation": "USA", "rating": entry.rating}
    return data | change


@pytest.mark.django_db
def test_it_changes_the_pairing_numbers_after_a_new_rating(
    arbiter_client: Client, tournament, make_entries
) -> None:
    _a, _b, c = make_entries(3)
    url = reverse("entry_edit", args=[tournament.pk, c.pk])
    response = arbiter_client.post(url, form(c, rating=2600, name="Renamed, Player"))
    assert response.status_code == 302
    c.refresh_from_db()
    assert (c.pairing_number, c.rating, c.name) == (1, 2600, "Renamed, Player")


@pytest.mark.django_db
def test_it_says_nothing_changed_and_writes_nothing(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """The form posted as it was shown: "nothing changed", not "saved" (regression), and no
    write (the public pages' revision stays)."""
    _a, _b, c = make_entries(3)
    revision = Tournament.objects.get(pk=tournament.pk).revision
    url = reverse("entry_edit", args=[tournament.pk, c.pk])
    page = arbiter_client.post(url, form(c), follow=True).content.decode()
    assert "Nothing changed for Player 03." in page and "saved" not in page
    assert Tournament.objects.get(pk=tournament.pk).revision == revision
    page = arbiter_client.post(url, form(c, title="FM"), follow=True).content.decode()
    assert "Player 03 saved." in page
    assert Entry.objects.get(pk=c.pk).title == "FM"


@pytest.mark.django_db
def test_it_locks_the_rating_after_round_1(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    _a, _b, _c, d = make_entries(4)  # no. 4 is rated 2325 (make_entries: out of rating order)
    play(tournament, rounds=1)
    url = reverse("entry_edit", args=[tournament.pk, d.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Ratings are fixed once round 1 is paired" in html
    assert "Round 2" in html and "Round 5" in html and "Round 1<" not in html  # rounds to come
    # A forced POST of the locked rating is refused, not answered "saved" (regression).
    html = arbiter_client.post(url, form(d, rating=2900, title="IM")).content.decode()
    assert "an unrated player gets a provisional rating on the dashboard" in html
    d.refresh_from_db()
    assert (d.rating, d.player.title) == (2325, "")
    arbiter_client.post(url, form(d, rating="", title="IM"))  # a browser omits a disabled field
    d.refresh_from_db()
    assert (d.rating, d.title, d.pairing_number) == (2325, "IM", 4)


def olga() -> Player:
    """A player on record with FIDE ID 42, entered in another tournament."""
    other = Tournament.objects.create(
        name="X", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)
    )
    player = Player.objects.create(name="Other, Olga", fide_id="42", birth_date=date(1970, 3, 4))
    Entry.objects.create(tournament=other, player=player, pairing_number=1)
    return player


@pytest.mark.django_db
def test_it_links_the_identity_of_a_new_fide_id_without_showing_or_changing_it(
    arbiter_client: Client, tournament, make_entries
) -> None:
    (a,) = make_entries(1)
    own = a.player
    known = olga()
    url = reverse("entry_edit", args=[tournament.pk, a.pk])
    response = arbiter_client.post(url, form(a, fide_id="42", title="GM"), follow=True)
    assert "Player 01 saved." in response.content.decode()
    a.refresh_from_db()
    # Issue 23: Olga's ID under another name is not linked silently: held for an officer.
    assert (a.player, a.name, a.fide_id, a.title) == (own, "Player 01", "42", "GM")
    assert own.fide_id == ""
    known.refresh_from_db()
    assert (known.name, known.title, known.birth_date) == ("Other, Olga", "", date(1970, 3, 4))
    html = arbiter_client.get(url).content.decode()
    assert "Other, Olga" not in html and "1970" not in shown(html)
    # Taking the ID away (a typo) unlinks the entry; the identity stays as it was.
    arbiter_client.post(url, form(a, fide_id=""))
    a.refresh_from_db()
    assert a.player != known and a.fide_id == ""
    known.refresh_from_db()
    assert (known.name, known.fide_id) == ("Other, Olga", "42")


@pytest.mark.django_db
def test_it_refuses_the_same_fide_id_twice_in_a_tournament(
    arbiter_client: Client, tournament, make_entries
) -> None:
    a, b = make_entries(2)  # no. 1 rated 2350, no. 2 2375 (make_entries: out of rating order)
    arbiter_client.post(reverse("entry_edit", args=[tournament.pk, a.pk]), form(a, fide_id="7"))
    # The edit before round 1 reseeded by rating (C.04.2 B): Player 01 is now no. 2.
    html = arbiter_client.post(
        reverse("entry_edit", args=[tournament.pk, b.pk]), form(b, fide_id="7")
    ).content.decode()
    assert "Player 01 is already registered as no. 2: a player can be registered once" in html
    b.refresh_from_db()
    assert b.fide_id == ""


@pytest.mark.django_db
def test_it_makes_an_identity_of_its_own_follow_the_entry_a_shared_one_not(
    arbiter_client: Client, tournament, make_entries
) -> None:
    a, b = make_entries(2)
    elsewhere = Tournament.objects.create(
        name="Y", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)
    )
    Entry.objects.create(tournament=elsewhere, player=b.player, pairing_number=1)
    for entry in (a, b):
        arbiter_client.post(
            reverse("entry_edit", args=[tournament.pk, entry.pk]),
            form(entry, name="Fixed, Name", birth_date="2000-01-02"),
        )
    a.player.refresh_from_db()
    b.player.refresh_from_db()
    assert (a.player.name, a.player.birth_date) == ("Fixed, Name", date(2000, 1, 2))
    assert (b.player.name, b.player.birth_date) == ("Player 02", None)
    assert Entry.objects.get(tournament=elsewhere).name == "Player 02"


@pytest.mark.django_db
def test_it_edits_the_pairing_number_under_manual_seeding(
    arbiter_client: Client, tournament, make_entries
) -> None:
    tournament.seeding = Tournament.Seeding.MANUAL
    tournament.save()
    a, b, c = make_entries(3)
    arbiter_client.post(
        reverse("entry_edit", args=[tournament.pk, c.pk]), form(c, pairing_number=1)
    )
    assert [e.pk for e in tournament.entries.order_by("pairing_number")] == [c.pk, a.pk, b.pk]


@pytest.mark.django_db
def test_it_is_404_for_another_tournaments_entry(
    arbiter_client: Client, tournament, make_entries
) -> None:
    (a,) = make_entries(1)
    other = Tournament.objects.create(
        name="X", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)
    )
    other.arbiters.add(tournament.arbiters.get())
    assert arbiter_client.get(reverse("entry_edit", args=[other.pk, a.pk])).status_code == 404


@pytest.mark.django_db
def test_it_edits_in_one_transaction(arbiter_client: Client, tournament, make_entries) -> None:
    """The entry's data, rating and pairing number are saved together or not at all: a refused
    pairing number (the seeding is not manual) leaves the name and rating as they were."""
    from players.identity import PlayerData
    from tournaments import registration
    from tournaments.errors import ArbiterError

    a, _b, c = make_entries(3)
    renamed = PlayerData(name="Renamed, Player")
    with pytest.raises(ArbiterError, match="choose manual seeding"):
        registration.update_entry(c, renamed, 2900, number=3)
    c.refresh_from_db()
    assert (c.name, c.rating, c.pairing_number) == ("Player 03", 2325, 3)
    assert c.player.name == "Player 03"
    assert a.pairing_number == 1


@pytest.mark.django_db
def test_it_edits_the_k_facts_of_a_fide_rated_tournament(
    arbiter_client: Client, tournament, four
) -> None:
    """Player 01 of `four` (2350): +8.6 and +0.6 with K 20 (tests/public/
    test_tournament_standings.py); with K 40 (B.02 8.3.3, given) twice that: +17.2 and +1.2,
    +18.4."""
    a = four[0]
    url = reverse("entry_edit", args=[tournament.pk, a.pk])
    assert "K factor" not in arbiter_client.get(url).content.decode()  # not FIDE rated
    tournament.fide_rated = True
    tournament.save()
    assert "K factor" in arbiter_client.get(url).content.decode()
    data = form(a, fide_k=40, fide_rated_games=12)
    page = arbiter_client.post(url, data, follow=True).content.decode()
    assert "Player 01 saved." in page
    a.refresh_from_db()
    assert (a.fide_k, a.fide_rated_games, a.fide_reached_2400) == (40, 12, False)
    standings = arbiter_client.get(reverse("tournament_standings", args=[tournament.pk]))
    assert '<td class="num">+18.4</td>' in standings.content.decode()
    page = arbiter_client.post(url, data, follow=True).content.decode()
    assert "Nothing changed for Player 01." in page
    page = arbiter_client.post(url, form(a, fide_k=41), follow=True).content.decode()
    assert "Ensure this value is less than or equal to 40." in page


def _round_one_boards(t: Tournament) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=t, round__number=1).order_by("board")
    return [(g.white.pairing_number, g.black.pairing_number) for g in games]


@pytest.fixture
def us_section(tournament: Tournament) -> Tournament:
    """The tournament as a US Chess Swiss section (keep-apart groups, assigned ratings)."""
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.save()
    return tournament


@pytest.mark.django_db
def test_it_edits_the_group_and_keeps_it_apart_in_round_one(
    arbiter_client: Client, us_section: Tournament, make_entries
) -> None:
    """Four players 2375, 2350, 2325, 2300. Round 1 (27A3, 29E2): 1-3, 4-2. With 1 and 3 of
    one club (28N), the transposition 3 <-> 4 in the lower half (25 points, within the
    80-point limit of 29E5) pairs 1-4 and 2-3; colours by board as in round 1: 1 White on
    board 1, White to the lower half's player on board 2: 1-4, 3-2."""
    # The fixture numbers players out of rating order; US Chess ranks them by rating before
    # round 1 (27A), so "no. 1" .. "no. 4" below are the players by rating.
    one, _two, three, _four = sorted(make_entries(4), key=lambda e: -e.rating)
    for entry in (one, three):
        url = reverse("entry_edit", args=[us_section.pk, entry.pk])
        data = {"name": entry.name, "federation": "USA", "rating": entry.rating}
        response = arbiter_client.post(url, data | {"keep_apart": "Chess Club"}, follow=True)
        assert f"{entry.name} saved." in response.content.decode()
    assert "XXU apart=1,3" in export_trf(us_section)
    services.pair_next_round(us_section.pk)
    assert _round_one_boards(us_section) == [(1, 4), (3, 2)]
