"""tournament_restore: a new tournament from a backup file, the restorer its arbiter."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from players.models import Player
from tournaments import backup, lifecycle, services
from tournaments.models import Round, Tournament

URL = reverse("tournament_restore")


def upload(text: str | bytes, name: str = "spring.backup.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text)


@pytest.mark.django_db
def test_it_restores_a_new_tournament_run_by_the_restorer(
    client: Client, tournament, make_entries, play, other_arbiter: User
) -> None:
    make_entries(6)
    play(tournament, rounds=1)
    rnd = services.pair_next_round(tournament.pk)  # round 2 stays a draft
    text = backup.export_json(tournament)
    client.force_login(other_arbiter)
    response = client.post(URL, {"file": upload(text)})
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    assert response["Location"] == reverse("tournament_manage", args=[copy.pk])
    assert copy.is_arbiter(other_arbiter) and not copy.is_arbiter(tournament.arbiters.get())
    assert copy.round_set.get(number=rnd.number).status == Round.Status.DRAFT
    # Everything as it was, but the name says what it is (issue 24 item 9).
    assert copy.name == "Spring Open (restored)"
    assert backup.export_json(copy) == text.replace(
        '"name": "Spring Open"', '"name": "Spring Open (restored)"', 1
    )
    page = client.get(response["Location"]).content.decode()
    assert "Restored as Spring Open (restored)." in page


@pytest.mark.django_db
def test_it_names_the_path_of_a_malformed_backup_and_saves_nothing(
    arbiter_client: Client, tournament, four
) -> None:
    document = backup.export_tournament(tournament)
    document["games"][1]["white"] = 9
    players = Player.objects.count()
    html = arbiter_client.post(URL, {"file": upload(json.dumps(document))}).content.decode()
    assert (
        "This backup cannot be restored: $.games[1].white: no entry with pairing number 9" in html
    )
    assert Tournament.objects.count() == 1 and Player.objects.count() == players


@pytest.mark.django_db
def test_it_refuses_a_file_that_is_not_json(arbiter_client: Client) -> None:
    html = arbiter_client.post(URL, {"file": upload("012 A TRF file\n")}).content.decode()
    assert "This backup cannot be restored: $: not JSON: Extra data (line 1, column 2)" in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_it_needs_a_file(arbiter_client: Client) -> None:
    assert "This field is required." in arbiter_client.post(URL, {}).content.decode()


@pytest.mark.django_db
def test_it_refuses_a_file_over_the_limit_unread(arbiter_client: Client, settings) -> None:
    settings.TOURNAMENTS_BACKUP_MAX_BYTES = 100
    html = arbiter_client.post(URL, {"file": upload("{" + " " * 200 + "}")}).content.decode()
    assert "The file is larger than 100 bytes: this is not a backup of one tournament." in html
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_it_reads_a_file_larger_than_other_requests_may_be(arbiter_client: Client) -> None:
    """Issue 27: a 5,000-player backup is over 5 MiB, the limit of any other request body
    (``REQUEST_MAX_BYTES``); the restore takes up to its own 32 MiB limit instead of a 413."""
    text = "{" + " " * (6 * 2**20) + "}"
    response = arbiter_client.post(URL, {"file": upload(text)})
    assert response.status_code == 200
    assert "This backup cannot be restored" in response.content.decode()
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_it_needs_the_arbiters_group(client: Client, tournament, four) -> None:
    client.force_login(User.objects.create_user("plain", password="a-long-test-password"))
    text = backup.export_json(tournament)
    assert client.post(URL, {"file": upload(text)}).status_code == 403
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_it_is_linked_from_the_menu(arbiter_client: Client) -> None:
    html = arbiter_client.get(reverse("home")).content.decode()
    assert f'href="{URL}">Restore from backup<' in html


@pytest.mark.django_db
@pytest.mark.parametrize("players", [5, 50])
def test_it_restores_in_queries_independent_of_the_number_of_players(
    client: Client,
    tournament,
    make_entries,
    play,
    other_arbiter: User,
    django_assert_max_num_queries,
    players: int,
) -> None:
    """Issue 27: the IDs are checked against the lists and the new identities saved in a
    few queries (before: one or two a player, 10,334 for a 9,998-player backup): at most the
    same count for 5 and 50 players (one less where a round of the random play has no bye),
    half of them with a FIDE ID; the tournament restored is the one backed up."""
    for entry in make_entries(players)[::2]:
        entry.fide_id = str(4_100_000 + entry.pairing_number)
        entry.save()
        Player.objects.filter(pk=entry.player_id).update(fide_id=entry.fide_id)
    play(tournament, rounds=2)
    text = backup.export_json(tournament)
    lifecycle.delete_tournament(tournament.pk)
    Player.objects.all().delete()  # every identity is made again
    client.force_login(other_arbiter)
    with django_assert_max_num_queries(QUERIES_PER_RESTORE):
        response = client.post(URL, {"file": upload(text)})
    assert response.status_code == 302
    copy = Tournament.objects.get()
    assert Player.objects.count() == players
    assert Player.objects.filter(fide_id="4100001", entries__name="Player 01").exists()
    assert backup.export_json(copy) == text.replace(
        '"name": "Spring Open"', '"name": "Spring Open (restored)"', 1
    )


QUERIES_PER_RESTORE = 37
