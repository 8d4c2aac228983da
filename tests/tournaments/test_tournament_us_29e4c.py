"""The 29E4c variation (last round: equal colour claims by lot) as a TD setting: the form
saves it, the seed is drawn once when the last round is paired and recorded in ``XXU
last-round-lot=SEED`` (the round's receipt, the exported TRF), ``verify`` re-pairs the round
with it, and a TRF import reads it back. The rule itself: tests/engine/test_usswiss_29e4c.py.

The section below: four players (make_entries: no. 1 2350, no. 2 2375, no. 3 2300, no. 4
2325), two rounds. Round 1 by rank 2, 1, 4, 3: top half against bottom half, 2 - 4 and 1 - 3,
White for the higher-ranked on board 1 and the other colour on board 2 (29E2): 2 - 4, 3 - 1;
White wins both. Round 2 (the last): 2 and 3 on 1 point, both W1, due Black; 1 and 4 on 0,
both B0, due White: identical claims on both boards. By rank (29E4 rule 5): 3 - 2 (the
higher-ranked 2 gets Black), 1 - 4 (1 gets White). By lot with seed 5 (``printf 5:2:3 |
sha256sum`` begins a6, even: White to 2; ``5:1:4`` begins f9, odd: White to 4): 2 - 3, 4 - 1.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

import pairing.services
from pairing.engine import load_receipt, verify_receipt
from pairing.services import snapshot
from tests.tournaments.test_round_receipt import boards, download
from tests.tournaments.test_tournament_create import FORM
from tests.tournaments.test_tournament_import_trf import DUBOV_FILE
from tournaments import draft_review, drafts, services
from tournaments.models import Tournament

BY_RANK = [(3, 2), (1, 4)]
BY_LOT_5 = [(2, 3), (4, 1)]


def two_round_section(tournament: Tournament, make_entries, play, lot: bool) -> None:
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.rounds, tournament.us_last_round_lot = 2, lot
    tournament.save()
    make_entries(4)
    play(tournament, rounds=1)
    assert boards(tournament, 1) == [(2, 4), (3, 1)]  # as derived above


@pytest.mark.django_db
def test_it_saves_29e4c_and_writes_it_to_xxu(arbiter_client: Client, tournament) -> None:
    from pairing.services import export_trf

    url = reverse("tournament_edit", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Last round: equal colour claims by lot (29E4c)" in html
    assert not tournament.us_last_round_lot  # the rules' default: 29E4, rank
    arbiter_client.post(url, FORM | {"pairing_system": "uscf", "us_last_round_lot": "on"})
    tournament.refresh_from_db()
    assert tournament.us_last_round_lot and tournament.us_lot_seed is None
    assert "XXU last-round-lot\n" in export_trf(tournament)  # no seed before the last round
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content
    summary = page.decode().split('id="us-settings-summary">', 1)[1].split("</span>", 1)[0]
    assert "29E4c last-round colours by lot" in summary


@pytest.mark.django_db
def test_by_default_rank_decides_the_last_round(tournament, make_entries, play) -> None:
    two_round_section(tournament, make_entries, play, lot=False)
    services.pair_next_round(tournament.pk)
    assert boards(tournament, 2) == BY_RANK


@pytest.mark.django_db
def test_the_seed_is_drawn_once_for_the_last_round_and_recorded(
    client: Client, tournament, make_entries, play, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pairing.services import export_trf

    draws: list[int] = []

    def draw(below: int) -> int:
        draws.append(below)
        return 5

    monkeypatch.setattr(pairing.services.secrets, "randbelow", draw)
    two_round_section(tournament, make_entries, play, lot=True)
    tournament.refresh_from_db()
    assert tournament.us_lot_seed is None and draws == []  # round 1 is not the last
    services.pair_next_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.us_lot_seed == 5 and draws == [1_000_000_000]
    assert boards(tournament, 2) == BY_LOT_5
    services.undo_round(tournament.pk)  # paired again: the same draw, not a new one
    rnd = services.pair_next_round(tournament.pk)
    assert boards(tournament, 2) == BY_LOT_5 and len(draws) == 1
    services.publish_round(rnd.pk)
    text = download(client, tournament, 2).content.decode()
    assert "XXU last-round-lot=5" in json.loads(text)["trf"]
    verification = verify_receipt(*load_receipt(text))
    assert verification.ok, "\n".join(verification.lines)
    assert "XXU last-round-lot=5" in export_trf(tournament)
    tournament.us_last_round_lot = False  # turned off after the draw: rank, no XXU word
    tournament.save()
    assert "last-round-lot" not in export_trf(tournament)


@pytest.mark.django_db
def test_chosen_after_the_last_round_was_paired_the_seed_is_drawn_at_once(
    arbiter_client: Client, tournament, make_entries, play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last round's draft was paired by rank (3 - 2, 1 - 4); the TD then chooses 29E4c:
    the seed is drawn when the settings are saved (5 here), and the draft review gives both
    boards' colours by the lot (2 - 3, 4 - 1), so they show as swapped against the rule."""
    monkeypatch.setattr(pairing.services.secrets, "randbelow", lambda below: 5)
    two_round_section(tournament, make_entries, play, lot=False)
    services.pair_next_round(tournament.pk)
    assert boards(tournament, 2) == BY_RANK
    url = reverse("tournament_edit", args=[tournament.pk])
    arbiter_client.post(
        url, FORM | {"pairing_system": "uscf", "rounds": 2, "us_last_round_lot": "on"}
    )
    tournament.refresh_from_db()
    assert tournament.us_last_round_lot and tournament.us_lot_seed == 5
    draft = drafts.draft_of(snapshot(tournament), 2)
    reviewed = draft_review.review_draft(draft, tournament.engine_system)
    assert [(r.rule, r.rule_white, r.swapped) for r in reviewed] == [
        ("29E4c", 2, True),
        ("29E4c", 4, True),
    ]


@pytest.mark.django_db
def test_a_trf_import_reads_the_seed_back(arbiter_client: Client) -> None:
    text = f"192 USCF_SWISS\nXXU last-round-lot=123456789\n{DUBOV_FILE}"
    arbiter_client.post(reverse("tournament_import_trf"), {"text": text})
    t = Tournament.objects.get()
    assert t.us_last_round_lot and t.us_lot_seed == 123456789
