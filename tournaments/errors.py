"""The errors of the arbiter's tournament app: what an arbiter asked for cannot be done (yet)."""

from __future__ import annotations


class ArbiterError(ValueError):
    """An action the arbiter asked for cannot be done; the message says why and what to do."""


class ConfirmationNeeded(ArbiterError):
    """The action is allowed but needs the arbiter's confirmation; the message says why."""
