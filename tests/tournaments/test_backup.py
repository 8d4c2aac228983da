"""The lossless backup (tournaments/backup.py, docs/backup.md): a tournament with every feature
survives export -> restore -> export unchanged, pairs its next round the same way, shows the
same pages; a malformed file names the JSON path of its problem and saves nothing."""

from __future__ import annotations

import copy
import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import models
from django.test import Client
from django.urls import reverse

from players.identity import PlayerData
from players.models import Player
from ratings.models import Event
from tournaments import backup, backup_restore, registration, services
from tournaments.models import (
    Bye,
    Entry,
    ForbiddenPair,
    Game,
    PairingReceipt,
    Round,
    Tournament,
    VirtualPoints,
)


def everything(tournament: Tournament, make_entries, play, acceleration: str) -> Tournament:
    """A tournament with every feature: manual seeding off the rating order, settings off
    their defaults, FIDE and US Chess IDs, birth dates, byes of every kind (H, Z, F requested,
    U by the pairing), forfeits, a late entry, a withdrawal, forbidden pairs, a fixed board,
    acceleration, two finished rounds and round 3 as a draft."""
    t = tournament
    t.seeding = Tournament.Seeding.MANUAL
    t.initial_colour = Tournament.InitialColour.BLACK
    t.late_entry_bye = Tournament.LateEntry.HALF
    t.tie_breaks = "BH,SB,WIN"
    t.rating_system = Tournament.RatingSystem.REGULAR
    t.federation = "USA"
    t.acceleration = acceleration
    if acceleration == Tournament.Acceleration.BAKU:
        t.accelerated_rounds = 2
    t.save()
    entries = make_entries(10)
    # Manual seeding: no. 1 and no. 2 swapped against the rating order.
    a, b = entries[0], entries[1]
    Entry.objects.filter(pk=a.pk).update(pairing_number=99)
    Entry.objects.filter(pk=b.pk).update(pairing_number=1)
    Entry.objects.filter(pk=a.pk).update(pairing_number=2)
    for i, e in enumerate(entries):
        e.refresh_from_db()
        e.sex = "w" if i % 2 else "m"
        e.birth_date = datetime.date(1980 + i, 1 + i, 2 + i)
        e.title = "GM" if i == 0 else ""
        if i < 4:  # FIDE IDs, linked to identities with them
            e.fide_id = e.player.fide_id = f"150{i:04d}"
        if 2 <= i < 6:  # US Chess IDs
            e.uscf_id = e.player.uscf_id = f"1234{i:04d}"
        e.player.save()
        e.save()
    if acceleration == Tournament.Acceleration.EXPLICIT:
        VirtualPoints.objects.bulk_create(
            VirtualPoints(entry=e, round_number=r, points=2 if r == 1 else 1)
            for e in entries[:5]
            for r in (1, 2)
        )
    ForbiddenPair.objects.create(tournament=t, first=entries[0], second=entries[1])
    ForbiddenPair.objects.create(
        tournament=t, first=entries[2], second=entries[3], first_round=2, last_round=4
    )
    Entry.objects.filter(pk=entries[5].pk).update(fixed_board=2)
    Bye.objects.create(entry=entries[9], round_number=1, kind=Bye.Kind.HALF_POINT)
    Bye.objects.create(entry=entries[8], round_number=1, kind=Bye.Kind.FULL_POINT)
    Bye.objects.create(entry=entries[7], round_number=1, kind=Bye.Kind.ZERO_POINT)
    play(t, [["+-", "-+", "1/2-1/2"]])  # 7 players: a pairing-allocated bye
    late = registration.register(
        t.pk,
        PlayerData(name="Late, Lena", sex="w", uscf_id="87654321", federation="CAN"),
        rating=1500,
    )
    assert late.joined_round == 2
    play(t, [["--", "0-1", "1-0", "1/2-1/2", "1-0"]])  # 11 players: another one
    assert Bye.objects.filter(entry__tournament=t, kind=Bye.Kind.PAIRING_ALLOCATED).exists()
    registration.set_availability(entries[6], 3, "withdrawn")
    registration.set_availability(entries[5], 4, Bye.Kind.HALF_POINT)  # a future bye
    services.pair_next_round(t.pk)
    t.refresh_from_db()
    return t


@pytest.fixture(params=[Tournament.Acceleration.BAKU, Tournament.Acceleration.EXPLICIT])
def full(request, tournament, make_entries, play) -> Tournament:
    return everything(tournament, make_entries, play, request.param)


