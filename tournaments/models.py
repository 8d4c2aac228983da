"""Tournaments, players, entries, rounds, games and byes.

Scores are integers in half-points (win = 2, draw = 1) everywhere; the point values of a
tournament are stored the same way. Standings are computed from games and byes on read,
never stored twice.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

SCHEDULE_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d", "%d.%m.%Y %H:%M", "%d.%m.%Y")


def parse_schedule(text: str) -> list[datetime]:
    """The round starts of a schedule written one round per line ("2026-07-01 10:00"; a date
    alone is the start of that day). Raises ValueError naming the first line that is not a
    date."""
    starts = []
    for number, line in enumerate((x.strip() for x in text.splitlines() if x.strip()), 1):
        for fmt in SCHEDULE_FORMATS:
            try:
                starts.append(datetime.strptime(" ".join(line.split()), fmt))
                break
            except ValueError:
                continue
        else:
            raise ValueError(f"line {number} ({line!r}) is not a date like 2026-07-01 10:00")
    return starts


def split_fide_id(line: str) -> tuple[str, str]:
    """ "IA Smith, John 1234567" -> ("IA Smith, John", "1234567"): a trailing number is the
    FIDE ID."""
    words = line.split()
    if len(words) > 1 and words[-1].isdigit() and words[-1].isascii():
        return " ".join(words[:-1]), words[-1]
    return " ".join(words), ""


def new_revision() -> int:
    """A fresh random revision: never the value of an earlier state, even after a stale save."""
    return secrets.randbits(62)


class Event(models.Model):
    """An event with several sections (Open, U2000, U1600 …). Each section is a
    :class:`Tournament` of its own (``tournament.event``), paired and ranked on its own; the
    event groups them on one public page and in one US Chess rating report."""

    class SendCrosstable(models.TextChoices):
        NOBODY = "N", "Nobody"
        AFFILIATE = "A", "The affiliate"
        TD = "T", "The chief TD"

    name = models.CharField(max_length=200)
    place = models.CharField(max_length=200, blank=True, help_text="City.")
    state = models.CharField(max_length=2, blank=True, help_text="US state, two letters.")
    zip_code = models.CharField(max_length=10, blank=True)
    country = models.CharField(max_length=21, blank=True, default="USA")
    start_date = models.DateField()
    end_date = models.DateField()
    time_control = models.CharField(
        max_length=40,
        blank=True,
        help_text="As US Chess writes it, e.g. G/90;d5 or 40/120,SD/30;d5.",
    )
    affiliate_id = models.CharField(
        max_length=8, blank=True, help_text="US Chess affiliate ID: a letter and 7 digits."
    )
    chief_td_id = models.CharField(max_length=8, blank=True, help_text="Chief TD's US Chess ID.")
    assistant_td_id = models.CharField(
        max_length=8, blank=True, help_text="Assistant chief TD's US Chess ID (optional)."
    )
    send_crosstable = models.CharField(
        max_length=1, choices=SendCrosstable.choices, default=SendCrosstable.NOBODY
    )
    arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="events", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar = ["-start_date", "name"]
        constraints: ClassVar = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")), name="event_ends_after_start"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event_detail", args=[self.pk])

    def is_arbiter(self, user: object) -> bool:
        """The user may run this event (add sections, move players, export the report)."""
        pk = getattr(user, "pk", None)
        return pk is not None and self.arbiters.filter(pk=pk).exists()


class Tournament(models.Model):
    class PairingSystem(models.TextChoices):
        DUTCH = "dutch", "FIDE Dutch (C.04.3)"
        DUBOV = "dubov", "FIDE Dubov (C.04.4.1, 2018 edition)"
        TCEC = "tcec", "TCEC Swiss, single rounds"
        TCEC_DOUBLE = "tcec_double", "TCEC Swiss, double rounds"

    class DutchEdition(models.TextChoices):
        E2026 = "2026", "2026 edition (in force from 1 February 2026)"
        E2017 = "2017", "2017 edition (until 31 January 2026)"

    class RatingSystem(models.TextChoices):
        NONE = "", "Not USCF-rated"
        REGULAR = "regular", "USCF Regular"
        QUICK = "quick", "USCF Quick"
        DUAL = "dual", "USCF dual-rated (Regular and Quick)"

    class PairingRating(models.TextChoices):
        """The rating that orders the players for pairing (the entries' ``rating``)."""

        FIDE = "fide", "FIDE rating"
        USCF_REGULAR = "uscf_regular", "US Chess Regular rating"
        USCF_QUICK = "uscf_quick", "US Chess Quick rating"
        NATIONAL = "national", "National rating"
        NONE = "none", "No rating (everybody unrated)"

    class InitialColour(models.TextChoices):
        WHITE = "w", "White"
        BLACK = "b", "Black"

    class Seeding(models.TextChoices):
        RATING = "rating", "Initial ranking: rating, title, name (FIDE C.04.2)"
        RANDOM = "random", "TCEC random seeding"
        GROUPS = "groups", "TCEC group seeding (A1, B1, C1, …, A2, B2, …)"
        MANUAL = "manual", "As entered by the arbiter"

    class LateEntry(models.TextChoices):
        ZERO = "Z", "Zero points for the rounds missed"
        HALF = "H", "Half a point for each round missed"

    class Acceleration(models.TextChoices):
        NONE = "", "None"
        BAKU = "baku", "Baku acceleration (FIDE C.04.7)"
        EXPLICIT = "explicit", "Virtual points as imported from a TRF file"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=200)
    place = models.CharField(max_length=200, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    start_date = models.DateField()
    end_date = models.DateField()
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="tournaments", blank=True
    )
    pairing_system = models.CharField(
        max_length=20, choices=PairingSystem.choices, default=PairingSystem.DUTCH
    )
    dutch_edition = models.CharField(
        "Dutch rules",
        max_length=4,
        choices=DutchEdition.choices,
        default=DutchEdition.E2026,
        help_text="The edition of the FIDE Dutch system (C.04.3) that pairs the tournament.",
    )
    rounds = models.PositiveSmallIntegerField(default=5)
    rating_system = models.CharField(
        max_length=10, choices=RatingSystem.choices, blank=True, default=RatingSystem.NONE
    )
    win_points = models.PositiveSmallIntegerField(default=2, help_text="In half-points.")
    draw_points = models.PositiveSmallIntegerField(default=1, help_text="In half-points.")
    loss_points = models.PositiveSmallIntegerField(default=0, help_text="In half-points.")
    bye_points = models.PositiveSmallIntegerField(
        default=2, help_text="Pairing-allocated bye, in half-points."
    )
    half_bye_points = models.PositiveSmallIntegerField(
        default=1, help_text="Requested half-point bye, in half-points."
    )
    initial_colour = models.CharField(
        max_length=1, choices=InitialColour.choices, default=InitialColour.WHITE
    )
    tie_breaks = models.CharField(
        max_length=200,
        blank=True,
        default="BH-C1,BH,SB,DE,WIN",
        help_text="Comma-separated FIDE C.07 codes, in order.",
    )
    seeding = models.CharField(
        max_length=10,
        choices=Seeding.choices,
        default=Seeding.RATING,
        help_text="How pairing numbers are given before round 1.",
    )
    late_entry_bye = models.CharField(
        max_length=1,
        choices=LateEntry.choices,
        default=LateEntry.ZERO,
        help_text="What a player who enters after round 1 scores for the rounds missed.",
    )
    acceleration = models.CharField(
        max_length=10,
        choices=Acceleration.choices,
        blank=True,
        default=Acceleration.NONE,
        help_text="FIDE Dutch only. Baku: group A, the first half of the players rounded up "
        "to an even number, is paired with a win's points added in the first half of the "
        "accelerated rounds and half of that in the others; never counted in the standings.",
    )
    accelerated_rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Baku: empty = the rule's number, the first half of the rounds rounded up.",
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    pairing_rating = models.CharField(
        max_length=12,
        choices=PairingRating.choices,
        default=PairingRating.FIDE,
        help_text="The rating the players are paired on (copied to the entries before round 1).",
    )
    event = models.ForeignKey(
        Event,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sections",
        help_text="The event this tournament is a section of.",
    )
    section_name = models.CharField(
        max_length=30, blank=True, help_text="The section's name in its event: Open, U2000, …"
    )
    # The FIDE report: TRF records 102 (chief arbiter), 112 (deputies), 122 (time control),
    # 132 (round dates); TRF26 222 (encoded time control).
    chief_arbiter = models.CharField(
        max_length=100, blank=True, help_text="Title and name, e.g. IA Lastname, Firstname."
    )
    chief_arbiter_fide_id = models.CharField("chief arbiter's FIDE ID", max_length=11, blank=True)
    deputy_arbiters = models.TextField(
        blank=True, help_text="One per line: title and name, then the FIDE ID."
    )
    time_control = models.CharField(
        max_length=100,
        blank=True,
        help_text="As announced, e.g. 90 min for 40 moves + 30 min, 30 s per move.",
    )
    time_control_code = models.CharField(
        "encoded time control (TRF26)",
        max_length=40,
        blank=True,
        help_text="In seconds: 5400+30, or 40/5400+30:1800+30.",
    )
    round_schedule = models.TextField(
        blank=True,
        help_text="One line per round: its date and start time, e.g. 2026-07-01 10:00.",
    )
    archived = models.BooleanField(
        default=False, help_text="Left out of the list of tournaments; its pages stay."
    )
    revision = models.PositiveBigIntegerField(
        default=new_revision,
        editable=False,
        help_text="Changes (to a random value) whenever the tournament, its players, rounds, "
        "results or byes change; keys the cache of the public pages.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar = ["-start_date", "name"]
        constraints: ClassVar = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="tournament_has_rounds"),
            models.UniqueConstraint(
                fields=["event", "section_name"],
                condition=Q(event__isnull=False),
                name="tournament_unique_section_name",
            ),
            models.CheckConstraint(
                condition=Q(win_points__gte=models.F("draw_points"))
                & Q(draw_points__gte=models.F("loss_points")),
                name="tournament_points_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament_detail", args=[self.pk])

    @classmethod
    def touch(cls, **lookup: object) -> None:
        """Give the tournaments matching ``lookup`` a new revision (their public pages are
        computed again)."""
        cls.objects.filter(**lookup).update(revision=new_revision())

    def is_arbiter(self, user: object) -> bool:
        """The user may run this tournament."""
        pk = getattr(user, "pk", None)
        return pk is not None and self.arbiters.filter(pk=pk).exists()

    @property
    def double_rounds(self) -> bool:
        return self.pairing_system == self.PairingSystem.TCEC_DOUBLE

    @property
    def legs(self) -> int:
        """Round rows (TRF round columns) per round: 2 for TCEC double rounds."""
        return 2 if self.double_rounds else 1

    @property
    def is_tcec(self) -> bool:
        return self.pairing_system in (self.PairingSystem.TCEC, self.PairingSystem.TCEC_DOUBLE)

    @property
    def tie_break_codes(self) -> list[str]:
        return [c.strip() for c in self.tie_breaks.split(",") if c.strip()]

    def round_label(self, number: int) -> str:
        """A round row's name: "Round 3", or "Round 2, game 1" in double rounds."""
        if not self.double_rounds:
            return f"Round {number}"
        return f"Round {(number + 1) // 2}, game {2 - number % 2}"

    def pairing_rating_of(self, player: Player) -> int:
        """The player's rating in the tournament's pairing rating (0 = unrated). US Chess
        ratings come from the player's rating records (the ratings app), shown rounded."""
        kind = self.PairingRating
        if self.pairing_rating == kind.FIDE:
            return player.fide_rating
        if self.pairing_rating == kind.NATIONAL:
            return player.national_rating
        if self.pairing_rating == kind.NONE or player.pk is None:
            return 0
        system = "regular" if self.pairing_rating == kind.USCF_REGULAR else "quick"
        rating = player.rating_records.filter(system=system).values_list("rating", flat=True)
        value = rating.first()
        return 0 if value is None else min(int(value + Decimal("0.5")), 9999)

    def typed_rating_of(self, entry: Entry) -> int | None:
        """The rating the arbiter typed for this tournament's pairing rating (``None``: none
        typed, or typed for another pairing rating)."""
        if entry.typed_rating_kind != self.pairing_rating:
            return None
        return entry.typed_rating

    def rating_of_entry(self, entry: Entry) -> int:
        """The entry's pairing rating: a US Chess or national rating from the records, else the
        rating the arbiter typed for it; a FIDE rating as typed, else the identity's."""
        typed = self.typed_rating_of(entry)
        if self.pairing_rating == self.PairingRating.FIDE:
            return entry.player.fide_rating if typed is None else typed
        if self.pairing_rating == self.PairingRating.NONE:
            return 0
        return self.pairing_rating_of(entry.player) or typed or 0

    @property
    def scheduled_rounds(self) -> list[datetime]:
        """The start of each round as scheduled (an unreadable schedule counts as none: the
        settings form refuses one)."""
        try:
            return parse_schedule(self.round_schedule)
        except ValueError:
            return []

    @property
    def deputies(self) -> list[tuple[str, str]]:
        """(name, FIDE ID) of each deputy arbiter."""
        return [split_fide_id(line) for line in self.deputy_arbiters.splitlines() if line.strip()]

    @property
    def system_label(self) -> str:
        """The pairing system as the pages show it, with the Dutch edition."""
        if self.pairing_system == self.PairingSystem.DUTCH:
            return f"FIDE Dutch (C.04.3, {self.dutch_edition} edition)"
        return self.get_pairing_system_display()

    @property
    def engine_system(self) -> str:
        """The pairing engine's name for this tournament's system."""
        return "tcec" if self.pairing_system.startswith("tcec") else self.pairing_system


