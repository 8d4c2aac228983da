"""Tournaments, players, entries, rounds, games and byes (the app's models, one module per
part: :mod:`.tournament`, :mod:`.entries`, :mod:`.rounds`; Django finds them here). The shared
:class:`~players.models.Player` is the ``players`` app's.

Scores are integers in half-points (win = 2, draw = 1) everywhere; the point values of a
tournament are stored the same way. Standings are computed from games and byes on read,
never stored twice.
"""

from tournaments.models.entries import Entry
from tournaments.models.rounds import Bye, ForbiddenPair, Game, PairingReceipt, Round, VirtualPoints
from tournaments.models.tournament import (
    SCHEDULE_FORMATS,
    Tournament,
    new_revision,
    parse_schedule,
    split_fide_id,
)

__all__ = [
    "SCHEDULE_FORMATS",
    "Bye",
    "Entry",
    "ForbiddenPair",
    "Game",
    "PairingReceipt",
    "Round",
    "Tournament",
    "VirtualPoints",
    "new_revision",
    "parse_schedule",
    "split_fide_id",
]
