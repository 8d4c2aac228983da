"""Who a registered player is: the shared :class:`~tournaments.models.Player` identity an entry
is linked to, and the entry's own data.

A tournament owns its entries: what its arbiter types (or imports) is the entry's copy
(:class:`PlayerData`), and nothing a tournament does reads or writes a shared player's data.
The identity is found

1. by ID: the FIDE ID, then the US Chess ID — federation IDs are unique, so a typed ID is
   that person. An ID whose name (or birth year) in the FIDE list or the official US Chess
   supplement is not the registration's is refused with the reason (:func:`id_conflict`:
   public data); one on record for another person by stored data only is held for a rating
   officer (:func:`held`: a new identity, the entry keeps the typed ID, the officer's review
   flags it; the registration looks the same either way);
2. without an ID, by name, only when the arbiter answers "is this the same person?"
   (:func:`candidates`; the stored birth date is never compared, so the question reveals
   nothing the arbiter cannot see); otherwise
3. a new identity, made from the registration.

An identity used by one entry alone (no other entry, no rating record) is that entry's own:
it follows the entry's corrections (:func:`follow`). A shared one changes only in the admin
(superusers and rating officers).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, ClassVar

from django.apps import apps
from django.db.models import Q

from players.models import Player
from tournaments.models import Entry, Tournament

PLAYED_IN_SHOWN = 3
"""Tournaments named in an "is this the same person?" question."""


@dataclass(frozen=True)
class PlayerData:
    """A player's data as a tournament registers it: the entry's own copy."""

    name: str
    title: str = ""
    federation: str = ""
    sex: str = ""
    birth_date: date | None = None
    fide_id: str = ""
    uscf_id: str = ""

    FIELDS: ClassVar = ("name", "title", "federation", "sex", "birth_date", "fide_id", "uscf_id")

    @classmethod
    def of(cls, entry: Entry) -> PlayerData:
        return cls(**{name: getattr(entry, name) for name in cls.FIELDS})

    def fields(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def ids(self) -> tuple[str, str]:
        return (self.fide_id, self.uscf_id)


@dataclass(frozen=True)
class Candidate:
    """A person on record with the same name and birth year as a registration without an ID:
    perhaps the same person. The label says only what the arbiter typed and where the person
    played (public), never the person's stored data."""

    player_id: int
    label: str


def normalized(name: str) -> str:
    """A name for comparison: case, commas, dots and spacing do not matter."""
    return " ".join(re.sub(r"[,.;]", " ", name).casefold().split())


def by_id(data: PlayerData) -> Player | None:
    """The identity with the registration's FIDE ID, else its US Chess ID."""
    if data.fide_id:
        found = Player.objects.filter(fide_id=data.fide_id).first()
        if found is not None:
            return found
    if data.uscf_id:
        return Player.objects.filter(uscf_id=data.uscf_id).first()
    return None


def _same_names(a: str, b: str) -> bool:
    """Two spellings of one person's name: they share a name word ("Carlsen, M" and "Magnus
    Carlsen" do; "Impostor, Ivan" and "Carlsen, Magnus" do not)."""
    words = [{w for w in normalized(name).split() if len(w) > 1} for name in (a, b)]
    return not all(words) or bool(words[0] & words[1])


ID_KEYS = (("fide_id", "FIDE ID"), ("uscf_id", "US Chess ID"))
Listed = dict[str, tuple[str, int | None, str]]
"""ID -> (name, birth year, list) in the public list an arbiter can look it up in."""