@pytest.fixture
def one(tournament, make_entries, play) -> Tournament:
    """The tournament with every feature, once (explicit virtual points: their rows too)."""
    return everything(tournament, make_entries, play, Tournament.Acceleration.EXPLICIT)


def restored(t: Tournament, user: User) -> Tournament:
    return backup_restore.restore(backup.export_json(t), user.pk)


@pytest.mark.django_db
def test_export_restore_export_is_the_same_document(full: Tournament, other_arbiter) -> None:
    document = backup.export_tournament(full)
    copy_ = backup_restore.restore(backup.dumps(document), other_arbiter.pk)
    assert copy_.pk != full.pk
    assert backup.export_tournament(copy_) == document
    assert copy_.is_arbiter(other_arbiter) and not copy_.is_arbiter(full.arbiters.get())


def _rows(t: Tournament) -> dict[str, list[tuple]]:
    """Every stored value of the tournament's rows, read from the models (not the backup),
    with entries and rounds named by pairing number and round number."""
    number = {e.pk: e.pairing_number for e in t.entries.all()}
    rnd = {r.pk: r.number for r in t.round_set.all()}

    def values(obj: models.Model, skip: set[str]) -> tuple:
        out = []
        for f in type(obj)._meta.concrete_fields:
            if f.name in skip:
                continue
            value = getattr(obj, f.attname)
            if f.is_relation and f.related_model is Entry:
                value = number[value]
            elif f.is_relation and f.related_model is Round:
                value = rnd[value]
            out.append((f.name, value))
        return tuple(out)

    tournament_skip = {"id", "revision", "created_at", "event"}
    own = {"id", "tournament", "player"}
    return {
        "tournament": [values(t, tournament_skip)],
        "entries": sorted(values(e, own) for e in t.entries.all()),
        "identities": sorted(
            (e.pairing_number, e.player.fide_id, e.player.uscf_id) for e in t.entries.all()
        ),
        "rounds": sorted(values(r, own) for r in t.round_set.all()),
        "games": sorted(values(g, {"id"}) for g in Game.objects.filter(round__tournament=t)),
        "byes": sorted(values(b, {"id"}) for b in Bye.objects.filter(entry__tournament=t)),
        "virtual": sorted(
            values(v, {"id"}) for v in VirtualPoints.objects.filter(entry__tournament=t)
        ),
        "forbidden": [values(f, own) for f in t.forbidden_pairs.order_by("pk")],
        "receipts": sorted(
            values(r, {"id"}) for r in PairingReceipt.objects.filter(round__tournament=t)
        ),
    }


@pytest.mark.django_db
def test_every_stored_value_comes_back(full: Tournament, arbiter) -> None:
    """Compared field by field from ``_meta``, independently of the export: settings, the
    entries' data, joined and withdrawn rounds, round statuses and times, boards, results,
    bye kinds, virtual points, forbidden pairs."""
    copy_ = restored(full, arbiter)
    assert _rows(copy_) == _rows(full)
    assert copy_.seeding == Tournament.Seeding.MANUAL  # not turned manual: it was
    statuses = list(copy_.round_set.values_list("number", "status"))
    assert statuses == [(1, "finished"), (2, "finished"), (3, "draft")]
    late = copy_.entries.get(name="Late, Lena")
    assert late.joined_round == 2 and late.uscf_id == "87654321"
    assert copy_.entries.get(withdrawn_from_round=3)


@pytest.mark.django_db
def test_the_receipts_come_back(full: Tournament, arbiter) -> None:
    """Each round's pairing receipt (three: two published, the draft's) with its TRF."""
    copy_ = restored(full, arbiter)
    receipts = PairingReceipt.objects.filter(round__tournament=copy_).order_by("round__number")
    assert [r.round.number for r in receipts] == [1, 2, 3]
    assert [r.is_published for r in receipts] == [True, True, False]
    assert receipts[0].trf.startswith("012 Spring Open")


@pytest.mark.django_db
def test_a_backup_written_before_receipts_restores(one: Tournament, arbiter) -> None:
    document = backup.export_tournament(one)
    del document["receipts"]
    copy_ = backup_restore.restore(backup.dumps(document), arbiter.pk)
    assert not PairingReceipt.objects.filter(round__tournament=copy_).exists()
    assert copy_.round_set.count() == 3


