"""print_crosstable: the wall chart, landscape."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_it_is_landscape_with_a_column_per_round(client: Client, tournament, four) -> None:
    url = reverse("print_crosstable", args=[tournament.pk])
    html = client.get(url, {"paper": "letter"}).content.decode()
    assert "css/page-letter-landscape.css" in html
    assert html.count('<th class="num round">') == 2
    assert '<td class="num round">3w1</td><td class="num round">2b½</td>' in html  # A's row


@pytest.mark.django_db
def test_a_bye_worth_nothing_was_a_bye_worth_a_win_on_the_print(
    client: Client, tournament, four, record_round
) -> None:
    """What broke: the printed crosstable showed "+ bye" ("a bye worth a win") for a
    pairing-allocated bye worth nothing (bye points 0, as a round robin's sit-out)."""
    from tournaments.models import Bye

    a, b, c, _d = four
    tournament.rounds = 3
    tournament.bye_points = 0
    tournament.save()
    record_round(3, [(a, c, "1-0")])
    Bye.objects.create(entry=b, round_number=3, kind=Bye.Kind.PAIRING_ALLOCATED)
    html = client.get(reverse("print_crosstable", args=[tournament.pk])).content.decode()
    # B's row: round 1 against no. 4 with black, won; round 2 against no. 1 with white, drawn.
    assert '<td class="num round">4b1</td><td class="num round">1w½</td>' in html
    assert '<td class="num round">0 bye</td>' in html and "+ bye</td>" not in html
    assert '"0 bye" one worth nothing' in html
