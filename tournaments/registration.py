"""Registering players: entries, pairing numbers (C.04.2 initial ranking or TCEC seeding),
late entries, requested byes and withdrawals (the CSV import: :mod:`tournaments.csv_import`).

Every change runs in one transaction with the tournament row locked (the same lock as pairing,
so a registration cannot slip in while a round is being paired).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.db import transaction
from django.db.models import F, Q

from pairing.engine import group_seeding, random_seeding, recommended_groups
from pairing.explanations import renumber_explanations
from pairing.services import draw_lot_seed
from players import identity
from players.identity import Candidate, PlayerData
from players.models import Player
from tournaments.errors import ArbiterError
from tournaments.lifecycle import locked_tournament, next_pairing_number
from tournaments.limits import too_many_players
from tournaments.models import Bye, Entry, Game, Tournament

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE titles in the C.04.2 order of the initial ranking (untitled players last)."""
RENUMBER_OFFSET = 10000
"""Pairing numbers are moved out of the way (+offset) before being rewritten, so that the
unique (tournament, pairing number) constraint holds row by row."""
MAX_RATING = 3500
"""The highest rating of a player (FIDE, US Chess, national)."""
ENGINE_MAX_RATING = 9999
"""TCEC: engine ratings run above 3500; TRF columns 49-52 hold four digits."""


def max_rating(tournament: Tournament) -> int:
    """The highest rating the tournament's system takes (issue 24: TCEC engines)."""
    return ENGINE_MAX_RATING if tournament.is_tcec else MAX_RATING


def initial_ranking_key(entry: Entry) -> tuple[int, int, str]:
    """C.04.2: rating descending, then title (GM-IM-WGM-FM-WIM-CM-WFM-WCM-none), then name."""
    title = entry.title.upper()
    rank = TITLES.index(title) if title in TITLES else len(TITLES)
    return (-entry.rating, rank, entry.name.casefold())


def columns_paired(tournament: Tournament) -> int:
    """Round rows stored (TRF round columns)."""
    return tournament.round_set.count()


def numbers_may_change(tournament: Tournament, columns: int) -> bool:
    """Pairing numbers follow the seeding before round 1; with the C.04.2 initial ranking late
    entries may still be numbered in (:func:`with_late_entries`) until the fourth round is
    paired (ratings are fixed once round 1 is paired); TCEC seeds and manual numbers are fixed
    once round 1 is paired, and so are Dubov pairing numbers: E.0 gave the colours of the
    rounds played by their parity, counting every registered player (docs/dubov.md, point
    10), so a renumbered file would re-pair them differently (C.04.4.1 E.0)."""
    if columns == 0:
        return True
    if tournament.pairing_system == Tournament.PairingSystem.DUBOV or tournament.is_round_robin:
        return False  # a round robin's numbers are its places in the Berger table (C.05)
    return tournament.seeding == Tournament.Seeding.RATING and columns // tournament.legs < 4


def seeding_order(tournament: Tournament, entries: Sequence[Entry]) -> list[Entry]:
    """The entries in the order of the tournament's seeding method."""
    by_strength = sorted(entries, key=initial_ranking_key)
    if tournament.seeding == Tournament.Seeding.RANDOM:
        return random_seeding(by_strength, seed=f"tournament-{tournament.pk}")
    if tournament.seeding == Tournament.Seeding.GROUPS:
        return group_seeding(by_strength, recommended_groups(len(by_strength)))
    if tournament.seeding == Tournament.Seeding.MANUAL:
        return sorted(entries, key=lambda e: e.pairing_number)
    return by_strength


def _renumber(tournament: Tournament, order: Sequence[Entry]) -> None:
    if [e.pairing_number for e in order] == list(range(1, len(order) + 1)):
        return
    Entry.objects.filter(tournament=tournament).update(
        pairing_number=F("pairing_number") + RENUMBER_OFFSET
    )
    moved = {}
    for number, entry in enumerate(order, start=1):
        if entry.pairing_number != number:
            moved[entry.pairing_number] = number
        entry.pairing_number = number
    Entry.objects.bulk_update(order, ["pairing_number"])
    renumber_explanations(tournament, moved)  # the rounds' stored explanations follow


