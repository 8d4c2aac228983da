"""Migrations ratings 0007 / tournaments 0014: the multi-section Event moves from the
tournaments app to the ratings app without moving data. The event, its arbiters and its
sections stay, and the rating officers keep their permission to view events (the content type
moves with the model)."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User

from tests.migrating import migrate

BEFORE = [("tournaments", "0013_player_moved"), ("ratings", "0006_player_moved")]
AFTER = [("ratings", "0007_event_moved"), ("tournaments", "0014_event_moved")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_it_keeps_the_events_rows_and_the_officers_permission() -> None:
    arbiter = User.objects.create(username="td")
    old = migrate(BEFORE)
    content_type = old.get_model("contenttypes", "ContentType")
    # As in a database of the old code: the content type is the tournaments app's only (the test
    # database was created with today's models, whose post_migrate made a ratings one).
    content_type.objects.filter(app_label="ratings", model="event").delete()
    old_ct, _ = content_type.objects.get_or_create(app_label="tournaments", model="event")
    view, _ = old.get_model("auth", "Permission").objects.get_or_create(
        content_type=old_ct, codename="view_event", defaults={"name": "Can view event"}
    )
    officers, _ = old.get_model("auth", "Group").objects.get_or_create(name="Rating officers")
    officers.permissions.add(view)
    day = date(2026, 1, 1)
    event = old.get_model("tournaments", "Event").objects.create(
        name="Festival", start_date=day, end_date=day
    )
    event.arbiters.add(arbiter.pk)
    section = old.get_model("tournaments", "Tournament").objects.create(
        name="Festival Open", start_date=day, end_date=day, event=event, section_name="Open"
    )

    new = migrate(AFTER)
    moved = new.get_model("ratings", "Event").objects.get(pk=event.pk)
    assert moved.name == "Festival"
    assert list(moved.arbiters.values_list("pk", flat=True)) == [arbiter.pk]
    assert list(moved.sections.values_list("pk", flat=True)) == [section.pk]
    ct = new.get_model("contenttypes", "ContentType").objects.get(pk=old_ct.pk)
    assert (ct.app_label, ct.model) == ("ratings", "event")
    perms = new.get_model("auth", "Group").objects.get(name="Rating officers").permissions
    assert perms.filter(codename="view_event", content_type__app_label="ratings").exists()
