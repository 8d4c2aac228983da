"""The shared player: a person as the federations know them."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.db.models import Q


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
        db_table = "tournaments_player"  # moved from the tournaments app: the table stays
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
