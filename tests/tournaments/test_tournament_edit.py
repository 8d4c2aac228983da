"""tournament_edit: settings; the system, colour and seeding are fixed once round 1 is paired."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pairing.services import state_for
from tests.tournaments.test_tournament_create import FORM
from tournaments import services


@pytest.mark.django_db
def test_it_shows_and_saves_the_settings(arbiter_client: Client, tournament) -> None:
    url = reverse("tournament_edit", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert 'value="Spring Open"' in html
    response = arbiter_client.post(url, FORM | {"name": "Spring Open II", "rounds": 7})
    assert response["Location"] == reverse("tournament_manage", args=[tournament.pk])
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds, tournament.pairing_system) == (
        "Spring Open II",
        7,
        "dubov",
    )


@pytest.mark.django_db
def test_it_renumbers_the_players_when_the_seeding_changes(
    arbiter_client: Client, tournament, make_entries
) -> None:
    entries = make_entries(6)
    tournament.seeding = "manual"
    tournament.save()
    for e in entries:  # reverse the numbers by hand
        e.pairing_number += 100
        e.save()
    for e in entries:
        e.pairing_number = 107 - e.pairing_number
        e.save()
    arbiter_client.post(
        reverse("tournament_edit", args=[tournament.pk]), FORM | {"seeding": "rating"}
    )
    numbers = [e.pairing_number for e in tournament.entries.order_by("-rating")]
    assert numbers == [1, 2, 3, 4, 5, 6]


@pytest.mark.django_db
def test_it_fixes_the_system_once_round_1_is_paired(
    arbiter_client: Client, tournament, make_entries
) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    url = reverse("tournament_edit", args=[tournament.pk])
    assert "Fixed once round 1 is paired" in arbiter_client.get(url).content.decode()
    arbiter_client.post(url, FORM | {"pairing_system": "tcec_double", "rounds": 6})
    tournament.refresh_from_db()
    assert (tournament.pairing_system, tournament.rounds) == ("dutch", 6)
    response = arbiter_client.post(url, FORM | {"rounds": 0})
    assert response.status_code == 200


@pytest.mark.django_db
def test_it_counts_the_rounds_paired_under_the_lock(
    arbiter_client: Client, tournament, make_entries, monkeypatch
) -> None:
    """The form is bound to the locked row and the count taken inside the transaction: a
    round paired between the page load and the POST still fixes the system."""
    from tournaments import registration

    make_entries(4)
    calls: list[str] = []
    locked = registration.locked_tournament

    def lock_then_pair(pk: int):
        calls.append("lock")
        services.pair_next_round(pk)  # what another arbiter did just before the lock
        return locked(pk)

    monkeypatch.setattr(registration, "locked_tournament", lock_then_pair)
    url = reverse("tournament_edit", args=[tournament.pk])
    arbiter_client.post(url, FORM | {"pairing_system": "tcec"})
    tournament.refresh_from_db()
    assert calls == ["lock"] and tournament.pairing_system == "dutch"


@pytest.mark.django_db
def test_it_fixes_the_acceleration_once_round_1_is_paired(
    arbiter_client: Client, tournament, make_entries
) -> None:
    tournament.acceleration = "baku"
    tournament.save()
    make_entries(4)
    services.pair_next_round(tournament.pk)
    url = reverse("tournament_edit", args=[tournament.pk])
    assert "Fixed once round 1 is paired" in arbiter_client.get(url).content.decode()
    form = FORM | {"pairing_system": "dutch", "acceleration": "", "rounds": 6}
    arbiter_client.post(url, form)
    tournament.refresh_from_db()
    assert (tournament.acceleration, tournament.rounds) == ("baku", 6)  # the rest is saved


@pytest.mark.django_db
def test_it_keeps_the_baku_virtual_points_of_paired_rounds_when_the_rounds_change(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    """Regression: the rule's accelerated rounds followed the number of rounds, so shortening
    a Baku event after round 3 changed the virtual points round 3 had been paired with (the
    exported file no longer re-paired as published).

    By hand (C.04.7 1.2-1.4, a win 2 half-points): 8 players, group A 2 * ceil(8 / 4) = 4,
    nos. 1-4. 9 rounds: 5 accelerated (half, rounded up); a win's points before rounds 1-3
    (half of 5, rounded up), half of them before 4-5: (2, 2, 2, 1, 1). 7 rounds by the rule
    would give 4 accelerated, (2, 2, 1, 1): round 3 would change. The 5 stay; fewer than 5
    rounds is refused."""
    tournament.acceleration, tournament.rounds = "baku", 9
    tournament.save()
    make_entries(8)
    play(tournament, rounds=3)
    url = reverse("tournament_edit", args=[tournament.pk])
    response = arbiter_client.post(url, FORM | {"pairing_system": "dutch", "rounds": 7})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.rounds, tournament.accelerated_rounds) == (7, 5)
    acceleration = state_for(tournament).acceleration
    assert {pid: acceleration[pid] for pid in (1, 4)} == {1: (2, 2, 2, 1, 1), 4: (2, 2, 2, 1, 1)}
    assert 5 not in acceleration  # group B

    tournament.accelerated_rounds, tournament.rounds = None, 9  # as before the edit
    tournament.save()
    response = arbiter_client.post(url, FORM | {"pairing_system": "dutch", "rounds": 4})
    assert response.status_code == 200
    assert (
        "Baku acceleration: the first 5 rounds are accelerated (half of 9, fixed once round 1 "
        "is paired); at least 5 rounds."
    ) in response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.rounds, tournament.accelerated_rounds) == (9, None)


def test_it_fixes_the_dutch_edition_once_round_1_is_paired(
    arbiter_client: Client, tournament, make_entries
) -> None:
    url = reverse("tournament_edit", args=[tournament.pk])
    arbiter_client.post(url, FORM | {"pairing_system": "dutch", "dutch_edition": "2017"})
    tournament.refresh_from_db()
    assert tournament.dutch_edition == "2017"
    make_entries(4)
    services.pair_next_round(tournament.pk)
    arbiter_client.post(url, FORM | {"pairing_system": "dutch", "dutch_edition": "2026"})
    tournament.refresh_from_db()
    assert tournament.dutch_edition == "2017"


@pytest.mark.django_db
def test_it_shows_and_saves_the_us_chess_settings(arbiter_client: Client, tournament) -> None:
    """The US Chess Swiss TD settings, with the rules' defaults (29E5a 80, 29E5b 200, no
    28R1 acceleration); the 80-point limit cannot exceed the 200-point one."""
    url = reverse("tournament_edit", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert 'id="us-settings"' in html and "80-point rule (29E5a)" in html
    assert 'name="us_alternation_limit" value="80"' in html
    us = {"pairing_system": "uscf", "us_alternation_limit": 100, "us_accelerated_rounds": 2}
    arbiter_client.post(url, FORM | us | {"us_bye_for_colours": "on"})
    tournament.refresh_from_db()
    assert (tournament.pairing_system, tournament.us_alternation_limit) == ("uscf", 100)
    assert (tournament.us_equalization_limit, tournament.us_accelerated_rounds) == (200, 2)
    assert tournament.us_bye_for_colours and not tournament.us_bye_to_unrated
    html = arbiter_client.post(url, FORM | us | {"us_alternation_limit": 300}).content.decode()
    assert "At most the 200-point rule" in html


def test_it_saves_the_us_chess_variations_and_writes_them_to_xxu(
    arbiter_client: Client, tournament
) -> None:
    """28L5 (bye one group up in four rounds) and the Harkness odd player: off by default
    (the rules'), on when ticked, written to the TRF's ``XXU`` record for the engine."""
    from pairing.services import export_trf

    url = reverse("tournament_edit", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Four rounds: bye one group up (28L5)" in html and "Harkness odd player" in html
    us = {"pairing_system": "uscf", "us_bye_up_four_rounds": "on", "us_harkness": "on"}
    arbiter_client.post(url, FORM | us)
    tournament.refresh_from_db()
    assert tournament.us_bye_up_four_rounds and tournament.us_harkness
    assert "XXU bye-up-four-rounds harkness" in export_trf(tournament)


def test_it_saves_the_us_chess_colour_variations_and_writes_them_to_xxu(
    arbiter_client: Client, tournament
) -> None:
    """29E4a (equal claims: the lower-ranked in minus groups), 29E5h (colours before
    ratings) and 29E5f1 (no third colour in a row): the rules' 29E4, limits and 29E5f by
    default, saved when chosen, written to ``XXU``."""
    from pairing.services import export_trf

    url = reverse("tournament_edit", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    assert "Equal colour claims (29E4)" in html and "Colours before ratings (29E5h)" in html
    assert "No third colour in a row (29E5f1)" in html
    us = {"pairing_system": "uscf", "us_colours_over_ratings": "on"}
    arbiter_client.post(url, FORM | us)
    tournament.refresh_from_db()
    assert tournament.us_colour_priority == "rank" and tournament.us_colours_over_ratings
    more = {"us_colour_priority": "minus-lower", "us_no_third_colour": "on", "us_teams_never": "on"}
    arbiter_client.post(url, FORM | us | more)
    tournament.refresh_from_db()
    assert tournament.us_colour_priority == "minus-lower" and tournament.us_no_third_colour
    assert tournament.us_teams_never
    words = "colour-priority=minus-lower colours-over-ratings no-third-colour teams-never"
    assert f"XXU {words}" in export_trf(tournament)
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content
    summary = page.decode().split('id="us-settings-summary">', 1)[1].split("</span>", 1)[0]
    assert "The lower-ranked player in minus score groups (29E4a)" in summary
    assert "29E5h colours before ratings" in summary and "29E5f1 no third colour" in summary
    assert "28N2 never pair players kept apart" in summary


def test_it_fixes_the_dubov_edition_once_round_1_is_paired(
    arbiter_client: Client, tournament, make_entries
) -> None:
    url = reverse("tournament_edit", args=[tournament.pk])
    arbiter_client.post(url, FORM | {"pairing_system": "dubov", "dubov_edition": "2018"})
    tournament.refresh_from_db()
    assert tournament.dubov_edition == "2018"
    make_entries(4)
    services.pair_next_round(tournament.pk)
    arbiter_client.post(url, FORM | {"pairing_system": "dubov", "dubov_edition": "2026"})
    tournament.refresh_from_db()
    assert tournament.dubov_edition == "2018"


@pytest.mark.django_db
def test_it_saves_the_fide_rating_settings(arbiter_client, tournament) -> None:
    from tournaments.models import Tournament

    page = arbiter_client.get(reverse("tournament_edit", args=[tournament.pk])).content.decode()
    assert "FIDE rated" in page and "FIDE rating type" in page
    data = {
        "name": tournament.name, "start_date": "2026-04-01", "end_date": "2026-04-03",
        "pairing_system": "dutch", "rounds": 5, "initial_colour": "w", "seeding": "rating",
        "late_entry_bye": "Z", "win": "1", "draw": "0.5", "loss": "0", "bye": "1",
        "half_bye": "0.5", "fide_rated": "on", "fide_rating_type": "blitz",
    }  # fmt: skip
    response = arbiter_client.post(reverse("tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 302, response.content.decode()
    t = Tournament.objects.get(pk=tournament.pk)
    assert (t.fide_rated, t.fide_rating_type) == (True, "blitz")


@pytest.mark.django_db
def test_it_keeps_the_tie_breaks_of_an_imported_trf26_record_202(
    arbiter_client: Client, tournament
) -> None:
    """A TRF-2026 import stores record 202 as written, in MTB26 syntax (``BH/C1``, ``KS/L+1``,
    ``BH/C1/P``). The settings showed "—" for each code not spelt as in the list of choices,
    so saving the settings (to mark the event FIDE rated, say) dropped those tie-breaks."""
    import re

    tournament.tie_breaks = "BH/C1,KS/L+1,BH/C1/P,SB"
    tournament.save()
    url = reverse("tournament_edit", args=[tournament.pk])
    html = arbiter_client.get(url).content.decode()
    shown = {}
    for i in range(1, 6):
        select = html.split(f'name="tie_break_{i}"')[1].split("</select>")[0]
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select)
        shown[f"tie_break_{i}"] = chosen.group(1) if chosen else ""
    assert list(shown.values()) == ["BH-C1", "KS-L+1", "BH-C1/P", "SB", ""]
    data = FORM | {"name": tournament.name, "fide_rated": "on"} | shown
    assert arbiter_client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.fide_rated, tournament.tie_breaks) == (True, "BH-C1,KS-L+1,BH-C1/P,SB")
