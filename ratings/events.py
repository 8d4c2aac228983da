"""Events with several sections (Open, U2000, U1600 …): create an event, add a section (a
:class:`Tournament` of its own, paired and ranked on its own), move a player from one section to
another before round 1, and refresh the entries' pairing ratings.

Multi-row changes run in one transaction with the tournament rows locked (both of them, in
primary-key order, when a player moves), as every registration change does.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import models, transaction
from django.db.models import Count, Prefetch, QuerySet

from pairing.engine import US_SECTION_DEFAULTS, quads, round_robin_rounds
from ratings.errors import EventError
from ratings.models import Event
from tournaments import registration
from tournaments.lifecycle import locked_tournament, next_pairing_number
from tournaments.models import Bye, Entry, Tournament, new_revision
from tournaments.registration import columns_paired, reseed


def create_event(event: Event, arbiter_id: int) -> Event:
    """Save a new event (built by the form) with its creator as arbiter."""
    with transaction.atomic():
        event.save()
        event.arbiters.add(arbiter_id)
        return event


@dataclass(frozen=True)
class SectionSettings:
    """What differs between the sections of one event."""

    name: str
    rounds: int
    pairing_system: str = Tournament.PairingSystem.USCF
    """US Chess Swiss pairings (rules 27-29) unless the TD picks another system."""
    rating_system: str = Tournament.RatingSystem.REGULAR
    pairing_rating: str = Tournament.PairingRating.USCF_REGULAR
    rating_min: int | None = None
    rating_max: int | None = None


def _robin(pairing_system: str) -> bool:
    return "robin" in pairing_system or "quad" in pairing_system


def us_tie_breaks(pairing_system: str) -> str:
    """A US Chess section's default tie-breaks by its format (34E: Modified Median, Solkoff,
    Cumulative, Cumulative of opposition for a Swiss; see ``US_SECTION_DEFAULTS``)."""
    return ",".join(US_SECTION_DEFAULTS["round-robin" if _robin(pairing_system) else "swiss"])


SWISS_BYE_POINTS = 2
"""The Swiss odd player's full point (28L), in half-points (the tournament's default)."""


def us_bye_points(pairing_system: str) -> int:
    """A US Chess section's default points for the pairing-allocated bye, in half-points: a
    point in a Swiss (28L); none in a round robin, where every player of an odd field sits out
    once and nothing is to be made up for (a US Chess TD on the forum, citing 30B and 34E8;
    the rule text was not found): its crosstable then shows each player's real score."""
    return 0 if _robin(pairing_system) else SWISS_BYE_POINTS


