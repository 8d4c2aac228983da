"""Before round 1, "Update ratings from the list" shows each change and applies it in one
transaction; players no longer listed keep their rating."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse

from fide.importer import import_list
from tests.fide import lists
from tournaments import fide_entries
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def url(t: Tournament) -> str:
    return reverse("fide_ratings_update", args=[t.pk])


def with_rating(player: tuple[str, ...], rating: str) -> tuple[str, ...]:
    return (*player[:8], rating, *player[9:])


@pytest.fixture
def registered(tournament):
    import_list(io.BytesIO(lists.txt()), source="players_list_foa.txt")
    for fide_id in (1503014, 8602980, 4612345):
        fide_entries.register_from_list(tournament.pk, fide_id)
    # The next month: Hou 2633 -> 2650, Müller 1853 -> 1840, Carlsen no longer listed.
    new = (with_rating(lists.HOU, "2650"), with_rating(lists.MULLER, "1840"), lists.CARLSSON)
    import_list(io.BytesIO(lists.txt(new)), source="players_list_foa.txt")
    return tournament


def test_it_shows_each_change(arbiter_client: Client, registered):
    page = arbiter_client.get(url(registered)).content.decode()
    assert "Hou, Yifan" in page and "2633" in page and "2650" in page
    assert "Müller, Jörg-Peter" in page and "1853" in page and "1840" in page
    assert "not on the FIDE list</span> (kept)" in page
    assert Entry.objects.get(fide_id="8602980").rating == 2633  # nothing applied by a GET


def test_it_applies_every_change_and_reseeds(arbiter_client: Client, registered):
    response = arbiter_client.post(url(registered))
    assert response.status_code == 302
    ratings = dict(Entry.objects.values_list("fide_id", "rating"))
    assert ratings == {"1503014": 2837, "8602980": 2650, "4612345": 1840}
    assert Entry.objects.get(fide_id="8602980").fide_rating == 2650
    page = arbiter_client.get(response["Location"]).content.decode()
    assert "Ratings updated from the FIDE list: 2 changed." in page
    after = arbiter_client.get(url(registered)).content.decode()
    assert "Hou, Yifan" not in after and "Müller" not in after  # nothing left to change
    assert "Carlsen, Magnus" in after and "(kept)" in after  # still not on the list


def test_it_refuses_once_round_1_is_paired(arbiter_client: Client, registered, play):
    registered.rounds = 1
    registered.save()
    play(registered, [[]])  # round 1 paired and published, no result
    assert (
        "Ratings are fixed once round 1 is paired."
        in arbiter_client.get(url(registered)).content.decode()
    )
    page = arbiter_client.post(url(registered), follow=True).content.decode()
    assert "Ratings are fixed once round 1 is paired." in page
    assert Entry.objects.get(fide_id="8602980").rating == 2633


def test_it_is_for_the_tournaments_arbiters_only(client: Client, other_arbiter, registered):
    client.force_login(other_arbiter)
    assert client.get(url(registered)).status_code == 403
    assert client.post(url(registered)).status_code == 403
    assert Entry.objects.get(fide_id="8602980").rating == 2633


def test_it_skips_a_fide_id_that_is_not_ascii_digits(arbiter_client: Client, registered):
    """'²'.isdigit() is true but int('²') fails: an entry whose stored FIDE ID has such a
    digit (a backup restored from elsewhere) is not an ID on the list, not a 500."""
    Entry.objects.filter(fide_id="4612345").update(fide_id="46123²5")
    Tournament.objects.filter(pk=registered.pk).update(fide_rated=True)  # the list's marks
    assert arbiter_client.get(url(registered)).status_code == 200
    assert arbiter_client.get(reverse("tournament_manage", args=[registered.pk])).status_code == 200


def test_a_rating_from_the_list_comes_with_its_k(arbiter_client: Client, tournament):
    """Registered unrated from one list (no K), rated 1510 with K 40 on the next: the update
    took the rating and left K empty, so the player was rated with K 20 (30 or more games
    assumed, B.02 8.3.3) instead of the published 40."""
    unrated = (*lists.NEWCOMER[:8], "", "", "", *lists.NEWCOMER[11:])
    import_list(io.BytesIO(lists.txt((unrated,))), source="players_list_foa.txt")
    fide_entries.register_from_list(tournament.pk, 150301400)
    entry = Entry.objects.get(fide_id="150301400")
    assert (entry.rating, entry.fide_k) == (0, None)
    import_list(io.BytesIO(lists.txt((lists.NEWCOMER,))), source="players_list_foa.txt")
    assert arbiter_client.post(url(tournament)).status_code == 302
    entry.refresh_from_db()
    assert (entry.rating, entry.fide_rating, entry.fide_k) == (1510, 1510, 40)
