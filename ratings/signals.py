"""What a tournament's public pages show of its rating (the USCF rating panel of the standings:
submitted and waiting, rejected, rated) gives the tournament a new revision when it changes, as
every row those pages show does (``tournaments/signals.py``): the anonymous readers' whole pages
are kept per revision, and a rating submitted or applied must show at once, not when the kept
page expires."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from ratings.models import RatedEvent, RatingRequest
from tournaments.models import Tournament


@receiver([post_save, post_delete], sender=RatingRequest)
@receiver([post_save, post_delete], sender=RatedEvent)
def _rating_shown_changed(
    sender: type, instance: RatingRequest | RatedEvent, **kwargs: Any
) -> None:
    Tournament.touch(pk=instance.tournament_id)
