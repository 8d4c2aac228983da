"""round_set_bye: the draft's pairing-allocated bye goes to an unpaired player, or back."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Bye


def bye(t) -> list[int]:
    return [
        b.entry.pairing_number
        for b in Bye.objects.filter(entry__tournament=t, kind=Bye.Kind.PAIRING_ALLOCATED)
    ]


@pytest.mark.django_db
def test_it_gives_the_bye_and_takes_it_back(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(3)
    services.pair_next_round(tournament.pk, by_hand="empty")
    url = reverse("round_set_bye", args=[tournament.pk, 1])
    arbiter_client.post(url, {"player": 3})
    assert bye(tournament) == [3]
    html = arbiter_client.post(url, {"player": 1}, headers={"HX-Request": "true"}).content
    assert "player 1 is" not in html.decode()  # 1 is not paired: the bye moves to player 1
    assert bye(tournament) == [1]
    arbiter_client.post(url, {"player": ""})
    assert bye(tournament) == []


@pytest.mark.django_db
def test_it_asks_to_confirm_a_second_bye(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(3)
    play(tournament, rounds=1)
    (had,) = bye(tournament)
    services.pair_next_round(tournament.pk, by_hand="empty")
    url = reverse("round_set_bye", args=[tournament.pk, 2])
    html = arbiter_client.post(url, {"player": had}, headers={"HX-Request": "true"}).content
    assert "already had a pairing-allocated bye" in html.decode()
    assert bye(tournament) == [had]
    arbiter_client.post(url, {"player": had, "confirm": "1", "reason": "only one can have it"})
    assert bye(tournament) == [had, had]


@pytest.mark.django_db
@pytest.mark.parametrize(("edition", "warns"), [("2026", True), ("2017", False)])
def test_it_warns_of_a_bye_after_a_full_point_bye_in_2026(
    arbiter_client: Client, tournament, make_entries, record_round, edition: str, warns: bool
) -> None:
    """C.04.1 art. 4 (2026): a player who scored a win's points without playing (here a
    requested full-point bye F in round 1) shall not get the pairing-allocated bye; the 2017
    rule (C.04.1.d) bars only a PAB or a forfeit win. The draft's warnings and the change's
    confirmation follow the tournament's edition."""
    tournament.dutch_edition = edition
    tournament.save()
    a, b, c = make_entries(3)
    Bye.objects.create(entry=a, round_number=1, kind=Bye.Kind.FULL_POINT)
    record_round(1, [(b, c, "1-0")])
    services.pair_next_round(tournament.pk, by_hand="empty")
    url = reverse("round_set_bye", args=[tournament.pk, 2])
    html = arbiter_client.post(url, {"player": 1}, headers={"HX-Request": "true"}).content
    assert ("C.04.1.d" in html.decode()) is warns  # asked to confirm in 2026 only
    assert bye(tournament) == ([] if warns else [1])
    arbiter_client.post(url, {"player": 1, "confirm": "1", "reason": "everyone else played"})
    page = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 2])).content.decode()
    assert ("<code>C.04.1.d</code>" in page) is warns  # the draft's own warning
