"""USCF rating records, rating history and corrections (issue 7).

History is never overwritten:

* :class:`RatingRecord` is a player's *current* state in one system (Regular or Quick): what
  the rater needs before the next event (rating, games N, lifetime wins/draws/events with
  three games for the personal floor, peak established rating, floors, all-wins/all-losses).
* :class:`RatingChange` is one player's result in one rated event and system. It keeps the
  record's state *before* the event, so that re-rating the event can restore it exactly.
* :class:`RatingCorrection` is a rating officer's correction (old → new, who, when, why).
* :class:`ReRating` logs a re-rating (who, when, why, and the numbers it replaced).

FIDE and CFC ratings and the birth date live on :class:`tournaments.models.Player`.
"""

from __future__ import annotations

from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

from pairing.engine import RatedPlayer, player_floor
from players.models import Player
from tournaments.models import Tournament

ESTABLISHED_AFTER = 25
"""A rating is established when based on more than this many games (section 1)."""


def shown(value: Decimal | float | None) -> int | None:
    """A stored rating as pages show it: rounded to the nearest integer, halves up."""
    if value is None:
        return None
    return int(Decimal(str(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _float(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


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
        db_table = "tournaments_event"  # moved from the tournaments app: the table stays
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


class ShownChange:
    """``pre`` and ``post`` ratings as the pages show them (rounded to nearest), and the
    change between them (``None`` for a first rating)."""

    pre: Decimal | None
    post: Decimal

    @property
    def shown_pre(self) -> int | None:
        return shown(self.pre)

    @property
    def shown_post(self) -> int:
        value = shown(self.post)
        assert value is not None
        return value

    @property
    def shown_change(self) -> int | None:
        pre = self.shown_pre
        return None if pre is None else self.shown_post - pre


class System(models.TextChoices):
    """The two separate US Chess rating systems."""

    REGULAR = "regular", "Regular"
    QUICK = "quick", "Quick"


class RatingRecordQuerySet(models.QuerySet["RatingRecord"]):
    def search(self, text: str) -> RatingRecordQuerySet:
        """Records of players whose name contains ``text`` or whose USCF ID is ``text``."""
        text = text.strip()
        if not text:
            return self
        return self.filter(Q(player__name__icontains=text) | Q(player__uscf_id=text))

    def in_system(self, system: str) -> RatingRecordQuerySet:
        return self.filter(system=system) if system else self


class RatingRecord(models.Model):
    """A player's current USCF rating in one system, with what the rater needs next time."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="rating_records")
    system = models.CharField(max_length=7, choices=System.choices)
    rating = models.DecimalField(max_digits=7, decimal_places=2)
    games = models.PositiveIntegerField(
        default=0,
        null=True,
        blank=True,
        help_text="N: the number of rated games the rating is based on; empty when not known "
        "(rating supplements give N for provisional ratings only): established.",
    )
    wins = models.PositiveIntegerField(default=0, help_text="Lifetime rated wins.")
    draws = models.PositiveIntegerField(default=0, help_text="Lifetime rated draws.")
    events_3plus = models.PositiveIntegerField(
        default=0, help_text="Events in which the player completed three or more rated games."
    )
    peak_established = models.DecimalField(
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="Highest established rating attained (for the established floor).",
    )
    floor = models.DecimalField(
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="An explicit floor set by the office, e.g. a cash-prize floor.",
    )
    life_master = models.BooleanField(default=False, help_text="Original Life Master: floor 2200.")
    all_wins = models.BooleanField(default=False, help_text="Every rated game so far was a win.")
    all_losses = models.BooleanField(default=False, help_text="Every rated game so far was a loss.")
    updated_at = models.DateTimeField(auto_now=True)

    objects = RatingRecordQuerySet.as_manager()

    class Meta:
        ordering: ClassVar = ["player__name", "system"]
        permissions: ClassVar = [("correct_rating", "Can correct a rating (with a reason)")]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["player", "system"], name="rating_record_unique"),
            models.CheckConstraint(
                condition=Q(system__in=["regular", "quick"]), name="rating_record_system_valid"
            ),
            models.CheckConstraint(
                condition=~(Q(all_wins=True) & Q(all_losses=True)),
                name="rating_record_not_all_wins_and_losses",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} – {self.get_system_display()} {self.shown_rating}"

    def get_absolute_url(self) -> str:
        return reverse("rating_history", args=[self.player_id])

    @property
    def shown_rating(self) -> int:
        value = shown(self.rating)
        assert value is not None
        return value

    @property
    def established(self) -> bool:
        """More than 25 games, or a number of games not known (a supplement's established
        rating)."""
        return self.games is None or self.games > ESTABLISHED_AFTER

    @property
    def current_floor(self) -> int:
        """The floor that applies now (USCF 2.4): absolute, established, Life Master, explicit."""
        return int(
            player_floor(
                RatedPlayer(
                    id=str(self.player_id),
                    rating=float(self.rating),
                    games=self.games,
                    wins=self.wins,
                    draws=self.draws,
                    events_3plus=self.events_3plus,
                    peak_established=_float(self.peak_established),
                    life_master=self.life_master,
                    floor=_float(self.floor),
                )
            )
        )


class RatedEvent(models.Model):
    """A tournament that has been rated (once; re-ratings replace its changes and are logged)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.PROTECT, related_name="rated_event"
    )
    rules = models.CharField(max_length=10, help_text="The rater's rule set: 2011 or current.")
    rated_at = models.DateTimeField(help_text="When the event was first rated.")
    rated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    games_digest = models.CharField(
        max_length=64, help_text="Fingerprint of the rated games last rated."
    )

    class Meta:
        ordering: ClassVar = ["-rated_at"]

    def __str__(self) -> str:
        return f"{self.tournament} ({self.rules} rules)"

    def get_absolute_url(self) -> str:
        return reverse("rating_report", args=[self.tournament_id])


class RatingChangeQuerySet(models.QuerySet["RatingChange"]):
    def chronological(self) -> RatingChangeQuerySet:
        return self.order_by("event__rated_at", "event_id", "system")


class RatingChange(ShownChange, models.Model):
    """One player's rating computation in one rated event and system.

    ``*_before`` fields are the player's record as it was before the event (``pre`` is
    ``None`` when the player had no record in this system), so re-rating can restore it.
    """

    event = models.ForeignKey(RatedEvent, on_delete=models.PROTECT, related_name="changes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="rating_changes")
    system = models.CharField(max_length=7, choices=System.choices)
    pre = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    post = models.DecimalField(max_digits=7, decimal_places=2)
    games_before = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: not known.")
    games_after = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: not known.")
    games_in_event = models.PositiveSmallIntegerField()
    wins_in_event = models.PositiveSmallIntegerField()
    draws_in_event = models.PositiveSmallIntegerField()
    score = models.DecimalField(max_digits=5, decimal_places=1)
    initial = models.FloatField(help_text="R0: the pre-event rating or Step 1's.")
    initial_games = models.PositiveIntegerField(null=True, blank=True)
    initial_source = models.CharField(max_length=10)
    formula = models.CharField(max_length=8)
    k = models.FloatField(null=True, blank=True)
    bonus = models.FloatField(default=0.0)
    step3 = models.FloatField(null=True, blank=True)
    step4 = models.FloatField(null=True, blank=True)
    floor = models.FloatField()
    # The record before the event, to undo it.
    wins_before = models.PositiveIntegerField()
    draws_before = models.PositiveIntegerField()
    events_3plus_before = models.PositiveIntegerField()
    peak_before = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    all_wins_before = models.BooleanField()
    all_losses_before = models.BooleanField()

    objects = RatingChangeQuerySet.as_manager()

    class Meta:
        ordering: ClassVar = ["event", "system", "-post"]
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["event", "player", "system"], name="rating_change_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.system}: {self.shown_pre or 'unrated'} → {self.shown_post}"

    @property
    def formula_label(self) -> str:
        """How the post-event rating was computed, for the rating pages: the formula, K and the
        bonus of the standard formula."""
        if self.formula != "standard" or self.k is None:
            return self.formula
        bonus = f", bonus {self.bonus:.2f}" if self.bonus else ""
        return f"standard, K {self.k:.2f}{bonus}"


class RatingCorrection(models.Model):
    """A rating officer's correction of a record's rating (``old`` is ``None`` for a record
    entered by hand)."""

    record = models.ForeignKey(RatingRecord, on_delete=models.PROTECT, related_name="corrections")
    old = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    new = models.DecimalField(max_digits=7, decimal_places=2)
    reason = models.TextField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering: ClassVar = ["-at"]
        constraints: ClassVar = [
            models.CheckConstraint(condition=~Q(reason=""), name="rating_correction_has_reason"),
        ]

    def __str__(self) -> str:
        old = "–" if self.old is None else shown(self.old)
        return f"{self.record.player}: {old} → {shown(self.new)}"


class ReRating(models.Model):
    """A re-rating of an event: who, when, why, and the changes it replaced (as JSON)."""

    event = models.ForeignKey(RatedEvent, on_delete=models.PROTECT, related_name="reratings")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField()
    reason = models.TextField()
    replaced = models.JSONField(
        help_text="The replaced changes: player, system, pre, post, games in event, score."
    )

    class Meta:
        ordering: ClassVar = ["-at"]
        verbose_name = "re-rating"
        constraints: ClassVar = [
            models.CheckConstraint(condition=~Q(reason=""), name="rerating_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.event.tournament} re-rated {self.at:%Y-%m-%d %H:%M}"


class MemberData(models.Model):
    """One member's row of a US Chess rating supplement (the file US Chess publishes for TDs)."""

    uscf_id = models.CharField(max_length=8)
    name = models.CharField(max_length=100, help_text="Lastname, Firstname")
    state = models.CharField(max_length=2, blank=True)
    expires = models.DateField(null=True, blank=True, help_text="Membership expiry.")
    regular_rating = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    regular_games = models.PositiveIntegerField(
        null=True, blank=True, help_text="Empty: established (the supplement gives no N)."
    )
    quick_rating = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    quick_games = models.PositiveIntegerField(null=True, blank=True)
    fide_id = models.CharField(max_length=11, blank=True)
    supplement = models.CharField(max_length=100, blank=True, help_text="The file it came from.")
    imported_at = models.DateTimeField()
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        help_text="Who imported the file (empty: imported before this was kept).",
    )

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.uscf_id} {self.name}"

    def rating_in(self, system: str) -> tuple[Decimal | None, int | None]:
        """(rating, games) in one system."""
        if system == System.REGULAR:
            return self.regular_rating, self.regular_games
        return self.quick_rating, self.quick_games

    def expired_before(self, day: date) -> bool:
        """The membership ended before ``day`` (no expiry given: not known, not expired)."""
        return self.expires is not None and self.expires < day


class UscfMember(MemberData):
    """One member of the official US Chess rating supplement, imported by a rating officer:
    shared by every event (registration by US Chess ID, the officer's review, the report's
    state). A later import replaces the rows it contains."""

    uscf_id = models.CharField(max_length=8, unique=True)

    class Meta:
        ordering: ClassVar = ["name"]
        verbose_name = "US Chess member"


class EventMember(MemberData):
    """One member of a supplement an arbiter uploaded for an event: that event's snapshot,
    used to register and pair its players (it comes first for the event's pairing ratings),
    never the shared records or the member table."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="supplement_members")

    class Meta:
        ordering: ClassVar = ["name"]
        verbose_name = "event's supplement member"
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["event", "uscf_id"], name="event_member_unique")
        ]


class RatingRequest(models.Model):
    """A finished tournament submitted for rating (or re-rating) by one of its arbiters. Nothing
    changes any rating until a rating officer applies it; the officer may reject it with a
    reason instead. The rated games are fingerprinted at submission: a request whose results
    changed since is refused (the arbiter submits again)."""

    class Kind(models.TextChoices):
        RATE = "rate", "Rating"
        RERATE = "rerate", "Re-rating"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for a rating officer"
        APPLIED = "applied", "Applied"
        REJECTED = "rejected", "Rejected"

    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="rating_requests"
    )
    kind = models.CharField(max_length=6, choices=Kind.choices, default=Kind.RATE)
    reason = models.TextField(blank=True, help_text="Why re-rate (required for a re-rating).")
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    submitted_at = models.DateTimeField()
    games_digest = models.CharField(
        max_length=64, help_text="Fingerprint of the rated games when submitted."
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision = models.TextField(blank=True, help_text="The rating officer's reason to reject.")

    class Meta:
        ordering: ClassVar = ["-submitted_at"]
        permissions: ClassVar = [
            ("apply_rating", "Can apply or reject an event submitted for rating")
        ]
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["tournament"],
                condition=Q(status="pending"),
                name="rating_request_one_pending",
            ),
            models.CheckConstraint(
                condition=~Q(kind="rerate", reason=""), name="rating_request_rerate_has_reason"
            ),
            models.CheckConstraint(
                condition=~Q(status="rejected", decision=""),
                name="rating_request_rejection_has_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.tournament}: {self.get_status_display()}"

    def get_absolute_url(self) -> str:
        return reverse("rating_request", args=[self.pk])

    @property
    def pending(self) -> bool:
        return self.status == self.Status.PENDING


class PrizeFund(models.Model):
    """A section's prize fund as the TD enters it, one prize a line (US Chess rule 32; the
    form is :func:`pairing.engine.parse_fund`'s)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="prize_fund"
    )
    text = models.TextField(blank=True, help_text="One prize a line, e.g. 1st U1600 $150.")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Prize fund of {self.tournament}"
