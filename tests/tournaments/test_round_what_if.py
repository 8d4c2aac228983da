"""round_what_if: on the round page, the next round paired as if the games without a result
ended with all draws, the higher-rated player winning, or typed results; nothing is stored.

The small case worked out in tests/engine/test_whatif.py (four players by rating, round 1
1-3 and 4-2): when 1 beats 3 and 2 beats 4, round 2 is 2-1 and 3-4; when 3 beats 1 and 4
beats 2, it is 3-4 and 2-1."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Bye, Game, PairingReceipt, Round, Tournament

HTMX = {"HX-Request": "true"}


@pytest.fixture
def in_play(tournament: Tournament, make_entries, play) -> dict[str, Game]:
    make_entries(4)
    play(tournament, [[]])  # round 1 published, no result
    games = tournament.round_set.get().games.order_by("board")
    return {"1-3": games[0], "4-2": games[1]}


def url(t: Tournament, number: int = 1) -> str:
    return reverse("round_what_if", args=[t.pk, number])


def preview(html: str) -> list[str]:
    """The previewed boards as "white – black"."""
    table = html.split('class="pairings what-if-pairing"')[1].split("</table>")[0]
    rows = table.split("<tbody>")[1].split("</tr>")[:-1]
    out = []
    for row in rows:
        names = [c.split("</td>")[0].split(". ", 1)[1] for c in row.split("<td>")[1:]]
        out.append(" – ".join(names))
    return out


@pytest.mark.django_db
def test_it_is_offered_on_the_round_page(arbiter_client: Client, tournament, in_play) -> None:
    html = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1])).content.decode()
    assert 'id="what-if"' in html
    assert "Pair round 2 as if the 2 games without a result ended with" in html
    assert f'action="{url(tournament)}"' in html and f'hx-get="{url(tournament)}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("typed-wins", ["Player 02 – Player 01", "Player 03 – Player 04"]),
        ("typed-losses", ["Player 03 – Player 04", "Player 02 – Player 01"]),
        ("higher-rated", ["Player 02 – Player 01", "Player 03 – Player 04"]),
    ],
)
def test_it_pairs_the_next_round_as_if(
    arbiter_client: Client, tournament, in_play, query: str, expected: list[str]
) -> None:
    first, second = in_play["1-3"].pk, in_play["4-2"].pk
    data = {
        "typed-wins": {"assume": "typed", f"result-{first}": "1-0", f"result-{second}": "0-1"},
        "typed-losses": {"assume": "typed", f"result-{first}": "0-1", f"result-{second}": "1-0"},
        "higher-rated": {"assume": "higher-rated"},
    }[query]
    html = arbiter_client.get(url(tournament), data).content.decode()
    assert preview(html) == expected
    assert "<html" in html  # without JavaScript: the whole round page


@pytest.mark.django_db
def test_it_gives_htmx_the_section(arbiter_client: Client, tournament, in_play) -> None:
    html = arbiter_client.get(url(tournament), {"assume": "draws"}, headers=HTMX).content.decode()
    assert html.lstrip().startswith('<section id="what-if"') and "<html" not in html
    assert len(preview(html)) == 2


@pytest.mark.django_db
def test_it_stores_nothing(arbiter_client: Client, tournament, in_play) -> None:
    def stored() -> tuple:
        return (
            Tournament.objects.get(pk=tournament.pk).revision,
            Round.objects.count(),
            list(Game.objects.values_list("pk", "result", "white", "black")),
            Bye.objects.count(),
            PairingReceipt.objects.count(),
        )

    before = stored()
    first = in_play["1-3"].pk
    for data in (
        {"assume": "draws"},
        {"assume": "higher-rated"},
        {"assume": "typed", f"result-{first}": "+-"},
    ):
        assert arbiter_client.get(url(tournament), data).status_code == 200
    assert stored() == before


@pytest.mark.django_db
def test_it_shows_a_bad_result_as_a_field_error(
    arbiter_client: Client, tournament, in_play
) -> None:
    first = in_play["1-3"].pk
    data = {"assume": "typed", f"result-{first}": "2-0"}
    html = arbiter_client.get(url(tournament), data).content.decode()
    assert "Select a valid choice" in html and "what-if-pairing" not in html


@pytest.mark.django_db
def test_it_says_so_when_there_is_no_legal_pairing(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    """Two players who have met cannot be paired again (C.04.1 b)."""
    make_entries(2)
    play(tournament, [[]])
    html = arbiter_client.get(url(tournament), {"assume": "draws"}).content.decode()
    assert "The next round cannot be paired" in html


@pytest.mark.django_db
def test_it_is_not_offered_once_every_result_is_in(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    html = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1])).content.decode()
    assert 'id="what-if"' not in html
    html = arbiter_client.get(url(tournament), {"assume": "draws"}).content.decode()
    assert "what-if-pairing" not in html


@pytest.mark.django_db
def test_it_is_not_offered_in_the_last_round(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    tournament.rounds = 1
    tournament.save()
    make_entries(4)
    play(tournament, [[]])
    html = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1])).content.decode()
    assert 'id="what-if"' not in html


@pytest.mark.django_db
def test_it_follows_the_results_entered_in_the_box(
    arbiter_client: Client, tournament, in_play
) -> None:
    """Issue 24 item 9: the box said "12 games without a result" after all were in. It asks
    for itself again after each result saved (htmx event ``result-saved``), and says what is
    true then: one game left, then none (the box is gone)."""
    from tournaments import services

    html = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1])).content.decode()
    assert 'hx-trigger="result-saved from:body"' in html
    services.set_result(in_play["1-3"].pk, "1-0")
    html = arbiter_client.get(url(tournament), headers=HTMX).content.decode()
    assert "as if the 1 game without a result ended with" in html
    assert "This field is required" not in html  # no choice made yet: no error either
    services.set_result(in_play["4-2"].pk, "0-1")
    html = arbiter_client.get(url(tournament), headers=HTMX).content.decode()
    assert html.strip() == '<section id="what-if" hidden></section>'


@pytest.mark.django_db
def test_it_takes_typed_results_for_the_page_of_boards_shown(
    arbiter_client: Client, tournament: Tournament, make_entries, play
) -> None:
    """Issue 27: a select for each of 5,000 games in play made the round page megabytes; over
    100 games in play, results are typed for the boards of the page shown (210 players: 105
    boards, page 2 is boards 101-105), the page travelling with the form."""
    from tournaments import services

    make_entries(210, step=5)
    services.publish_round(services.pair_next_round(tournament.pk).pk)
    games = {g.board: g for g in tournament.round_set.get().games.all()}
    manage = reverse("round_manage", args=[tournament.pk, 1])
    first = arbiter_client.get(manage).content.decode()
    assert first.count('name="result-') == 100
    assert "the 100 games in play on boards 1–100" in first
    second = arbiter_client.get(manage, {"page": "2"}).content.decode()
    assert second.count('name="result-') == 5 and f'name="result-{games[103].pk}"' in second
    assert '<input type="hidden" name="page" value="2">' in second
    data = {"assume": "typed", "page": "2", f"result-{games[103].pk}": "0-1"}
    html = arbiter_client.get(url(tournament), data).content.decode()
    assert "Bd 103 0–1" in html and "Bd 102 no result" in html
    assert html.count('<select name="result-') == 5  # (the page links keep the typed one)


def preview_numbers(html: str) -> list[int]:
    """The board numbers of the previewed boards shown."""
    table = html.split('class="pairings what-if-pairing"')[1].split("</table>")[0]
    rows = table.split("<tbody>")[1].split("</tr>")[:-1]
    return [int(row.split('<td class="num">')[1].split("</td>")[0]) for row in rows]


def assumed(html: str) -> str:
    return html.split('id="what-if-assumed">')[1].split("</p>")[0]


@pytest.mark.django_db
def test_it_shows_a_hundred_previewed_boards_a_page_keeping_the_choices(
    arbiter_client: Client, tournament: Tournament, make_entries, play
) -> None:
    """Issue 27: a preview of 5,000 boards in one table took seconds. 210 players play 105
    boards in round 1, none finished; round 2 previewed (all draws) has 105 boards too (no
    bye: 210 is even), shown 100 a page with ``?preview=N`` links that keep the choices; the
    "Assumed" list names the games of the page of boards whose results may be typed."""
    make_entries(210, step=5)
    play(tournament, [[]])
    first = arbiter_client.get(url(tournament), {"assume": "draws"}).content.decode()
    assert preview_numbers(first) == list(range(1, 101))
    assert "Page 1 of 2 (boards 1–100 of 105)" in first
    link = f"{url(tournament)}?assume=draws&amp;preview=2"
    assert f'href="{link}#what-if" rel="next" hx-get="{link}" hx-target="#what-if"' in first
    assert '<input type="hidden" name="assume" value="draws">' in first  # the go-to-page form
    assert assumed(first).count("Bd ") == 100 and "Bd 100 ½–½" in assumed(first)
    assert "for the 100 games in play on boards 1–100 (of 105" in assumed(first)
    data = {"assume": "draws", "preview": "2"}
    second = arbiter_client.get(url(tournament), data, headers=HTMX).content.decode()
    assert second.lstrip().startswith('<section id="what-if"') and "<html" not in second
    assert preview_numbers(second) == list(range(101, 106))
    assert "boards 101–105 of 105" in second
    boards2 = arbiter_client.get(url(tournament), data | {"page": "2"}).content.decode()
    assert assumed(boards2).count("Bd ") == 5 and "Bd 101 ½–½" in assumed(boards2)
    assert "Bd 100 " not in assumed(boards2)
    assert f"{url(tournament)}?assume=draws&amp;page=2&amp;preview=1#what-if" in boards2


@pytest.mark.django_db
def test_a_small_preview_has_no_page_links_and_assumes_every_game(
    arbiter_client: Client, tournament, in_play
) -> None:
    html = arbiter_client.get(url(tournament), {"assume": "draws"}).content.decode()
    assert preview_numbers(html) == [1, 2] and 'class="pages"' not in html
    assert assumed(html) == "Assumed: Bd 1 ½–½ · Bd 2 ½–½"