def with_late_entries(entries: Sequence[Entry], columns: int) -> list[Entry]:
    """The list once ``columns`` round columns are paired, in pairing-number order, with each
    late entry (joined after those columns) given its "appropriate pairing number" (C.04.2 C;
    2026 2.4): the players on the list when a round was paired keep their order, because
    those rounds were paired with it and must re-pair the same (C.04.2 A.4; 2026 1.4), and
    each late entry is numbered just above the first of them it outranks in the initial
    ranking (C.04.2 B; 2026 2.2), last if none. On a list in initial-ranking order this is
    the late entry's place by rating; on one that is not (imported ranks, provisional
    ratings), nobody already paired moves relative to another."""
    by_number = sorted(entries, key=lambda e: e.pairing_number)
    order = [e for e in by_number if e.joined_round <= columns]
    late = sorted((e for e in by_number if e.joined_round > columns), key=initial_ranking_key)
    for entry in late:
        key = initial_ranking_key(entry)
        place = next((i for i, e in enumerate(order) if key < initial_ranking_key(e)), len(order))
        order.insert(place, entry)
    return order


def reseed(tournament: Tournament) -> None:
    """Give pairing numbers 1..n in seeding order, when the rules still allow it: before round
    1 the whole list; after it, only late entries find their place
    (:func:`with_late_entries`). Else only close the gaps left by removed players. Call with
    the tournament locked."""
    entries = list(tournament.entries.all())
    columns = columns_paired(tournament)
    if not numbers_may_change(tournament, columns):
        _renumber(tournament, sorted(entries, key=lambda e: e.pairing_number))
    elif columns == 0:
        _renumber(tournament, seeding_order(tournament, entries))
    else:
        _renumber(tournament, with_late_entries(entries, columns))


def save_settings(
    tournament_id: int, bind: Callable[[Tournament, int], forms.ModelForm[Tournament]]
) -> forms.ModelForm[Tournament]:
    """Bind the settings form to the locked tournament and the number of rounds paired (which
    fixes the system, colours and seeding), save it if valid, and reseed before round 1."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        paired = tournament.round_set.count()
        form = bind(tournament, paired)
        if form.is_valid():
            form.save()
            # 29E4c chosen once the last round is paired: its draft is reviewed by the lot.
            draw_lot_seed(tournament, paired // tournament.legs)
            if not paired:  # a new seeding method renumbers before round 1 only
                if "pairing_rating" in form.changed_data:
                    refresh_ratings(tournament)
                reseed(tournament)
        return form


def refresh_ratings(tournament: Tournament) -> int:
    """Before round 1: every entry's rating from the player's rating in the tournament's
    pairing rating. Call with the tournament locked (then :func:`reseed`). Returns how many
    entries changed."""
    if columns_paired(tournament):
        return 0
    changed = []
    for entry in tournament.entries.select_related("player"):
        rating = tournament.rating_of_entry(entry)
        if rating != entry.rating:
            entry.rating = rating
            changed.append(entry)
    Entry.objects.bulk_update(changed, ["rating"])
    return len(changed)


# -- entries ---------------------------------------------------------------------------------


def typed_rating(tournament: Tournament, rating: int | None) -> int | None:
    """What a registration keeps of a typed rating: a FIDE rating as typed (0 = unrated), any
    other pairing rating only when one was typed."""
    if tournament.pairing_rating == Tournament.PairingRating.FIDE:
        return rating or 0
    return rating or None


def fide_rating(tournament: Tournament, rating: int | None) -> int:
    """The typed rating as a new identity's FIDE rating: only when it is a FIDE rating."""
    return rating or 0 if tournament.pairing_rating == Tournament.PairingRating.FIDE else 0


