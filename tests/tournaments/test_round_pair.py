"""round_pair: one POST pairs the next round as a draft, exactly once."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pairing.services import state_for
from tournaments import services
from tournaments.models import Bye, Entry, Game, Round, Tournament
from tournaments.registration import Availability, set_availability


def pair(client: Client, t: Tournament, number: int | None = None):
    data = {"round": number} if number else {}
    return client.post(reverse("round_pair", args=[t.pk]), data, follow=True)


@pytest.mark.django_db
def test_it_pairs_a_draft_and_shows_it(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(6)
    response = pair(arbiter_client, tournament, 1)
    html = response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("round_manage", args=[tournament.pk, 1])
    assert "Round 1 paired as a draft" in html
    assert Round.objects.get(tournament=tournament).status == Round.Status.DRAFT
    assert Game.objects.filter(round__tournament=tournament).count() == 3


@pytest.mark.django_db
def test_it_pairs_nothing_more_on_a_second_click(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(6)
    pair(arbiter_client, tournament, 1)
    html = pair(arbiter_client, tournament, 1).content.decode()
    assert "Round 1 has already been paired." in html
    assert tournament.round_set.count() == 1


@pytest.mark.django_db
def test_it_asks_to_finish_an_unfinished_round_first(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(6)
    pair(arbiter_client, tournament, 1)
    html = pair(arbiter_client, tournament).content.decode()
    assert "Round 1 is not finished yet: enter every result (or undo it)" in html


@pytest.mark.django_db
def test_it_says_so_when_there_is_no_legal_pairing(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(2)
    play(tournament, rounds=1)
    response = pair(arbiter_client, tournament, 2)
    html = response.content.decode()
    assert response.status_code == 200
    assert "No legal pairing exists for round 2" in html
    assert "check the byes and withdrawals" in html
    assert tournament.round_set.count() == 1


@pytest.mark.django_db
def test_it_makes_a_double_round_two_rows(arbiter_client: Client, tournament, make_entries) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.save()
    make_entries(4)
    pair(arbiter_client, tournament, 1)
    first, second = tournament.round_set.order_by("number")
    g1 = {(g.board, g.white_id, g.black_id) for g in first.games.all()}
    g2 = {(g.board, g.black_id, g.white_id) for g in second.games.all()}
    assert g1 == g2  # colours reversed in game 2


@pytest.mark.django_db
def test_it_says_so_when_nobody_is_available(
    arbiter_client: Client, tournament, make_entries
) -> None:
    a, b = make_entries(2)
    set_availability(a, 1, Availability.HALF_POINT_BYE)
    set_availability(b, 1, Availability.ZERO_POINT_BYE)
    html = pair(arbiter_client, tournament, 1).content.decode()
    assert "Nobody is available for round 1: every player has a bye, has withdrawn" in html
    assert not tournament.round_set.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["dutch", "dubov", "tcec", "tcec_double"])
def test_it_gives_a_single_available_player_the_bye(
    arbiter_client: Client, tournament, make_entries, system: str
) -> None:
    """C.04.1 c: the one player left over gets the pairing-allocated bye, even when he is the
    only one available; the round has no board, so publishing it finishes it."""
    tournament.pairing_system = system
    tournament.save()
    a, b, c = make_entries(3)
    set_availability(a, 1, Availability.HALF_POINT_BYE)
    set_availability(c, 1, Availability.ZERO_POINT_BYE)
    html = pair(arbiter_client, tournament, 1).content.decode()
    assert "paired as a draft" in html
    rows = list(tournament.round_set.order_by("number"))
    assert len(rows) == tournament.legs
    assert not Game.objects.filter(round__tournament=tournament).exists()
    assert [(x.entry, x.round_number) for x in Bye.objects.filter(kind="U")] == [
        (b, r.number) for r in rows
    ]
    arbiter_client.post(reverse("round_publish", args=[tournament.pk, 1]))
    assert {r.status for r in tournament.round_set.all()} == {Round.Status.FINISHED}
    assert pair(arbiter_client, tournament, 2).status_code == 200
    assert tournament.round_set.count() == 2 * tournament.legs


@pytest.mark.django_db
@pytest.mark.parametrize(
    "system",
    ["dutch", "dubov", "tcec", "tcec_double", "uscf", "round_robin", "round_robin_double"],
)
def test_it_pairs_like_the_command_line(
    arbiter_client: Client, tournament, make_entries, play, tmp_path, system
) -> None:
    """Export the TRF, pair it with ``python -m pairing pair``; the web pairs the same round."""
    from pairing.cli import main
    from pairing.services import export_trf

    tournament.pairing_system = system
    tournament.save()
    make_entries(11)
    play(
        tournament, [["1-0", "0-1", "1/2-1/2", "+-", "1-0"], ["0-1", "1-0", "--", "1/2-1/2", "-+"]]
    )
    trf, out = tmp_path / "t.trf", tmp_path / "pairing.txt"
    trf.write_text(export_trf(tournament))
    engine = "tcec" if system.startswith("tcec") else tournament.engine_system
    assert main(["pair", "--system", engine, str(trf), "-o", str(out)]) == 0
    pair(arbiter_client, tournament, 3)
    first = tournament.round_set.get(number=2 * tournament.legs + 1)
    lines = [f"{g.white.pairing_number} {g.black.pairing_number}" for g in first.games.all()]
    bye = tournament.entries.filter(byes__round_number=first.number, byes__kind="U")
    lines += [f"{e.pairing_number} 0" for e in bye]
    assert out.read_text() == "\n".join([str(len(lines)), *lines]) + "\n"


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["dutch", "dubov", "tcec", "tcec_double"])
def test_it_pairs_forbidden_pairs_and_fixed_boards_like_the_command_line(
    arbiter_client: Client, tournament, make_entries, play, tmp_path, system
) -> None:
    """The pair the system puts on board 1 of round 3 is forbidden, and the last board's white
    player pinned to board 1: the export carries both (XXP, XXF), the command line pairs the
    round exactly as the web does, without the pair, the pinned player on board 1."""
    from pairing.cli import main
    from pairing.services import export_trf
    from tournaments import constraints, services

    tournament.pairing_system = system
    tournament.save()
    make_entries(11)
    play(
        tournament, [["1-0", "0-1", "1/2-1/2", "+-", "1-0"], ["0-1", "1-0", "--", "1/2-1/2", "-+"]]
    )
    third = 2 * tournament.legs + 1
    free = services.pair_next_round(tournament.pk)
    games = list(free.games.order_by("board"))
    services.undo_round(tournament.pk)
    constraints.forbid(tournament.pk, [games[0].white_id, games[0].black_id])
    pinned = games[-1].white
    constraints.set_fixed_board(tournament.pk, pinned.pk, 1)
    trf, out = tmp_path / "t.trf", tmp_path / "pairing.txt"
    trf.write_text(export_trf(tournament))
    text = trf.read_text()
    assert "XXP " in text and f"XXF {pinned.pairing_number:4d}    1" in text
    engine = "tcec" if system.startswith("tcec") else system
    assert main(["pair", "--system", engine, str(trf), "-o", str(out)]) == 0
    pair(arbiter_client, tournament, 3)
    rnd = tournament.round_set.get(number=third)
    paired = list(rnd.games.order_by("board"))
    assert {games[0].white_id, games[0].black_id} not in [{g.white_id, g.black_id} for g in paired]
    assert pinned.pk in (paired[0].white_id, paired[0].black_id)
    lines = [f"{g.white.pairing_number} {g.black.pairing_number}" for g in paired]
    bye = tournament.entries.filter(byes__round_number=third, byes__kind="U")
    lines += [f"{e.pairing_number} 0" for e in bye]
    assert out.read_text() == "\n".join([str(len(lines)), *lines]) + "\n"


@pytest.mark.django_db
def test_it_pairs_a_baku_tournament_like_the_command_line(
    arbiter_client: Client, tournament, make_entries, play, tmp_path
) -> None:
    """The export carries the virtual points (XXA); the command line pairs round 3 with them
    exactly as the web does."""
    from pairing.cli import main
    from pairing.services import export_trf

    tournament.acceleration = Tournament.Acceleration.BAKU
    tournament.save()
    make_entries(11)
    play(
        tournament, [["1-0", "0-1", "1/2-1/2", "+-", "1-0"], ["0-1", "1-0", "--", "1/2-1/2", "-+"]]
    )
    trf, out = tmp_path / "t.trf", tmp_path / "pairing.txt"
    trf.write_text(export_trf(tournament))
    assert "XXA    6  1.0  1.0  0.5" in trf.read_text()
    assert main(["pair", "--system", "dutch", str(trf), "-o", str(out)]) == 0
    pair(arbiter_client, tournament, 3)
    third = tournament.round_set.get(number=3)
    lines = [f"{g.white.pairing_number} {g.black.pairing_number}" for g in third.games.all()]
    bye = tournament.entries.filter(byes__round_number=3, byes__kind="U")
    lines += [f"{e.pairing_number} 0" for e in bye]
    assert out.read_text() == "\n".join([str(len(lines)), *lines]) + "\n"


@pytest.mark.parametrize(("edition", "bye"), [("2026", 4), ("2017", 1)])
def test_it_pairs_by_the_tournaments_dutch_edition(
    arbiter_client: Client, tournament, make_entries, record_round, edition: str, bye: int
) -> None:
    # tests/engine/test_dutch_2026.py, BYE_SCORE: after 1-3 drawn, 4-2 won by 2 and the bye
    # to 5, the 2026 rules (C5) give the next bye to 4 (0 points), the 2017 rules to 1.
    from tournaments.models import Bye

    tournament.dutch_edition = edition
    tournament.save()
    e = make_entries(5)
    record_round(1, [(e[0], e[2], "1/2-1/2"), (e[3], e[1], "0-1")])
    Bye.objects.create(entry=e[4], round_number=1, kind=Bye.Kind.PAIRING_ALLOCATED)
    pair(arbiter_client, tournament, 2)
    assert Bye.objects.get(round_number=2).entry.pairing_number == bye


@pytest.mark.parametrize(("edition", "bye"), [("2026", 3), ("2018", 5)])
def test_it_pairs_by_the_tournaments_dubov_edition(
    arbiter_client: Client, tournament, make_entries, record_round, edition: str, bye: int
) -> None:
    # tests/engine/test_dubov_2026.py, f_bye_round (derivation there): R1 1-2 =, 3-4 =, 5 F;
    # R2 5-1 0-1, 2 H, 3 H, 4 U. 2026 [C2] (C.04.1 art. 4) bars 5's requested full-point
    # bye as well as 4's U: the bye goes to 3; 2018 C.2 bars only the U: to 5.
    tournament.pairing_system = Tournament.PairingSystem.DUBOV
    tournament.dubov_edition = edition
    tournament.save()
    e = make_entries(5)
    record_round(1, [(e[0], e[1], "1/2-1/2"), (e[2], e[3], "1/2-1/2")])
    record_round(2, [(e[4], e[0], "0-1")])
    for entry, number, kind in [(e[4], 1, "F"), (e[1], 2, "H"), (e[2], 2, "H"), (e[3], 2, "U")]:
        Bye.objects.create(entry=entry, round_number=number, kind=kind)
    pair(arbiter_client, tournament, 3)
    assert Bye.objects.get(round_number=3).entry.pairing_number == bye
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert f"FIDE Dubov (C.04.4.1, {edition} edition)" in page


@pytest.mark.django_db
def test_it_pairs_a_round_robin_by_the_berger_table(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    """C.05 Annex 1, the printed table for 5-6 players: round 1 1-6, 2-5, 3-4; round 2
    6-4, 5-3, 1-2; with five players number 6 is the dummy: 1 has the round-1 bye, 4 the
    round-2 bye. Past the table's five rounds there is no round to pair."""
    tournament.pairing_system = Tournament.PairingSystem.ROUND_ROBIN
    tournament.rounds = 6  # one too many: the engine says so
    tournament.save()
    make_entries(5)
    play(tournament, rounds=1)
    pair(arbiter_client, tournament, 2)
    games = Game.objects.filter(round__number=2).order_by("board")
    assert [(g.white.pairing_number, g.black.pairing_number) for g in games] == [(5, 3), (1, 2)]
    assert Bye.objects.get(round_number=2, kind="U").entry.pairing_number == 4
    assert Bye.objects.get(round_number=1, kind="U").entry.pairing_number == 1
    rnd = tournament.round_set.get(number=2)
    services.publish_round(rnd.pk)
    for game in rnd.games.all():
        services.set_result(game.pk, "1-0")
    play(tournament, rounds=3)
    html = pair(arbiter_client, tournament, 6).content.decode()
    assert "a round robin of 5 players has 5 rounds, not 6" in html


