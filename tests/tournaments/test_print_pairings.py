"""print_pairings: a published round's pairings on paper, by board or alphabetical."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services


@pytest.mark.django_db
def test_it_prints_by_board_with_a_qr_code_and_no_menus(
    client: Client, tournament, make_entries, play
):
    make_entries(5)
    play(tournament, rounds=1)
    html = client.get(reverse("print_pairings", args=[tournament.pk, 1])).content.decode()
    assert "Round 1: pairings" in html
    assert html.count('<tr><td class="num">') == 2  # two boards
    assert "Not playing:</strong> Player 05 (Bye)" in html
    assert '<svg viewBox="0 0' in html and "Live: http://testserver/tournaments/" in html
    assert "css/page-a4-portrait.css" in html and 'class="site-header"' not in html
    assert "data-print hidden>Print</button>" in html and "<script src=" in html
    assert "onclick" not in html and "<script>" not in html  # no inline script


@pytest.mark.django_db
def test_it_prints_alphabetically_on_letter_paper(
    client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    url = reverse("print_pairings", args=[tournament.pk, 1])
    html = client.get(url, {"order": "alpha", "paper": "letter"}).content.decode()
    assert "Round 1: pairings, alphabetical" in html and "css/page-letter-portrait.css" in html
    names = [f'<tr><td class="name">Player 0{i} ({i})</td>' for i in range(1, 5)]
    assert all(n in html for n in names)
    assert [html.index(n) for n in names] == sorted(html.index(n) for n in names)
    assert 'href="?order=alpha&amp;paper=a4">A4</a>' in html


@pytest.mark.django_db
def test_it_does_not_print_a_draft_for_the_public(client: Client, tournament, make_entries) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    assert client.get(reverse("print_pairings", args=[tournament.pk, 1])).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("system", "edition", "label"),
    [
        ("dubov", "2018", "FIDE Dubov (C.04.4.1, 2018 edition)"),
        ("dubov", "2026", "FIDE Dubov (C.04.4.1, 2026 edition)"),
        ("uscf", "2026", "US Chess Swiss (rules 27–29)"),
        ("round_robin", "2026", "Round robin (Berger tables, FIDE C.05 Annex 1)"),
    ],
)
def test_it_names_the_system_and_edition_in_the_header(
    client: Client, tournament, make_entries, play, system: str, edition: str, label: str
) -> None:
    tournament.pairing_system, tournament.dubov_edition = system, edition
    tournament.save()
    make_entries(4)
    play(tournament, rounds=1)
    html = client.get(reverse("print_pairings", args=[tournament.pk, 1])).content.decode()
    assert label in html
