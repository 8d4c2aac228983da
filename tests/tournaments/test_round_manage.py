"""round_manage: the draft with its warnings, or the result entry."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import drafts, registration, services
from tournaments.models import Game


def page(client: Client, t, number: int, **headers) -> str:
    return client.get(
        reverse("round_manage", args=[t.pk, number]), headers=headers
    ).content.decode()


@pytest.mark.django_db
def test_it_lists_a_drafts_boards_that_break_nothing(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(5)
    services.pair_next_round(tournament.pk)
    html = page(arbiter_client, tournament, 1)
    assert "This draft breaks no pairing rule" in html
    assert html.count("Swap colours") == 2
    assert "Pairing-allocated bye: <strong>5. Player 05</strong>" in html
    assert 'id="publish">Publish Round 1</button>' in html


@pytest.mark.django_db
def test_it_shows_what_decided_each_draft_board(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)
    html = page(arbiter_client, tournament, 2)
    # Player 01 (rated 2350: make_entries rates numbers 1 and 2 the other way round) won with
    # White in round 1: 1 point, rating, colours, preference, floats. The
    # winners (1 and 4, both White) meet, and so do the losers (both Black): the same
    # preference on each board, same strength, no earlier difference: E.4 (5.2.4 in the 2026
    # edition, which the tournament follows).
    assert (
        '<span class="review">1 pt · 2350 · <span title="Colours round by round">W</span>' in html
    )
    assert "Black, strong" in html and "White, strong" in html
    assert html.count('<strong>5.2.4</strong> <span class="small">the higher-ranked') == 2
    assert "swapped by hand" not in html
    drafts.swap_colours_in_draft(tournament.pk, 2, 1, confirm=True, reason="a wheelchair board")
    assert "swapped by hand" in page(arbiter_client, tournament, 2)


@pytest.mark.django_db
def test_it_shows_every_rule_a_draft_breaks(
    arbiter_client: Client, tournament, four, record_round
) -> None:
    a, b, c, d = four
    tournament.rounds = 3
    tournament.save()
    record_round(3, [(a, c, ""), (b, d, "")], status="draft")
    html = page(arbiter_client, tournament, 3)
    assert "This draft breaks 2 pairing rules" in html  # two rematches
    assert (
        "<code>C.04.1.b</code> Player 01 (1) and Player 03 (3) already played each other in round 1"
        in html
    )


@pytest.mark.django_db
def test_it_shows_a_results_row_per_board(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, [["1-0"]])
    html = page(arbiter_client, tournament, 1)
    assert "<strong>1 of 2</strong> boards have a result" in html
    assert html.count("data-game class=") == 2
    assert 'hx-trigger="result-saved from:body"' in html
    assert "js/results.js" in html


@pytest.mark.django_db
def test_it_gives_htmx_the_status_section(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(2)
    play(tournament, rounds=1)
    html = page(
        arbiter_client, tournament, 1, **{"HX-Request": "true", "HX-Target": "round-status"}
    )
    # The inside of #round-status, and the heading's badge out of band (regression: it said
    # "Published" after the last result until the page was reloaded).
    badge = '<span id="round-badge" class="badge" hx-swap-oob="true">Finished</span>'
    assert html.lstrip().startswith(badge + "\n  <p><strong>1 of 1</strong>")
    assert "Round 1 is finished" in html and 'id="pair-round" data-next>Pair round 2' in html


@pytest.mark.django_db
def test_it_answers_404_for_an_unknown_round(arbiter_client: Client, tournament) -> None:
    assert arbiter_client.get(reverse("round_manage", args=[tournament.pk, 3])).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("players", [6, 40])
def test_it_does_a_constant_number_of_queries(
    arbiter_client: Client, tournament, make_entries, play, django_assert_num_queries, players
) -> None:
    make_entries(players)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)
    # 9, and the menu's permissions (2); a published round's page has its receipt (1), the
    # draft its explanation (1) and its receipt (1: results corrected since, issue 24)
    for number, queries in ((1, 12), (2, 13)):  # results, draft
        with django_assert_num_queries(queries):
            arbiter_client.get(reverse("round_manage", args=[tournament.pk, number]))


@pytest.mark.django_db
def test_it_does_not_hold_tcec_drafts_to_fide_colour_rules(
    arbiter_client: Client, tournament, make_entries, record_round
) -> None:
    tournament.pairing_system = "tcec"
    tournament.save()
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (b, d, "1-0")])
    record_round(2, [(a, b, "1-0"), (c, d, "1-0")])  # a: white twice, d: black twice
    record_round(3, [(a, d, ""), (b, c, "")], status="draft")
    # TCEC knows no f or g. STEP 5: a (WGD +2) v d (-2): White to d, so a-d breaks it; b v c
    # (WGD 0, 1 point each): the pattern, the first-of-pair b White in round 3, as drawn
    html = page(arbiter_client, tournament, 3)
    assert "This draft breaks 1 pairing rule:" in html
    assert "<code>STEP 5</code> Player 01 (1) has White against Player 04 (4)" in html
    assert "<code>C.04.1" not in html
    tournament.pairing_system = "dutch"
    tournament.save()
    # f and g for a and d, and both absolute preferences against 5.2.1
    assert "This draft breaks 6 pairing rules" in page(arbiter_client, tournament, 3)


@pytest.mark.django_db
def test_it_shows_each_players_virtual_points_on_the_draft(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    # Baku, 8 players, 5 rounds: group A = 1-4; a whole virtual point before rounds 1-2,
    # half a point before round 3, none from round 4.
    tournament.acceleration = "baku"
    tournament.save()
    make_entries(8)
    services.pair_next_round(tournament.pk)
    html = page(arbiter_client, tournament, 1)
    assert 'id="virtual-points">Baku acceleration (FIDE C.04.7): the players' in html
    for n in (1, 2, 3, 4):
        assert f'{n}. Player 0{n}</span> <span class="badge virtual"' in html
    for n in (5, 6, 7, 8):
        assert f"{n}. Player 0{n}</span>\n" in html
    assert html.count(">+1</span>") == 4
    services.undo_round(tournament.pk)
    play(tournament, rounds=2)
    services.pair_next_round(tournament.pk)
    assert page(arbiter_client, tournament, 3).count(">+0.5</span>") == 4
    services.undo_round(tournament.pk)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)
    html = page(arbiter_client, tournament, 4)  # acceleration has stopped
    assert "virtual-points" not in html and "badge virtual" not in html


def test_it_gives_htmx_a_board_row_back(arbiter_client: Client, tournament, make_entries, play):
    """Cancel of a correction: the board's row alone (regression: the whole page with
    hx-select swapped nothing, and the question stayed)."""
    make_entries(4)
    play(tournament, rounds=1)
    game = tournament.round_set.get().games.order_by("board").first()
    assert game is not None
    html = page(
        arbiter_client, tournament, 1, **{"HX-Request": "true", "HX-Target": f"game-{game.pk}"}
    )
    assert html.lstrip().startswith(f'<tr id="game-{game.pk}"') and "<html" not in html
    assert "Confirm the correction" not in html


def tcec(tournament, double: bool = False):
    tournament.pairing_system = "tcec_double" if double else "tcec"
    tournament.save()
    return tournament


@pytest.mark.django_db
def test_it_explains_each_board_and_the_bye_of_the_draft(
    arbiter_client: Client, tournament, make_entries
) -> None:
    # TCEC round 1 of five: pairing order 1-5 by seed; the BYE to 5 (STEP 2); 1-2 and 3-4
    # (STEP 4); equal white game differences and scores, round 1 of the 2112 pattern: the
    # first-of-pair has black (STEP 5); playing order: the lower pair first.
    make_entries(5)
    services.pair_next_round(tcec(tournament).pk)
    html = page(arbiter_client, tournament, 1)
    board1 = html.split('id="why-1"')[1].split("</tr>")[0]
    assert "<code>TCEC STEP 5</code>" in board1
    assert "the 2112 pattern gives the first-of-pair 3. Player 03 black" in board1
    board2 = html.split('id="why-2"')[1].split("</tr>")[0]
    assert "1. Player 01 (place 1, score 0) is the first unpaired player" in board2
    bye = html.split('id="why-bye"')[1].split("</details>")[0]
    assert "<code>TCEC STEP 2</code>" in bye and "5. Player 05" in bye
    assert 'id="why-round"' in html and "<code>TCEC STEP 1</code>" in html


@pytest.mark.django_db
def test_it_says_which_boards_the_arbiter_changed(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    services.pair_next_round(tcec(tournament).pk)  # boards 4-3 and 2-1
    drafts.swap_colours_in_draft(tournament.pk, 1, 1, confirm=True, reason="against STEP 5")
    html = page(arbiter_client, tournament, 1)
    board1 = html.split('id="why-1"')[1].split("</tr>")[0]
    assert "The arbiter swapped the colours" in board1 and "TCEC STEP 5" not in board1
    assert "TCEC STEP 5" in html.split('id="why-2"')[1].split("</tr>")[0]
    drafts.exchange_in_draft(tournament.pk, 1, 1, 3, confirm=True, reason="a test")  # 4-1, 2-3
    html = page(arbiter_client, tournament, 1)
    assert html.count("Changed by hand: the engine did not pair this board.") == 2


@pytest.mark.django_db
@pytest.mark.parametrize(("edition", "rule"), [("2017", "E.5"), ("2026", "5.2.5")])
def test_it_explains_a_dutch_draft_by_its_edition(
    arbiter_client: Client, tournament, make_entries, edition: str, rule: str
) -> None:
    """Round 1 of four: S1 = {1, 2}, S2 = {3, 4} (B.2 / 3.2); nobody has a colour history:
    the colours by E.5 / 5.2.5."""
    tournament.dutch_edition = edition
    tournament.save()
    make_entries(4)
    services.pair_next_round(tournament.pk)
    html = page(arbiter_client, tournament, 1)
    board1 = html.split('id="why-1"')[1].split("</tr>")[0]
    assert f"<code>C.04.3 {rule}</code>" in board1
    assert "S1: 1. Player 01, 2. Player 02; S2: 3. Player 03, 4. Player 04" in board1


@pytest.mark.django_db
def test_it_lists_who_does_not_play_in_the_draft(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    """Issue 24: the draft names the players with a requested bye, the withdrawn and the
    late entries, before it is published (the round page listed them only afterwards)."""
    _a, b, c, _d, _e, f = make_entries(6)
    f.joined_round = 3
    f.save()
    play(tournament, rounds=1)
    registration.set_availability(b, 2, "H")
    registration.set_availability(c, 2, "withdrawn")
    services.pair_next_round(tournament.pk)
    html = page(arbiter_client, tournament, 2)
    assert (
        "<strong>Not playing this round (3):</strong> 2. Player 02 — half-point bye (requested); "
        "3. Player 03 — withdrawn; 6. Player 06 — enters in round 3</p>"
    ) in html


HX_RESULTS = {"HX-Request": "true", "HX-Target": "results"}
HX_DRAFT = {"HX-Request": "true", "HX-Target": "draft"}


@pytest.mark.django_db
def test_it_shows_a_hundred_boards_a_page_of_results(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: 5,000 boards in one table took seconds; 210 players play 105 boards, shown
    100 a page with ``?page=N`` links (htmx swaps ``#results`` alone)."""
    make_entries(210, step=5)
    services.publish_round(services.pair_next_round(tournament.pk).pk)
    url = reverse("round_manage", args=[tournament.pk, 1])
    first = page(arbiter_client, tournament, 1)
    assert first.count("data-game") == 100 and "Page 1 of 2 (boards 1–100 of 105)" in first
    assert "<strong>0 of 105</strong> boards have a result" in first
    assert f'href="{url}?page=2#results" rel="next" hx-get="{url}?page=2"' in first
    second = arbiter_client.get(url, {"page": "2"}, headers=HX_RESULTS).content.decode()
    assert second.lstrip().startswith('<section id="results">') and "<html" not in second
    assert second.count("data-game") == 5 and "boards 101–105 of 105" in second