def enter(
    tournament: Tournament,
    player: Player,
    data: PlayerData,
    typed: int | None,
    columns: int,
    plays_up: bool = False,
    us: Mapping[str, Any] | None = None,
    number: int | None = None,
) -> Entry:
    """A new entry with the registration's data and ``typed``, the rating the arbiter typed
    for the tournament's pairing rating (the pairing rating comes from the records when they
    have one: :meth:`Tournament.rating_of_entry`); after round 1 a late entry, with the
    tournament's bye for each round column missed (zero points unless the regulations give
    half a point). ``us``: the US Chess pairing data (``keep_apart``, ``assigned_rating``).
    ``number``: the pairing number when the caller knows the next one (a list imported)."""
    same = identity.same_player(tournament, data, player)
    if same is not None:
        raise ArbiterError(f"{already(same)}: a player can be registered once.")
    entry = new_entry(tournament, player, data, typed, columns, plays_up, us, number)
    entry.save()
    Bye.objects.bulk_create(_late_byes(tournament, entry, columns))
    return entry


def new_entry(
    tournament: Tournament,
    player: Player,
    data: PlayerData,
    typed: int | None,
    columns: int,
    plays_up: bool = False,
    us: Mapping[str, Any] | None = None,
    number: int | None = None,
) -> Entry:
    """The entry :func:`enter` saves, checked against the section's rating limits, not saved
    and without the check that the player is not registered yet (:func:`enter_new` saves a
    list of them)."""
    entry = Entry(
        tournament=tournament,
        player=player,
        pairing_number=number or next_pairing_number(tournament),
        typed_rating=typed,
        typed_rating_kind="" if typed is None else tournament.pairing_rating,
        joined_round=columns + 1,
        **data.fields(),
        **(us or {}),
    )
    entry.rating = tournament.rating_of_entry(entry)
    if problem := tournament.rating_limit_problem(entry.rating, plays_up):  # section limits
        raise ArbiterError(f"{entry.name} is {problem}.")
    below = tournament.rating_min is not None and 0 < entry.rating < tournament.rating_min
    entry.plays_up = plays_up and below
    return entry


def enter_new(tournament: Tournament, entries: Sequence[Entry], columns: int) -> None:
    """Save entries made by :func:`new_entry` for identities made for them (so nobody is
    registered twice), with their late-entry byes, in a few queries (issue 27: a list of
    10,000). No signal per row: call with the tournament locked (its revision renewed)."""
    for entry in entries:  # what Entry.save does
        if not entry.name:
            for name in Entry.PUBLIC_FIELDS:
                setattr(entry, name, getattr(entry.player, name))
    Entry.objects.bulk_create(entries, batch_size=500)
    byes = [bye for entry in entries for bye in _late_byes(tournament, entry, columns)]
    Bye.objects.bulk_create(byes, batch_size=500)


def _late_byes(tournament: Tournament, entry: Entry, columns: int) -> list[Bye]:
    """A late entry's bye for each round column it missed."""
    return [
        Bye(entry=entry, round_number=r, kind=tournament.late_entry_bye)
        for r in range(1, columns + 1)
    ]


def already(entry: Entry) -> str:
    """The message that the entry exists, with the tournament's own data only."""
    return f"{entry.name} is already registered as no. {entry.pairing_number}"


@dataclass
class Check:
    """What registering a player in a tournament needs from the arbiter."""

    refused: str = ""
    """Why it cannot be done: the same player (by ID) is registered already."""
    namesakes: list[Entry] = field(default_factory=list)
    """Entries with the same name that nothing tells apart: only on confirmation."""
    candidates: list[Candidate] = field(default_factory=list)
    """People on record with the same name and birth year: the arbiter says if one is the
    same person."""

    @property
    def namesake_question(self) -> str:
        if not self.namesakes:
            return ""
        return f"{already(self.namesakes[0])}. Register another player with the same name?"


def check(tournament: Tournament, data: PlayerData) -> Check:
    """Duplicates and possible identities of a registration (nothing is saved)."""
    same = identity.same_player(tournament, data, identity.by_id(data))
    if same is not None:
        return Check(refused=f"{already(same)}: a player can be registered once.")
    if conflict := identity.id_conflict(data):  # issue 23: never linked silently
        return Check(refused=conflict)
    return Check(
        namesakes=identity.namesakes(tournament.entries.all(), data),
        candidates=identity.candidates(data, tournament),
    )


