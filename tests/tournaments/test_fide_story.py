"""The FIDE open end to end (issue 25): an imported (generated) FIDE list; the arbiter creates
a FIDE-rated 9-round open through the settings page, registers 60 players by picking each from
the list, plays it (results through the services), and the standings show the rating changes,
Rp and the C.07 tie-breaks chosen; the player built to make a GM norm is listed with the
certificate's data.

The field: 59 titled players (GM on odd lines, IM on even), rated 2654 down to 2306 by steps
of 6, from twelve federations in turn, K 10 on the list, and one unrated player; X, IM
"Norm, Ian" (ENG, the only English player), rated 2451, wins every game; every other game is
won by the higher-rated player (an unrated one loses). Independent checks written here:

- K is 10 for every rated player and no difference exceeds 400 (8.3.1), so the exact changes
  of the rated players sum to zero (each game: K x (1 - PD) for one, -K x (1 - PD) for the
  other, PD(L) = 1 - PD(H), 8.1.2);
- X scores 9/9: p = 1.00, dp = 800 (B.01 1.4.9 table), Rp = Ra + 800 with Ra the opponents'
  average rounded (1.4.7), the opponents read from X's player page;
- X's GM norm: 9 titleholders, 9 games, all opponents foreign, Ra >= 2380 (1.4.8 a) — checked
  against the opponents printed on the certificate.
"""

from __future__ import annotations

import io
import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from fide.importer import import_list
from tests.fide import lists
from tournaments import services
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

FEDERATIONS = ("GER", "FRA", "ESP", "ITA", "NED", "POL", "HUN", "CZE", "AUT", "USA", "IND", "CHN")
X_ID = "2000000"
UNRATED_ID = "2000099"
TIE_BREAKS = ("BH-C1", "AOB", "KS", "TPR", "APRO")


def listed(fide_id: str, name: str, fed: str, title: str, rating: str, k: str) -> tuple[str, ...]:
    return (fide_id, name, fed, "M", title, "", "", "", rating, "0", k, "", "", "", "", "", "",
            "1990", "")  # fmt: skip


def generated_list() -> bytes:
    players = [
        listed(f"2000{i:03d}", f"Player, No{i:02d}", FEDERATIONS[i % 12],
               "GM" if i % 2 else "IM", str(2660 - 6 * i), "10")
        for i in range(1, 60)
    ]  # fmt: skip
    players.append(listed(X_ID, "Norm, Ian", "ENG", "IM", "2451", "10"))
    players.append(listed(UNRATED_ID, "Newcomer, Nina", "SWE", "", "", ""))
    players += [
        listed(f"3000{i:03d}", f"Bystander, No{i}", "NOR", "", "1800", "20") for i in range(5)
    ]
    return lists.txt(tuple(players))


def create(client: Client) -> Tournament:
    form = {
        "name": "FIDE Open", "place": "Here", "federation": "ENG", "start_date": "2026-06-01",
        "end_date": "2026-06-09", "pairing_system": "dutch", "rounds": 9, "initial_colour": "w",
        "seeding": "rating", "late_entry_bye": "Z", "pairing_rating": "fide",
        "fide_rated": "on", "fide_rating_type": "standard",
        "win": "1", "draw": "0.5", "loss": "0", "bye": "1", "half_bye": "0.5",
    }  # fmt: skip
    form |= {f"tie_break_{i}": code for i, code in enumerate(TIE_BREAKS, start=1)}
    response = client.post(reverse("tournament_create"), form)
    assert response.status_code == 302, response.content.decode()
    t = Tournament.objects.get(name="FIDE Open")
    assert (t.fide_rated, t.fide_rating_type, t.tie_break_codes) == (
        True,
        "standard",
        [*TIE_BREAKS],
    )
    return t


def register_everybody(client: Client, t: Tournament) -> None:
    url = reverse("entry_pick_fide", args=[t.pk])
    ids = [f"2000{i:03d}" for i in range(1, 60)] + [X_ID, UNRATED_ID]
    for n, fide_id in enumerate(ids):
        if n % 10 == 0:  # the arbiter searches now and then, by ID and by name
            page = client.get(url, {"q": fide_id}).content.decode()
            assert f'name="fide_id" value="{fide_id}"' in page
        assert client.post(url, {"fide_id": fide_id}).status_code == 302
    assert t.entries.count() == 61


