"""tournament_detail: the pairings of the current round, by board or alphabetically; drafts
stay private; the section polls itself while the round is live."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import drafts, services
from tournaments.models import Bye, Entry


def url(t, **query) -> str:
    q = "&".join(f"{k}={v}" for k, v in query.items())
    return reverse("tournament_detail", args=[t.pk]) + (f"?{q}" if q else "")


@pytest.mark.django_db
def test_it_shows_the_last_round_by_board(client: Client, tournament, four) -> None:
    html = client.get(url(tournament)).content.decode()
    assert "Round 2" in html and "finished" in html
    board1 = html.split('id="board-1"')[1].split("</tr>")[0]
    assert "Player 02" in board1 and "½–½" in board1 and "Player 01" in board1
    assert html.index("Player 02") < html.index("Player 01")  # white first
    assert 'hx-trigger="every 20s"' in html  # over: only corrections may come, seldom


@pytest.mark.django_db
def test_it_shows_an_earlier_round_and_the_points_before_it(
    client: Client, tournament, four
) -> None:
    html = client.get(url(tournament, round=1)).content.decode()
    board2 = html.split('id="board-2"')[1].split("</tr>")[0]
    assert "Player 04" in board2 and "0–1" in board2
    assert client.get(url(tournament, round=9)).status_code == 404


@pytest.mark.django_db
def test_it_lists_every_player_alphabetically_with_byes(
    client: Client, tournament, make_entries, play
) -> None:
    entries = make_entries(5)
    Bye.objects.create(entry=entries[4], round_number=1, kind=Bye.Kind.HALF_POINT)
    play(tournament, [["1-0", ""]])
    html = client.get(url(tournament, order="alpha")).content.decode()
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    first_cells = re.findall(r"<tr><td><a [^>]*>([^<]+)</a></td>", body)
    assert first_cells == [f"Player 0{i}" for i in range(1, 6)]
    assert "Half-point bye" in body
    assert "White" in body and "Black" in body


@pytest.mark.django_db
def test_it_keeps_a_draft_private(client: Client, tournament, make_entries, play) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    html = client.get(url(tournament)).content.decode()
    assert "No pairings published yet" in html
    assert client.get(url(tournament, round=1)).status_code == 404


@pytest.mark.django_db
def test_it_polls_a_live_round_and_gives_htmx_the_section(
    client: Client, tournament, make_entries, play, settings
) -> None:
    settings.TOURNAMENTS_POLL_SECONDS = 3
    make_entries(4)
    play(tournament, [["1-0"]])  # board 2 pending
    html = client.get(url(tournament)).content.decode()
    assert 'hx-trigger="every 3s"' in html and "in play" in html
    part = client.get(url(tournament), headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<section id="pairings"') and "<html" not in part
    assert 'hx-get="/tournaments/' in part


def poll_note(html: str) -> str:
    return " ".join(html.split('id="poll-note">')[1].split("<noscript>")[0].split())


@pytest.mark.django_db
def test_it_promises_no_new_round_once_the_tournament_is_over(
    client: Client, tournament, make_entries, play
) -> None:
    """Regression: the note under the pairings of a finished tournament still said "New
    results and rounds appear by themselves": no round will come; corrections still do."""
    make_entries(4)
    tournament.rounds = 2
    tournament.save()
    play(tournament, [["1-0", "0-1"]])
    assert poll_note(client.get(url(tournament)).content.decode()) == (
        "New results and rounds appear by themselves (checked every 2 seconds)."
    )  # round 1 finished, round 2 to come
    play(tournament, [["1-0", "0-1"]])
    over = poll_note(client.get(url(tournament)).content.decode())
    assert over == (
        "Every round is played: corrections by the arbiter appear by themselves"
        " (checked every 20 seconds)."
    )
    assert poll_note(client.get(url(tournament, round=1)).content.decode()) == over


@pytest.mark.django_db
@pytest.mark.parametrize("players", [6, 40])
@pytest.mark.parametrize("order", ["board", "alpha"])
def test_it_does_a_constant_number_of_queries(
    client: Client, tournament, make_entries, play, django_assert_num_queries, players, order
) -> None:
    make_entries(players)
    play(tournament, rounds=2)
    with django_assert_num_queries(
        8 if order == "board" else 7
    ):  # the receipt; by board: the explanation
        client.get(url(tournament, order=order))


@pytest.mark.django_db
def test_it_caches_the_section_until_something_changes(
    client: Client, tournament, make_entries, play, django_assert_num_queries
) -> None:
    make_entries(4)
    play(tournament, [[]])
    client.get(url(tournament))
    with django_assert_num_queries(1):  # the tournament row, for its revision
        html = client.get(url(tournament)).content.decode()
    assert "1–0" not in html
    services.set_result(tournament.round_set.get().games.get(board=1).pk, "1-0")
    # the revision (the row's: the suite keeps no revision in the cache), then to compute the
    # section: the tournament, the snapshot's five, explanation, receipt
    with django_assert_num_queries(9):
        html = client.get(url(tournament), headers={"HX-Request": "true"}).content.decode()
    assert "1–0" in html


