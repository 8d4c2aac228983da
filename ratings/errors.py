"""The errors of the ratings app."""

from __future__ import annotations

from tournaments.errors import ArbiterError


class RatingError(ValueError):
    """Rating cannot be done as asked; the message says why and what to do."""


class EventError(ArbiterError):
    """A US Chess event, its sections, supplement, registrations or prize fund cannot be
    changed as asked; the message says why and what to do. An :class:`ArbiterError`, so that
    a catch of the tournament app's errors (whose services the ratings app calls) catches it
    too."""