class Player(models.Model):
    """A person who plays, as the federations know them: the shared identity that rating
    records and history hang on, matched by FIDE ID or US Chess ID.

    Tournaments never show or change a player's data: each :class:`Entry` keeps the
    tournament's own copy of what its arbiter registered. Shared data changes only through the
    admin (superusers and rating officers)."""

    class Sex(models.TextChoices):
        MALE = "m", "Male"
        FEMALE = "w", "Female"

    name = models.CharField(max_length=100, help_text="Lastname, Firstname")
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    title = models.CharField(
        max_length=3, blank=True, help_text="GM, IM, WGM, FM, WIM, CM, WFM, WCM"
    )
    birth_date = models.DateField(null=True, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(max_length=11, blank=True)
    fide_rating = models.PositiveSmallIntegerField(default=0, help_text="0 = unrated")
    cfc_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Chess Federation of Canada"
    )
    uscf_id = models.CharField(max_length=10, blank=True)
    national_rating = models.PositiveSmallIntegerField(
        default=0, help_text="The player's national federation rating; 0 = unrated."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar = ["name"]
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["fide_id"], condition=~Q(fide_id=""), name="player_unique_fide_id"
            ),
            models.UniqueConstraint(
                fields=["uscf_id"], condition=~Q(uscf_id=""), name="player_unique_uscf_id"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player's registration in a tournament, with the tournament's own copy of the player's
    data: what its arbiter typed or imported. Every page, export and pairing of the tournament
    reads these fields, never the shared :class:`Player` (the identity the entry is linked to
    for ratings)."""

    PUBLIC_FIELDS = ("name", "title", "federation", "fide_id", "uscf_id")
    """Fields an entry created without a name (the admin, fixtures) copies from its player;
    sex and birth date are never copied from a shared player."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    name = models.CharField(
        max_length=100, blank=True, help_text="Lastname, Firstname (empty: the player's name)."
    )
    title = models.CharField(max_length=3, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, choices=Player.Sex.choices, blank=True)
    birth_date = models.DateField(null=True, blank=True)
    fide_id = models.CharField(max_length=11, blank=True)
    uscf_id = models.CharField(max_length=10, blank=True)
    pairing_number = models.PositiveSmallIntegerField(
        help_text="Starting rank (TPN); the TCEC seed in TCEC tournaments."
    )
    rating = models.PositiveSmallIntegerField(
        default=0, help_text="Rating used for pairing (0 = unrated)."
    )
    typed_rating = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The rating the arbiter typed for the tournament's pairing rating "
        "(typed_rating_kind): the entry's own data, used for pairing when the records have "
        "none; never written into the rating records, never used to rate.",
    )
    typed_rating_kind = models.CharField(
        max_length=12,
        choices=Tournament.PairingRating.choices,
        blank=True,
        help_text="Which rating typed_rating is (the pairing rating when it was typed).",
    )
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="First round the player takes part in (late entries)."
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Not paired from this round on."
    )
    fixed_board = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The arbiter's fixed board (a wheelchair place, a live board): the player's "
        "game is numbered onto this board in every round (TRF XXF); empty: none.",
    )

    class Meta:
        ordering: ClassVar = ["tournament", "pairing_number"]
        verbose_name_plural = "entries"
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="entry_unique_pairing_number"
            ),
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_unique_player"),
            models.CheckConstraint(
                condition=Q(pairing_number__gte=1), name="entry_pairing_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(joined_round__gte=1), name="entry_joined_round_positive"
            ),
            models.CheckConstraint(
                condition=Q(withdrawn_from_round__isnull=True)
                | Q(withdrawn_from_round__gt=models.F("joined_round")),
                name="entry_withdrawn_after_joining",
            ),
            models.CheckConstraint(
                condition=Q(fixed_board__isnull=True) | Q(fixed_board__gte=1),
                name="entry_fixed_board_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pairing_number}. {self.name}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.name and self.player_id is not None:
            for name in self.PUBLIC_FIELDS:
                setattr(self, name, getattr(self.player, name))
        super().save(*args, **kwargs)

    def plays_in(self, round_number: int) -> bool:
        """Registered and not withdrawn for that round."""
        return self.joined_round <= round_number and (
            self.withdrawn_from_round is None or round_number < self.withdrawn_from_round
        )


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
