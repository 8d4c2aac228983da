"""print_standings: the standings on paper, with the tie-breaks."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_it_prints_every_player_and_tie_break(client: Client, tournament, four) -> None:
    html = client.get(reverse("print_standings", args=[tournament.pk])).content.decode()
    assert "Standings after round 2" in html
    assert html.count('<td class="name">') == 4
    assert '<th class="num">BH</th><th class="num">SB</th>' in html
    assert "<strong>BH</strong> Buchholz" in html
