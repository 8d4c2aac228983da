"""round_receipt: each round keeps the TRF the engine was given, the system and edition, the
program version, the arbiter's changes with their reasons and, once published, the published
pairing and the SHA-256 of both; public once published; ``python -m pairing verify`` checks
it; boards the arbiter changed are marked on the public pairings."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from pairing import cli
from pairing.engine import load_receipt, sha256, verify_receipt
from tournaments import drafts, services
from tournaments.models import Entry, Game, PairingReceipt, Tournament


def download(client: Client, t: Tournament, number: int = 1):
    return client.get(reverse("round_receipt", args=[t.pk, number]))


def verified(text: str) -> tuple[bool, str]:
    receipt, problems = load_receipt(text)
    result = verify_receipt(receipt, problems)
    return result.ok, "\n".join(result.lines)


def boards(t: Tournament, number: int = 1) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=t, round__number=number).order_by("board")
    return [(g.white.pairing_number, g.black.pairing_number) for g in games]


@pytest.mark.django_db
def test_it_is_kept_from_pairing_and_public_once_published(
    client: Client, tournament, make_entries
) -> None:
    make_entries(7)
    rnd = services.pair_next_round(tournament.pk)
    receipt = PairingReceipt.objects.get()
    assert receipt.round == rnd and receipt.system == "dutch-2026"
    assert receipt.edition == "FIDE Dutch (C.04.3, 2026 edition)"
    assert receipt.program_version == "0.1.0"  # pyproject
    assert receipt.trf_sha256 == sha256(receipt.trf) and "XXR 5" in receipt.trf
    assert receipt.pairing == "" and not receipt.is_published
    assert download(client, tournament).status_code == 404  # a draft
    services.publish_round(rnd.pk)
    receipt.refresh_from_db()
    bye = Entry.objects.get(byes__kind="U").pairing_number
    expected = "".join(f"{w} {b}\n" for w, b in boards(tournament)) + f"{bye} 0\n"
    assert receipt.pairing == f"4\n{expected}"
    assert receipt.pairing_sha256 == sha256(receipt.pairing)
    response = download(client, tournament)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert 'filename="spring-open-round-1-receipt.json"' in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document["round"] == 1 and document["pairing"] == receipt.pairing
    assert document["trf_sha256"] == receipt.trf_sha256
    ok, report = verified(response.content.decode())
    assert ok, report


@pytest.mark.django_db
def test_it_gives_the_engine_the_receipts_trf(
    tmp_path: Path, tournament, make_entries, play, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line pairs the stored TRF exactly as the web app did."""
    make_entries(9)
    play(tournament, [["1-0", "1/2-1/2", "0-1", "1-0"]])
    services.pair_next_round(tournament.pk)
    receipt = PairingReceipt.objects.get(round__number=2)
    path = tmp_path / "round2.trf"
    path.write_text(receipt.trf, encoding="utf-8")
    assert cli.main(["pair", "--system", receipt.system, str(path)]) == 0
    assert capsys.readouterr().out == receipt.engine_pairing
    bye = Entry.objects.get(byes__kind="U", byes__round_number=2).pairing_number
    lines = [f"{w} {b}" for w, b in boards(tournament, 2)] + [f"{bye} 0"]
    assert receipt.engine_pairing == f"{len(lines)}\n" + "\n".join(lines) + "\n"


@pytest.mark.django_db
def test_it_leaves_birth_date_and_sex_out_of_the_public_trf(
    client: Client, tournament, make_entries
) -> None:
    for e in make_entries(4):
        e.birth_date, e.sex = date(1987, 6, 5), "w"
        e.save()
    services.publish_round(services.pair_next_round(tournament.pk).pk)
    trf = json.loads(download(client, tournament).content)["trf"]
    player = next(line for line in trf.splitlines() if line.startswith("001"))
    assert "1987" not in trf and player[9] == " " and player[69:79].strip() == ""