@pytest.mark.django_db
def test_a_result_without_javascript_goes_back_to_the_boards_page(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(210, step=5)
    rnd = services.publish_round(services.pair_next_round(tournament.pk).pk)
    game = rnd.games.get(board=103)
    url = reverse("game_result", args=[tournament.pk, game.pk])
    response = arbiter_client.post(url, {"result": "1-0"})
    manage = reverse("round_manage", args=[tournament.pk, 1])
    assert response["Location"] == f"{manage}?page=2#game-{game.pk}"


@pytest.mark.django_db
def test_it_shows_a_hundred_draft_boards_a_page_and_keeps_the_page_after_a_change(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(210, step=5)
    services.pair_next_round(tournament.pk)
    url = reverse("round_manage", args=[tournament.pk, 1])
    assert page(arbiter_client, tournament, 1).count(">Swap colours</button>") == 100
    second = arbiter_client.get(url, {"page": "2"}, headers=HX_DRAFT).content.decode()
    assert second.lstrip().startswith('<section id="draft">')
    assert second.count(">Swap colours</button>") == 5 and 'id="board-103"' in second
    swap = reverse("round_swap_colours", args=[tournament.pk, 1])
    data = {"board": "103", "page": "2"}
    html = arbiter_client.post(swap, data, headers=HX_DRAFT).content.decode()
    assert 'id="board-103"' in html and 'id="board-3"' not in html
    assert '<input type="hidden" name="page" value="2">' in html
    response = arbiter_client.post(swap, data | {"board": "104", "confirm": "1", "reason": "x"})
    assert response["Location"] == f"{url}?page=2"


@pytest.mark.django_db
def test_a_big_draft_takes_pairing_numbers_instead_of_selects(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: over 200 players, the exchange and the hand-pairing forms take typed pairing
    numbers (three selects of 10,000 options were megabytes); the server checks them."""
    make_entries(210, step=5)
    services.pair_next_round(tournament.pk, by_hand="empty")
    html = page(arbiter_client, tournament, 1)
    for name in ("white", "black", "player", "a", "b"):
        assert f'<input type="number" name="{name}"' in html
        assert f'<select name="{name}"' not in html
    add = reverse("round_add_board", args=[tournament.pk, 1])
    answer = arbiter_client.post(add, {"white": "7", "black": "999"}, headers=HX_DRAFT)
    assert "There is no player 999 in this tournament." in answer.content.decode()
    answer = arbiter_client.post(add, {"white": "7", "black": ""}, headers=HX_DRAFT)
    assert "Choose two players." in answer.content.decode()
    arbiter_client.post(add, {"white": "7", "black": "8", "confirm": "1", "reason": "test"})
    html = page(arbiter_client, tournament, 1)
    row = html[html.index('<tr id="board-1">') :]
    row = row[: row.index("</tr>")]
    assert "7. Player 07" in row and "8. Player 08" in row


@pytest.mark.django_db
def test_a_small_draft_keeps_its_selects(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(6)
    services.pair_next_round(tournament.pk, by_hand="empty")
    html = page(arbiter_client, tournament, 1)
    for name in ("white", "black", "player", "a", "b"):
        assert f'<select name="{name}"' in html


def not_paired(html: str) -> list[int]:
    """The pairing numbers named in the draft's "Not paired" line."""
    names = html.split("<strong>Not paired (")[1].split("</strong>")[1].split("</p>")[0]
    return [int(name.split(".")[0]) for name in names.split(", ")]


HX_UNPAIRED = {"HX-Request": "true", "HX-Target": "unpaired"}


@pytest.mark.django_db
def test_it_names_a_hundred_players_not_paired_a_page_and_keeps_the_page_after_a_change(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: a draft paired by hand from no board named its 10,000 players in one line;
    150 players are named 100 a page (``?unpaired=N``, htmx swaps ``#unpaired`` alone), and a
    board added from page 2 comes back to page 2, where 101 and 102 are gone."""
    make_entries(150, step=5)
    services.pair_next_round(tournament.pk, by_hand="empty")
    url = reverse("round_manage", args=[tournament.pk, 1])
    first = page(arbiter_client, tournament, 1)
    assert "<strong>Not paired (150):</strong>" in first
    assert "This draft breaks 150 pairing rules:" in first  # one "not paired" for each
    assert first.count("<code>not paired</code>") == 100 and "… and 50 more" in first
    assert not_paired(first) == list(range(1, 101))
    assert "Page 1 of 2 (players not paired 1–100 of 150)" in first
    link = f"{url}?page=1&amp;unpaired=2"
    assert f'href="{link}#unpaired" rel="next" hx-get="{link}" hx-target="#unpaired"' in first
    second = arbiter_client.get(url, {"unpaired": "2"}, headers=HX_UNPAIRED).content.decode()
    assert second.lstrip().startswith('<div class="card hand-pairing" id="unpaired">')
    assert "<html" not in second and not_paired(second) == list(range(101, 151))
    on_page_2 = arbiter_client.get(url, {"unpaired": "2"}).content.decode()
    assert f'href="{url}?page=1&amp;unpaired=1#unpaired"' in on_page_2  # back to page 1
    add = reverse("round_add_board", args=[tournament.pk, 1])
    data = {"white": "101", "black": "102", "page": "1", "unpaired": "2"}
    html = arbiter_client.post(add, data, headers=HX_DRAFT).content.decode()
    assert "<strong>Not paired (148):</strong>" in html
    assert not_paired(html) == list(range(103, 151))
    assert '<input type="hidden" name="unpaired" value="2">' in html
    response = arbiter_client.post(add, data | {"white": "103", "black": "104"})
    assert response["Location"] == f"{url}?unpaired=2"


@pytest.mark.django_db
def test_it_keeps_the_page_of_players_not_paired_in_the_links_to_other_pages_of_boards(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: the draft's links to its pages of boards dropped ``?unpaired=N``, so going
    to the next page of boards showed the first page of the players not paired again. 306
    players paired (153 boards), the last 51 boards taken out: 102 boards (pages 1–100,
    101–102) and 102 players not paired (pages 1–100, 101–102)."""
    make_entries(306, step=5)
    rnd = services.pair_next_round(tournament.pk)
    Game.objects.filter(round=rnd, board__gt=102).delete()
    url = reverse("round_manage", args=[tournament.pk, 1])
    html = arbiter_client.get(url, {"unpaired": "2"}).content.decode()
    assert "Page 1 of 2 (boards 1–100 of 102)" in html
    assert "Page 2 of 2 (players not paired 101–102 of 102)" in html
    link = f"{url}?unpaired=2&amp;page=2"  # without JavaScript, and with htmx
    assert f'href="{link}#draft" rel="next" hx-get="{link}" hx-target="#draft"' in html
    assert '<input type="hidden" name="unpaired" value="2">\n    <label>Page' in html  # Go
    second = arbiter_client.get(url, {"unpaired": "2", "page": "2"}, headers=HX_DRAFT)
    html = second.content.decode()
    assert html.lstrip().startswith('<section id="draft">')
    assert "Page 2 of 2 (boards 101–102 of 102)" in html
    assert "Page 2 of 2 (players not paired 101–102 of 102)" in html
    back = f"{url}?page=2&amp;unpaired=1"  # the other list's links keep this page of boards
    assert f'href="{back}#unpaired" hx-get="{back}" hx-target="#unpaired"' in html
    link = f"{url}?unpaired=2&amp;page=1"
    assert f'href="{link}#draft" hx-get="{link}" hx-target="#draft"' in html


@pytest.mark.django_db
def test_it_checks_a_drafts_rules_and_computes_its_state_once_a_page(
    arbiter_client: Client, tournament, make_entries, play, monkeypatch
) -> None:
    """Issue 27: the draft's page checked its rules three times (the list, the first 100, the
    count: 0.5 s each for a hand-paired draft of 10,000 players) and computed the state before
    the round twice (the draft's, and again for the results corrected since, issue 24)."""
    from pairing.services import Snapshot

    make_entries(6)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)
    checks: list[int] = []
    states: list[int | None] = []
    violations, state = drafts.Draft.violations, Snapshot.state

    def checked(draft: drafts.Draft) -> object:
        checks.append(draft.number)
        return violations.fget(draft)  # type: ignore[attr-defined]

    def computed(snap: Snapshot, rounds: int | None = None) -> object:
        states.append(rounds)
        return state(snap, rounds)

    monkeypatch.setattr(drafts.Draft, "violations", property(checked))
    monkeypatch.setattr(Snapshot, "state", computed)
    html = page(arbiter_client, tournament, 2)
    assert "This draft breaks no pairing rule" in html
    assert checks == [2] and states == [1]
