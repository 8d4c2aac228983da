"""print_slips: result slips (pairing cards), one per board, for the arbiter."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services


@pytest.mark.django_db
def test_it_prints_one_slip_per_board(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(6)
    services.pair_next_round(tournament.pk)  # the arbiter may print a draft too
    html = arbiter_client.get(reverse("print_slips", args=[tournament.pk, 1])).content.decode()
    assert html.count('<section class="slip"') == 3
    assert "<strong>Board 3</strong>" in html and "White's signature" in html
    assert "<svg viewBox" not in html  # no QR code on the slips


@pytest.mark.django_db
def test_it_answers_404_for_an_unknown_round(arbiter_client: Client, tournament) -> None:
    assert arbiter_client.get(reverse("print_slips", args=[tournament.pk, 2])).status_code == 404
