"""round_manage's regions swapped by htmx (issue 27): a page of results, or of the players
not paired, computes what its region shows and nothing else of the page (the draft's rule
checks and review, the receipt, the what-if form: 0.5-0.8 s at 9,998 players)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import draft_review, drafts, receipts, services
from tournaments.views import rounds


def boom(*args: object, **kwargs: object) -> None:
    raise AssertionError("computed for a region that does not show it")


def region(client: Client, t, number: int, target: str) -> str:
    url = reverse("round_manage", args=[t.pk, number])
    response = client.get(url, headers={"HX-Request": "true", "HX-Target": target})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_it_swaps_the_players_not_paired_without_checking_the_draft(
    arbiter_client: Client, tournament, make_entries, monkeypatch
) -> None:
    make_entries(4)
    url = reverse("round_pair_by_hand", args=[tournament.pk])
    arbiter_client.post(url, {"round": 1, "start": "empty"})
    monkeypatch.setattr(drafts.Draft, "violations", property(boom))
    monkeypatch.setattr(draft_review, "review_draft", boom)
    html = region(arbiter_client, tournament, 1, "unpaired")
    assert 'id="unpaired"' in html and "Not paired (4):" in html and "Give the bye" in html
    assert 'id="violations"' not in html
    with pytest.raises(AssertionError, match="does not show it"):  # the whole page shows them
        arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1]))


@pytest.mark.django_db
def test_it_swaps_a_page_of_results_without_the_receipt_or_the_what_if(
    arbiter_client: Client, tournament, make_entries, monkeypatch
) -> None:
    make_entries(4)
    services.publish_round(services.pair_next_round(tournament.pk).pk)  # two games in play
    monkeypatch.setattr(receipts, "published_receipt", boom)
    monkeypatch.setattr(rounds, "what_if_form", boom)
    html = region(arbiter_client, tournament, 1, "results")
    assert 'id="results"' in html and html.count("data-game") == 2
    assert 'id="receipt"' not in html and "what-if" not in html
    with pytest.raises(AssertionError, match="does not show it"):  # the whole page shows them
        arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1]))
