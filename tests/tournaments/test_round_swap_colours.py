"""round_swap_colours: the players of a draft board change colours."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Game, Tournament


def colours(t, number: int) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=t, round__number=number).order_by("board")
    return [(g.white.pairing_number, g.black.pairing_number) for g in games]


@pytest.mark.django_db
def test_it_swaps_round_1_colours_without_a_warning(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    (w, b), second = colours(tournament, 1)
    arbiter_client.post(reverse("round_swap_colours", args=[tournament.pk, 1]), {"board": 1})
    assert colours(tournament, 1) == [(b, w), second]


@pytest.mark.django_db
def test_a_change_without_javascript_said_nothing_of_the_pairing_changed(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Regression: htmx's answer says "Pairing changed." inline, but a plain POST (no
    JavaScript, or a click before htmx was ready) was redirected to the round page without a
    word."""
    make_entries(4)
    services.pair_next_round(tournament.pk)
    url = reverse("round_swap_colours", args=[tournament.pk, 1])
    page = arbiter_client.post(url, {"board": 1}, follow=True).content.decode()
    assert "Pairing changed." in page


@pytest.mark.django_db
def test_it_asks_to_confirm_a_third_white(
    arbiter_client: Client, tournament, make_entries, record_round
) -> None:
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (b, d, "1-0")])
    record_round(2, [(a, b, "1-0"), (c, d, "1-0")])  # a: white twice, d: black twice
    record_round(3, [(d, a, ""), (b, c, "")], status="draft")
    url = reverse("round_swap_colours", args=[tournament.pk, 3])
    html = arbiter_client.post(url, {"board": 1}, headers={"HX-Request": "true"}).content.decode()
    # C.04.1 f and g for both, and both absolute preferences (A.6.a) against 5.2.1
    assert "This change breaks 6 rules" in html
    assert "<code>5.2.1</code> Player 01 (1) has an absolute Black preference but gets" in html
    assert "<code>5.2.1</code> Player 04 (4) has an absolute White preference but gets" in html
    assert "Player 01 (1) would have a colour difference of +3 with white" in html
    assert "Player 01 (1) would have white three times in a row" in html
    assert "Player 04 (4) would have black three times in a row" in html
    assert colours(tournament, 3)[0] == (4, 1)  # not applied yet
    arbiter_client.post(url, {"board": 1, "confirm": "1", "reason": "a wheelchair board"})
    assert colours(tournament, 3)[0] == (1, 4)
    arbiter_client.post(url, {"board": 1})  # swapping back breaks nothing new
    assert colours(tournament, 3)[0] == (4, 1)


@pytest.mark.django_db
def test_it_swaps_both_games_of_double_rounds(
    arbiter_client: Client, tournament, make_entries
) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.save()
    make_entries(2)
    services.pair_next_round(tournament.pk)
    ((w, b),) = colours(tournament, 1)
    url = reverse("round_swap_colours", args=[tournament.pk, 1])
    html = arbiter_client.post(url, {"board": 1}).content.decode()
    assert "<code>STEP 5</code>" in html  # against STEP 5: not applied without a reason
    assert colours(tournament, 1) == [(w, b)]
    arbiter_client.post(url, {"board": 1, "confirm": "1", "reason": "the lots were drawn"})
    assert colours(tournament, 1) == [(b, w)] and colours(tournament, 2) == [(w, b)]


