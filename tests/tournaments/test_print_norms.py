"""print_norms: the norm report of each norm achieved, with the certificate's data (hand
derivation in tests/tournaments/norm_field.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.norm_field import FEDERATIONS, norm_field

pytestmark = pytest.mark.django_db


def test_it_prints_the_certificate_data(arbiter_client: Client, tournament, record_round):
    tournament.chief_arbiter = "IA Arbiter, Anna"
    tournament.save()
    norm_field(tournament, record_round)
    html = arbiter_client.get(reverse("print_norms", args=[tournament.pk])).content.decode()
    assert "GM norm — Norm, Ian" in html
    assert "<th>FIDE ID</th><td>9100000</td>" in html
    assert "<th>Ra (1.4.7)</th><td>2500</td><th>Rp (1.4.8)</th><td>2666</td>" in html
    assert "9 (the norm counts 9)" in html and "<th>Score</th><td>6.5</td>" in html
    assert "<td>9, of them 9 for the GM norm</td>" in html
    assert "<th>Other federations (1.4.3)</th><td>9</td>" in html
    assert "IA Arbiter, Anna" in html
    opponents = html.split('class="print-table opponents"')[1].split("</table>")[0]
    rows = re.findall(
        r"<tr><td class=\"num\">(\d)</td><td>([^<]*)</td><td>GM</td><td>(\w+)", opponents
    )
    assert rows == [(str(r), f"Grandmaster, {f}", f) for r, f in enumerate(FEDERATIONS, 1)]


def test_it_says_when_no_norm_is_achieved(arbiter_client: Client, tournament, record_round):
    norm_field(tournament, record_round, rounds_played=5)
    html = arbiter_client.get(reverse("print_norms", args=[tournament.pk])).content.decode()
    assert "No norm achieved after the finished rounds." in html


def test_it_is_for_the_tournaments_arbiters_only(client: Client, other_arbiter, tournament):
    client.force_login(other_arbiter)
    assert client.get(reverse("print_norms", args=[tournament.pk])).status_code == 403
