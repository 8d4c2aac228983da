"""The errors of the ratings app."""

from __future__ import annotations


class RatingError(ValueError):
    """Rating cannot be done as asked; the message says why and what to do."""
