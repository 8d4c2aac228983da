"""round_manage: the draft's bye has one "Give the bye to" control next to the bye line (issue
24 item 9: no "to bye" under every player); a player barred from the bye is given it only on
"Apply anyway" with a reason, as any rule break."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Bye, Tournament

HTMX = {"HX-Request": "true", "HX-Target": "draft"}


@pytest.fixture
def second_round(tournament: Tournament, make_entries, play) -> Tournament:
    """Five players: round 1 played (one had the bye), round 2 drafted with another bye."""
    make_entries(5)
    play(tournament, rounds=1)
    services.pair_next_round(tournament.pk)
    return tournament


def bye_of(t: Tournament, number: int) -> int:
    return Bye.objects.get(entry__tournament=t, round_number=number, kind="U").entry.pairing_number


def bye_control(html: str) -> str:
    found = re.search(r'<form[^>]*class="bye-to".*?</form>', html, re.S)
    assert found, "no Give the bye to control"
    return found.group(0)


@pytest.mark.django_db
def test_it_shows_one_control_with_the_players_on_boards(
    arbiter_client: Client, second_round
) -> None:
    t = second_round
    html = arbiter_client.get(reverse("round_manage", args=[t.pk, 2])).content.decode()
    assert ">to bye<" not in html
    assert html.count('class="bye-to"') == 1
    control = bye_control(html)
    bye = bye_of(t, 2)
    assert f'name="b" value="{bye}"' in control
    offered = re.findall(r'<option value="(\d+)"', control)
    assert sorted(map(int, offered)) == sorted({1, 2, 3, 4, 5} - {bye})
    assert 'action="{}"'.format(reverse("round_exchange", args=[t.pk, 2])) in control
    assert "hx-post=" in control  # htmx-enhanced; a plain POST without JavaScript


@pytest.mark.django_db
def test_it_gives_the_bye_and_the_bye_player_takes_the_place(
    arbiter_client: Client, tournament: Tournament, make_entries
) -> None:
    make_entries(5)
    services.pair_next_round(tournament.pk)  # round 1: no rule can break
    bye = bye_of(tournament, 1)
    target = 1 if bye != 1 else 2
    url = reverse("round_exchange", args=[tournament.pk, 1])
    html = arbiter_client.post(url, {"a": target, "b": bye}, headers=HTMX).content.decode()
    assert "Pairing changed." in html
    assert bye_of(tournament, 1) == target
    assert f'name="b" value="{target}"' in bye_control(html)  # the control follows the bye
    assert f'<option value="{bye}">' in bye_control(html)


@pytest.mark.django_db
def test_it_asks_for_a_reason_before_giving_a_barred_player_the_bye(
    arbiter_client: Client, second_round
) -> None:
    """C.04.1.d: the round 1 bye player may not have a second one, unless the arbiter says
    why."""
    t = second_round
    bye, had_bye = bye_of(t, 2), bye_of(t, 1)
    url = reverse("round_exchange", args=[t.pk, 2])
    html = arbiter_client.post(url, {"a": had_bye, "b": bye}).content.decode()  # no JavaScript
    assert "This change breaks 1 rule" in html and "C.04.1.d" in html
    assert "Apply anyway" in html and bye_of(t, 2) == bye
    confirmed = {"a": had_bye, "b": bye, "confirm": "1"}
    html = arbiter_client.post(url, confirmed, headers=HTMX).content.decode()
    assert "Give the reason for breaking this rule" in html and bye_of(t, 2) == bye
    arbiter_client.post(url, confirmed | {"reason": "Arrived late, asked for it"}, headers=HTMX)
    assert bye_of(t, 2) == had_bye
