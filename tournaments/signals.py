"""Any saved or deleted row that shows on a tournament's pages, or that what they show is
computed from (forbidden pairs and virtual points: the next round a player's page foresees),
gives the tournament a new revision (players do not: the pages show each entry's own data),
so that the cached public pages are computed again — whoever made the change (the services,
the admin, a shell). Bulk operations send no signal: the services that use them lock the
tournament, which renews the revision too (``services.locked_tournament``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import Bye, Entry, ForbiddenPair, Game, Round, Tournament, VirtualPoints
from tournaments.models.tournament import forget_revision

_quiet = threading.local()


@contextmanager
def quiet() -> Iterator[None]:
    """No renewal per row inside the block, for code that creates a new tournament (a TRF
    import: its rows would renew its revision thousands of times, half of the import's time)
    and so gives it a fresh revision of its own."""
    _quiet.on = True
    try:
        yield
    finally:
        _quiet.on = False


def _touch(**lookup: object) -> None:
    if not getattr(_quiet, "on", False):
        Tournament.touch(**lookup)


@receiver([post_save, post_delete], sender=Entry)
@receiver([post_save, post_delete], sender=Round)
@receiver([post_save, post_delete], sender=ForbiddenPair)
def _entry_or_round_changed(
    sender: type, instance: Entry | Round | ForbiddenPair, **kwargs: Any
) -> None:
    """(A forbidden pair changes the next round a player's page foresees, ``whatif``.)"""
    _touch(pk=instance.tournament_id)


@receiver([post_save, post_delete], sender=Game)
def _game_changed(sender: type, instance: Game, **kwargs: Any) -> None:
    _touch(round_set__pk=instance.round_id)


@receiver([post_save, post_delete], sender=Bye)
@receiver([post_save, post_delete], sender=VirtualPoints)
def _bye_changed(sender: type, instance: Bye | VirtualPoints, **kwargs: Any) -> None:
    """(Virtual points change the pairing a player's page foresees, as byes do.)"""
    _touch(entries__pk=instance.entry_id)


@receiver(post_save, sender=Tournament)
def _tournament_saved(sender: type, instance: Tournament, created: bool, **kwargs: Any) -> None:
    update_fields = kwargs.get("update_fields")
    if not created and not (update_fields and "revision" in update_fields):
        _touch(pk=instance.pk)


@receiver(post_delete, sender=Tournament)
def _tournament_deleted(sender: type, instance: Tournament, **kwargs: Any) -> None:
    forget_revision(instance.pk, kwargs.get("using"))  # issue 27: no 304 for a deleted one
