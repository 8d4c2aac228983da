"""A tournament's rounds: round rows, games, byes, virtual points (acceleration), forbidden
pairs and pairing receipts."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.db.models import Q

from tournaments.models.entries import Entry
from tournaments.models.tournament import Tournament


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        PUBLISHED = "published", "Published"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    paired_at = models.DateTimeField(auto_now_add=True)
    explanation = models.JSONField(null=True, blank=True, editable=False)
    """Why the engine paired the round so (``pairing.explanations.stored_explanation`` reads it):
    the engine's explanation as JSON, players by pairing number (a renumbering rewrites it)."""

    class Meta:
        ordering: ClassVar = ["tournament", "number"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – round {self.number}"


class Game(models.Model):
    """A board of a round. The result keeps the full TRF code set."""

    class Result(models.TextChoices):
        PENDING = "", "—"
        WHITE_WINS = "1-0", "1–0"
        DRAW = "1/2-1/2", "½–½"
        BLACK_WINS = "0-1", "0–1"
        WHITE_WINS_FORFEIT = "+-", "+ – (forfeit)"
        BLACK_WINS_FORFEIT = "-+", "– + (forfeit)"
        DOUBLE_FORFEIT = "--", "– – (double forfeit)"
        WHITE_WINS_UNPLAYED = "1-0u", "1–0 (less than one move, not rated)"
        DRAW_UNPLAYED = "1/2u", "½–½ (less than one move, not rated)"
        BLACK_WINS_UNPLAYED = "0-1u", "0–1 (less than one move, not rated)"
        ADJOURNED = "adj", "Adjourned"

    TRF_CODES: ClassVar[dict[str, tuple[str, str]]] = {
        "": (" ", " "),
        "1-0": ("1", "0"),
        "1/2-1/2": ("=", "="),
        "0-1": ("0", "1"),
        "+-": ("+", "-"),
        "-+": ("-", "+"),
        "--": ("-", "-"),
        "1-0u": ("W", "L"),
        "1/2u": ("D", "D"),
        "0-1u": ("L", "W"),
        "adj": (" ", " "),
    }
    """Result -> (white's TRF code, black's TRF code)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="white_games")
    black = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="black_games")
    result = models.CharField(
        max_length=8, choices=Result.choices, blank=True, default=Result.PENDING
    )

    class Meta:
        ordering: ClassVar = ["round", "board"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["round", "board"], name="game_unique_board"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once_per_round"),
            models.CheckConstraint(
                condition=~Q(white=models.F("black")), name="game_distinct_players"
            ),
            models.CheckConstraint(condition=Q(board__gte=1), name="game_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: board {self.board}"

    @property
    def has_result(self) -> bool:
        return self.result not in (self.Result.PENDING, self.Result.ADJOURNED)


class Bye(models.Model):
    """A round without a game: the pairing-allocated bye, or a bye requested before pairing."""

    class Kind(models.TextChoices):
        PAIRING_ALLOCATED = "U", "Pairing-allocated bye"
        HALF_POINT = "H", "Half-point bye"
        ZERO_POINT = "Z", "Zero-point bye"
        FULL_POINT = "F", "Full-point bye"

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")
    round_number = models.PositiveSmallIntegerField(
        help_text="Requested byes are entered before their round is paired."
    )
    kind = models.CharField(max_length=1, choices=Kind.choices)

    class Meta:
        ordering: ClassVar = ["round_number", "entry"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="bye_once_per_round"),
            models.CheckConstraint(condition=Q(round_number__gte=1), name="bye_round_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} – round {self.round_number}: {self.get_kind_display()}"


class VirtualPoints(models.Model):
    """Virtual (accelerated) points of an entry in one round, kept exactly as an imported TRF
    file gave them (``XXA`` / record 250) when they are not the Baku rule's: used when the
    tournament's acceleration is ``explicit``. Baku tournaments compute theirs from the
    entries (``pairing.services``)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="virtual_points")
    round_number = models.PositiveSmallIntegerField()
    points = models.PositiveSmallIntegerField(help_text="In half-points.")

    class Meta:
        ordering: ClassVar = ["entry", "round_number"]
        verbose_name_plural = "virtual points"
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["entry", "round_number"], name="virtual_points_once_per_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="virtual_points_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} – round {self.round_number}: {self.points / 2:g}"


class ForbiddenPair(models.Model):
    """Two entries who must not be paired against each other (the arbiter's decision, e.g.
    players of one family or club; TRF ``XXP``, TRF26 record 260), in every round or only in
    ``first_round``..``last_round``. The pairing engines treat it like a rematch (C.04.1.b /
    Dutch C.1). One row per pair: a TRF group of three players is stored as three pairs."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs"
    )
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    first_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: from round 1."
    )
    last_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: to the last round."
    )

    class Meta:
        ordering: ClassVar = ["tournament", "pk"]
        constraints: ClassVar = [
            models.CheckConstraint(
                condition=~Q(first=models.F("second")), name="forbidden_pair_distinct_players"
            ),
            models.CheckConstraint(
                condition=Q(first_round__isnull=True)
                | Q(last_round__isnull=True)
                | Q(last_round__gte=models.F("first_round")),
                name="forbidden_pair_rounds_ordered",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} – {self.second}"

    @property
    def round_range(self) -> str:
        """The rounds it applies to, in the arbiter's words: "every round", "rounds 2–5"."""
        first, last = self.first_round, self.last_round
        if first is None and last is None:
            return "every round"
        if first == last:
            return f"round {first}"
        if last is None:
            return f"from round {first}"
        return f"rounds {first or 1}–{last}"


class PairingReceipt(models.Model):
    """What the pairing engine was given for a round and what became of its pairing: the TRF
    (stored when the draft is paired), the system and edition, the program version, the
    engine's pairing, the arbiter's changes to the draft with their reasons, and, once
    published, the published pairing and the SHA-256 of both texts. One per round (the first
    row of a TCEC double round); public once published (``docs/receipts.md``)."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="receipt")
    system = models.CharField(max_length=20, help_text="The engine's name: dutch-2026, tcec, …")
    edition = models.CharField(max_length=100, help_text="The rules in words.")
    program_version = models.CharField(max_length=40)
    trf = models.TextField(help_text="The TRF the engine was given.")
    trf_sha256 = models.CharField(max_length=64)
    engine_pairing = models.TextField(
        blank=True, help_text="The engine's pairing (JaVaFo output convention); empty: none."
    )
    engine_error = models.TextField(blank=True, help_text="Why the engine gave no pairing.")
    changes = models.JSONField(
        default=list, blank=True, help_text="The arbiter's changes to the draft, in order."
    )
    pairing = models.TextField(blank=True, help_text="The published pairing; empty: a draft.")
    pairing_sha256 = models.CharField(max_length=64, blank=True)
    paired_at = models.DateTimeField()
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar = ["round"]

    def __str__(self) -> str:
        return f"Receipt of {self.round}"

    @property
    def is_published(self) -> bool:
        return self.published_at is not None