@pytest.mark.django_db
def test_a_draft_stays_a_draft_and_is_not_public(full: Tournament, arbiter, client) -> None:
    copy_ = restored(full, arbiter)
    assert copy_.round_set.get(number=3).status == Round.Status.DRAFT
    for name in ("tournament_detail", "tournament_crosstable", "tournament_standings"):
        html = client.get(reverse(name, args=[copy_.pk])).content.decode()
        assert "Round 3" not in html, name
    standings = client.get(reverse("tournament_standings", args=[copy_.pk])).content.decode()
    assert "after round 2" in standings
    draft = client.get(reverse("tournament_detail", args=[copy_.pk]), {"round": 3})
    assert draft.status_code == 404


def _page(client: Client, name: str, t: Tournament, **kwargs: Any) -> str:
    """A page with the ids of this database's rows taken out of its links."""
    html = client.get(reverse(name, kwargs={"pk": t.pk, **kwargs})).content.decode()
    html = re.sub(r"/tournaments/\d+/", "/tournaments/N/", html)
    html = re.sub(r"/players/\d+/", "/players/N/", html)
    html = re.sub(r"/games/\d+/", "/games/N/", html)
    html = re.sub(r'id="player-\d+"', 'id="player-N"', html)  # the public rows' anchors
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    html = re.sub(r'data-revision="\d+"', "", html)  # a random number of each database
    html = re.sub(r'name="draft" value="\d+"', "", html)  # the draft's row id
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


@pytest.mark.django_db
def test_the_restored_pages_are_the_same(full: Tournament, arbiter, client) -> None:
    copy_ = restored(full, arbiter)
    for name in (
        "tournament_detail",
        "tournament_standings",
        "tournament_crosstable",
        "tournament_players",
    ):
        assert _page(client, name, copy_) == _page(client, name, full), name
    for original, restored_entry in zip(
        full.entries.order_by("pairing_number"),
        copy_.entries.order_by("pairing_number"),
        strict=True,
    ):
        mine = _page(client, "entry_detail", copy_, entry_pk=restored_entry.pk)
        assert mine == _page(client, "entry_detail", full, entry_pk=original.pk)
    client.force_login(arbiter)
    assert _page(client, "round_manage", copy_, number=3) == _page(
        client, "round_manage", full, number=3
    )


def _boards(rnd: Round) -> list[tuple[int, int, int]]:
    return [(g.board, g.white.pairing_number, g.black.pairing_number) for g in rnd.games.all()]


@pytest.mark.django_db
def test_the_next_round_pairs_the_same(full: Tournament, arbiter) -> None:
    copy_ = restored(full, arbiter)
    for t in (full, copy_):
        rnd = t.round_set.get(number=3)
        services.publish_round(rnd.pk)
        for game in rnd.games.order_by("board"):
            services.set_result(game.pk, "1-0" if game.board % 2 else "0-1")
    fourth = [services.pair_next_round(t.pk) for t in (full, copy_)]
    assert _boards(fourth[1]) == _boards(fourth[0])
    bye = [
        list(
            Bye.objects.filter(entry__tournament=t, round_number=4).values_list(
                "entry__pairing_number", "kind"
            )
        )
        for t in (full, copy_)
    ]
    assert bye[1] == bye[0]


@pytest.mark.django_db
def test_identities_are_linked_by_id_and_never_changed(one: Tournament, arbiter) -> None:
    """The FIDE ID (then the US Chess ID) links the existing identity; it keeps its own data
    even when the backup's entry data differ (a respelt name: one of another person is held
    for a rating officer, test_restore_ids.py). Entries without an ID get new identities."""
    document = backup.export_tournament(one)
    first = document["entries"][0]
    shared = Player.objects.get(fide_id=first["identity"]["fide_id"])
    name, birth = shared.name, shared.birth_date
    first["name"], first["birth_date"] = "Player, Renamed", "2001-01-01"
    copy_ = backup_restore.restore_document(document, arbiter.pk)
    entry = copy_.entries.get(pairing_number=first["pairing_number"])
    assert entry.player == shared and entry.name == "Player, Renamed"
    shared.refresh_from_db()
    assert (shared.name, shared.birth_date) == (name, birth)
    by_uscf = copy_.entries.get(name="Late, Lena")
    assert by_uscf.player == one.entries.get(name="Late, Lena").player
    without_id = copy_.entries.get(fide_id="", uscf_id="", name="Player 10")
    original = one.entries.get(name="Player 10")
    assert without_id.player != original.player
    assert (
        without_id.player.name == "Player 10"
        and without_id.player.birth_date == original.birth_date
    )


