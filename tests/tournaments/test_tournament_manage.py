"""tournament_manage: the arbiter's dashboard: the next step, the players, the rounds."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from ratings.models import Event
from tournaments import services
from tournaments.models import Entry


def page(client: Client, t) -> str:
    return client.get(reverse("tournament_manage", args=[t.pk])).content.decode()


@pytest.mark.django_db
def test_it_guides_a_new_arbiter(arbiter_client: Client, tournament) -> None:
    html = page(arbiter_client, tournament)
    assert "Register the players below" in html
    assert 'id="quick-add"' in html and "Import a list (CSV)" in html
    assert "Pair round" not in html
    assert "autofocus" in html  # nothing else to do: type the first player


@pytest.mark.django_db
def test_it_scrolls_nothing_away_with_players(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Regression: the quick-add field at the bottom had the focus on every visit, so the
    page scrolled past the messages and the Pair button (a failed pairing showed nothing)."""
    make_entries(30)
    assert "autofocus" not in page(arbiter_client, tournament)


@pytest.mark.django_db
def test_it_offers_to_pair_the_next_round(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(5)
    html = page(arbiter_client, tournament)
    assert '<span id="available-count">5</span> of 5 players will be paired' in html
    assert '<input type="hidden" name="round" value="1">' in html
    assert 'id="pair-round">Pair round 1</button>' in html


@pytest.mark.django_db
def test_a_round_robin_set_to_too_few_rounds_was_paired_without_a_word(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """What broke: a round-robin section of six set to 5 rounds took a seventh player (a
    late registration, a move from another section) and nothing said that the Berger table
    for eight has 7 rounds: the round robin would end with players who never met. Before
    round 1 the dashboard says so (a double round robin counts both cycles); with the right
    number, or in a Swiss, not."""
    tournament.pairing_system = "round_robin"
    tournament.save()
    make_entries(7)
    html = page(arbiter_client, tournament)
    assert (
        "A round robin of 7 players plays 7 rounds by the Berger table, but this one is set to 5"
        in html
    )
    tournament.rounds = 7
    tournament.save()
    assert 'id="robin-rounds"' not in page(arbiter_client, tournament)
    tournament.pairing_system, tournament.rounds = "round_robin_double", 7
    tournament.save()
    assert "plays 14 rounds by the Berger table, but this one is set to 7" in page(
        arbiter_client, tournament
    )
    Entry.objects.filter(tournament=tournament, pairing_number__gt=2).delete()
    assert "A round robin of 2 players plays 2 rounds by the Berger table, but this one is" in (
        page(arbiter_client, tournament)
    )
    tournament.pairing_system = "round_robin"
    tournament.save()
    assert "plays 1 round by the Berger table" in page(arbiter_client, tournament)
    tournament.pairing_system = "dutch"
    tournament.save()
    assert 'id="robin-rounds"' not in page(arbiter_client, tournament)


@pytest.mark.django_db
def test_it_sends_the_arbiter_to_the_draft_then_to_the_results(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    rnd = services.pair_next_round(tournament.pk)
    assert "Review and publish Round 1" in page(arbiter_client, tournament)
    services.publish_round(rnd.pk)
    html = page(arbiter_client, tournament)
    assert "Enter results of Round 1" in html and "0/2 results" in html


@pytest.mark.django_db
def test_it_says_when_the_tournament_is_over(arbiter_client: Client, tournament, four) -> None:
    html = page(arbiter_client, tournament)
    assert "All 2 rounds are played" in html
    assert "Round 2" not in html.split('id="players"')[1]  # no next-round column


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 40])
def test_it_does_a_constant_number_of_queries(
    arbiter_client: Client, tournament, make_entries, play, django_assert_num_queries, players
) -> None:
    make_entries(players)
    play(tournament, rounds=1)
    # session, user, tournament, arbiter check, snapshot (5), the menu's permissions (2)
    with django_assert_num_queries(11):
        arbiter_client.get(reverse("tournament_manage", args=[tournament.pk]))


@pytest.mark.django_db
def test_it_lets_a_finished_uscf_tournament_be_submitted_for_rating(
    arbiter_client: Client, tournament, four
) -> None:
    tournament.rating_system = "regular"
    tournament.save()
    html = page(arbiter_client, tournament)
    assert "Submit for rating" in html
    assert f'action="/ratings/events/{tournament.pk}/submit/"' in html


@pytest.mark.django_db
def test_it_offers_printouts_a_qr_code_and_the_report_gaps(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    html = page(arbiter_client, tournament)
    assert "Print the pairings of Round 1" in html and "Print the result slips of Round 1" in html
    assert '<svg viewBox="0 0' in html and f"http://testserver/tournaments/{tournament.pk}/" in html
    assert (
        "The FIDE report (TRF export) still lacks the federation (032), the chief arbiter" in html
    )


@pytest.mark.django_db
def test_it_links_the_papers_of_a_us_chess_section(arbiter_client: Client, tournament) -> None:
    assert "pairing cards" not in page(arbiter_client, tournament)
    day = tournament.start_date
    tournament.event = Event.objects.create(name="Festival", start_date=day, end_date=day)
    tournament.save()
    html = page(arbiter_client, tournament)
    for name in ("wall_chart", "pairing_cards", "prize_list", "prize_fund"):
        assert reverse(name, args=[tournament.pk]) in html


@pytest.mark.django_db
def test_it_shows_the_us_chess_settings(arbiter_client: Client, tournament) -> None:
    tournament.pairing_system = "uscf"
    tournament.us_accelerated_rounds = 2
    tournament.save()
    html = page(arbiter_client, tournament)
    assert "US Chess Swiss (rules 27–29)" in html
    assert "(29E5 limits 80/200 points, 28R1 acceleration in 2 rounds)" in html


def test_it_lists_title_norms_achieved_and_still_possible(
    arbiter_client: Client, tournament, record_round
) -> None:
    """Hand derivation: tests/tournaments/norm_field.py."""
    from tests.tournaments.norm_field import norm_field

    url = reverse("tournament_manage", args=[tournament.pk])
    norm_field(tournament, record_round, rounds_played=5)
    html = arbiter_client.get(url).content.decode()
    possible = html.split('class="norms-possible"')[1].split("</table>")[0]
    assert "Needed in 4 rounds" in possible
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", possible)
    assert cells == ["Norm, Ian", "ENG", "GM", "4.5", "1.5"]  # nobody else: the rest are GMs
    assert "Norms achieved" not in html


def test_it_lists_a_norm_achieved_with_its_report(
    arbiter_client: Client, tournament, record_round
) -> None:
    from tests.tournaments.norm_field import norm_field

    norm_field(tournament, record_round)
    html = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert (
        "<strong>GM norm</strong>: Norm, Ian (ENG) — 6.5 from 9 games, Ra 2500, Rp 2666; "
        "counts as 9 games"
    ) in html
    assert reverse("print_norms", args=[tournament.pk]) in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 40])
