"""A tournament entry: what a shared player (:class:`players.models.Player`) is in one
tournament: pairing number, rating used, name as entered."""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models
from django.db.models import Q

from players.models import Player
from tournaments.models.tournament import Tournament


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
    keep_apart = models.CharField(
        "team / club / family",
        max_length=40,
        blank=True,
        help_text="US Chess 28N: players with the same name here (a team, club or family) are "
        "not paired together while the pairing rules allow (a soft rule); empty: none.",
    )
    assigned_rating = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="US Chess pairings: the rating the TD assigns an unrated player to rank him "
        "by (an unrated player without one ranks last); never used to rate the event.",
    )
    plays_up = models.BooleanField(
        default=False,
        help_text="Entered below the section's lower rating limit, by the player's choice.",
    )
    # The FIDE rating list's data for the rating change (B.02 8.3.3) and the norms.
    fide_rating = models.PositiveSmallIntegerField(
        "FIDE rating",
        default=0,
        help_text="The FIDE rating of the tournament's FIDE rating type (0 = unrated); the "
        "pairing rating is used instead when the tournament pairs on FIDE ratings.",
    )
    birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="From the FIDE list when no birth date is known."
    )
    fide_k = models.PositiveSmallIntegerField(
        "K factor",
        null=True,
        blank=True,
        help_text="K as published on the FIDE list; empty: from the facts below (B.02 8.3.3).",
    )
    fide_rated_games = models.PositiveIntegerField(
        null=True, blank=True, help_text="FIDE-rated games before; empty: 30 or more."
    )
    fide_reached_2400 = models.BooleanField(
        default=False, help_text="The published FIDE rating has reached 2400 (K 10)."
    )
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="First round the player takes part in (late entries)."
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Not paired from this round on."
    )
    outside_fide = models.BooleanField(
        "Outside FIDE",
        default=False,
        help_text="Belongs to no FIDE federation: games against this player do not count for "
        "title norms (FIDE B.01 1.4.2 a).",
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
