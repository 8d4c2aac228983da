"""entry_detail: a player's games, colours and score progression."""

from __future__ import annotations

import re

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
@pytest.mark.parametrize(("bye_points", "result", "total"), [(0, "0", "1.5"), (2, "+", "2.5")])
def test_a_bye_worth_nothing_was_a_win_on_the_players_page(
    client: Client, tournament, four, record_round, bye_points: int, result: str, total: str
) -> None:
    """What broke: a pairing-allocated bye's result was "+" whatever it scored (bye points 0,
    as a round robin's sit-out). B had 1.5 after round 2."""
    a, b, c, _d = four
    tournament.rounds = 3
    tournament.bye_points = bye_points
    tournament.save()
    record_round(3, [(a, c, "1-0")])
    Bye.objects.create(entry=b, round_number=3, kind=Bye.Kind.PAIRING_ALLOCATED)
    html = client.get(reverse("entry_detail", args=[tournament.pk, b.pk])).content.decode()
    third = html.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[2]
    cells = [
        re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", third, re.S)
    ]
    assert cells[-3:] == ["Bye", result, total], cells


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


# -- if I win, draw or lose (issue 15) ---------------------------------------------------------
#
# Four players (pairing numbers 1-4 by rating), round 1 by the Dutch system: 1-3 on board 1
# (no. 1 has White, the initial colour), 4-2 on board 2. Board 2 ends 0-1; board 1 is the last
# game. Round 2, worked out by hand (C.04.3; colours by E.1-E.4):
# - 1 wins: {1, 2} on 1 point, {3, 4} on 0: 2-1 (2 had Black, 1 White) and 3-4.
# - a draw: 2 alone on 1 point floats down to {1, 3} (½ point; 1 and 3 have met): 2-1 leaves
#   3-4, which grant every colour preference; 2-3 with 1-4 would grant none.
# - 3 wins: {2, 3} on 1 point: both had Black, E.4 gives White to the higher-ranked 2: 2-3;
#   {1, 4}: both had White, E.4 gives Black to 1: 4-1.


def last_game_left(tournament, make_entries, play) -> list:
    entries = make_entries(4)
    play(tournament, [["", "0-1"]])
    games = tournament.round_set.get().games.order_by("board")
    assert [(g.white.pairing_number, g.black.pairing_number) for g in games] == [(1, 3), (4, 2)]
    return entries


def what_if(client: Client, tournament, entry) -> str:
    html = client.get(reverse("entry_detail", args=[tournament.pk, entry.pk])).content.decode()
    if 'id="what-if"' not in html:
        return ""
    block = html.split('id="what-if"')[1].split("</ul>")[0]
    return " ".join(block.split())


@pytest.mark.django_db
def test_it_shows_the_likely_next_opponents_after_the_last_game(
    client: Client, tournament, make_entries, play
) -> None:
    p1, p2, p3, _p4 = last_game_left(tournament, make_entries, play)
    shown = what_if(client, tournament, p1)
    assert "a win: likely" in shown and "Player 02</a>, with Black" in shown.split("a draw")[0]
    assert "Player 02</a>, with Black" in shown.split("a draw")[1].split("a loss")[0]
    assert "Player 04</a>, with Black" in shown.split("a loss")[1]
    shown = what_if(client, tournament, p3)  # the other side of the same game
    assert "Player 02</a>, with Black" in shown.split("a draw")[0]
    assert "Player 04</a>, with White" in shown.split("a draw")[1].split("a loss")[0]
    assert "Player 04</a>, with White" in shown.split("a loss")[1]
    assert what_if(client, tournament, p2) == ""  # their game is over


