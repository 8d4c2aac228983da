"""entry_detail: a player's games, colours and score progression."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Bye


@pytest.mark.django_db
def test_it_lists_the_games_and_running_score(client: Client, tournament, four) -> None:
    a, _b, _c, _d = four
    html = client.get(reverse("entry_detail", args=[tournament.pk, a.pk])).content.decode()
    assert "place 1 with 1.5 points after round 2" in html
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")
    assert (
        "White" in rows[0] and "Player 03" in rows[0] and ">1<" in rows[0] and "1</td>" in rows[0]
    )
    assert (
        "Black" in rows[1] and "Player 02" in rows[1] and "½" in rows[1] and "1.5</td>" in rows[1]
    )
    # Score line: 0, 1 (of 2 possible after one round), 1.5: y = 60 - 60 * score / 4.
    assert 'points="0.0,60.0 120.0,30.0 240.0,15.0"' in html


@pytest.mark.django_db
def test_it_shows_byes_and_a_game_in_play(client: Client, tournament, four, record_round) -> None:
    a, b, c, d = four
    tournament.rounds = 4
    tournament.save()
    Bye.objects.create(entry=a, round_number=3, kind=Bye.Kind.HALF_POINT)
    record_round(3, [(b, c, "1-0")])
    record_round(4, [(a, d, "")], status="published")
    html = client.get(reverse("entry_detail", args=[tournament.pk, a.pk])).content.decode()
    assert "Half-point bye" in html and "2</td>" in html  # 1.5 + ½
    assert "playing" in html
    assert 'hx-trigger="every' in html


@pytest.mark.django_db
def test_it_is_404_for_another_tournaments_player(client: Client, tournament, four) -> None:
    from datetime import date

    from tournaments.models import Tournament

    other = Tournament.objects.create(
        name="X", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)
    )
    assert client.get(reverse("entry_detail", args=[other.pk, four[0].pk])).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("players", [6, 40])
def test_it_does_a_constant_number_of_queries(
    client: Client, tournament, make_entries, play, django_assert_num_queries, players
) -> None:
    entries = make_entries(players)
    play(tournament, rounds=2)
    with django_assert_num_queries(6):
        client.get(reverse("entry_detail", args=[tournament.pk, entries[-1].pk]))
