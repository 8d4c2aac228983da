"""The FIDE-ID takeover of issue 16, tried every way an account holder can: a tournament of
one's own with a victim's FIDE ID, through the full form, the quick row, a CSV list and a TRF
file, then the entry's edit form and the TRF export. Nothing of the victim is shown, nothing
is written, and the victim's tournament looks exactly the same."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from players.models import Player
from tournaments.models import Entry, Tournament

VICTIM_ID = "1234567"
SECRETS = ("Victim", "1987", "06-05", "06/05", 'value="WGM" selected', " WGM ")
"""What the attacker must never see: the victim's name, birth date and title (chosen in a
form, or in a TRF line)."""
PUBLIC_PAGES = (
    "tournament_detail",
    "tournament_standings",
    "tournament_crosstable",
    "tournament_players",
)


@pytest.fixture
def victim(tournament: Tournament, make_entries) -> Entry:
    """The victim in the arbiter's tournament, with a FIDE ID and private data."""
    make_entries(3)
    player = Player.objects.create(
        name="Victim, Vera",
        fide_id=VICTIM_ID,
        title="WGM",
        sex="w",
        birth_date=date(1987, 6, 5),
        fide_rating=2300,
    )
    entry = Entry.objects.create(
        tournament=tournament,
        player=player,
        pairing_number=4,
        rating=2300,
        name="Victim, Vera",
        title="WGM",
        sex="w",
        birth_date=date(1987, 6, 5),
        fide_id=VICTIM_ID,
    )
    return entry


def victim_state(victim: Entry) -> tuple:
    """The victim's identity and entry, every field, and the public pages of the victim's
    tournament."""
    t = victim.tournament
    urls = [reverse(name, args=[t.pk]) for name in PUBLIC_PAGES]
    urls.append(reverse("entry_detail", args=[t.pk, victim.pk]))
    htmx = {"HX-Request": "true"}  # each page's section, without the per-request CSRF token
    pages = [Client().get(url, headers=htmx).content.decode() for url in urls]
    assert "Victim, Vera" in pages[-1] and "WGM" in pages[-1]
    return (
        list(Player.objects.filter(pk=victim.player_id).values_list()),
        list(Entry.objects.filter(tournament=t).order_by("pk").values_list()),
        Tournament.objects.get(pk=t.pk).revision,
        pages,
    )


@pytest.fixture
def attacker(other_arbiter: User) -> Client:
    """Any account holder allowed to create tournaments, running one of their own."""
    client = Client()
    client.force_login(other_arbiter)
    return client


def own_tournament(client: Client) -> Tournament:
    response = client.post(
        reverse("tournament_create"),
        {
            "name": "Attack Open",
            "start_date": "2026-05-01",
            "end_date": "2026-05-01",
            "pairing_system": "dutch",
            "rounds": 5,
            "initial_colour": "w",
            "seeding": "rating",
            "late_entry_bye": "Z",
            "win": "1",
            "draw": "0.5",
            "loss": "0",
            "bye": "1",
            "half_bye": "0.5",
        },
    )
    assert response.status_code == 302
    return Tournament.objects.get(name="Attack Open")


def assert_nothing_shown(html: str) -> None:
    for secret in SECRETS:
        assert secret not in html, secret


@pytest.mark.django_db
def test_it_neither_shows_nor_changes_the_victim_through_the_forms(attacker, victim) -> None:
    before = victim_state(victim)
    mine = own_tournament(attacker)
    added = attacker.post(
        reverse("entry_add", args=[mine.pk]),
        {"name": "Decoy, Dan", "fide_id": VICTIM_ID},
        follow=True,
    )
    assert "Decoy, Dan registered as no. 1." in added.content.decode()
    assert_nothing_shown(added.content.decode())
    entry = mine.entries.get()
    edit_url = reverse("entry_edit", args=[mine.pk, entry.pk])
    form = attacker.get(edit_url).content.decode()
    assert_nothing_shown(form)
    assert 'value="Decoy, Dan"' in form
    trf = attacker.get(reverse("tournament_export_trf", args=[mine.pk])).content.decode()
    assert_nothing_shown(trf)
    assert VICTIM_ID in trf and "Decoy, Dan" in trf  # what the attacker typed

    attacker.post(
        edit_url,
        {
            "name": "DEFACED, by attacker",
            "title": "GM",
            "sex": "m",
            "birth_date": "2001-01-01",
            "fide_id": VICTIM_ID,
            "rating": "2900",
        },
    )
    entry.refresh_from_db()
    assert (entry.name, entry.title, entry.rating) == ("DEFACED, by attacker", "GM", 2900)
    assert victim_state(victim) == before


@pytest.mark.django_db
def test_it_neither_shows_nor_changes_the_victim_through_the_imports(attacker, victim) -> None:
    before = victim_state(victim)
    mine = own_tournament(attacker)
    url = reverse("entries_import", args=[mine.pk])
    text = f"name,fide_id,title,birth_date,sex\nDEFACED,{VICTIM_ID},GM,2001-01-01,m\n"
    preview = attacker.post(url, {"text": text}).content.decode()
    assert_nothing_shown(preview)
    assert "known" not in preview
    attacker.post(url, {"text": text, "confirm": "1"})
    assert mine.entries.get().name == "DEFACED"

    name = "DEFACED, by file"
    trf = (  # TRF16 columns: rank 5-8, sex 10, title 11-13, name 15-47, ..., FIDE ID 58-68
        "012 Attack by TRF\n192 FIDE_DUTCH_2026\n"
        f"001 {1:>4} m{'GM':<3} {name:<33} 2900 USA {VICTIM_ID:>11} 2001/01/01  0.0 {1:>4}\n"
    )
    response = attacker.post(reverse("tournament_import_trf"), {"text": trf}, follow=True)
    assert "Imported Attack by TRF" in response.content.decode()
    imported = Tournament.objects.get(name="Attack by TRF")
    assert imported.entries.get().name == "DEFACED, by file"
    assert_nothing_shown(
        attacker.get(reverse("tournament_export_trf", args=[imported.pk])).content.decode()
    )
    assert victim_state(victim) == before


@pytest.mark.django_db
def test_it_does_not_confirm_that_an_id_exists(attacker, victim) -> None:
    """Registering the victim's FIDE ID and an unknown one answer the same."""
    mine = own_tournament(attacker)
    csv = attacker.post(
        reverse("entries_import", args=[mine.pk]),
        {"text": f"name,fide_id\nC,{VICTIM_ID}\nD,7654320\n"},
    ).content.decode()
    assert csv.count("new registration") == 2
    url = reverse("entry_add", args=[mine.pk])
    known = attacker.post(url, {"name": "A, A", "fide_id": VICTIM_ID}, follow=True)
    unknown = attacker.post(url, {"name": "B, B", "fide_id": "7654321"}, follow=True)
    assert known.status_code == unknown.status_code == 200
    assert "A, A registered as no." in known.content.decode()
    assert "B, B registered as no." in unknown.content.decode()
