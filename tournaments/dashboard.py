"""What the arbiter's pages show: the next step, the player list with each player's status for
the next round, the rounds so far, the draft and its broken rules. Constant queries."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from pairing.engine import Violation, round_robin_rounds
from pairing.services import Snapshot, snapshot
from tournaments.drafts import Draft, draft_of, placed
from tournaments.fide_entries import list_marks
from tournaments.forms import NormSettingsForm
from tournaments.models import Bye, Entry, Game, Round, Tournament
from tournaments.norms import Norms
from tournaments.registration import Availability, availability, closed_for_entries


@dataclass
class PlayerRow:
    entry: Entry
    status: str
    """Availability in the next round to pair (a key of ``Availability.CHOICES``)."""
    late: bool
    list_mark: str = ""
    """FIDE-rated tournaments: "inactive" or "not on the FIDE list" (the list in force)."""


@dataclass
class Dashboard:
    snap: Snapshot
    _drafts: dict[int, Draft] = field(default_factory=dict, init=False, repr=False)

    @classmethod
    def load(cls, tournament: Tournament) -> Dashboard:
        return cls(snapshot(tournament))

    @property
    def tournament(self) -> Tournament:
        return self.snap.tournament

    @property
    def columns(self) -> int:
        return len(self.snap.rounds)

    @property
    def rounds_paired(self) -> int:
        return self.columns // self.tournament.legs

    @property
    def next_round(self) -> int | None:
        """The round to pair next (a TCEC double round counts once); None when all are."""
        n = self.rounds_paired + 1
        return n if n <= self.tournament.rounds else None

    @property
    def next_column(self) -> int:
        return self.columns + 1

    @cached_property
    def unfinished(self) -> Round | None:
        return next((r for r in self.snap.rounds if r.status != Round.Status.FINISHED), None)

    @property
    def last_published(self) -> Round | None:
        """The last round players can see (its pairings and slips are what is printed)."""
        shown = [r for r in self.snap.rounds if r.status != Round.Status.DRAFT]
        return shown[-1] if shown else None

    @property
    def can_pair(self) -> bool:
        return self.next_round is not None and self.unfinished is None

    @cached_property
    def can_undo(self) -> bool:
        """The last round (both games of a TCEC double round) has no result yet: its pairing
        may be deleted."""
        if not self.snap.rounds:
            return False
        first = self.first_leg(self.snap.rounds[-1].number)
        return not any(g.result for g in self.snap.games if g.round.number >= first)

    choices = Availability.CHOICES

    @property
    def available_count(self) -> int:
        return sum(1 for row in self.players if row.status == Availability.PLAY)

    @property
    def needs_provisional_ratings(self) -> list[Entry]:
        """Dubov A.1: unrated players to be paired in the next round (the system needs a
        rating for each; the arbiter gives a provisional one)."""
        if self.tournament.pairing_system != Tournament.PairingSystem.DUBOV or not self.next_round:
            return []
        return [
            r.entry for r in self.players if r.status == Availability.PLAY and not r.entry.rating
        ]

    @property
    def robin_rounds(self) -> int | None:
        """Before round 1 of a round robin: the rounds its Berger table has for the players
        entered, when the settings say another number (everybody would not meet everybody,
        or a round past the table would be refused). ``None``: nothing to say."""
        robins: dict[str, bool] = {Tournament.PairingSystem.ROUND_ROBIN: False}
        robins[Tournament.PairingSystem.ROUND_ROBIN_DOUBLE] = True
        players = len(self.snap.entries)
        if self.tournament.pairing_system not in robins or self.next_round != 1 or players < 2:
            return None
        rounds = round_robin_rounds(players, robins[self.tournament.pairing_system])
        return rounds if rounds != self.tournament.rounds else None

    @cached_property
    def closed_for_entries(self) -> str:
        """Why the quick-add row is not offered (a finished tournament, a round robin once
        round 1 is paired), as the refusal of an entry says it; ``""`` while players may enter."""
        return closed_for_entries(self.tournament)

    @cached_property
    def players(self) -> list[PlayerRow]:
        byes = {(b.entry_id, b.round_number): b.kind for b in self.snap.byes}
        column = self.next_column
        marks = list_marks(self.snap.entries) if self.tournament.fide_rated else {}
        return [
            PlayerRow(e, availability(e, column, byes), e.joined_round > 1, marks.get(e.pk, ""))
            for e in self.snap.entries
        ]

    @cached_property
    def norms(self) -> Norms:
        """Title norms after the finished rounds (FIDE-rated tournaments)."""
        return Norms(self.snap)

    @cached_property
    def norm_settings(self) -> NormSettingsForm:
        """The norms' settings form (exemption, players outside FIDE)."""
        return NormSettingsForm(tournament=self.tournament, entries=self.snap.entries)

    @property
    def round_rows(self) -> list[tuple[str, Round, int, int]]:
        """(label, round, boards with a result, boards) per round row."""
        out = []
        for r in self.snap.rounds:
            games = self.snap.games_of(r.number)
            done = sum(1 for g in games if g.has_result)
            out.append((self.tournament.round_label(r.number), r, done, len(games)))
        return out

    # -- one round --------------------------------------------------------------------

    def round(self, number: int) -> Round | None:
        return next((r for r in self.snap.rounds if r.number == number), None)

    def games(self, number: int) -> list[Game]:
        return self.snap.games_of(number)

    def bye_lines(self, number: int) -> list[Bye]:
        return [b for b in self.snap.byes if b.round_number == number]

    def first_leg(self, number: int) -> int:
        return number - (number - 1) % self.tournament.legs

    def draft(self, number: int) -> Draft:
        """The draft of the round (read once per page: its explanation costs a query)."""
        first = self.first_leg(number)
        if first not in self._drafts:
            self._drafts[first] = draft_of(self.snap, first)
        return self._drafts[first]

    def violations(self, number: int) -> list[Violation]:
        return self.draft(number).violations

    def unpaired(self, number: int) -> list[Entry]:
        """Players available in the draft's round who have neither a board nor the bye (a
        draft being paired by hand)."""
        draft = self.draft(number)
        taken = set(placed(draft.pairing))
        entry = self.snap.entry_by_number
        return [entry[p.id] for p in draft.state.available if p.id not in taken]

    def on_boards(self, number: int) -> list[Entry]:
        """The players with a board in the draft, by pairing number: who may be given the
        draft's bye (its bye player takes their place)."""
        entry = self.snap.entry_by_number
        ids = (pid for b in self.draft(number).pairing.boards for pid in (b.white, b.black))
        return sorted((entry[pid] for pid in ids), key=lambda e: e.pairing_number)

    def not_playing(self, number: int) -> list[tuple[Entry, str]]:
        """The registered players who do not play round row ``number``, and why: a requested
        bye, a withdrawal, or a later entry (issue 24: the draft says so before publishing)."""
        kinds = {
            b.entry_id: b.get_kind_display()
            for b in self.snap.byes
            if b.round_number == number and b.kind != Bye.Kind.PAIRING_ALLOCATED
        }
        out = []
        legs = self.tournament.legs
        for e in self.snap.entries:
            if e.joined_round > number:
                out.append((e, f"enters in round {(e.joined_round - 1) // legs + 1}"))
            elif not e.plays_in(number):
                out.append((e, "withdrawn"))
            elif e.pk in kinds:
                out.append((e, f"{kinds[e.pk].lower()} (requested)"))
        return out