def _listed(key: str, values: Iterable[str]) -> Listed:
    """(name, birth year, list) of each ID in the public list an arbiter can look it up in:
    the FIDE rating list for a FIDE ID, the official US Chess supplement for a US Chess ID;
    one query for them all. The models by name: the players app sits below the fide and
    ratings apps."""
    wanted = {v for v in values if v}
    if key == "fide_id":
        numbers = {int(v): v for v in wanted if v.isdigit()}  # the list's IDs are numbers
        if not numbers:
            return {}
        listed = apps.get_model("fide", "FideListPlayer")._default_manager
        rows = listed.filter(fide_id__in=numbers).values_list("fide_id", "name", "birth_year")
        found = {number: (name, year) for number, name, year in rows}
        return {v: (*found[n], "the FIDE rating list") for n, v in numbers.items() if n in found}
    if not wanted:
        return {}
    members = apps.get_model("ratings", "UscfMember")._default_manager
    names = members.filter(uscf_id__in=wanted).values_list("uscf_id", "name")
    return {uscf_id: (name, None, "the US Chess supplement") for uscf_id, name in names}


def id_conflict(data: PlayerData) -> str:
    """Why the registration's IDs are not this person's (issue 23), from what the arbiter can
    see: the ID's name (or birth year) in the FIDE rating list or the official US Chess
    supplement disagrees with the registration. Empty: no conflict. An identity on record
    with another name but in no list is not a refusal (that would reveal it): the
    registration is held for a rating officer (:func:`held`)."""
    return id_conflicts([data])[0]


def id_conflicts(registrations: list[PlayerData]) -> list[str]:
    """:func:`id_conflict` of each registration, in two queries whatever their number (issue
    27: a backup of 10,000 players)."""
    lists = {key: _listed(key, (getattr(d, key) for d in registrations)) for key, _ in ID_KEYS}
    return [_conflict(data, lists) for data in registrations]


def _conflict(data: PlayerData, lists: dict[str, Listed]) -> str:
    for key, label in ID_KEYS:
        value = getattr(data, key)
        listed = lists[key].get(value) if value else None
        if listed is None:
            continue
        name, year, where = listed
        born = data.birth_date.year if data.birth_date else None
        if not _same_names(name, data.name) or (year and born and year != born):
            what = name if not (year and born and year != born) else f"{name}, born {year}"
            return (
                f"{label} {value} is {what} in {where}, not {data.name}: check the ID, or "
                f"register the player without it."
            )
    return ""


def held(data: PlayerData, found: Player) -> bool:
    """The identity an ID found is another person by the stored data (name, birth date):
    the registration is not linked to it but kept for a rating officer (the entry keeps the
    typed ID; the officer's review flags it). Nothing the arbiter sees changes."""
    if not _same_names(found.name, data.name):
        return True
    born = found.birth_date, data.birth_date
    return born[0] is not None and born[1] is not None and born[0] != born[1]


def candidates(data: PlayerData, tournament: Tournament) -> list[Candidate]:
    """People on record with the registration's name who are not in the tournament yet. Only
    for a registration without an ID (an ID decides by itself) and with a birth date (a name
    alone is too weak to ask). The stored birth date is not compared (issue 23, item 4): an
    answer that changed with the year typed would tell the arbiter a person's birth year; the
    question shows only the typed data and where the person played (public)."""
    if any(data.ids) or data.birth_date is None or not normalized(data.name):
        return []
    key = normalized(data.name)
    first = key.split()[0]
    found = (
        Player.objects.filter(name__istartswith=first)
        .exclude(entries__tournament=tournament)
        .order_by("pk")
    )
    out = []
    for player in found:
        if normalized(player.name) != key:
            continue
        out.append(Candidate(player.pk, f"{data.name}{_where(player)}"))
    return out


def _where(player: Player) -> str:
    """ ", who played in A, registered in B": the player's latest tournaments, those with a
    game of theirs apart from those they only registered in."""
    entered = list(
        Tournament.objects.filter(entries__player=player).order_by("-start_date")[:PLAYED_IN_SHOWN]
    )
    with_games = set(
        Entry.objects.filter(player=player, tournament__in=entered)
        .filter(Q(white_games__isnull=False) | Q(black_games__isnull=False))
        .values_list("tournament_id", flat=True)
    )
    played = [t.name for t in entered if t.pk in with_games]
    registered = [t.name for t in entered if t.pk not in with_games]
    parts = [f"who played in {', '.join(played)}"] if played else []
    parts += [f"registered in {', '.join(registered)}"] if registered else []
    return "".join(f", {part}" for part in parts)


