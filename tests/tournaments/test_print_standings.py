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


@pytest.mark.django_db
def test_it_prints_rp_and_the_rating_change_when_fide_rated(
    client: Client, tournament, four
) -> None:
    """Hand derivation: tests/public/test_tournament_standings.py, FOUR_FIDE."""
    import re

    from tests.public.test_tournament_standings import FOUR_FIDE

    tournament.fide_rated = True
    tournament.save()
    html = client.get(reverse("print_standings", args=[tournament.pk])).content.decode()
    assert '<th class="num">Rp</th><th class="num">Rtg ±</th>' in html
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    got = {}
    for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        tds = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr)]
        got[tds[2]] = (tds[-2], tds[-1])
    assert got == FOUR_FIDE