@pytest.mark.django_db
def test_new_identities_are_made_in_another_database(one: Tournament, arbiter) -> None:
    """Restored where nobody is known: every entry gets an identity with the backup's IDs."""
    text = backup.export_json(one)
    ids = set(one.entries.values_list("player__fide_id", "player__uscf_id"))
    for model in (Game, Entry, Tournament, Player):  # an empty database
        model.objects.all().delete()
    copy_ = backup_restore.restore(text, arbiter.pk)
    assert set(copy_.entries.values_list("player__fide_id", "player__uscf_id")) == ids
    assert Player.objects.count() == 11


@pytest.mark.django_db
def test_the_event_is_written_but_not_restored(tournament, make_entries, arbiter) -> None:
    make_entries(2)
    day = datetime.date(2026, 4, 1)
    event = Event.objects.create(name="Festival", start_date=day, end_date=day, chief_td_id="1")
    Tournament.objects.filter(pk=tournament.pk).update(event=event, section_name="Open")
    tournament.refresh_from_db()
    document = backup.export_tournament(tournament)
    assert document["event"]["name"] == "Festival" and document["event"]["chief_td_id"] == "1"
    assert document["tournament"]["section_name"] == "Open"
    copy_ = backup_restore.restore_document(document, arbiter.pk)
    assert copy_.event is None and copy_.section_name == "Open"
    again = backup.export_tournament(copy_)
    assert again["event"] is None
    assert again | {"event": document["event"]} == document


# -- every field is carried or excluded --------------------------------------------------------


def test_every_field_is_carried_or_excluded() -> None:
    """A field a model gains is written by the generic export; one the backup cannot carry
    (a relation, an unknown type) fails here until it is referred to or excluded."""
    for part in backup.PARTS:
        assert part.uncarried() == [], part.key
        part.carried()  # no ImproperlyConfigured


def test_the_check_fails_for_an_uncarried_field() -> None:
    """The check above can fail: a part that forgets its references."""
    forgetful = backup.Part("games", Game, excluded={"id": "row id"})
    assert forgetful.uncarried() == ["round", "white", "black"]


@pytest.mark.django_db
def test_the_export_is_generic_over_the_concrete_fields(one: Tournament) -> None:
    document = backup.export_tournament(one)
    for part, row in (
        (backup.TOURNAMENT, document["tournament"]),
        (backup.ENTRIES, document["entries"][0]),
        (backup.ROUNDS, document["rounds"][0]),
        (backup.GAMES, document["games"][0]),
        (backup.BYES, document["byes"][0]),
        (backup.FORBIDDEN_PAIRS, document["forbidden_pairs"][0]),
    ):
        names = [f.name for f in part.model._meta.concrete_fields if f.name not in part.excluded]
        assert [k for k in row if k != "identity"] == names


@pytest.mark.django_db
def test_the_export_takes_eight_queries_whatever_the_size(
    one: Tournament, django_assert_num_queries
) -> None:
    """Tournament (with its event), entries (with identities), rounds, games, byes, virtual
    points, forbidden pairs, pairing receipts."""
    small = Tournament.objects.create(
        name="Small", start_date=one.start_date, end_date=one.end_date
    )
    for t in (small, one):
        with django_assert_num_queries(8):
            backup.export_tournament(t)


def test_every_model_hanging_on_a_tournament_is_in_the_backup_or_listed() -> None:
    """A new model referring to a tournament or its rows is a decision: back it up or say why
    not (backup.NOT_IN_BACKUP)."""
    inside = {part.model for part in backup.PARTS}
    owned = (Tournament, Entry, Round, Game, Bye, VirtualPoints, ForbiddenPair)
    for model in apps.get_models():
        for f in model._meta.get_fields(include_hidden=True):
            if not (f.is_relation and f.concrete and f.related_model in owned):
                continue
            label = model._meta.label
            assert model in inside or label in backup.NOT_IN_BACKUP, f"{label}.{f.name}"


# -- malformed files -----------------------------------------------------------------------------


def _fingerprint() -> tuple:
    return tuple(
        list(m.objects.values_list())
        for m in (Tournament, Player, Entry, Round, Game, Bye, VirtualPoints, ForbiddenPair)
    )