def test_it_does_a_constant_number_of_queries_when_fide_rated(
    arbiter_client: Client, tournament, make_entries, play, django_assert_num_queries, players
) -> None:
    import io

    from fide.importer import import_list
    from tests.fide import lists

    import_list(io.BytesIO(lists.txt()), source="players_list_foa.txt")
    for i, entry in enumerate(make_entries(players)):
        Entry.objects.filter(pk=entry.pk).update(fide_id=str(5000000 + i))
    tournament.fide_rated = True
    tournament.save()
    play(tournament, rounds=1)
    # As above, and the list marks (2: a list exists, the entries' list rows); norms: none
    with django_assert_num_queries(13):
        html = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content
    assert (
        html.decode().count('<span class="badge list-mark">not on the FIDE list</span>') == players
    )


def names_shown(html: str) -> list[str]:
    return re.findall(r'<td class="name"><a href="[^"]+">(Player \d+)</a>', html)


@pytest.mark.django_db
def test_it_shows_a_hundred_players_a_page_with_links_that_work_without_javascript(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """Issue 27: 10,000 rows took seconds; the list is paged by pairing number, 100 a page
    (tournaments/views/paging.py); a page number past the end shows the last page."""
    make_entries(150, step=10)
    url = reverse("tournament_manage", args=[tournament.pk])
    first = page(arbiter_client, tournament)
    assert names_shown(first) == [f"Player {i:02d}" for i in range(1, 101)]
    assert "Page 1 of 2 (players 1–100 of 150)" in first
    assert f'href="{url}?page=2#players" rel="next" hx-get="{url}?page=2"' in first
    second = arbiter_client.get(url, {"page": "2"}).content.decode()
    assert names_shown(second) == [f"Player {i}" for i in range(101, 151)]
    assert "<html" in second and 'rel="prev"' in second
    assert names_shown(arbiter_client.get(url, {"page": "99"}).content.decode())[0] == "Player 101"
    assert names_shown(arbiter_client.get(url, {"page": "x"}).content.decode())[0] == "Player 01"


@pytest.mark.django_db
def test_it_gives_htmx_the_player_list_region_alone(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(150, step=10)
    url = reverse("tournament_manage", args=[tournament.pk])
    headers = {"HX-Request": "true", "HX-Target": "players"}
    html = arbiter_client.get(url, {"page": "2"}, headers=headers).content.decode()
    assert html.lstrip().startswith('<section id="players">')
    assert "<html" not in html and 'id="next-step"' in html  # the next step out of band
    assert names_shown(html)[0] == "Player 101"


@pytest.mark.django_db
def test_it_keeps_the_page_after_a_change_of_availability(
    arbiter_client: Client, tournament, make_entries
) -> None:
    entries = make_entries(150, step=10)
    url = reverse("entry_availability", args=[tournament.pk, entries[120].pk])
    data = {"round": "1", "status": "H", "page": "2"}
    response = arbiter_client.post(url, data)
    manage = reverse("tournament_manage", args=[tournament.pk])
    assert response["Location"] == f"{manage}?page=2#players"
    headers = {"HX-Request": "true", "HX-Target": "players"}
    html = arbiter_client.post(url, data | {"status": "P"}, headers=headers).content.decode()
    assert names_shown(html)[0] == "Player 101"
    assert '<input type="hidden" name="page" value="2">' in html


ROBIN_CLOSED = (
    "A round robin&#x27;s players are fixed once round 1 is paired (the Berger table, FIDE "
    "C.05 Annex 1, is drawn for them): no more players can enter."
)


@pytest.mark.django_db
def test_a_round_robin_after_round_1_offered_a_quick_add_that_was_refused(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    """What broke: once round 1 of a round robin was paired the dashboard still showed the
    quick-add row, and adding a player there was refused. The row is gone and the reason
    the refusal gives is said in its place, on the page and in the players section htmx
    swaps in; before round 1 the row is there."""
    tournament.pairing_system, tournament.rounds = "round_robin", 3
    tournament.save()
    make_entries(4)
    before = page(arbiter_client, tournament)
    assert 'id="quick-add"' in before and 'id="entries-closed"' not in before
    play(tournament, rounds=1)
    headers = {"HX-Request": "true", "HX-Target": "players"}
    url = reverse("tournament_manage", args=[tournament.pk])
    section = arbiter_client.get(url, headers=headers).content.decode()
    for html in (page(arbiter_client, tournament), section):
        assert 'id="quick-add"' not in html
        assert (
            f'<p class="messages-inline" role="status" id="entries-closed">{ROBIN_CLOSED}</p>'
            in html
        )
    refused = arbiter_client.post(
        reverse("entry_add", args=[tournament.pk]), {"quick": "1", "name": "Late, Lou"}
    )
    assert ROBIN_CLOSED in refused.content.decode()  # the same words as the refusal


@pytest.mark.django_db
def test_a_finished_tournament_says_why_it_offers_no_quick_add(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    tournament.status = "finished"
    tournament.save()
    html = page(arbiter_client, tournament)
    assert 'id="quick-add"' not in html
    assert "The tournament is finished: no more players can enter." in html


@pytest.mark.django_db
def test_a_swiss_after_round_1_still_offers_the_quick_add(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    html = page(arbiter_client, tournament)
    assert 'id="quick-add"' in html and 'id="entries-closed"' not in html