def result(white: Entry, black: Entry, x: Entry) -> str:
    if x.pk in (white.pk, black.pk):
        return "1-0" if white.pk == x.pk else "0-1"
    return "1-0" if white.rating >= black.rating else "0-1"


def play(t: Tournament) -> None:
    x = Entry.objects.get(tournament=t, fide_id=X_ID)
    for _ in range(t.rounds):
        rnd = services.pair_next_round(t.pk)
        services.publish_round(rnd.pk)
        for game in rnd.games.select_related("white", "black"):
            services.set_result(game.pk, result(game.white, game.black, x))


def cells(html: str, table_start: str) -> list[list[str]]:
    body = html.split(table_start)[1].split("<tbody>")[1].split("</tbody>")[0]
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_a_fide_open_from_the_list_to_the_norm(arbiter_client: Client) -> None:
    import_list(io.BytesIO(generated_list()), source="players_list_foa.txt")
    t = create(arbiter_client)
    register_everybody(arbiter_client, t)
    assert t.entries.count() == 61
    x = Entry.objects.get(tournament=t, fide_id=X_ID)
    assert (x.name, x.title, x.federation, x.rating, x.fide_k) == (
        "Norm, Ian",
        "IM",
        "ENG",
        2451,
        10,
    )
    play(t)

    # Standings: every chosen tie-break, Rp and the rating change.
    html = arbiter_client.get(reverse("tournament_standings", args=[t.pk])).content.decode()
    for code in TIE_BREAKS:
        assert f">{code}</abbr></th>" in html
    assert ">Rp</abbr></th>" in html and ">Rtg ±</abbr></th>" in html
    rows = cells(html, 'class="standings"')
    by_name = {r[1].split(" ", 1)[-1] if r[1].startswith(("GM ", "IM ")) else r[1]: r for r in rows}
    assert rows[0][1] == "IM Norm, Ian" and rows[0][4] == "9"
    assert by_name["Newcomer, Nina"][-1] == "unrated"
    changes = [Decimal(r[-1]) for r in rows if r[-1] != "unrated"]
    assert len(changes) == 60
    assert abs(sum(changes, Decimal(0))) <= Decimal("0.05") * 60  # exact sum 0; each shown to 0.1
    assert changes[0] > 0 and rows[0][-1].startswith("+")

    # X's page: opponents' ratings -> Ra; 9/9 -> Rp = Ra + 800; a change per game.
    page = arbiter_client.get(reverse("entry_detail", args=[t.pk, x.pk])).content.decode()
    games = cells(page, 'class="player-rounds"')
    opponents = [int(g[3]) for g in games]
    ra = (2 * sum(opponents) + len(opponents)) // (2 * len(opponents))  # rounded, 0.5 up
    assert rows[0][-2] == str(ra + 800)
    assert f"Rp {ra + 800}" in page
    assert all(re.fullmatch(r"\+\d+\.\d", g[-1]) for g in games)

    # The dashboard lists X's GM norm; the certificate has its data.
    board = arbiter_client.get(reverse("tournament_manage", args=[t.pk])).content.decode()
    assert "<strong>GM norm</strong>: Norm, Ian (ENG) — 9 from 9 games" in board
    report = arbiter_client.get(reverse("print_norms", args=[t.pk])).content.decode()
    mine = report.split("GM norm — Norm, Ian")[1].split("</section>")[0]  # others may have one
    assert f"<th>FIDE ID</th><td>{X_ID}</td>" in mine
    printed = cells(mine, 'class="print-table opponents"')
    assert len(printed) == 9
    assert all(p[2] in ("GM", "IM") and p[3] in FEDERATIONS for p in printed)
    assert sorted(int(p[5]) for p in printed) == sorted(opponents)
    assert ra >= 2380
    assert f"<th>Ra (1.4.7)</th><td>{ra}</td>" in mine
    assert "<th>Score</th><td>9</td>" in mine