def register(
    tournament_id: int,
    data: PlayerData,
    rating: int = 0,
    *,
    same_as: int | None = None,
    namesake_ok: bool = False,
    plays_up: bool = False,
    us: Mapping[str, Any] | None = None,
) -> Entry:
    """Enter a player with the arbiter's data, linked to the identity the registration's ID
    gives, or to the person on record the arbiter chose (``same_as``, one of the candidates),
    or to a new one. ``rating`` is the rating typed for the tournament's pairing rating (a
    FIDE rating, or e.g. a US Chess rating used when the records have none: it never becomes a
    rating record, and only a FIDE rating goes into a new identity). A namesake already
    registered needs ``namesake_ok``; a rating below a section's lower limit ``plays_up``.
    After round 1 the player is a late entry from the next round."""
    with transaction.atomic():
        tournament = open_for_entries(tournament_id)
        if too_many := too_many_players(tournament.entries.count() + 1):
            raise ArbiterError(too_many)
        checked = check(tournament, data)
        if checked.refused:
            raise ArbiterError(checked.refused)
        if checked.namesakes and not namesake_ok:
            raise ArbiterError(checked.namesake_question)
        fide = fide_rating(tournament, rating)
        player = identity.resolve(data, fide, same_as, checked.candidates)
        typed = typed_rating(tournament, rating)
        columns = columns_paired(tournament)
        entry = enter(tournament, player, data, typed, columns, plays_up, us)
        reseed(tournament)
        entry.refresh_from_db()
        return entry


def register_known(
    tournament_id: int, player: Player, rating: int | None = None, *, plays_up: bool = False
) -> Entry:
    """Enter an identity the caller already holds (a member of the US Chess supplement), saved
    first if new, with its public data (name, title, federation, IDs) as the entry's copy;
    ``rating``: a typed rating, if any (without one, a tournament paired on FIDE ratings takes
    the identity's, one paired on another rating the records'). A player registered already is
    refused."""
    with transaction.atomic():
        tournament = open_for_entries(tournament_id)
        if player.pk is None:
            player.save()
        data = PlayerData(
            name=player.name,
            title=player.title,
            federation=player.federation,
            fide_id=player.fide_id,
            uscf_id=player.uscf_id,
        )
        entry = enter(tournament, player, data, rating, columns_paired(tournament), plays_up)
        reseed(tournament)
        entry.refresh_from_db()
        return entry


def closed_for_entries(tournament: Tournament) -> str:
    """Why no more players can enter the tournament, or ``""`` when they still can (pages
    that offer a registration say it instead of offering what :func:`open_for_entries`
    refuses)."""
    if tournament.status == Tournament.Status.FINISHED:
        return "The tournament is finished: no more players can enter."
    if tournament.is_round_robin and columns_paired(tournament):
        return (
            "A round robin's players are fixed once round 1 is paired (the Berger table, "
            "FIDE C.05 Annex 1, is drawn for them): no more players can enter."
        )
    return ""


def open_for_entries(tournament_id: int) -> Tournament:
    """The tournament, locked, if players may still enter it."""
    tournament = locked_tournament(tournament_id)
    if closed := closed_for_entries(tournament):
        raise ArbiterError(closed)
    return tournament


def unchanged(
    entry: Entry,
    data: PlayerData,
    rating: int | None,
    number: int | None,
    us: Mapping[str, Any] | None = None,
) -> bool:
    """The edit form says what the entry holds already: its data, the rating it shows (the
    typed one, or the entry's own when none was typed), its pairing number and its US Chess
    pairing data (``us``)."""
    tournament = entry.tournament
    typed = tournament.typed_rating_of(entry)
    wanted = None if rating is None else typed_rating(tournament, rating)
    same_rating = rating is None or wanted == typed or (typed is None and wanted == entry.rating)
    return (
        data == PlayerData.of(entry)
        and same_rating
        and (number is None or number == entry.pairing_number)
        and all(getattr(entry, name) == value for name, value in (us or {}).items())
    )


