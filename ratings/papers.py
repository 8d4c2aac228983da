"""The US Chess TD's papers of a section: the wall chart (every player with US Chess ID,
state, rating, membership expiry and round-by-round results in US notation) and pairing
cards (one per player, as WinTD and SwissSys print them). Computed from one
:class:`~pairing.services.Snapshot` and one query for the members' supplement rows.

US notation of a round: ``W12``/``L12``/``D12`` a game against no. 12 (``?12`` not yet
finished), ``X12``/``F12`` a forfeit won/lost, ``H`` a half-point bye, ``B`` a full-point bye
(a pairing-allocated bye too), ``U`` an unplayed round (zero-point bye, absent, withdrawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from pairing.engine import PointValues, RoundEntry, TournamentState
from ratings.models import EventMember, UscfMember
from tournaments.models import Entry
from tournaments.reports import View, points

US_RESULT = {"1": "W", "W": "W", "0": "L", "L": "L", "=": "D", "D": "D", "+": "X", "-": "F"}
US_BYE = {"U": "B", "F": "B", "H": "H"}
"""TRF codes -> US letters: games (with the opponent's number after) and byes."""
STANDARD = PointValues()


def us_cell(e: RoundEntry, values: PointValues = STANDARD) -> str:
    """One round in US notation: ``W12``, ``D8``, ``X5``, ``F3``, ``H``, ``B``, ``U``. A bye
    by what it scores in the section (``values``), as the rating report writes it: a
    pairing-allocated bye worth nothing (a round robin's sitting out, bye points 0) is
    ``U``, worth half a point ``H``."""
    if e.opponent is None:
        if e.code not in US_BYE:
            return "U"
        scored = values.of(e)
        return "B" if scored >= values.win else "H" if scored else "U"
    return f"{US_RESULT.get(e.code, '?')}{e.opponent}"


@dataclass(frozen=True)
class Member:
    """What the US Chess supplement says of a player: state and membership expiry."""

    state: str = ""
    expires: date | None = None


def members(event_id: int | None, entries: list[Entry]) -> dict[str, Member]:
    """US Chess ID -> the supplement's state and expiry (two queries): the event's own
    supplement (the one its arbiters import) first, else the official one, as the rating
    report's states and the expired-membership warnings read them."""
    ids = {e.uscf_id for e in entries if e.uscf_id}
    fields = ("uscf_id", "state", "expires")
    official = UscfMember.objects.filter(uscf_id__in=ids).only(*fields)
    found = {m.uscf_id: Member(m.state, m.expires) for m in official}
    if event_id is not None:
        own = EventMember.objects.filter(event_id=event_id, uscf_id__in=ids).only(*fields)
        found |= {m.uscf_id: Member(m.state, m.expires) for m in own}
    return found


@dataclass(frozen=True)
class WallRow:
    rank: int
    entry: Entry
    member: Member
    cells: list[str]
    score: str
    values: list[str]


def wall_chart(view: View) -> list[WallRow]:
    """The wall chart in standings order (the section's tie-breaks), every published round."""
    state = view.full_state
    info = members(view.tournament.event_id, view.snap.entries)
    return [
        WallRow(
            s.rank,
            s.entry,
            info.get(s.entry.uscf_id, Member()),
            [us_cell(c, state.points) for c in state.player(s.entry.pairing_number).results],
            s.score,
            s.values,
        )
        for s in view.standings
    ]


@dataclass(frozen=True)
class CardLine:
    number: int
    colour: str
    opponent: Entry | None
    result: str
    score: str


@dataclass(frozen=True)
class Card:
    entry: Entry
    member: Member
    lines: list[CardLine]
    blank_rounds: list[int]
    """The rounds still to play: empty lines to fill by hand."""


def pairing_cards(view: View) -> list[Card]:
    """One card per player, by pairing number: every round stored (drafts included: the TD
    fills the cards as he pairs), then empty lines up to the last round."""
    state: TournamentState = view.snap.state()
    info = members(view.tournament.event_id, view.snap.entries)
    by_number = view.snap.entry_by_number
    total = view.tournament.rounds * view.tournament.legs
    cards = []
    for entry in view.snap.entries:
        running, lines = 0, []
        for number, e in enumerate(state.player(entry.pairing_number).results, 1):
            pending = e.opponent is not None and e.code == " "
            running += 0 if pending else state.points.of(e)
            colour = e.colour.value.upper() if e.colour else ""
            opponent = by_number.get(e.opponent) if e.opponent is not None else None
            cell = us_cell(e, state.points)
            result = "" if pending else cell[0]
            lines.append(CardLine(number, colour, opponent, result, points(running)))
        blank = list(range(len(lines) + 1, total + 1))
        cards.append(Card(entry, info.get(entry.uscf_id, Member()), lines, blank))
    return cards
