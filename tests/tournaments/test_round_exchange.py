"""round_exchange: two players of the draft trade places; a change that breaks a rule is
only applied once the arbiter confirms it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Bye, Game

HTMX = {"HX-Request": "true", "HX-Target": "draft"}


def boards(t, number: int = 1) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=t, round__number=number).order_by("board")
    return [(g.white.pairing_number, g.black.pairing_number) for g in games]


def opponent(pairs: list[tuple[int, int]], pid: int) -> int:
    return next(b if w == pid else w for w, b in pairs if pid in (w, b))


@pytest.fixture
def second_round(tournament, make_entries, play):
    """Six players, round 1 played: 1-4, 5-2, 3-6 (Dutch), round 2 drafted."""
    make_entries(6)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)
    return tournament


@pytest.mark.django_db
def test_it_applies_a_legal_exchange_at_once(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    before = boards(tournament)
    (w1, b1), (w2, b2) = before
    html = arbiter_client.post(
        reverse("round_exchange", args=[tournament.pk, 1]), {"a": b1, "b": b2}, headers=HTMX
    ).content.decode()
    assert html.lstrip().startswith('<section id="draft"') and "Pairing changed." in html
    assert boards(tournament) == [(w1, b2), (w2, b1)]


@pytest.mark.django_db
def test_it_asks_to_confirm_a_rematch(arbiter_client: Client, second_round) -> None:
    t = second_round
    white, black = boards(t, 1)[0]  # opponents in round 1
    before = boards(t, 2)
    target = opponent(before, white)  # black takes the place of white's round 2 opponent
    url = reverse("round_exchange", args=[t.pk, 2])
    html = arbiter_client.post(url, {"a": target, "b": black}, headers=HTMX).content.decode()
    assert (
        "This change breaks" in html and "C.04.1.b" in html and "already played each other" in html
    )
    assert boards(t, 2) == before  # not applied
    assert 'name="confirm" value="1"' in html and 'name="reason"' in html
    confirmed = {"a": target, "b": black, "confirm": "1"}
    html = arbiter_client.post(url, confirmed, headers=HTMX).content.decode()
    assert "Give the reason for breaking th" in html  # a rule broken needs a reason
    assert boards(t, 2) == before
    reason = {"reason": "  the players asked  "}
    html = arbiter_client.post(url, confirmed | reason, headers=HTMX).content.decode()
    assert boards(t, 2) != before
    assert "This draft breaks" in html and "C.04.1.b" in html


@pytest.mark.django_db
def test_it_moves_a_player_to_the_bye(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(5)
    services.pair_next_round(tournament.pk)
    arbiter_client.post(reverse("round_exchange", args=[tournament.pk, 1]), {"a": 1, "b": 5})
    assert Bye.objects.get(kind="U").entry.pairing_number == 1
    assert 5 in {p for b in boards(tournament) for p in b}


@pytest.mark.django_db
def test_it_asks_for_confirmation_on_a_page_without_javascript(
    arbiter_client: Client, second_round
) -> None:
    t = second_round
    white, black = boards(t, 1)[0]
    before = boards(t, 2)
    target = opponent(before, white)
    response = arbiter_client.post(
        reverse("round_exchange", args=[t.pk, 2]), {"a": target, "b": black}
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html and "Apply anyway" in html
    assert boards(t, 2) == before


@pytest.mark.django_db
def test_it_refuses_to_change_a_published_round(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    rnd = services.pair_next_round(tournament.pk)
    services.publish_round(rnd.pk)
    response = arbiter_client.post(
        reverse("round_exchange", args=[tournament.pk, 1]), {"a": 1, "b": 2}, follow=True
    )
    assert "Round 1 has been published in the meantime" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("confirm", ["", "1"])
def test_it_refuses_an_unknown_player_even_when_confirmed(
    arbiter_client: Client, tournament, make_entries, confirm: str
) -> None:
    """Regression: exchanging with player 999 asked for a confirmation ("unknown player"), and
    "Apply anyway" answered 500 (KeyError while writing the boards)."""
    make_entries(4)
    services.pair_next_round(tournament.pk)
    before = boards(tournament, 1)
    url = reverse("round_exchange", args=[tournament.pk, 1])
    data = {"a": 999, "b": 1, "confirm": confirm}
    html = arbiter_client.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert "There is no player 999 in this tournament." in html
    assert "Apply anyway" not in html
    response = arbiter_client.post(url, data, follow=True)
    assert "There is no player 999 in this tournament." in response.content.decode()
    assert boards(tournament, 1) == before


@pytest.mark.django_db
def test_it_cites_27a1_for_a_us_chess_rematch(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """US Chess numbers the rematch rule 27A1 (and the second full-point bye 28L3)."""
    from tournaments.models import Tournament

    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.save()
    make_entries(6)
    services.publish_round(services.pair_next_round(tournament.pk).pk)
    for game in Game.objects.filter(round__number=1):
        services.set_result(game.pk, "1-0")
    services.pair_next_round(tournament.pk)
    white, black = boards(tournament, 1)[0]
    target = opponent(boards(tournament, 2), white)
    url = reverse("round_exchange", args=[tournament.pk, 2])
    html = arbiter_client.post(url, {"a": target, "b": black}, headers=HTMX).content.decode()
    assert "27A1" in html and "already played each other" in html and "C.04.1.b" not in html
