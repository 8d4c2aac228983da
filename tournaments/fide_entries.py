"""The FIDE rating list in the arbiter's registration: register a player picked from the list
(name, title, federation, sex, birth year, the rating of the tournament's FIDE rating type, the
published K), mark entries inactive or no longer listed, and before round 1 update the ratings
from the list in force. The list itself is read-only here (``fide`` app)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from fide.lookup import ListEntry, by_id
from fide.models import FideListPlayer
from players.identity import PlayerData
from players.models import Player
from tournaments.errors import ArbiterError
from tournaments.fide_rating import fide_rating_of
from tournaments.lifecycle import locked_tournament
from tournaments.models import Entry, Tournament
from tournaments.registration import TITLES, columns_paired, register, reseed

SEX = {"M": Player.Sex.MALE, "F": Player.Sex.FEMALE}
INACTIVE = "inactive"
NOT_LISTED = "not on the FIDE list"


def best_title(item: ListEntry) -> str:
    """The highest of the player's FIDE title and woman's title (C.04.2 order)."""
    held = [t for t in (item.title, item.w_title) if t in TITLES]
    return min(held, key=TITLES.index) if held else ""


def _k(item: ListEntry, kind: str) -> int | None:
    row = FideListPlayer.objects.filter(fide_id=item.fide_id).values_list(f"{kind}_k").first()
    return row[0] if row else None


def register_from_list(tournament_id: int, fide_id: int) -> Entry:
    """Register the player with this FIDE ID from the list in force, with the list's data and
    the rating of the tournament's FIDE rating type (unrated: 0)."""
    item = by_id(fide_id)
    if item is None:
        raise ArbiterError(f"FIDE ID {fide_id} is not on the FIDE list in force.")
    tournament = Tournament.objects.get(pk=tournament_id)
    kind = tournament.fide_rating_type
    rating = item.rating(kind) or 0
    data = PlayerData(
        name=item.name,
        title=best_title(item),
        federation=item.federation,
        sex=SEX.get(item.sex, ""),
        fide_id=str(item.fide_id),
    )
    paired_on_fide = tournament.pairing_rating == Tournament.PairingRating.FIDE
    with transaction.atomic():
        # The FIDE ID tells namesakes apart; the same ID twice is refused by register().
        entry = register(tournament_id, data, rating if paired_on_fide else 0, namesake_ok=True)
        entry.fide_rating = rating
        entry.birth_year = item.birth_year
        entry.fide_k = _k(item, kind) if rating else None
        entry.save(update_fields=["fide_rating", "birth_year", "fide_k"])
    return entry


def list_marks(entries: Iterable[Entry]) -> dict[int, str]:
    """Entry pk -> "inactive" or "not on the FIDE list", for entries with a FIDE ID (one
    query); nothing when no list is imported."""
    with_id = {e.pk: int(e.fide_id) for e in entries if e.fide_id.isascii() and e.fide_id.isdigit()}
    if not with_id or not FideListPlayer.objects.exists():
        return {}
    flags = dict(
        FideListPlayer.objects.filter(fide_id__in=with_id.values()).values_list("fide_id", "flag")
    )
    marks = {}
    for pk, fide_id in with_id.items():
        if fide_id not in flags:
            marks[pk] = NOT_LISTED
        elif "i" in flags[fide_id]:
            marks[pk] = INACTIVE
    return marks


@dataclass(frozen=True)
class RatingUpdate:
    """An entry whose FIDE rating differs from the list in force."""

    entry: Entry
    old: int
    new: int
    """0: unrated on the list (or no longer listed, see ``mark``)."""
    mark: str = ""
    k: int | None = None
    """The K published with the new rating (``None``: unrated or not given)."""


def rating_updates(tournament: Tournament) -> list[RatingUpdate]:
    """The FIDE rating of each entry with a FIDE ID against the list's rating of the
    tournament's FIDE rating type (two queries)."""
    entries = [
        e
        for e in tournament.entries.order_by("pairing_number")
        if e.fide_id.isascii() and e.fide_id.isdigit()
    ]
    kind = tournament.fide_rating_type
    listed = {
        fide_id: (rating, k)
        for fide_id, rating, k in FideListPlayer.objects.filter(
            fide_id__in=[int(e.fide_id) for e in entries]
        ).values_list("fide_id", f"{kind}_rating", f"{kind}_k")
    }
    out = []
    for e in entries:
        old = fide_rating_of(tournament, e)
        if int(e.fide_id) not in listed:
            out.append(RatingUpdate(e, old, old, NOT_LISTED))
            continue
        new, k = listed[int(e.fide_id)]
        if (new or 0) != old:
            out.append(RatingUpdate(e, old, new or 0, k=k if new else None))
    return out


def apply_rating_updates(tournament_id: int) -> int:
    """Before round 1, in one transaction: every entry's FIDE rating from the list in force,
    with the K published with it, as at registration (players no longer listed keep theirs),
    then the pairing numbers again. Returns how many changed."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if columns_paired(tournament):
            raise ArbiterError("Ratings are fixed once round 1 is paired.")
        changed = [u for u in rating_updates(tournament) if not u.mark]
        paired_on_fide = tournament.pairing_rating == Tournament.PairingRating.FIDE
        for u in changed:
            u.entry.fide_rating = u.new
            u.entry.fide_k = u.k
            if paired_on_fide:
                u.entry.typed_rating = u.new
                u.entry.typed_rating_kind = Tournament.PairingRating.FIDE
                u.entry.rating = u.new
        Entry.objects.bulk_update(
            [u.entry for u in changed],
            ["fide_rating", "fide_k", "typed_rating", "typed_rating_kind", "rating"],
        )
        if changed:
            reseed(tournament)
        Tournament.touch(pk=tournament.pk)
        return len(changed)


def set_k_facts(entry: Entry, facts: dict[str, Any]) -> bool:
    """Save the entry's K facts (B.02 8.3.3: K as published, rated games, reached 2400);
    ``False`` when nothing changes."""
    facts = {**facts, "fide_reached_2400": bool(facts.get("fide_reached_2400"))} if facts else {}
    changed = [name for name, value in facts.items() if getattr(entry, name) != value]
    if not changed:
        return False
    for name in changed:
        setattr(entry, name, facts[name])
    with transaction.atomic():
        entry.save(update_fields=changed)
        Tournament.touch(pk=entry.tournament_id)
    return True
