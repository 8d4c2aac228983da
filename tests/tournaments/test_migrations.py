"""Migration 0006_entry_owned_identity: every entry takes its player's data as it was (the
pages show the same after the upgrade), and the Arbiters group exists."""

from __future__ import annotations

from datetime import date

import pytest

from tests.migrating import migrate

BEFORE = [("tournaments", "0005_uscf_event")]
AFTER = [("tournaments", "0006_entry_owned_identity"), ("ratings", "0004_entry_owned_identity")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_it_gives_each_entry_its_players_data() -> None:
    old = migrate(BEFORE)
    tournament_model = old.get_model("tournaments", "Tournament")
    player_model = old.get_model("tournaments", "Player")
    entry_model = old.get_model("tournaments", "Entry")
    day = date(2026, 1, 1)
    t = tournament_model.objects.create(name="Old", start_date=day, end_date=day)
    full = player_model.objects.create(
        name="Full, Fay",
        title="WIM",
        federation="NOR",
        sex="w",
        birth_date=date(1999, 9, 9),
        fide_id="555",
        uscf_id="12345678",
    )
    bare = player_model.objects.create(name="Bare, Ben")
    entry_model.objects.create(tournament=t, player=full, pairing_number=1)
    entry_model.objects.create(tournament=t, player=bare, pairing_number=2)

    new = migrate(AFTER)
    rows = new.get_model("tournaments", "Entry").objects.order_by("pairing_number")
    fields = ("name", "title", "federation", "sex", "birth_date", "fide_id", "uscf_id")
    assert [tuple(getattr(e, f) for f in fields) for e in rows] == [
        ("Full, Fay", "WIM", "NOR", "w", date(1999, 9, 9), "555", "12345678"),
        ("Bare, Ben", "", "", "", None, "", ""),
    ]
    group = new.get_model("auth", "Group").objects.get(name="Arbiters")
    assert list(group.permissions.values_list("codename", flat=True)) == ["add_tournament"]
    officers = new.get_model("auth", "Group").objects.get(name="Rating officers")
    codenames = set(officers.permissions.values_list("codename", flat=True))
    assert {"change_player", "view_entry"} <= codenames


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("latest_schema_after")
def test_existing_dubov_tournaments_keep_the_2018_edition() -> None:
    """0016: a tournament that exists already was paired by the Dubov 2018 edition (the only
    one the app had) and keeps it; a tournament created afterwards gets 2026, in force."""
    old = migrate([("tournaments", "0014_event_moved")])
    day = date(2026, 1, 1)
    old.get_model("tournaments", "Tournament").objects.create(
        name="Old", start_date=day, end_date=day, pairing_system="dubov"
    )
    new = migrate([("tournaments", "0016_systems_web_dubov_edition_uscf_round_robin")])
    model = new.get_model("tournaments", "Tournament")
    assert model.objects.get(name="Old").dubov_edition == "2018"
    fresh = model.objects.create(name="New", start_date=day, end_date=day)
    assert (fresh.dubov_edition, fresh.us_alternation_limit, fresh.us_equalization_limit) == (
        "2026",
        80,
        200,
    )
