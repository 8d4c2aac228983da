"""A tournament: settings, point values, tie-breaks, acceleration, the rating report's data;
the schedule and arbiter helpers it uses. (A multi-section event is the ratings app's
:class:`ratings.models.Event`.)"""

from __future__ import annotations

import secrets
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, ClassVar

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse

if TYPE_CHECKING:  # annotations only: entries.py imports this module
    from players.models import Player
    from tournaments.models.entries import Entry

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


def revision_cache_seconds() -> int:
    """How long the shared cache keeps a tournament's revision (``TOURNAMENTS_REVISION_CACHE
    _SECONDS``; 0: never, the row is read); it is renewed as soon as a change commits."""
    return int(getattr(settings, "TOURNAMENTS_REVISION_CACHE_SECONDS", 0))


def _revision_key(pk: int) -> str:
    return f"tournament-revision:{pk}"


def _remember_revision(revision: int) -> None:
    """After the commit of a change that gave ``revision``: the tournaments that still have it
    keep it in the cache (the next poll reads it there); one renewed again meanwhile is left to
    its own later commit."""
    seconds = revision_cache_seconds()
    if seconds:
        pks = Tournament.objects.filter(revision=revision).values_list("pk", flat=True)
        cache.set_many({_revision_key(pk): revision for pk in pks}, seconds)


def forget_revision(pk: int, using: str | None = None) -> None:
    """A deleted tournament: its revision leaves the cache now and again once the deletion
    commits (a poll reading the row meanwhile may have put it back), so that its pages answer
    404 at the next poll instead of "not modified" until the cached revision expires."""
    if revision_cache_seconds():
        cache.delete(_revision_key(pk))
        transaction.on_commit(lambda: cache.delete(_revision_key(pk)), using=using)


class TournamentQuerySet(models.QuerySet["Tournament"]):
    def update(self, **kwargs: object) -> int:
        """Every new revision (``Tournament.touch``, ``lifecycle.locked_tournament``) reaches
        the cache once committed, never before (a poll would render the old rows under the
        new revision); a rolled-back one never."""
        rows = super().update(**kwargs)
        revision = kwargs.get("revision")
        if isinstance(revision, int):
            transaction.on_commit(lambda: _remember_revision(revision), using=self.db)
        return rows