@pytest.mark.django_db
def test_it_lists_changes_with_reasons_and_marks_them(
    arbiter_client: Client, client: Client, tournament, make_entries, play
) -> None:
    make_entries(6)
    play(tournament, rounds=1)  # 1-4, 5-2, 3-6: white wins
    services.pair_next_round(tournament.pk)
    engine = boards(tournament, 2)
    white, black = engine[0]
    swap = reverse("round_swap_colours", args=[tournament.pk, 2])
    # Everyone played one game: each has a strong preference (C.04.3 A.6.b); a swap denies
    # both players theirs against the colour rule, a rule break confirmed with a reason.
    arbiter_client.post(swap, {"board": 2, "confirm": "1", "reason": "  the   sponsor's board "})
    met = next(b if w == white else w for w, b in boards(tournament, 1) if white in (w, b))
    exchange = reverse("round_exchange", args=[tournament.pk, 2])  # board 1 becomes a rematch
    data = {"a": met, "b": black, "confirm": "1", "reason": "the players agreed"}
    arbiter_client.post(exchange, data)
    changes = PairingReceipt.objects.get(round__number=2).changes
    assert changes[0] | {"at": "", "broken": []} == {
        "kind": "swap-colours",
        "board": 2,
        "reason": "the sponsor's board",
        "broken": [],
        "at": "",
    }
    assert len(changes[0]["broken"]) == 2
    assert all(" strong " in b and b.startswith("5.2.") for b in changes[0]["broken"])
    assert changes[1]["kind"] == "exchange" and changes[1]["players"] == [met, black]
    assert changes[1]["reason"] == "the players agreed"
    assert changes[1]["broken"][0].startswith("C.04.1.b ")
    arbiter_client.post(reverse("round_publish", args=[tournament.pk, 2]))
    ok, report = verified(download(client, tournament, 2).content.decode())
    assert ok, report
    assert "after the 2 listed changes" in report
    published = boards(tournament, 2)
    changed = {n for n, b in enumerate(published, start=1) if b not in engine}
    assert changed and 2 in changed
    html = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    for n in range(1, len(published) + 1):
        row = html.split(f'<tr id="board-{n}">')[1].split("</tr>")[0]
        assert ("changed by the arbiter" in row) == (n in changed), n
    assert reverse("round_receipt", args=[tournament.pk, 2]) in html