def update_entry(
    entry: Entry,
    data: PlayerData,
    rating: int | None,
    number: int | None = None,
    us: Mapping[str, Any] | None = None,
) -> bool:
    """Save the entry's corrected data (only the entry's: a shared identity is never written;
    a changed ID links the entry to that ID's identity), its rating, which may only change
    before round 1, and under manual seeding its pairing number (``number``); then follow the
    seeding again. One transaction. Returns ``False``, having written nothing, when nothing
    changes (:func:`unchanged`)."""
    if unchanged(entry, data, rating, number, us):
        return False
    with transaction.atomic():
        tournament = locked_tournament(entry.tournament_id)
        ids_changed = data.ids != (entry.fide_id, entry.uscf_id)
        for name, value in data.fields().items():
            setattr(entry, name, value)
        old = entry.player
        if ids_changed:
            _relink(tournament, entry, data)
        for name, value in (us or {}).items():
            setattr(entry, name, value)
        entry.save(update_fields=[*PlayerData.FIELDS, "player", *(us or {})])
        identity.follow(entry)
        if entry.player_id != old.pk:
            identity.discard_if_unused(old)
        typed = None if rating is None else typed_rating(tournament, rating)
        if rating is not None and typed != tournament.typed_rating_of(entry):
            if columns_paired(tournament):
                raise ArbiterError("Ratings can only be edited before round 1 is paired.")
            entry.typed_rating = typed
            entry.typed_rating_kind = "" if typed is None else tournament.pairing_rating
            entry.rating = tournament.rating_of_entry(entry)
            entry.save(update_fields=["typed_rating", "typed_rating_kind", "rating"])
        reseed(tournament)
        entry.refresh_from_db()
        if number is not None and number != entry.pairing_number:
            _move(tournament, entry, number)
            entry.refresh_from_db()
        return True


def _relink(tournament: Tournament, entry: Entry, data: PlayerData) -> None:
    """New IDs: the identity with the ID, else the entry's own identity takes the IDs (see
    :func:`identity.follow`), else (a shared one) a new identity."""
    if conflict := identity.id_conflict(data):
        raise ArbiterError(conflict)
    found = identity.by_id(data)
    other = identity.same_player(tournament, data, found, besides=entry)
    if other is not None:
        raise ArbiterError(f"{already(other)}: a player can be registered once.")
    if found is not None and identity.held(data, found):  # for a rating officer (issue 23)
        found, data = None, replace(data, fide_id="", uscf_id="")
    if found is not None:
        entry.player = found
    elif found is None and identity.is_shared(entry.player, entry):
        entry.player = identity.new_identity(data, entry.rating)


def set_pairing_number(entry: Entry, number: int) -> None:
    """Manual seeding: move the entry to ``number``, the others shift."""
    with transaction.atomic():
        _move(locked_tournament(entry.tournament_id), entry, number)


def _move(tournament: Tournament, entry: Entry, number: int) -> None:
    if tournament.seeding != Tournament.Seeding.MANUAL:
        raise ArbiterError("Pairing numbers follow the seeding method; choose manual seeding.")
    if columns_paired(tournament):
        raise ArbiterError("Pairing numbers are fixed once round 1 is paired.")
    entries = [e for e in tournament.entries.order_by("pairing_number") if e.pk != entry.pk]
    number = max(1, min(number, len(entries) + 1))
    entries.insert(number - 1, entry)
    _renumber(tournament, entries)


def remove_entry(entry: Entry) -> str:
    """Delete an entry that has no game and no pairing-allocated bye (a registration mistake);
    its identity goes too when nothing else refers to it. Returns the entry's name."""
    with transaction.atomic():
        tournament = locked_tournament(entry.tournament_id)
        played = Game.objects.filter(Q(white=entry) | Q(black=entry)).exists()
        if played or entry.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).exists():
            raise ArbiterError(
                f"{entry.name} has been paired already: withdraw the player instead."
            )
        player = entry.player
        entry.delete()
        identity.discard_if_unused(player)
        reseed(tournament)
        return entry.name


