"""The FIDE rating list as last imported: one row per listed player, and one row per import.

The list is the truth: an import replaces every :class:`FideListPlayer` (a player missing from
the new list is simply no longer there); :class:`FideList` keeps which month each import was
and who made it, the newest row being the list in force.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone


class BinaryOrderCharField(models.CharField):
    """A text column compared byte by byte (code point order) on every database: SQLite's
    default ``BINARY`` collation, ``"C"`` on PostgreSQL. A prefix is then one index range
    (``key >= p AND key < p'``, ``p'`` = ``p`` with its last character incremented), whatever
    the database's own collation."""

    def db_parameters(self, connection: Any) -> dict[str, Any]:
        parameters = super().db_parameters(connection)
        if connection.vendor == "postgresql":
            parameters["collation"] = "C"
        return parameters


class FideList(models.Model):
    """One import of the list (the newest is in force)."""

    period = models.DateField(help_text="The month of the list (its first day).")
    source = models.CharField(max_length=255, blank=True, help_text="The imported file's name.")
    file_format = models.CharField(max_length=3, help_text="txt or xml (zipped or not).")
    imported_at = models.DateTimeField(default=timezone.now)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    players = models.PositiveIntegerField(default=0)
    inactive = models.PositiveIntegerField(default=0)
    standard_rated = models.PositiveIntegerField(default=0)
    rapid_rated = models.PositiveIntegerField(default=0)
    blitz_rated = models.PositiveIntegerField(default=0)
    seconds = models.FloatField(default=0.0, help_text="How long the import took.")

    class Meta:
        ordering = ["-imported_at", "-pk"]
        get_latest_by = ["imported_at", "pk"]

    def __str__(self) -> str:
        return f"FIDE list {self.period:%Y-%m} ({self.players} players)"


class FideListPlayer(models.Model):
    """A player of the list in force, as FIDE lists them (ratings ``None``: not rated)."""

    fide_id = models.PositiveIntegerField(unique=True)
    name = models.CharField(max_length=120)
    name_key = BinaryOrderCharField(
        max_length=120, help_text="The name folded for search (fide.names.name_key)."
    )
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=3, blank=True)
    w_title = models.CharField(max_length=3, blank=True)
    o_title = models.CharField(max_length=30, blank=True)
    foa_title = models.CharField(max_length=3, blank=True)
    standard_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    standard_games = models.PositiveSmallIntegerField(null=True, blank=True)
    standard_k = models.PositiveSmallIntegerField(null=True, blank=True)
    rapid_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    rapid_games = models.PositiveSmallIntegerField(null=True, blank=True)
    rapid_k = models.PositiveSmallIntegerField(null=True, blank=True)
    blitz_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    blitz_games = models.PositiveSmallIntegerField(null=True, blank=True)
    blitz_k = models.PositiveSmallIntegerField(null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    flag = models.CharField(max_length=2, blank=True, help_text="i, w, wi (FIDE's Flag).")

    class Meta:
        indexes = [models.Index(fields=["name_key", "fide_id"], name="fide_player_name_key")]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"

    @property
    def inactive(self) -> bool:
        """FIDE's flag ``i`` (or ``wi``): inactive."""
        return "i" in self.flag