@pytest.mark.django_db
def test_it_does_not_let_a_query_string_bypass_the_cache(
    client: Client, tournament, make_entries, play, django_assert_num_queries
) -> None:
    """The cache key is the page's own parameters, not the raw URL: ``?x=N`` and a reordered
    query hit the same entry (one query, the tournament row), and the polling URL is canonical."""
    make_entries(4)
    play(tournament, [["1-0"]])  # board 2 pending: the section polls
    client.get(url(tournament, round=1, order="alpha"))
    with django_assert_num_queries(1):
        part = client.get(
            f"{url(tournament)}?x=17&order=alpha&round=1", headers={"HX-Request": "true"}
        ).content.decode()
    assert f'hx-get="{url(tournament)}?order=alpha&amp;round=1"' in part
    with django_assert_num_queries(1):
        client.get(f"{url(tournament)}?order=alpha&round=1&utm=phone")


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["²", "99999999999999999999", "-1", "1.0"])
def test_it_shows_the_current_round_for_a_malformed_round(
    client: Client, tournament, make_entries, play, raw
) -> None:
    make_entries(4)
    play(tournament, [["1-0", "0-1"]])
    assert client.get(url(tournament), {"round": raw}).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_it_names_the_dutch_edition(client: Client, tournament, edition: str) -> None:
    tournament.dutch_edition = edition
    tournament.save()
    html = client.get(url(tournament)).content.decode()
    assert f"FIDE Dutch (C.04.3, {edition} edition)" in html


def test_it_shows_a_boards_float_and_colour_reasons(
    client: Client, tournament, make_entries, play
) -> None:
    # TCEC, four players. Round 1: 2-1 and 4-3 (the first-of-pair has black in round 1 of the
    # 2112 pattern), white wins. Round 2, pairing order 2, 4 (1 point), 1, 3: 2 meets 4, both
    # WGD +1 and 1 point: round 2 of the pattern gives the first-of-pair (2) white; 1-3 alike.
    # Playing order: 1-3 on board 1, 2-4 on board 2.
    tournament.pairing_system = "tcec"
    tournament.save()
    make_entries(4)
    play(tournament, rounds=2)
    html = client.get(url(tournament, round=2)).content.decode()
    assert '<th class="why">Why</th>' in html
    board = html.split('id="board-2"')[1].split("</tr>")[0]  # the top pair plays last
    assert "<code>TCEC STEP 5</code>" in board
    assert "gives the first-of-pair Player 02 white" in board
    assert "TCEC STEP 4" not in html  # how the pair was chosen is for the arbiter


@pytest.mark.django_db
def test_it_shows_no_reasons_for_a_board_the_engine_did_not_pair(
    client: Client, tournament, make_entries
) -> None:
    tournament.pairing_system = "tcec"
    tournament.save()
    make_entries(4)
    rnd = services.pair_next_round(tournament.pk)  # 4-3 and 2-1
    # 4-1 and 2-3: 2-3 breaks STEP 5 (round 1: the first-of-pair 2 has Black), so a reason
    drafts.exchange_in_draft(tournament.pk, 1, 1, 3, confirm=True, reason="a test")
    services.publish_round(rnd.pk)
    html = client.get(url(tournament)).content.decode()
    assert "Why?" not in html and "Changed by hand" not in html


@pytest.mark.django_db
def test_it_lists_the_players_without_a_board_by_board_alphabetically(
    client: Client, tournament, make_entries, play
) -> None:
    """Issue 27: the list under the boards is made from the players without a board only
    (not from every player's line). Six players, no. 5 on a half-point bye, no. 6 entered
    from round 2: round 1 pairs 1-4 on two boards; not playing, alphabetically: no. 5 (its
    bye), no. 6 (not yet entered)."""
    entries = make_entries(6)
    Entry.objects.filter(pk=entries[5].pk).update(joined_round=2)
    Bye.objects.create(entry=entries[4], round_number=1, kind=Bye.Kind.HALF_POINT)
    play(tournament, [["1-0", ""]])
    html = client.get(url(tournament)).content.decode()
    listed = html.split('id="not-playing">Not playing</h3>')[1].split("</ul>")[0]
    assert re.findall(r">(Player \d+)</a>: ([^<]+)</li>", listed) == [
        ("Player 05", "Half-point bye"),
        ("Player 06", "Not yet entered"),
    ]