@pytest.mark.django_db
def test_it_explains_an_unknown_board(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(2)
    services.pair_next_round(tournament.pk)
    response = arbiter_client.post(
        reverse("round_swap_colours", args=[tournament.pk, 1]), {"board": 7}, follow=True
    )
    assert "there is no board 7" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("finished", [False, True])
def test_it_gives_a_stale_draft_tab_the_round_page_back(
    arbiter_client: Client, tournament, make_entries, finished: bool
) -> None:
    """Regression: "Swap colours" in a tab still showing the draft of a round published (or
    finished) in another tab answered 500 (NoReverseMatch while drawing the draft)."""
    make_entries(4)
    rnd = services.pair_next_round(tournament.pk)
    services.publish_round(rnd.pk)
    if finished:
        for game in rnd.games.all():
            services.set_result(game.pk, "1-0")
    before = colours(tournament, 1)
    url = reverse("round_swap_colours", args=[tournament.pk, 1])
    response = arbiter_client.post(url, {"board": 1}, headers={"HX-Request": "true"})
    page = reverse("round_manage", args=[tournament.pk, 1])
    assert response.status_code == 200 and response["HX-Redirect"] == page
    html = arbiter_client.get(page).content.decode()
    assert "Round 1 has been published in the meantime: its pairing can no longer change" in html
    response = arbiter_client.post(url, {"board": 1, "confirm": "1"})  # without JavaScript
    assert response.status_code == 302 and response["Location"] == page
    assert colours(tournament, 1) == before


@pytest.mark.django_db
def test_it_sends_the_tab_of_an_undone_draft_to_the_dashboard(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    services.undo_round(tournament.pk)
    url = reverse("round_swap_colours", args=[tournament.pk, 1])
    response = arbiter_client.post(url, {"board": 1}, headers={"HX-Request": "true"})
    assert response["HX-Redirect"] == reverse("tournament_manage", args=[tournament.pk])


@pytest.mark.django_db
def test_it_warns_us_chess_only_of_its_own_absolute_rules(
    arbiter_client: Client, tournament, make_entries, record_round
) -> None:
    """The third White of ``test_it_asks_to_confirm_a_third_white`` is no absolute rule in US
    Chess (27A4 equalization is a priority of the pairing, below the score groups): the
    swap is applied at once."""
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.save()
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (b, d, "1-0")])
    record_round(2, [(a, b, "1-0"), (c, d, "1-0")])
    record_round(3, [(d, a, ""), (b, c, "")], status="draft")
    url = reverse("round_swap_colours", args=[tournament.pk, 3])
    html = arbiter_client.post(url, {"board": 1}, headers={"HX-Request": "true"}).content.decode()
    assert "This change breaks" not in html
    assert colours(tournament, 3)[0] == (1, 4)


@pytest.mark.django_db
def test_it_takes_round_robin_colours_from_the_table(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """C.05 Annex 1, round 1 of four: 1-4, 2-3; swapping board 1 breaks the table."""
    tournament.pairing_system = Tournament.PairingSystem.ROUND_ROBIN
    tournament.save()
    make_entries(4)
    services.pair_next_round(tournament.pk)
    assert colours(tournament, 1) == [(1, 4), (2, 3)]
    url = reverse("round_swap_colours", args=[tournament.pk, 1])
    html = arbiter_client.post(url, {"board": 1}, headers={"HX-Request": "true"}).content.decode()
    assert "C.05 Annex 1" in html and "with the table&#x27;s colours reversed" in html
    assert colours(tournament, 1) == [(1, 4), (2, 3)]  # not applied without confirmation


@pytest.mark.django_db
def test_it_asks_a_reason_for_breaking_a_strong_preference(
    arbiter_client: Client, tournament, make_entries, record_round
) -> None:
    """Issue 24: R1 A-C 1-0, D-B 0-1. In R2 A (one White: strong Black, C.04.3 A.6.b) meets
    B (one Black: strong White): 5.2.1 gives B White, both preferences granted. Swapping the
    board denies both strong preferences: a rule broken, which needs a reason; afterwards the
    draft says so and the colour rule is shown as not followed."""
    a, b, c, d = make_entries(4)
    record_round(1, [(a, c, "1-0"), (d, b, "0-1")])
    record_round(2, [(b, a, ""), (c, d, "")], status="draft")
    url = reverse("round_swap_colours", args=[tournament.pk, 2])
    html = arbiter_client.post(url, {"board": 1}, headers={"HX-Request": "true"}).content.decode()
    assert "This change breaks 2 rules" in html
    assert "<code>5.2.1</code> Player 01 (1) has a strong Black preference but gets White" in html
    assert "<code>5.2.1</code> Player 02 (2) has a strong White preference but gets Black" in html
    assert colours(tournament, 2)[0] == (2, 1)  # not applied
    response = arbiter_client.post(url, {"board": 1, "confirm": "1"}, headers={"HX-Request": "1"})
    assert "Give the reason for breaking these rules" in response.content.decode()
    arbiter_client.post(url, {"board": 1, "confirm": "1", "reason": "a wheelchair board"})
    assert colours(tournament, 2)[0] == (1, 2)
    page = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 2])).content.decode()
    assert "This draft breaks 2 pairing rules" in page
    assert "breaks no pairing rule" not in page
    assert "not followed: it gives White to 2. Player 02 (both colour preferences granted)" in page
    assert "swapped by hand" in page
    arbiter_client.post(url, {"board": 1})  # swapping back breaks nothing: no reason asked
    assert colours(tournament, 2)[0] == (2, 1)