def _set(document: dict, path: str, value: Any) -> None:
    """Set ``$.a[1].b`` (``...`` deletes the key)."""
    keys = [int(k) if k.isdigit() else k for k in re.findall(r"\w+", path)]
    *head, last = keys
    node: Any = document
    for key in head:
        node = node[key]
    if value is ...:
        del node[last]
    else:
        node[last] = value


MALFORMED = [
    # (path to change, new value, the error's path, words of its message)
    ("format", "trf", "$.format", "not a tournament backup"),
    ("version", 99, "$.version", "newer release"),
    ("version", "1", "$.version", "not a version number"),
    ("rounds", ..., "$.rounds", "missing"),
    ("surprise", 1, "$.surprise", "unknown key"),
    ("tournament", [], "$.tournament", "must be an object"),
    ("tournament.name", ..., "$.tournament.name", "missing"),
    ("tournament.name", "", "$.tournament.name", "cannot be blank"),
    ("tournament.rounds", "5", "$.tournament.rounds", "whole number"),
    ("tournament.rounds", 70000, "$.tournament.rounds", "out of range"),
    ("tournament.pairing_system", "monrad", "$.tournament.pairing_system", "not a valid choice"),
    ("tournament.start_date", "1 April", "$.tournament.start_date", "not a date"),
    ("tournament.end_date", "2026-03-01", "$.tournament", "tournament_ends_after_start"),
    ("tournament.colour", "w", "$.tournament.colour", "unknown key"),
    ("entries", {}, "$.entries", "must be a list"),
    ("entries.3.name", 7, "$.entries[3].name", "must be a string"),
    ("entries.3.name", "x" * 101, "$.entries[3].name", "at most 100 characters"),
    ("entries.3.name", "a\x00b", "$.entries[3].name", "NUL"),
    ("entries.3.pairing_number", 1, "$.entries[3]", "pairing number twice (also $.entries[0])"),
    ("entries.3.pairing_number", ..., "$.entries[3].pairing_number", "missing"),
    ("entries.3.birth_date", "1990-02-30", "$.entries[3].birth_date", "not a date"),
    ("entries.3.identity", ..., "$.entries[3].identity", "missing"),
    ("entries.3.identity.fide_id", "1500000", "$.entries[3].identity.fide_id", "same person"),
    ("entries.3.identity.fide_id", 1500003, "$.entries[3].identity.fide_id", "must be a string"),
    ("entries.3.withdrawn_from_round", 1, "$.entries[3]", "entry_withdrawn_after_joining"),
    ("rounds.1.number", 5, "$.rounds[1].number", "expected round 2"),
    ("rounds.0.status", "published", "$.rounds[1].status", "finished round after a published"),
    ("rounds.0.paired_at", "yesterday", "$.rounds[0].paired_at", "not a datetime"),
    ("games.0.white", 42, "$.games[0].white", "no entry with pairing number 42"),
    ("games.0.round", 7, "$.games[0].round", "no round 7"),
    ("games.0.round", True, "$.games[0].round", "must be a number"),
    ("games.0.black", ..., "$.games[0].black", "missing"),
    ("games.1.board", 1, "$.games[1]", "round and board twice"),
    ("games.0.result", "2-0", "$.games[0].result", "not a valid choice"),
    ("games.0.result", "", "$.games[0].result", "finished: a result is needed"),
    ("games.12.result", "1-0", "$.games[12].result", "draft: no results"),
    ("byes.0.kind", "X", "$.byes[0].kind", "not a valid choice"),
    ("forbidden_pairs.0.second", 2, "$.forbidden_pairs[0].second", "the same player"),
    # Receipts are read as the receipt reader reads a receipt file (issue 23, item 12).
    ("receipts.0.pairing", "garbage", "$.receipts[0].pairing", "the first line must be"),
    ("receipts.0.pairing", "1\n1 2 3", "$.receipts[0].pairing", "line 2: expected two"),
    ("receipts.0.engine_pairing", "2\n1 2", "$.receipts[0].engine_pairing", "2 pairs announced"),
    ("receipts.0.changes", "nope", "$.receipts[0].changes", "must be a list, not a string"),
    ("receipts.0.changes", [{"kind": "x"}], "$.receipts[0].changes[0].kind", "one of"),
    ("receipts.0.changes", [7], "$.receipts[0].changes[0]", "object"),
    ("receipts.0.system", "monrad", "$.receipts[0].system", "unknown pairing system 'monrad'"),
    ("receipts.0.trf", "garbage", "$.receipts[0].trf", "line 1, column 4: expected a blank"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "value", "path", "words"), MALFORMED)