class Tournament(models.Model):
    class PairingSystem(models.TextChoices):
        DUTCH = "dutch", "FIDE Dutch (C.04.3)"
        DUBOV = "dubov", "FIDE Dubov (C.04.4.1)"
        TCEC = "tcec", "TCEC Swiss, single rounds"
        TCEC_DOUBLE = "tcec_double", "TCEC Swiss, double rounds"
        USCF = "uscf", "US Chess Swiss (rules 27–29)"
        ROUND_ROBIN = "round_robin", "Round robin (Berger tables, FIDE C.05 Annex 1)"
        ROUND_ROBIN_DOUBLE = "round_robin_double", "Double round robin (Berger tables)"

    class DutchEdition(models.TextChoices):
        E2026 = "2026", "2026 edition (in force from 1 February 2026)"
        E2017 = "2017", "2017 edition (until 31 January 2026)"

    class DubovEdition(models.TextChoices):
        E2026 = "2026", "2026 edition (in force from 1 February 2026)"
        E2018 = "2018", "2018 edition (until 31 January 2026)"

    class USColourPriority(models.TextChoices):
        RANK = "rank", "The higher-ranked player (29E4)"
        MINUS_LOWER = "minus-lower", "The lower-ranked player in minus score groups (29E4a)"
        ALTERNATING = "alternating", "In turn the higher- and the lower-ranked (29E4b)"
        OLD_RANK = "old-rank", "The higher-ranked after two rounds' look-back (29E4d)"

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

    class FideRatingType(models.TextChoices):
        """Which FIDE rating list the players are registered and rated with."""

        STANDARD = "standard", "Standard"
        RAPID = "rapid", "Rapid"
        BLITZ = "blitz", "Blitz"

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

    class NormExemption(models.TextChoices):
        NONE = "", "None (the normal foreigner requirement, B.01 1.4.3-1.4.4)"
        NATIONAL_CHAMPIONSHIP = "a", "National championship final (1.4.3 a; host players)"
        NATIONAL_TEAM = "b", "National team championship (1.4.3 b; host players)"
        ZONAL = "c", "Zonal or sub-zonal tournament (1.4.3 c; every player)"

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
    dubov_edition = models.CharField(
        "Dubov rules",
        max_length=4,
        choices=DubovEdition.choices,
        default=DubovEdition.E2026,
        help_text="The edition of the FIDE Dubov system (C.04.4.1) that pairs the tournament.",
    )
    # US Chess Swiss (rules 27-29): the TD's choices, each with the rule book's default
    us_alternation_limit = models.PositiveSmallIntegerField(
        "80-point rule (29E5a)",
        default=80,
        help_text="Most rating points between players switched to give due colours.",
    )
    us_equalization_limit = models.PositiveSmallIntegerField(
        "200-point rule (29E5b)",
        default=200,
        help_text="Most rating points between players switched to equalize colours.",
    )
    us_accelerated_rounds = models.PositiveSmallIntegerField(
        "Accelerated rounds (28R1)",
        default=0,
        help_text="0: no acceleration. 28R1 adds a point to the upper half in 2 rounds.",
    )
    us_bye_for_colours = models.BooleanField(
        "Bye for better colours (28L2a)",
        default=False,
        help_text="Announced variation: the bye may go to a higher-rated player of the "
        "lowest score group when the others then get their colours.",
    )
    us_bye_to_unrated = models.BooleanField(
        "Bye to unrated players like anyone (28L2)",
        default=False,
        help_text="Off (the rule): a rated player takes the bye while one can.",
    )
    us_bye_up_four_rounds = models.BooleanField(
        "Four rounds: bye one group up (28L5)",
        default=False,
        help_text="In a four-round event the bye goes to a rated player one score group up "
        "rather than to an unrated player of the lowest group.",
    )
    us_harkness = models.BooleanField(
        "Harkness odd player",
        default=False,
        help_text="Variation: the middle player of an odd score group drops, not the "
        "lowest-rated (29D1a).",
    )
    us_colour_priority = models.CharField(
        "Equal colour claims (29E4)",
        max_length=12,
        choices=USColourPriority.choices,
        default=USColourPriority.RANK,
        help_text="Who gets his due colour when two players' colour histories are the same.",
    )
    us_colours_over_ratings = models.BooleanField(
        "Colours before ratings (29E5h)",
        default=False,
        help_text="Variation: the 80- and 200-point rules do not limit switches made for colours.",
    )
    us_teams_never = models.BooleanField(
        "Never pair players kept apart (28N2)",
        default=False,
        help_text="Variation: players of one team / club / family never meet, unless in the "
        "last round the leader would otherwise play outside his score group.",
    )
    us_teams_plus_two = models.BooleanField(
        "Pair players kept apart only on plus-two scores (28N1)",
        default=False,
        help_text="Variation: players of one team / club / family meet only when both have "
        "plus-two scores (e.g. 3.5 after five rounds), where the round can be paired so.",
    )
    us_no_third_colour = models.BooleanField(
        "No third colour in a row (29E5f1)",
        default=False,
        help_text="Variation: except in the last round, no player gets one colour three "
        "rounds running, even if players leave their score groups for it.",
    )
    us_last_round_lot = models.BooleanField(
        "Last round: equal colour claims by lot (29E4c)",
        default=False,
        help_text="Variation: in the last round, when two players' colour histories are the "
        "same, a lot drawn when the round is paired gives the colour, not rank.",
    )
    us_lot_seed = models.PositiveIntegerField(
        null=True,
        blank=True,
        editable=False,
        help_text="29E4c: the lot's seed, drawn once when the last round is paired.",
    )
    rounds = models.PositiveSmallIntegerField(default=5)
    rating_system = models.CharField(
        max_length=10, choices=RatingSystem.choices, blank=True, default=RatingSystem.NONE
    )
    fide_rated = models.BooleanField(
        "FIDE rated",
        default=False,
        help_text="Submitted for FIDE rating: the pages show each player's FIDE rating change, "
        "performance and title norms.",
    )
    norm_exemption = models.CharField(
        "Norm exemption",
        max_length=1,
        choices=NormExemption.choices,
        blank=True,
        default=NormExemption.NONE,
        help_text="The event's exemption from the foreigner requirement of title norms (FIDE "
        "B.01 1.4.3 a-c; 1.4.3 d, a big Swiss field, is found from the players).",
    )
    fide_rating_type = models.CharField(
        "FIDE rating type",
        max_length=8,
        choices=FideRatingType.choices,
        default=FideRatingType.STANDARD,
        help_text="The FIDE list rating taken at registration (standard, rapid or blitz).",
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
        "ratings.Event",  # a string: ratings.models imports this module
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sections",
        help_text="The event this tournament is a section of.",
    )
    section_name = models.CharField(
        max_length=30, blank=True, help_text="The section's name in its event: Open, U2000, …"
    )
    rating_min = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The section's lower rating limit (empty: none); a player below it enters "
        "only by playing up.",
    )
    rating_max = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The section's upper rating limit, e.g. 1199 for U1200 (empty: none).",
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

    objects = TournamentQuerySet.as_manager()

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

    @classmethod
    def cached_revision(cls, pk: int, query: bool = True) -> int | None:
        """The revision of tournament ``pk`` (None: no such tournament), from the shared cache
        while it holds it (no query), else from the row (and then kept in the cache); with
        ``query`` false, None when the cache does not hold it (``public/wsgi.py``)."""
        seconds = revision_cache_seconds()
        if seconds and (found := cache.get(_revision_key(pk))) is not None:
            return int(found)
        if not query:
            return None
        revision = cls.objects.filter(pk=pk).values_list("revision", flat=True).first()
        if revision is not None and seconds:
            cache.add(_revision_key(pk), revision, seconds)  # never over a newer commit's
        return revision

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
        from_event = self.event_supplement_rating(entry)
        if from_event is not None:
            return from_event
        return self.pairing_rating_of(entry.player) or typed or 0

    def rating_limit_problem(self, rating: int, plays_up: bool) -> str:
        """Why a player of pairing rating ``rating`` may not enter this section (issue 23,
        item 7): above the upper limit; below the lower limit unless playing up. Unrated
        players (0) enter any section. Empty: allowed."""
        if not rating:
            return ""
        name = self.section_name or self.name
        if self.rating_max is not None and rating > self.rating_max:
            return f"rated {rating}, above the upper limit {self.rating_max} of {name}"
        if self.rating_min is not None and rating < self.rating_min and not plays_up:
            return (
                f"rated {rating}, below the lower limit {self.rating_min} of {name}: tick "
                f"“plays up” to enter a stronger section"
            )
        return ""

    def event_supplement_rating(self, entry: Entry) -> int | None:
        """The entry's rating in the supplement its event's arbiters uploaded (the event's
        snapshot, issue 23), for a section paired on a US Chess rating; ``None``: no such
        row or no rating in it."""
        uscf = (self.PairingRating.USCF_REGULAR, self.PairingRating.USCF_QUICK)
        if self.event_id is None or not entry.uscf_id or self.pairing_rating not in uscf:
            return None
        column = "regular_rating" if self.pairing_rating == uscf[0] else "quick_rating"
        # The ratings app's model, by name: the tournaments app does not import ratings.
        members = apps.get_model("ratings", "EventMember")._default_manager
        rows = members.filter(event_id=self.event_id, uscf_id=entry.uscf_id)
        value = rows.values_list(column, flat=True).first()
        return None if value is None else min(int(value + Decimal("0.5")), 9999)

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
        """The pairing system as the pages show it, with the Dutch or Dubov edition."""
        if self.pairing_system == self.PairingSystem.DUTCH:
            return f"FIDE Dutch (C.04.3, {self.dutch_edition} edition)"
        if self.pairing_system == self.PairingSystem.DUBOV:
            return f"FIDE Dubov (C.04.4.1, {self.dubov_edition} edition)"
        return self.get_pairing_system_display()

    @property
    def engine_system(self) -> str:
        """The pairing engine's name for this tournament's system (Dutch: the alias; see
        ``pairing.services.engine_system`` for the edition)."""
        if self.pairing_system == self.PairingSystem.DUBOV:
            return f"dubov-{self.dubov_edition}"
        if self.pairing_system.startswith("round_robin"):
            return self.pairing_system.replace("_", "-")
        return "tcec" if self.pairing_system.startswith("tcec") else self.pairing_system

    @property
    def is_round_robin(self) -> bool:
        return self.pairing_system.startswith("round_robin")

    @property
    def is_uscf(self) -> bool:
        return self.pairing_system == self.PairingSystem.USCF
