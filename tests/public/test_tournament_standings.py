"""tournament_standings: score, then the configured C.07 tie-breaks (tiebreaks.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament


def rows(html: str) -> list[list[str]]:
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    out = []
    for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        ]
        out.append(cells)
    return out


@pytest.mark.django_db
def test_it_ranks_by_score_then_tie_breaks(client: Client, tournament, four) -> None:
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert "after round 2" in html
    assert '<abbr title="Buchholz">BH</abbr>' in html
    assert [r[:1] + r[1:2] + r[4:] for r in rows(html)] == [
        ["1", "Player 01", "1.5", "2.5", "1.75"],
        ["2", "Player 02", "1.5", "1.5", "0.75"],
        ["3", "Player 03", "1", "1.5", "0.00"],
        ["4", "Player 04", "0", "2.5", "0.00"],
    ]


@pytest.mark.django_db
def test_it_ranks_a_us_chess_section_by_its_34e_order(client: Client, tournament, four) -> None:
    """34E defaults. Modified Median (34E1), two rounds: a plus score drops the lowest
    opponent (A: C 1, keeps B 1.5; B: D 0, keeps A 1.5), an even score both (C: 0), a minus
    score the highest (D: B dropped, C 1). Solkoff (34E2), all opponents: A 2.5, B 1.5, C 1.5
    (A 1.5 + D 0), D 2.5; it puts A before B.
    Cumulative (34E3): A 1 + 1.5 = 2.5, B 1 + 1.5 = 2.5, C 0 + 1 = 1, D 0."""
    tournament.tie_breaks = "US-MM,US-SOLK,US-CUM"
    tournament.save()
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert '<abbr title="Modified median">US-MM</abbr>' in html
    assert [r[:1] + r[1:2] + r[4:] for r in rows(html)] == [
        ["1", "Player 01", "1.5", "1.5", "2.5", "2.5"],
        ["2", "Player 02", "1.5", "1.5", "1.5", "2.5"],
        ["3", "Player 03", "1", "0.0", "1.5", "1.0"],
        ["4", "Player 04", "0", "1.0", "2.5", "0.0"],
    ]


@pytest.mark.django_db
def test_it_counts_finished_rounds_only(client: Client, tournament, four, record_round) -> None:
    a, b, c, d = four
    tournament.rounds = 3
    tournament.save()
    record_round(3, [(a, d, "0-1"), (c, b, "")], status="published")
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert "after round 2" in html
    assert rows(html)[0][:2] == ["1", "Player 01"] and rows(html)[0][4] == "1.5"
    assert 'hx-trigger="every 2s"' in html  # a round is live: the section polls


@pytest.mark.django_db
def test_it_ranks_tcec_by_byes_before_the_tie_breaks(client: Client, tournament, four) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC
    tournament.save()
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert '<abbr title="Byes received">BYE</abbr>' in html
    assert rows(html)[0][4:] == ["1.5", "0", "2.5", "1.75"]  # points, BYE, BH, SB


@pytest.mark.django_db
def test_it_shows_the_starting_rank_before_round_1(
    client: Client, tournament, make_entries
) -> None:
    make_entries(3)
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert "Starting rank" in html
    assert [r[1] for r in rows(html)] == ["Player 01", "Player 02", "Player 03"]
    assert 'hx-trigger="every 2s"' in html  # round 1 will appear once it is published


@pytest.mark.django_db
def test_it_gives_htmx_the_section_only(client: Client, tournament, four) -> None:
    html = client.get(
        reverse("tournament_standings", args=[tournament.pk]), headers={"HX-Request": "true"}
    ).content.decode()
    assert html.lstrip().startswith('<section id="standings"')
    assert "<html" not in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [6, 40])
@pytest.mark.parametrize("fide_rated", [False, True])
def test_it_does_a_constant_number_of_queries(
    client: Client, tournament, make_entries, play, django_assert_num_queries, players, fide_rated
) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC
    tournament.fide_rated = fide_rated  # rating changes and Rp: no query of their own
    tournament.save()
    make_entries(players)
    play(tournament, rounds=3)
    with django_assert_num_queries(6):
        client.get(reverse("tournament_standings", args=[tournament.pk]))


@pytest.mark.django_db
def test_it_shows_any_change_at_once(client: Client, tournament, four) -> None:
    """Changes made outside the services (the admin, a shell) renew the cache too."""
    url = reverse("tournament_standings", args=[tournament.pk])
    assert "Player 01" in client.get(url).content.decode()
    entry = four[0]
    entry.name = "Renamed, Rita"
    entry.save()
    assert "Renamed, Rita" in client.get(url).content.decode()
    game = four[0].white_games.get()
    game.result = "0-1"
    game.save()
    assert rows(client.get(url).content.decode())[0][1] == "Player 03"  # C: 1 + 1


@pytest.mark.django_db
def test_it_shows_the_rating_panel_of_a_uscf_rated_tournament(
    client: Client, tournament, four
) -> None:
    url = reverse("tournament_standings", args=[tournament.pk])
    assert 'id="rating-panel"' not in client.get(url).content.decode()
    tournament.rating_system = Tournament.RatingSystem.QUICK
    tournament.save()
    assert "USCF Quick: not rated yet." in client.get(url).content.decode()


@pytest.mark.django_db
def test_it_leaves_out_an_unknown_tie_break_code(client: Client, tournament, four) -> None:
    tournament.tie_breaks = "BH,XYZ,SB"  # e.g. from an imported file
    tournament.save()
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert rows(html)[0][4:] == ["1.5", "2.5", "1.75"]


@pytest.mark.django_db
def test_it_never_lets_virtual_points_reach_the_standings(
    client: Client, tournament, make_entries, play
) -> None:
    # Baku, 8 players: round 1 pairs 1-3, 4-2, 5-7, 8-6 (group A holds a virtual point);
    # white wins. Standings: 1, 4, 5, 8 with 1 point, the others 0, group A or not.
    tournament.acceleration = "baku"
    tournament.tie_breaks = "BH"
    tournament.save()
    make_entries(8)
    play(tournament, rounds=1)
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    points = {r[1]: r[4] for r in rows(html)}
    assert points == {
        "Player 01": "1",
        "Player 04": "1",
        "Player 05": "1",
        "Player 08": "1",
        "Player 02": "0",
        "Player 03": "0",
        "Player 06": "0",
        "Player 07": "0",
    }


# The `four` fixture, FIDE rated, worked by hand (B.02 8.1.2 PD table, 8.3.3 K 20: 30+ games,
# adults under 2400; 8.3.2 change = K x (score - PD)). make_entries rates the pairing numbers
# out of order: A (no. 1) 2350, B (no. 2) 2375, C (no. 3) 2300, D (no. 4) 2325.
#   A 2350: R1 beat C 2300 (D 50: PD .57) +8.6; R2 drew B 2375 (D -25: .47) +0.6 -> +9.2
#   B 2375: R1 beat D 2325 (D 50: .57) +8.6; R2 drew A 2350 (D 25: .53) -0.6 -> +8.0
#   C 2300: R1 lost to A (D -50: .43) -8.6; R2 beat D 2325 (D -25: .47) +10.6 -> +2.0
#   D 2325: R1 lost to B (D -50: .43) -8.6; R2 lost to C (D 25: .53) -10.6 -> -19.2
# Rp (B.01 1.4.7-1.4.9): every player's opponents average 2337.5 -> Ra 2338; 75 % -> dp 193,
# 50 % -> 0, 0 % -> -800: A and B 2531, C 2338, D 1538.
FOUR_FIDE = {
    "Player 01": ("2531", "+9.2"),
    "Player 02": ("2531", "+8.0"),
    "Player 03": ("2338", "+2.0"),
    "Player 04": ("1538", "-19.2"),
}


@pytest.mark.django_db
def test_it_shows_fide_rating_changes_and_rp_when_fide_rated(
    client: Client, tournament, four
) -> None:
    url = reverse("tournament_standings", args=[tournament.pk])
    # Not FIDE rated: no columns (the header's text, not "Rp" anywhere: a CSRF token has it).
    assert ">Rp</abbr>" not in client.get(url).content.decode()
    tournament.fide_rated = True
    tournament.save()
    html = client.get(url).content.decode()
    assert '<abbr title="Rating performance (FIDE B.01 1.4.8)">Rp</abbr>' in html
    got = {r[1]: (r[-2], r[-1]) for r in rows(html)}
    assert got == FOUR_FIDE


@pytest.mark.django_db
def test_it_shows_rp_as_a_chosen_tie_break(client: Client, tournament, four) -> None:
    """Rp chosen in the standings' options (code RP) is a column like TPR and breaks ties, FIDE
    rated or not; values as FOUR_FIDE derives them. A and B (1.5 each) tie on Rp 2531, BH
    then puts A first. A FIDE-rated tournament then shows Rp once, among the tie-breaks."""
    tournament.tie_breaks = "RP,BH"
    tournament.save()
    url = reverse("tournament_standings", args=[tournament.pk])
    html = client.get(url).content.decode()
    assert '<abbr title="FIDE rating performance (Rp)">RP</abbr>' in html
    assert [r[1:2] + r[5:] for r in rows(html)] == [
        ["Player 01", "2531", "2.5"],
        ["Player 02", "2531", "1.5"],
        ["Player 03", "2338", "1.5"],
        ["Player 04", "1538", "2.5"],
    ]
    tournament.fide_rated = True
    tournament.save()
    html = client.get(url).content.decode()
    assert ">Rp</abbr>" not in html and ">Rtg ±</abbr>" in html
    assert rows(html)[0][5:] == ["2531", "2.5", FOUR_FIDE["Player 01"][1]]


@pytest.mark.django_db
@pytest.mark.parametrize(("rating_type", "change"), [("standard", "-7.8"), ("rapid", "-6.8")])
def test_it_caps_every_rating_difference_at_400_in_a_rapid_event(
    client: Client, tournament, four, rating_type: str, change: str
) -> None:
    """B.02 8.3.1: from 1 October 2025 a standard rating of 2650 or more counts the real
    difference; rapid and blitz keep the 400-point rule for everybody (docs/fide.md). A rated
    2800, K 20: R1 beat C 2300, R2 drew B 2375. Standard: D 500 (PD .96) +0.8, D 425 (.93)
    -8.6: -7.8. Rapid: both D count 400 (.92): +1.6, -8.4: -6.8. A rapid event was rated
    with the standard rule."""
    a = four[0]
    a.rating, a.fide_k = 2800, 20
    a.save()
    tournament.fide_rated = True
    tournament.fide_rating_type = rating_type
    tournament.save()
    html = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert {r[1]: r[-1] for r in rows(html)}["Player 01"] == change


@pytest.mark.django_db
def test_it_shows_a_rating_submitted_to_readers_of_the_kept_page_at_once(
    settings,
    tournament,
    make_entries,
    play,
    arbiter_client: Client,
    django_capture_on_commit_callbacks,
) -> None:
    """Regression: an anonymous reader's whole page is kept per revision, and submitting a
    finished tournament for rating (the rating panel around the standings) gave it none: the
    readers saw "not rated yet" until the kept page expired (30 s)."""
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60  # as in production: the fast path
    tournament.rating_system, tournament.rounds = Tournament.RatingSystem.REGULAR, 1
    tournament.save()
    make_entries(2)
    play(tournament, rounds=1)
    url = reverse("tournament_standings", args=[tournament.pk])
    reader = Client()
    for _ in range(2):  # computed, then kept
        assert "USCF Regular: not rated yet." in reader.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        arbiter_client.post(reverse("submit_rating", args=[tournament.pk]))
    page = reader.get(url).content.decode()
    assert "Rating submitted" in page and "waiting for a rating officer" in page