# -- byes, withdrawals ---------------------------------------------------------------------------


class Availability:
    """What an entry does in a future round (the choices of the arbiter's form)."""

    PLAY = "play"
    HALF_POINT_BYE = Bye.Kind.HALF_POINT.value
    ZERO_POINT_BYE = Bye.Kind.ZERO_POINT.value
    WITHDRAWN = "withdrawn"

    CHOICES = (
        (PLAY, "Plays"),
        (HALF_POINT_BYE, "Half-point bye"),
        (ZERO_POINT_BYE, "Zero-point bye"),
        (WITHDRAWN, "Withdrawn"),
    )


def availability(entry: Entry, column: int, byes: dict[tuple[int, int], str]) -> str:
    """The entry's status in round column ``column`` (``byes``: (entry pk, column) -> kind)."""
    if entry.withdrawn_from_round is not None and column >= entry.withdrawn_from_round:
        return Availability.WITHDRAWN
    kind = byes.get((entry.pk, column))
    if kind in (Bye.Kind.HALF_POINT, Bye.Kind.ZERO_POINT):
        return kind
    return Availability.PLAY


def set_availability(entry: Entry, round_number: int, status: str) -> None:
    """Before round ``round_number`` is paired (a TCEC double round counts once): the entry
    plays, has a requested bye, or withdraws from that round on."""
    if status not in dict(Availability.CHOICES):
        raise ArbiterError(f"Unknown status {status!r}.")
    with transaction.atomic():
        tournament = locked_tournament(entry.tournament_id)
        entry.refresh_from_db()
        done = columns_paired(tournament)
        legs = tournament.legs
        columns = [legs * (round_number - 1) + leg for leg in range(1, legs + 1)]
        if columns[0] <= done:
            raise ArbiterError(
                f"Round {round_number} is already paired: undo its pairing to change who plays, "
                f"or enter a forfeit."
            )
        if round_number > tournament.rounds:
            raise ArbiterError(f"The tournament has {tournament.rounds} rounds.")
        requested = entry.byes.filter(
            round_number__in=columns, kind__in=[Bye.Kind.HALF_POINT, Bye.Kind.ZERO_POINT]
        )
        if status == Availability.WITHDRAWN:
            _withdraw(entry, columns[0])
        elif status == Availability.PLAY:
            requested.delete()
            _reinstate(entry, columns[0])
        else:
            if entry.withdrawn_from_round is not None and columns[0] >= entry.withdrawn_from_round:
                raise ArbiterError(f"{entry.name} has withdrawn: mark the player as playing first.")
            if entry.joined_round > columns[0]:
                raise ArbiterError(f"{entry.name} has not joined yet in that round.")
            requested.delete()
            Bye.objects.bulk_create(Bye(entry=entry, round_number=c, kind=status) for c in columns)


def _withdraw(entry: Entry, column: int) -> None:
    if column <= entry.joined_round:
        raise ArbiterError(
            f"{entry.name} has not played yet: remove the player from the list instead."
        )
    if entry.withdrawn_from_round is not None and entry.withdrawn_from_round <= column:
        return
    entry.withdrawn_from_round = column
    entry.save(update_fields=["withdrawn_from_round"])
    entry.byes.filter(round_number__gte=column).exclude(kind=Bye.Kind.PAIRING_ALLOCATED).delete()


def _reinstate(entry: Entry, column: int) -> None:
    """Undo a withdrawal from ``column`` on; the round columns the entry sat out before it
    stay zero-point byes."""
    start = entry.withdrawn_from_round
    if start is None or start > column:
        return
    Bye.objects.bulk_create(
        Bye(entry=entry, round_number=c, kind=Bye.Kind.ZERO_POINT) for c in range(start, column)
    )
    entry.withdrawn_from_round = None
    entry.save(update_fields=["withdrawn_from_round"])