def test_a_malformed_backup_names_the_path_and_saves_nothing(
    one: Tournament, arbiter, change: str, value: Any, path: str, words: str
) -> None:
    document = backup.export_tournament(one)
    _set(document, change, value)
    before = _fingerprint()
    with pytest.raises(backup.BackupError) as error:
        backup_restore.restore(json.dumps(document), arbiter.pk)
    assert error.value.path == path
    assert words in error.value.message
    assert str(error.value).startswith(f"{path}: ")
    assert _fingerprint() == before


@pytest.mark.django_db
def test_a_game_with_a_player_twice_in_a_round(one: Tournament, arbiter) -> None:
    document = backup.export_tournament(one)
    games = document["games"]
    games[1]["white"] = games[0]["white"]
    with pytest.raises(
        backup.BackupError, match=r"^\$\.games\[1\]\.white: already plays in round 1"
    ):
        backup_restore.restore_document(document, arbiter.pk)


@pytest.mark.django_db
def test_a_bye_in_a_round_the_player_plays(one: Tournament, arbiter) -> None:
    document = backup.export_tournament(one)
    game = document["games"][0]
    document["byes"].append({"entry": game["white"], "round_number": 1, "kind": "H"})
    with pytest.raises(backup.BackupError, match=r"has a game in round 1"):
        backup_restore.restore_document(document, arbiter.pk)


@pytest.mark.django_db
def test_the_same_person_by_two_ids_is_refused(one: Tournament, arbiter) -> None:
    """Two entries whose identities are one person (one by FIDE ID, the other by US Chess
    ID): found only in the database, and still nothing is saved, not even new identities."""
    document = backup.export_tournament(one)
    third = document["entries"][2]["identity"]  # FIDE and US Chess IDs of one player
    document["entries"][8]["identity"] = {"fide_id": "", "uscf_id": third["uscf_id"]}
    document["entries"][2]["identity"] = {"fide_id": third["fide_id"], "uscf_id": ""}
    before = _fingerprint()
    with pytest.raises(backup.BackupError) as error:
        backup_restore.restore_document(document, arbiter.pk)
    assert error.value.path == "$.entries[8].identity"
    assert "the same person as $.entries[2]" in error.value.message
    assert _fingerprint() == before


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not JSON: Expecting property name enclosed in double quotes (line 1, column 2)"),
        ("[1]", "must be an object, not a list"),
        (b"\xff\xfe", "not UTF-8"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (" " * 300_001, "the file is larger than 300000 bytes"),
    ],
)
def test_a_file_that_is_not_a_backup(text: str | bytes, words: str, settings) -> None:
    settings.TOURNAMENTS_BACKUP_MAX_BYTES = 300_000
    with pytest.raises(backup.BackupError, match=re.escape(words)) as error:
        backup_restore.restore(text, 1)
    assert error.value.path == "$"


@pytest.mark.django_db
def test_keys_with_defaults_may_be_left_out(tournament, make_entries, arbiter) -> None:
    """A key a document leaves out (an older backup, a hand-written one) takes the field's
    default; keys without one are required (see the malformed cases)."""
    document = {
        "format": backup.FORMAT,
        "version": 1,
        "tournament": {"name": "Small", "start_date": "2026-01-01", "end_date": "2026-01-01"},
        "entries": [
            {"name": "A", "pairing_number": 1, "identity": {}},
            {"name": "B", "pairing_number": 2, "identity": {"fide_id": ""}},
        ],
        "rounds": [],
        "games": [],
        "byes": [],
        "virtual_points": [],
        "forbidden_pairs": [],
    }
    t = backup_restore.restore_document(copy.deepcopy(document), arbiter.pk)
    assert t.rounds == 5 and t.pairing_system == "dutch" and t.status == "registration"
    assert [e.name for e in t.entries.order_by("pairing_number")] == ["A", "B"]


# -- a version-1 file keeps restoring ------------------------------------------------------------

VERSION_1 = Path(__file__).parent.parent / "data" / "backup" / "version-1.backup.json"