def told_apart(entry: Entry, data: PlayerData) -> bool:
    """Data of both show they are two people (different birth years or IDs)."""
    born = entry.birth_date, data.birth_date
    if born[0] is not None and born[1] is not None and born[0].year != born[1].year:
        return True
    ids = zip((entry.fide_id, entry.uscf_id), data.ids, strict=True)
    return any(a and b and a != b for a, b in ids)


def namesakes(entries: Iterable[Entry], data: PlayerData) -> list[Entry]:
    """Entries with the registration's name that nothing tells apart from it."""
    key = normalized(data.name)
    return [e for e in entries if normalized(e.name) == key and not told_apart(e, data)]


def same_player(
    tournament: Tournament, data: PlayerData, identity: Player | None, besides: Entry | None = None
) -> Entry | None:
    """The tournament's entry (other than ``besides``) of the same person by ID or identity:
    registering a player twice is refused."""
    q = Q(player=identity) if identity is not None else Q()
    if data.fide_id:
        q |= Q(fide_id=data.fide_id)
    if data.uscf_id:
        q |= Q(uscf_id=data.uscf_id)
    if not q:
        return None
    entries = tournament.entries.filter(q)
    if besides is not None:
        entries = entries.exclude(pk=besides.pk)
    return entries.first()


def new_identity(data: PlayerData, rating: int) -> Player:
    """A new identity made from a registration (safe when two tournaments register the same
    new ID at once: the second finds the first's)."""
    fields = data.fields() | {"fide_rating": rating}
    for key in ("fide_id", "uscf_id"):
        if fields[key]:
            lookup = {key: fields.pop(key)}
            player, _ = Player.objects.get_or_create(**lookup, defaults=fields)
            return player
    return Player.objects.create(**fields)


def resolve(data: PlayerData, rating: int, same_as: int | None, offered: list[Candidate]) -> Player:
    """The identity of a registration: by ID, else the candidate the arbiter chose (only one
    that was offered), else a new one."""
    found = by_id(data)
    if found is not None and not held(data, found):
        return found
    if found is not None:  # held for a rating officer: an identity of its own, without IDs
        no_ids = {"fide_id": "", "uscf_id": "", "fide_rating": rating}
        return Player.objects.create(**(data.fields() | no_ids))
    if same_as is not None and same_as in {c.player_id for c in offered}:
        return Player.objects.get(pk=same_as)
    return new_identity(data, rating)


def is_shared(player: Player, entry: Entry | None) -> bool:
    """Anything but ``entry`` refers to the player: another entry, a rating record, history."""
    for relation in Player._meta.related_objects:
        rows = relation.related_model._default_manager.filter(**{relation.field.name: player})
        if relation.related_model is Entry and entry is not None:
            rows = rows.exclude(pk=entry.pk)
        if rows.exists():
            return True
    return False


def follow(entry: Entry) -> None:
    """An identity that is the entry's own takes the entry's data (a corrected name shows in
    the rating pages and in later "same person?" questions). A shared one is left alone, and
    so is an ID another identity has."""
    player = entry.player
    if is_shared(player, entry):
        return
    changed = []
    for name in PlayerData.FIELDS:
        value = getattr(entry, name)
        if getattr(player, name) == value:
            continue
        taken = name in ("fide_id", "uscf_id") and value
        if taken and Player.objects.filter(**{name: value}).exists():
            continue
        setattr(player, name, value)
        changed.append(name)
    if changed:
        player.save(update_fields=changed)


def discard_if_unused(player: Player) -> None:
    """Delete an identity nothing refers to any more (a registration made by mistake)."""
    if not is_shared(player, None):
        player.delete()
