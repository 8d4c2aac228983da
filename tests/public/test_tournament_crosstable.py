"""tournament_crosstable: the crosstable in standings order, a row per player."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Tournament


def table_rows(html: str) -> list[list[str]]:
    body = html.split("<tbody")[1].split("</tbody>")[0]
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


@pytest.mark.django_db
def test_it_lists_opponent_colour_and_result_per_round(client: Client, tournament, four) -> None:
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    header = re.findall(
        r"<th[^>]*>\s*(.*?)\s*</th>", html.split("<thead")[1].split("</thead>")[0], re.S
    )
    assert header == ["Rk", "No.", "Name", "", "Fed", "Rtg", "1", "2", "Pts", "BH", "SB"]
    # make_entries rates the pairing numbers out of order: 2350, 2375, 2300, 2325.
    assert table_rows(html) == [
        ["1", "1", "Player 01", "", "USA", "2350", "3w1", "2b½", "1.5", "2.5", "1.75"],
        ["2", "2", "Player 02", "", "USA", "2375", "4b1", "1w½", "1.5", "1.5", "0.75"],
        ["3", "3", "Player 03", "", "USA", "2300", "1b0", "4w1", "1", "1.5", "0.00"],
        ["4", "4", "Player 04", "", "USA", "2325", "2w0", "3b0", "0", "2.5", "0.00"],
    ]
    assert f'href="{reverse("entry_detail", args=[tournament.pk, four[0].pk])}"' in html


@pytest.mark.django_db
def test_it_shows_byes_and_the_live_round(client: Client, tournament, four, record_round) -> None:
    from tournaments.models import Bye

    a, b, c, _d = four
    tournament.rounds = 3
    tournament.save()
    record_round(3, [(a, c, "")], status="published")
    Bye.objects.create(entry=b, round_number=3, kind=Bye.Kind.HALF_POINT)
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    rows = {r[2]: r for r in table_rows(html)}
    assert rows["Player 01"][8] == "3w"  # pending
    assert rows["Player 02"][8] == "½ bye"
    assert rows["Player 04"][8] == "–"  # not paired, no bye


@pytest.fixture
def pab_in_round_3(tournament, four, record_round):
    """``four`` and a third round: A-C 1-0, B a pairing-allocated bye, D not paired."""
    from tournaments.models import Bye

    a, b, c, _d = four
    tournament.rounds = 3
    tournament.save()
    record_round(3, [(a, c, "1-0")])
    Bye.objects.create(entry=b, round_number=3, kind=Bye.Kind.PAIRING_ALLOCATED)
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("bye_points", "cell", "total"), [(0, "0 bye", "1.5"), (1, "½ bye", "2"), (2, "+ bye", "2.5")]
)
def test_a_bye_worth_nothing_was_a_bye_worth_a_win_on_the_crosstable(
    client: Client, pab_in_round_3: Tournament, bye_points: int, cell: str, total: str
) -> None:
    """What broke: a pairing-allocated bye was "+ bye" ("a bye worth a win") whatever it
    scored; a round robin with an odd field scores the sit-out 0 (a Swiss may set its bye
    points too). B had 1.5 after round 2; the bye adds 0, ½ or 1 (bye points in half-points)."""
    t = pab_in_round_3
    t.bye_points = bye_points
    t.save()
    html = client.get(reverse("tournament_crosstable", args=[t.pk])).content.decode()
    rows = {r[2]: r for r in table_rows(html)}
    assert (rows["Player 02"][8], rows["Player 02"][9]) == (cell, total)
    assert rows["Player 04"][8] == "–"  # not paired, no bye
    legend = '"+ bye" a bye worth a win, "½ bye" one worth less (a half-point bye), "0 bye"'
    assert legend + " one worth nothing" in html


@pytest.mark.django_db
def test_it_gives_double_rounds_a_column_per_game(client: Client, tournament, four) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.rounds = 1
    tournament.save()
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    assert ">1.1<" in html.replace(" ", "").replace("\n", "") and "1.2" in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [6, 40])
def test_it_does_a_constant_number_of_queries(
    client: Client, tournament, make_entries, play, django_assert_num_queries, players
) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC
    tournament.save()
    make_entries(players)
    play(tournament, rounds=3)
    with django_assert_num_queries(6):
        client.get(reverse("tournament_crosstable", args=[tournament.pk]))


@pytest.mark.django_db
def test_it_says_when_there_are_no_players(client: Client, tournament) -> None:
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    assert table_rows(html) == [["No players yet."]]


@pytest.mark.django_db
def test_it_escapes_names(client: Client, tournament, four) -> None:
    four[0].name = "<b>Bold</b> & Co"
    four[0].save()
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in html and "<b>Bold" not in html


@pytest.mark.django_db
def test_it_shows_fide_rating_changes_and_rp_when_fide_rated(client, tournament, four) -> None:
    """Hand derivation: tests/public/test_tournament_standings.py, FOUR_FIDE."""
    from tests.public.test_tournament_standings import FOUR_FIDE, rows

    tournament.fide_rated = True
    tournament.save()
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    assert '<th class="num">Rp</th><th class="num">Rtg ±</th>' in html
    assert {r[2]: (r[-2], r[-1]) for r in rows(html)} == FOUR_FIDE


@pytest.mark.django_db
def test_it_shows_rp_once_when_chosen_as_a_tie_break(client, tournament, four) -> None:
    """RP among the tie-breaks replaces the automatic Rp column (FOUR_FIDE's values)."""
    from tests.public.test_tournament_standings import FOUR_FIDE, rows

    tournament.fide_rated = True
    tournament.tie_breaks = "BH,RP"
    tournament.save()
    html = client.get(reverse("tournament_crosstable", args=[tournament.pk])).content.decode()
    assert '<th class="num">BH</th><th class="num">RP</th><th class="num">Rtg ±</th>' in html
    assert {r[2]: (r[-2], r[-1]) for r in rows(html)} == FOUR_FIDE


@pytest.mark.django_db
def test_it_says_a_round_in_play_is_not_in_the_points(
    client: Client, tournament, make_entries, play
) -> None:
    """Issue 24 item 9: the crosstable "after round 2" showed round 3's results, which its
    Pts leave out, without a word."""
    make_entries(6)
    play(tournament, [["1-0", "1-0", "1-0"], ["1-0", "1-0", "1-0"], ["1-0"]])
    url = reverse("tournament_crosstable", args=[tournament.pk])
    html = client.get(url).content.decode()
    assert "after round 2" in html
    assert "Round 3 is in play: its results so far are shown, not yet counted in Pts" in html
    printed = client.get(reverse("print_crosstable", args=[tournament.pk])).content.decode()
    assert "Round 3 is in play: its results so far are shown" in printed
    for g in tournament.round_set.get(number=3).games.filter(result=""):
        services.set_result(g.pk, "0-1")
    html = client.get(url).content.decode()
    assert "after round 3" in html and "is in play" not in html