def add_section(event_id: int, section: SectionSettings) -> Tournament:
    """A new section of the event: a tournament with the event's dates and place, run by the
    event's arbiters, ranked by the US Chess 34E tie-breaks (each section may change them in
    its settings before they are posted)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        name = section.name.strip()
        if not name:
            raise EventError("Give the section a name, e.g. Open or U1600.")
        if event.sections.filter(section_name__iexact=name).exists():
            raise EventError(f"{event} already has a section {name}.")
        tournament = Tournament.objects.create(
            name=f"{event.name} – {name}",
            place=event.place,
            start_date=event.start_date,
            end_date=event.end_date,
            rounds=section.rounds,
            pairing_system=section.pairing_system,
            rating_system=section.rating_system,
            pairing_rating=section.pairing_rating,
            tie_breaks=us_tie_breaks(section.pairing_system),
            bye_points=us_bye_points(section.pairing_system),
            rating_min=section.rating_min,
            rating_max=section.rating_max,
            event=event,
            section_name=name,
        )
        tournament.arbiters.set(event.arbiters.all())
        return tournament


def refresh_ratings(tournament: Tournament) -> int:
    """Before round 1: copy every entry's rating from the player's rating in the tournament's
    pairing rating (after a new supplement or a correction) and follow the seeding again. Call
    with the tournament locked. Returns how many ratings changed."""
    changed = registration.refresh_ratings(tournament)
    if changed:
        registration.reseed(tournament)
    return changed


def refresh_ratings_of_players(player_ids: list[int]) -> int:
    """:func:`refresh_ratings` in every tournament not paired yet that the players entered and
    that pairs on a US Chess rating. Returns how many entry ratings changed."""
    uscf = [Tournament.PairingRating.USCF_REGULAR, Tournament.PairingRating.USCF_QUICK]
    ids = (
        Tournament.objects.filter(
            entries__player_id__in=player_ids,
            pairing_rating__in=uscf,
            round_set__isnull=True,
        )
        .values_list("pk", flat=True)
        .distinct()
        .order_by("pk")
    )
    changed = 0
    for tournament_id in list(ids):
        changed += refresh_ratings(locked_tournament(tournament_id))
    return changed


def _locked_pair(first_id: int, second_id: int) -> tuple[Tournament, Tournament]:
    """Both tournament rows, locked in primary-key order (never a deadlock between two moves
    in opposite directions)."""
    locked = {pk: locked_tournament(pk) for pk in sorted({first_id, second_id})}
    return locked[first_id], locked[second_id]


def move_entry(entry_id: int, to_section_id: int, *, plays_up: bool = False) -> Entry:
    """Move a player to another section of the same event before round 1 of either is paired:
    the entry changes tournament, gets the new section's pairing rating and the next pairing
    number, and both sections follow their seeding again. The new section's rating limits
    apply as at registration: above the upper one refused, below the lower one only
    ``plays_up``. One transaction."""
    with transaction.atomic():
        source_id = Entry.objects.values_list("tournament_id", flat=True).get(pk=entry_id)
        source, target = _locked_pair(source_id, to_section_id)
        entry = Entry.objects.select_related("player").get(pk=entry_id)
        if source.pk == target.pk:
            raise EventError(f"{entry.name} is already in {target}.")
        if source.event_id is None or source.event_id != target.event_id:
            raise EventError("Players can only move between sections of the same event.")
        for section in (source, target):
            if columns_paired(section):
                raise EventError(
                    f"Round 1 of {section} is already paired: players can only change sections "
                    f"before round 1."
                )
        if target.entries.filter(player_id=entry.player_id).exists():
            raise EventError(f"{entry.name} is already registered in {target}.")
        entry.tournament = target
        entry.pairing_number = next_pairing_number(target)
        entry.rating = target.rating_of_entry(entry)
        if problem := target.rating_limit_problem(entry.rating, plays_up):  # issue 23, item 7
            raise EventError(f"{entry.name} is {problem}.")
        below = target.rating_min is not None and 0 < entry.rating < target.rating_min
        entry.plays_up = plays_up and below
        entry.save(update_fields=["tournament", "pairing_number", "rating", "plays_up"])
        entry.byes.filter(round_number__gt=target.rounds).delete()
        reseed(source)
        reseed(target)
        entry.refresh_from_db()
        return entry


QUADS_RENUMBERING = 10_000
"""Pairing numbers are moved past this while the entries change sections (the numbers are
unique per section)."""


def _copy_of(section: Tournament, name: str) -> Tournament:
    """A new section with ``section``'s settings and arbiters, named ``name``."""
    copy = Tournament.objects.get(pk=section.pk)
    copy.pk = None
    copy._state.adding = True
    copy.section_name, copy.name = name, f"{section.event} – {name}"
    copy.revision = new_revision()
    copy.save()
    copy.arbiters.set(section.arbiters.all())
    return copy


