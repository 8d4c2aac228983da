"""Errors raised by the pairing engine. All are ``ValueError`` subclasses."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input or impossible requests."""


class TrfError(EngineError):
    """A Tournament Report File that cannot be read.

    ``line`` and ``column`` are 1-based positions in the file (0 when not applicable).
    """

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.message = message
        self.line = line
        self.column = column
        where = f"line {line}" + (f", column {column}" if column else "") if line else ""
        super().__init__(f"{where}: {message}" if where else message)


class NoValidPairing(EngineError):
    """No pairing of the round satisfies the absolute criteria: the arbiter must decide."""


class TeamError(ValueError):
    """Team records that cannot be read, or games that do not make team matches."""