@pytest.mark.django_db
def test_a_version_1_file_restores(arbiter) -> None:
    """A hand-written version-1 backup (tests/data/backup/): four players, round 1 finished
    (a forfeit, a pairing-allocated bye, the late entry's half-point bye), round 2 a draft,
    a withdrawal from round 3, a forbidden pair. When a release changes the format, this file
    must still restore (through ``backup.UPGRADES``)."""
    t = backup_restore.restore(VERSION_1.read_bytes(), arbiter.pk)
    assert (t.name, t.rounds, t.initial_colour, t.seeding, t.late_entry_bye) == (
        "Spring Open",
        3,
        "b",
        "manual",
        "H",
    )
    entries = {e.pairing_number: e for e in t.entries.select_related("player")}
    assert [entries[n].name for n in (1, 2, 3, 4)] == [
        "Alpha, Anna",
        "Bravo, Ben",
        "Charlie, Cy",
        "Delta, Di",
    ]
    assert entries[1].birth_date == datetime.date(1990, 2, 3) and entries[1].title == "WGM"
    assert entries[1].player.fide_id == "1503014" and entries[2].player.uscf_id == "12345678"
    assert entries[3].withdrawn_from_round == 3 and entries[4].joined_round == 2
    rounds = list(t.round_set.values_list("number", "status", "paired_at"))
    assert rounds == [
        (1, "finished", datetime.datetime(2026, 4, 1, 9, 0, tzinfo=datetime.UTC)),
        (2, "draft", datetime.datetime(2026, 4, 1, 15, 30, tzinfo=datetime.UTC)),
    ]
    games = Game.objects.filter(round__tournament=t).order_by("round__number", "board")
    assert [
        (g.round.number, g.board, g.white.pairing_number, g.black.pairing_number, g.result)
        for g in games
    ] == [(1, 1, 2, 1, "+-"), (2, 1, 1, 4, ""), (2, 2, 3, 2, "")]
    byes = Bye.objects.filter(entry__tournament=t).order_by("entry__pairing_number")
    assert [(b.entry.pairing_number, b.round_number, b.kind) for b in byes] == [
        (3, 1, "U"),
        (4, 1, "H"),
    ]
    pair = t.forbidden_pairs.get()
    assert (pair.first.pairing_number, pair.second.pairing_number) == (1, 3)
    # Exported again: the same data (the file's layout aside; fields added since version 1
    # are left out of the comparison).
    document = json.loads(VERSION_1.read_text(encoding="utf-8"))
    assert _like(backup.export_tournament(t), document) == document


def _like(value: Any, shape: Any) -> Any:
    """``value`` with only the keys ``shape`` has (recursively)."""
    if isinstance(shape, dict) and isinstance(value, dict):
        return {k: _like(value.get(k), v) for k, v in shape.items()}
    if isinstance(shape, list) and isinstance(value, list) and len(shape) == len(value):
        return [_like(v, s) for v, s in zip(value, shape, strict=True)]
    return value


def test_it_writes_only_the_ids_the_tournament_typed(tournament: Tournament) -> None:
    """Issue 23, item 5: registered by FIDE ID here, the shared player's US Chess ID (typed in
    another arbiter's tournament) is not in this tournament's backup."""
    shared = Player.objects.create(name="Carlsen, Magnus", fide_id="1503014", uscf_id="12345678")
    Entry.objects.create(
        tournament=tournament, player=shared, pairing_number=1, name="Carlsen, M", fide_id="1503014"
    )
    (row,) = backup.export_tournament(tournament)["entries"]
    assert row["identity"] == {"fide_id": "1503014", "uscf_id": ""}
    assert "12345678" not in json.dumps(backup.export_tournament(tournament))


@pytest.mark.django_db
def test_a_backup_from_before_the_dubov_edition_setting_keeps_2018(arbiter) -> None:
    """A document without ``dubov_edition`` predates the setting (migration 0015): its
    tournament was paired by the Dubov 2018 edition and keeps it; a new one's is written."""
    document = json.loads(VERSION_1.read_text(encoding="utf-8"))
    assert "dubov_edition" not in document["tournament"]
    document["tournament"]["pairing_system"] = "dubov"
    t = backup_restore.restore(json.dumps(document).encode(), arbiter.pk)
    assert t.dubov_edition == "2018"
    t.dubov_edition = "2026"
    t.save()
    again = backup_restore.restore(backup.export_json(t).encode(), arbiter.pk)
    assert again.dubov_edition == "2026"