def cut_into_quads(section_id: int) -> list[Tournament]:
    """US Chess quads: the section's entry list cut by rating into round robins of four
    (a remainder of one or two joins the last, three make a quad of three:
    :func:`pairing.engine.quads`). Before round 1. The section keeps the top four as
    "<name> 1"; "<name> 2", … are new sections of the event with its settings. Each is a
    round robin of its Berger table's rounds, numbered by rating (30G: the pairing numbers
    of a round robin follow the ratings), with the round-robin tie-breaks and bye points
    unless the TD chose others than the section's defaults. One transaction."""
    with transaction.atomic():
        section = locked_tournament(section_id)
        if section.event_id is None:
            raise EventError("Only a section of an event can be cut into quads.")
        if columns_paired(section):
            raise EventError(f"Round 1 of {section} is already paired: too late for quads.")
        entries = list(section.entries.order_by("pairing_number"))
        if len(entries) < 3:
            raise EventError("Quads need at least three players.")
        cut = quads([(e.pk, e.rating) for e in entries])
        names = [f"{section.section_name} {k}" for k in range(1, len(cut) + 1)]
        taken = Event.objects.get(pk=section.event_id).sections.exclude(pk=section.pk)
        if clash := taken.filter(section_name__in=names).first():
            raise EventError(f"The event already has a section {clash.section_name}.")
        section.entries.update(pairing_number=models.F("pairing_number") + QUADS_RENUMBERING)
        section.section_name = names[0]
        section.name = f"{section.event} – {names[0]}"
        section.save(update_fields=["section_name", "name"])
        robin = Tournament.PairingSystem.ROUND_ROBIN
        tie_breaks, bye_points = section.tie_breaks, section.bye_points
        if tie_breaks == us_tie_breaks(section.pairing_system):  # not the TD's own choice
            tie_breaks = us_tie_breaks(robin)
        if bye_points == us_bye_points(section.pairing_system):
            bye_points = us_bye_points(robin)
        quad_sections = [section] + [_copy_of(section, name) for name in names[1:]]
        for quad, members in zip(quad_sections, cut, strict=True):
            quad.pairing_system, quad.tie_breaks, quad.bye_points = robin, tie_breaks, bye_points
            quad.seeding = Tournament.Seeding.MANUAL  # the numbers by rating, fixed
            quad.rounds = round_robin_rounds(len(members))
            fields = ["pairing_system", "seeding", "rounds", "tie_breaks", "bye_points"]
            quad.save(update_fields=fields)
            for number, pk in enumerate(members, start=1):
                Entry.objects.filter(pk=pk).update(tournament=quad, pairing_number=number)
            Bye.objects.filter(entry__tournament=quad, round_number__gt=quad.rounds).delete()
        return quad_sections


def sections_of(event: Event) -> QuerySet[Tournament]:
    """The event's sections in the order they were added."""
    return event.sections.order_by("pk")


def section_summaries(event: Event) -> list[dict[str, Any]]:
    """Per section: the tournament, its number of players and of rounds paired (two queries)."""
    rows = sections_of(event).annotate(
        players=Count("entries", distinct=True), paired=Count("round_set", distinct=True)
    )
    return [{"section": t, "players": t.players, "paired": t.paired} for t in rows]


@dataclass(frozen=True)
class Listed:
    """One line of the home page: an event with its sections, or a tournament of its own."""

    event: Event | None = None
    tournament: Tournament | None = None

    @property
    def start_date(self) -> date:
        item = self.event or self.tournament
        assert item is not None
        return item.start_date

    @property
    def name(self) -> str:
        item = self.event or self.tournament
        assert item is not None
        return item.name


def home_listing(archived: bool = False) -> list[Listed]:
    """Events (their sections in the order added) and the tournaments that are no section,
    newest first, then by name (three queries); with ``archived`` the archived tournaments
    only (an event is never archived: its sections are listed with it)."""
    sections = Prefetch("sections", queryset=Tournament.objects.order_by("pk"))
    items = [] if archived else [Listed(event=e) for e in Event.objects.prefetch_related(sections)]
    alone = Tournament.objects.filter(event__isnull=True, archived=archived)
    items += [Listed(tournament=t) for t in alone]
    items.sort(key=lambda item: item.name.casefold())
    items.sort(key=lambda item: item.start_date, reverse=True)
    return items
