"""round_pair_again: a draft paired before a result was corrected says so, lists the
corrections and pairs the round again; a round published so says it was paired before them
(issue 24)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_round_pair_by_hand import boards
from tournaments import services
from tournaments.models import Game, PairingReceipt, Round

CORRECTED = "Round 1: Player 01 – Player 04 was 1–0, now 0–1"
"""Round 1 of six (C.04.3, white wins): 1-4, 5-2, 3-6; board 1 corrected to a Black win."""


@pytest.fixture
def corrected(tournament, make_entries, play) -> Round:
    """Round 2 drafted, then round 1's board 1 corrected from 1-0 to 0-1."""
    make_entries(6)
    play(tournament, rounds=1)
    draft = services.pair_next_round(tournament.pk)
    game = Game.objects.get(round__number=1, board=1)
    assert (game.white.pairing_number, game.black.pairing_number) == (1, 4)
    services.set_result(game.pk, "0-1", confirm=True)
    return draft


def page(client: Client, t, number: int = 2) -> str:
    return client.get(reverse("round_manage", args=[t.pk, number])).content.decode()


@pytest.mark.django_db
def test_it_marks_the_draft_and_pairs_it_again(
    arbiter_client: Client, tournament, corrected
) -> None:
    html = page(arbiter_client, tournament)
    assert "This draft is based on old results:</strong> 1 result changed" in html
    assert f"<li>{CORRECTED}</li>" in html and 'id="pair-again"' in html
    old = PairingReceipt.objects.get(round__number=2).trf
    url = reverse("round_pair_again", args=[tournament.pk, 2])
    response = arbiter_client.post(url, follow=True)
    html = response.content.decode()
    assert "Round 2 paired again with the corrected results" in html
    assert "based on old results" not in html
    receipt = PairingReceipt.objects.get(round__number=2)
    assert receipt.trf != old  # paired from the corrected results
    assert tournament.round_set.get(number=2).status == Round.Status.DRAFT


@pytest.mark.django_db
def test_it_says_a_round_published_so_was_paired_before(
    arbiter_client: Client, tournament, corrected
) -> None:
    arbiter_client.post(reverse("round_publish", args=[tournament.pk, 2]))
    html = page(arbiter_client, tournament)
    assert "This round was paired before a result was corrected:" in html
    assert f"<li>{CORRECTED}</li>" in html
    assert "pair-again" not in html


@pytest.mark.django_db
def test_it_does_not_mark_an_uncorrected_draft(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(6)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)
    assert 'id="corrected"' not in page(arbiter_client, tournament)
    assert 'id="corrected"' not in page(arbiter_client, tournament, 1)


@pytest.mark.django_db
def test_it_does_not_pair_a_published_round_again(
    arbiter_client: Client, tournament, corrected
) -> None:
    """A stale tab: the draft was published meanwhile; nothing is paired again."""
    before = boards(tournament, 2)
    arbiter_client.post(reverse("round_publish", args=[tournament.pk, 2]))
    url = reverse("round_pair_again", args=[tournament.pk, 2])
    html = arbiter_client.post(url, follow=True).content.decode()
    assert "Round 2 is not the draft of the last round any more: nothing was paired" in html
    assert boards(tournament, 2) == before
    assert arbiter_client.get(url).status_code == 405


@pytest.mark.django_db
def test_it_tells_the_players_too(client: Client, tournament, corrected) -> None:
    """The public pairings of a round published so say it was paired before the correction."""
    services.publish_round(corrected.pk)
    html = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "This round was paired before a result was corrected:" in html
    assert f"<li>{CORRECTED}</li>" in html
    round_1 = client.get(reverse("tournament_detail", args=[tournament.pk]), {"round": 1})
    assert 'id="corrected"' not in round_1.content.decode()
