"""pairing_constraints: the arbiter's page of forbidden pairs and fixed boards, linked from the
dashboard and the settings."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import ForbiddenPair


def url(t) -> str:
    return reverse("pairing_constraints", args=[t.pk])


@pytest.mark.django_db
def test_it_lists_the_forbidden_pairs_and_the_fixed_boards(
    arbiter_client: Client, tournament, make_entries
) -> None:
    a, b, c, d = make_entries(4)
    ForbiddenPair.objects.create(tournament=tournament, first=c, second=a)
    ForbiddenPair.objects.create(
        tournament=tournament, first=b, second=d, first_round=2, last_round=4
    )
    d.fixed_board = 7
    d.save()
    html = arbiter_client.get(url(tournament)).content.decode()
    # By pairing number, the smaller first, whatever order they were entered in.
    rows = html[html.index('<table class="forbidden-pairs">') :]
    assert rows.index("<td>1. Player 01 – 3. Player 03</td>") < rows.index(
        "<td>2. Player 02 – 4. Player 04</td>"
    )
    assert "<td>rounds 2–4</td>" in html and "<td>every round</td>" in html
    assert '<td class="num">7</td><td>4. Player 04</td>' in html
    # The forms: every player to choose from, POSTing with a CSRF token, htmx-enhanced.
    assert html.count('name="csrfmiddlewaretoken"') == 6  # 2 forms, 3 Remove, Log out
    assert 'hx-target="#forbidden-pairs"' in html and 'hx-target="#fixed-boards"' in html
    assert html.count(f'<option value="{a.pk}">1. Player 01</option>') == 2


@pytest.mark.django_db
def test_it_is_linked_from_the_dashboard_and_the_settings(
    arbiter_client: Client, tournament
) -> None:
    for page in ("tournament_manage", "tournament_edit"):
        html = arbiter_client.get(reverse(page, args=[tournament.pk])).content.decode()
        assert f'href="{url(tournament)}"' in html, page


@pytest.mark.django_db
def test_htmx_gets_one_section(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(2)
    html = arbiter_client.get(
        url(tournament), headers={"HX-Request": "true", "HX-Target": "fixed-boards"}
    ).content.decode()
    assert html.lstrip().startswith('<section id="fixed-boards"')
    assert "forbidden-pairs" not in html


@pytest.mark.django_db
def test_without_players_it_says_what_to_do_first(arbiter_client: Client, tournament) -> None:
    html = arbiter_client.get(url(tournament)).content.decode()
    assert html.count("Register the players first.") == 2
    assert "No forbidden pairs." in html and "No fixed boards." in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 40])
def test_it_does_a_constant_number_of_queries(
    arbiter_client: Client, tournament, make_entries, django_assert_num_queries, players
) -> None:
    entries = make_entries(players)
    for first, second in zip(entries[::2], entries[1::2], strict=True):
        ForbiddenPair.objects.create(tournament=tournament, first=first, second=second)
        second.fixed_board = second.pairing_number
        second.save()
    # session, user, tournament, arbiter check, entries, forbidden pairs; the menu's
    # permissions (two)
    with django_assert_num_queries(8):
        arbiter_client.get(url(tournament))