@pytest.mark.django_db
def test_it_fails_verification_for_a_change_not_listed(
    client: Client, tournament, make_entries, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make_entries(4)
    rnd = services.pair_next_round(tournament.pk)
    drafts.swap_colours_in_draft(tournament.pk, 1, 1)
    services.publish_round(rnd.pk)
    document = json.loads(download(client, tournament).content)
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 0
    document["changes"] = []
    path.write_text(json.dumps(document), encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 1
    assert "board 1: published" in capsys.readouterr().out


@pytest.mark.django_db
def test_it_lists_and_verifies_a_round_paired_by_hand(
    arbiter_client: Client, client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    data = {"round": 1, "start": "nearest", "reason": "testing the boards"}
    arbiter_client.post(reverse("round_pair_by_hand", args=[tournament.pk]), data)
    receipt = PairingReceipt.objects.get()
    assert receipt.engine_pairing == ""
    assert receipt.changes[0]["kind"] == "pair-by-hand"
    assert receipt.changes[0]["reason"] == "testing the boards"
    arbiter_client.post(reverse("round_publish", args=[tournament.pk, 1]))
    ok, report = verified(download(client, tournament).content.decode())
    assert ok, report
    html = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert html.count("changed by the arbiter</span>") == 2  # every board


@pytest.mark.django_db
@pytest.mark.parametrize(
    "system", ["dubov", "tcec", "tcec_double", "uscf", "round_robin", "round_robin_double"]
)
def test_it_verifies_other_systems(
    client: Client, tournament, make_entries, play, system: str
) -> None:
    tournament.pairing_system = system
    tournament.save()
    make_entries(7)
    play(tournament, rounds=2)
    last = tournament.round_set.order_by("number").last()
    assert last is not None
    response = download(client, tournament, last.number)  # either game of a double round
    ok, report = verified(response.content.decode())
    assert ok, report
    assert json.loads(response.content)["round"] == 2


@pytest.mark.django_db
def test_it_verifies_a_us_chess_round_with_its_td_settings(
    client: Client, tournament, make_entries, play
) -> None:
    """The TD's settings (28R1 acceleration, a 100-point 29E5a limit) go into the receipt's
    TRF as ``XXU``, so ``verify`` re-pairs by them."""
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.us_accelerated_rounds, tournament.us_alternation_limit = 2, 100
    tournament.save()
    make_entries(8)
    play(tournament, rounds=2)
    ok, report = verified(download(client, tournament, 2).content.decode())
    assert ok, report
    receipt = json.loads(download(client, tournament, 2).content)
    assert "XXU alternation=100 accelerated=2" in receipt["trf"]
    assert receipt["system"] == "uscf"


@pytest.mark.django_db
def test_it_verifies_a_baku_accelerated_round(
    client: Client, tournament, make_entries, play
) -> None:
    tournament.acceleration = Tournament.Acceleration.BAKU
    tournament.save()
    make_entries(12)
    play(tournament, rounds=2)
    ok, report = verified(download(client, tournament, 2).content.decode())
    assert ok, report
    assert "XXA" in json.loads(download(client, tournament, 2).content)["trf"]


@pytest.mark.django_db
def test_it_deletes_the_receipt_when_the_round_is_undone(tournament, make_entries) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    services.undo_round(tournament.pk)
    assert not PairingReceipt.objects.exists()
    services.pair_next_round(tournament.pk)  # paired again: a new receipt
    assert PairingReceipt.objects.count() == 1


@pytest.mark.django_db
def test_it_answers_404_for_a_round_without_a_receipt(client: Client, tournament, four) -> None:
    """Rounds stored without pairing (imported, or paired before receipts existed)."""
    assert download(client, tournament, 1).status_code == 404
    html = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "receipt" not in html


@pytest.mark.django_db
def test_it_lists_and_verifies_a_fixed_board_set_on_the_draft(
    client: Client, tournament, make_entries
) -> None:
    """Regression: pinning a player while the round is a draft renumbers the draft's boards;
    the receipt lists the pin, and verify numbers the boards with it (and the pins of the TRF)
    after every change, as the web app does."""
    from tournaments.constraints import set_fixed_board

    entries = make_entries(8)  # round 1: 1-5, 6-2, 3-7, 8-4 on boards 1-4
    services.pair_next_round(tournament.pk)
    before = boards(tournament)
    pinned = entries[0]  # no. 1, board 1 by C.04.2 D.9
    set_fixed_board(tournament.pk, pinned.pk, 3)
    after = boards(tournament)
    assert after[2] == before[0] and after[:2] == before[1:3] and after[3] == before[3]
    change = PairingReceipt.objects.get().changes[-1]
    assert (change["kind"], change["player"], change["board"]) == ("fixed-board", 1, 3)
    services.publish_round(tournament.round_set.get().pk)
    ok, report = verified(download(client, tournament).content.decode())
    assert ok, report
    assert "player 1 given fixed board 3" in report


@pytest.mark.django_db
def test_it_verifies_every_published_receipt(
    arbiter_client: Client, client: Client, tournament, make_entries
) -> None:
    """Issue 24: rounds published after every kind of arbiter change each verify. Round 1:
    a fixed board set before pairing (XXF in the receipt's TRF: the engine's pairing must be
    recorded with its boards numbered by the pin) and a forbidden pair; round 2: a colour
    swap and an exchange; round 3: a requested bye, the pairing-allocated bye moved, a board
    removed and added again; round 4: paired by hand from the nearest pairing."""
    from tournaments import constraints, registration

    entries = make_entries(10)
    tournament.rounds = 4
    tournament.save()
    constraints.set_fixed_board(tournament.pk, entries[0].pk, 3)  # the top seed on board 3
    constraints.forbid(tournament.pk, [entries[0].pk, entries[4].pk])

    def publish_and_verify(number: int) -> str:
        arbiter_client.post(reverse("round_publish", args=[tournament.pk, number]))
        assert tournament.round_set.get(number=number).status != "draft"
        ok, report = verified(download(client, tournament, number).content.decode())
        assert ok, report
        for game in Game.objects.filter(round__tournament=tournament, round__number=number):
            services.set_result(game.pk, "1-0")
        return report

    def post(view: str, number: int, data: dict) -> None:
        reason = {"confirm": "1", "reason": "the arbiter decided"}
        response = arbiter_client.post(reverse(view, args=[tournament.pk, number]), data | reason)
        assert response.status_code == 302

    services.pair_next_round(tournament.pk)
    assert 1 in boards(tournament)[2]  # board 3
    assert "the published pairing is the engine's\n" in publish_and_verify(1) + "\n"

    services.pair_next_round(tournament.pk)
    post("round_swap_colours", 2, {"board": 1})
    (w1, _b1), (_w2, b2) = boards(tournament, 2)[:2]
    post("round_exchange", 2, {"a": w1, "b": b2})
    assert "after the 2 listed changes" in publish_and_verify(2)

    registration.set_availability(entries[3], 3, "H")
    services.pair_next_round(tournament.pk)
    bye = Entry.objects.get(byes__round_number=3, byes__kind="U").pairing_number
    white, black = boards(tournament, 3)[-1]
    post("round_remove_board", 3, {"board": len(boards(tournament, 3))})
    post("round_set_bye", 3, {"player": ""})
    post("round_add_board", 3, {"white": bye, "black": white})
    post("round_set_bye", 3, {"player": black})
    assert "after the 4 listed changes" in publish_and_verify(3)

    services.pair_next_round(tournament.pk, by_hand="nearest", reason="the engine was slow")
    assert "the round was paired by hand" in publish_and_verify(4)
