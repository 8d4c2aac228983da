"""Title norms of a FIDE-rated tournament after its finished rounds (FIDE B.01 1.4): who has a
GM, IM, WGM or WIM norm, who can still make one (with the score needed in the rounds left),
and the norm report's data as FIDE's certificate asks for it. The engine decides
(``check_norm``, ``norm_outlook``); this module reads the games stored."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.db import transaction

from pairing.engine import (
    FieldPlayer,
    NormCandidate,
    NormGame,
    NormOutlook,
    NormResult,
    big_swiss_exempt,
    check_norm,
    norm_outlook,
)
from pairing.services import Snapshot
from players.models import Player
from tournaments.fide_rating import fide_rating_of
from tournaments.models import Entry, Round, Tournament
from tournaments.reports import points

TITLES = ("GM", "IM", "WGM", "WIM")
WOMEN_ONLY = frozenset({"WGM", "WIM"})
HELD = {
    "GM": frozenset(TITLES),
    "IM": frozenset({"IM", "WIM"}),
    "WGM": frozenset({"WGM", "WIM"}),
    "WIM": frozenset({"WIM"}),
}
"""A title held -> the norms the player no longer needs."""
POINTS = {"1": 2, "=": 1, "0": 0, "W": 2, "D": 1, "L": 0, "+": 2, "-": 0}
"""TRF codes with an opponent, in half-points; ``+``/``-`` are forfeits (not played, 1.4.2)."""
FORFEITS = frozenset("+-")


@dataclass(frozen=True)
class Opponent:
    """A line of the certificate's table of opponents."""

    round: int
    entry: Entry
    rating: int
    result: str


@dataclass(frozen=True)
class NormLine:
    """A player and a title: the norm achieved, or still possible."""

    entry: Entry
    outlook: NormOutlook
    result: NormResult | None
    """The norm's data (achieved norms only)."""
    opponents: tuple[Opponent, ...]
    half_points: int
    """The norm's score (achieved), else every game's so far."""

    @property
    def title(self) -> str:
        return self.outlook.title

    @property
    def needed(self) -> str:
        """Points needed in the remaining rounds ("2.5")."""
        n = self.outlook.points_needed
        return "" if n is None else points(n)

    @property
    def score(self) -> str:
        return points(self.half_points)


def _finished_columns(snap: Snapshot) -> int:
    done = 0
    for r in snap.rounds:
        if r.status != Round.Status.FINISHED:
            break
        done = r.number
    return done


@dataclass
class Norms:
    """The norms of a tournament after its finished rounds (empty when not FIDE rated)."""

    snap: Snapshot

    @cached_property
    def columns(self) -> int:
        return _finished_columns(self.snap)

    @property
    def remaining(self) -> int:
        t = self.snap.tournament
        return max(t.rounds * t.legs - self.columns, 0)

    @cached_property
    def big_swiss(self) -> bool:
        """B.01 1.4.3 d holds over the finished rounds (Swiss tournaments only): a round
        without a game is missed unless it is a pairing-allocated bye or a forfeit win."""
        tournament = self.snap.tournament
        if tournament.is_round_robin:
            return False
        state = self.snap.state(self.columns)
        field = []
        for entry in self.snap.entries:
            results = state.player(entry.pairing_number).results
            missed = sum(1 for e in results if not e.played and e.code not in "U+")
            rated = bool(fide_rating_of(tournament, entry))
            field.append(FieldPlayer(entry.federation, rated, entry.title or None, missed))
        return big_swiss_exempt(field, tournament.federation)

    def exempt(self, entry: Entry) -> bool:
        """The foreigner requirement (1.4.3-1.4.4) is waived for the player: the event's
        exemption (1.4.3 a, b: players of the host federation; c: everybody) or 1.4.3 d."""
        tournament = self.snap.tournament
        kind = tournament.norm_exemption
        host = tournament.federation and entry.federation == tournament.federation
        return kind == "c" or (kind in ("a", "b") and bool(host)) or self.big_swiss

    def candidate(self, entry: Entry) -> tuple[NormCandidate, tuple[Opponent, ...]]:
        """The player's games in the finished rounds as the norm rules read them (opponents'
        ratings from the start, 1.4.6 a; unrated = ``None``)."""
        tournament = self.snap.tournament
        state = self.snap.state(self.columns)
        by_number = self.snap.entry_by_number
        games, opponents, byes = [], [], 0
        for number, e in enumerate(state.player(entry.pairing_number).results, start=1):
            if e.opponent is None:
                byes += e.code == "U"  # pairing-allocated bye (1.4.1 c)
                continue
            if e.code not in POINTS:
                continue
            other = by_number[e.opponent]
            rating = fide_rating_of(tournament, other)
            games.append(
                NormGame(
                    round=number,
                    points=POINTS[e.code],
                    opponent_rating=rating or None,
                    opponent_title=other.title or None,
                    opponent_federation=other.federation or None,
                    played=e.code not in FORFEITS,
                    opponent_in_fide=not other.outside_fide,  # 1.4.2 a
                )
            )
            opponents.append(Opponent(number, other, rating, points(POINTS[e.code])))
        rounds = tournament.rounds * tournament.legs
        candidate = NormCandidate(
            entry.federation, tuple(games), rounds, byes, federation_exempt=self.exempt(entry)
        )
        return candidate, tuple(opponents)

    def titles_for(self, entry: Entry) -> list[str]:
        """The norms the player may seek: women's titles for women only; none already
        held."""
        held = HELD.get(entry.title, frozenset())
        woman = entry.sex == Player.Sex.FEMALE
        return [t for t in TITLES if t not in held and (woman or t not in WOMEN_ONLY)]

    @cached_property
    def lines(self) -> list[NormLine]:
        """Every (player, title) achieved or still possible, achieved first."""
        if not self.snap.tournament.fide_rated or not self.columns:
            return []
        out = []
        for entry in self.snap.entries:
            titles = self.titles_for(entry)
            if not titles:
                continue
            candidate, opponents = self.candidate(entry)
            score = sum(g.points for g in candidate.games)
            for title in titles:
                outlook = norm_outlook(candidate, title, self.remaining)
                if outlook.achieved:  # the certificate's data (norm_outlook keeps none)
                    result = check_norm(candidate, title)
                    out.append(NormLine(entry, outlook, result, opponents, result.score))
                elif outlook.possible:
                    out.append(NormLine(entry, outlook, None, opponents, score))
        out.sort(key=lambda x: (not x.outlook.achieved, TITLES.index(x.title)))
        return out

    @property
    def achieved(self) -> list[NormLine]:
        return [x for x in self.lines if x.outlook.achieved]

    @property
    def possible(self) -> list[NormLine]:
        return [x for x in self.lines if not x.outlook.achieved]

    def certificate(self, line: NormLine) -> list[Opponent]:
        """The opponents the norm counts (the result's games), in round order."""
        counted = {g.round for g in line.result.counted} if line.result else set()
        return [o for o in line.opponents if o.round in counted]


def save_norm_settings(tournament: Tournament, exemption: str, outside_fide: set[int]) -> None:
    """The arbiter's norm settings: the event's exemption (1.4.3 a-c) and the entries (pks)
    that belong to no FIDE federation (1.4.2 a); one transaction."""
    with transaction.atomic():
        tournament.norm_exemption = exemption
        tournament.save(update_fields=["norm_exemption"])
        entries = Entry.objects.filter(tournament=tournament)
        entries.filter(pk__in=outside_fide).update(outside_fide=True)
        entries.exclude(pk__in=outside_fide).update(outside_fide=False)