@pytest.mark.django_db
def test_it_stores_nothing_and_computes_the_pairings_once(
    client: Client, tournament, make_entries, play, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tournaments import whatif
    from tournaments.models import Game, Round, Tournament

    p1, _p2, p3, _p4 = last_game_left(tournament, make_entries, play)
    revision = Tournament.objects.get(pk=tournament.pk).revision
    rows = (Round.objects.count(), Game.objects.count(), Bye.objects.count())
    calls = []
    real = whatif._pair

    def counted(snap, state):
        calls.append(state)
        return real(snap, state)

    monkeypatch.setattr(whatif, "_pair", counted)
    assert what_if(client, tournament, p1)
    assert len(calls) == 3  # a win, a draw, a loss
    assert what_if(client, tournament, p3)  # the other player: the same pairings, cached
    assert len(calls) == 3
    assert (Round.objects.count(), Game.objects.count(), Bye.objects.count()) == rows
    assert Tournament.objects.get(pk=tournament.pk).revision == revision


@pytest.mark.django_db
def test_it_waits_for_the_other_results(client: Client, tournament, make_entries, play) -> None:
    make_entries(4)
    play(tournament, [[]])  # both games in play
    for entry in tournament.entries.all():
        assert what_if(client, tournament, entry) == ""


@pytest.mark.django_db
def test_it_never_leaks_a_draft(client: Client, tournament, make_entries, play) -> None:
    """Once the last result is in and round 2 is paired as a draft, the page shows neither a
    what-if nor the draft's opponents."""
    from tournaments import services

    p1, _p2, _p3, _p4 = last_game_left(tournament, make_entries, play)
    game = tournament.round_set.get().games.get(board=1)
    services.set_result(game.pk, "0-1")
    services.pair_next_round(tournament.pk)
    html = client.get(reverse("entry_detail", args=[tournament.pk, p1.pk])).content.decode()
    assert 'id="what-if"' not in html
    assert "Round 2" not in html and "Player 04" not in html  # the draft: 4-1


@pytest.mark.django_db
def test_it_shows_the_fide_rating_change_per_game_when_fide_rated(client, tournament, four) -> None:
    """Player 01 (2350, K 20): R1 beat 2300 (PD .57) +8.6, R2 drew 2375 (PD .47) +0.6; the
    event +9.2; Rp 2531 (hand derivation in test_tournament_standings.py)."""
    a = four[0]
    url = reverse("entry_detail", args=[tournament.pk, a.pk])
    assert "Rtg ±" not in client.get(url).content.decode()
    tournament.fide_rated = True
    tournament.save()
    html = client.get(url).content.decode()
    assert "FIDE rating change +9.2 (K 20) · Rp 2531" in html
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    cells = [re.findall(r'<td class="num">([^<]*)</td>', tr) for tr in body.split("<tr>")[1:]]
    assert [c[-1] for c in cells] == ["+8.6", "+0.6"]


@pytest.mark.django_db
def test_it_counts_a_game_of_less_than_one_move_in_rp_but_not_in_the_rating_change(
    client, tournament, four
) -> None:
    """R1 A-C ended 1-0 with less than one move (TRF W/L): not rated (B.02 5.1), so A's change
    is R2's draw with B alone, +0.6 (FOUR_FIDE's derivation); but it is a game played, as the
    norms and the RP tie-break count it, so A's Rp stays 2531 over both games. The player page
    said Rp 2375 (the draw alone) while the standings' RP column said 2531."""
    from tests.public.test_tournament_standings import rows
    from tournaments.models import Game

    a = four[0]
    Game.objects.filter(round__number=1, white=a).update(result="1-0u")
    tournament.fide_rated = True
    tournament.tie_breaks = "RP"
    tournament.save()
    html = client.get(reverse("entry_detail", args=[tournament.pk, a.pk])).content.decode()
    assert "FIDE rating change +0.6 (K 20) · Rp 2531" in html
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    cells = [re.findall(r'<td class="num">([^<]*)</td>', tr) for tr in body.split("<tr>")[1:]]
    assert [c[-1] for c in cells] == ["", "+0.6"]
    standings = client.get(reverse("tournament_standings", args=[tournament.pk])).content
    assert {r[1]: r[5] for r in rows(standings.decode())}["Player 01"] == "2531"