@pytest.mark.django_db
def test_it_explains_a_us_chess_round_by_the_us_rules(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Round 1 of five: the bye to the lowest-rated player, 5 (28L2); the why cites it."""
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.save()
    make_entries(5)
    html = pair(arbiter_client, tournament, 1).content.decode()
    assert Bye.objects.get(round_number=1, kind="U").entry.pairing_number == 5
    assert "28L2" in html and "US Chess 29E" in html


def _round_one_boards(t: Tournament) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=t, round__number=1).order_by("board")
    return [(g.white.pairing_number, g.black.pairing_number) for g in games]


@pytest.fixture
def us_section(tournament: Tournament) -> Tournament:
    """The tournament as a US Chess Swiss section (keep-apart groups, assigned ratings)."""
    tournament.pairing_system = Tournament.PairingSystem.USCF
    tournament.save()
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("assigned", "boards"), [(None, [(2, 4), (5, 1)]), (2340, [(2, 5), (4, 1)])]
)
def test_it_ranks_an_unrated_player_by_the_assigned_rating(
    arbiter_client: Client, us_section: Tournament, make_entries, assigned: int | None, boards: list
) -> None:
    """29A: ranked by rating, an unrated player without an assigned rating last. Nos. 1-4
    rated 2350, 2375, 2300, 2325 (the fixture's numbers are out of rating order), no. 5
    unrated: by rating 2, 1, 4, 3. The bye (28L2) goes to the lowest-rated rated player,
    no. 3 (2300), either way. Without an assigned rating the others rank 2, 1, 4, 5: top half
    2, 1 against bottom half 4, 5: 2-4, 5-1 (29E2: board 1's top player White, alternating).
    Assigned 2340, no. 5 ranks third (2375, 2350, 2340, 2325: 2, 1, 5, 4): 2-5, 4-1."""
    *_, unrated = make_entries(5)
    Entry.objects.filter(pk=unrated.pk).update(rating=0, assigned_rating=assigned)
    if assigned:
        assert ("XXU", " assigned=5:2340") in state_for(us_section).info.extra_records
    pair(arbiter_client, us_section, 1)
    assert _round_one_boards(us_section) == boards
    bye = Bye.objects.get(entry__tournament=us_section, round_number=1)
    assert (bye.entry.pairing_number, bye.kind) == (3, Bye.Kind.PAIRING_ALLOCATED)
