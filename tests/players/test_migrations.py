"""Migrations players 0001 / ratings 0006 / tournaments 0013: the shared Player moves from the
tournaments app to the players app without moving data. Rows, entries and rating records keep
pointing at the same player, and the rating officers keep their permission to change players
(the content type moves with the model)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.migrating import migrate

BEFORE = [
    ("players", None),
    ("tournaments", "0012_fixed_boards"),
    ("ratings", "0005_uscf_followups"),
]
AFTER = [
    ("players", "0001_initial"),
    ("ratings", "0006_player_moved"),
    ("tournaments", "0013_player_moved"),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_it_keeps_the_players_rows_and_the_officers_permission() -> None:
    old = migrate(BEFORE)
    content_type = old.get_model("contenttypes", "ContentType")
    permission = old.get_model("auth", "Permission")
    group = old.get_model("auth", "Group")
    # As in a database of the old code: the content type is the tournaments app's only (the test
    # database was created with today's models, whose post_migrate made a players one).
    content_type.objects.filter(app_label="players", model="player").delete()
    old_ct, _ = content_type.objects.get_or_create(app_label="tournaments", model="player")
    change, _ = permission.objects.get_or_create(
        content_type=old_ct, codename="change_player", defaults={"name": "Can change player"}
    )
    officers, _ = group.objects.get_or_create(name="Rating officers")
    officers.permissions.add(change)
    day = date(2026, 1, 1)
    t = old.get_model("tournaments", "Tournament").objects.create(
        name="Old", start_date=day, end_date=day
    )
    player = old.get_model("tournaments", "Player").objects.create(name="Kept, Kim", fide_id="7")
    entry = old.get_model("tournaments", "Entry").objects.create(
        tournament=t, player=player, pairing_number=1, name="Kept, Kim"
    )

    new = migrate(AFTER)
    moved = new.get_model("players", "Player").objects.get(pk=player.pk)
    assert (moved.name, moved.fide_id) == ("Kept, Kim", "7")
    assert new.get_model("tournaments", "Entry").objects.get(pk=entry.pk).player_id == player.pk
    ct = new.get_model("contenttypes", "ContentType").objects.get(pk=old_ct.pk)
    assert (ct.app_label, ct.model) == ("players", "player")
    perms = new.get_model("auth", "Group").objects.get(name="Rating officers").permissions
    assert perms.filter(codename="change_player", content_type__app_label="players").exists()
