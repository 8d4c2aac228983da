"""The lines of a TRF document as its readers see them: columns by number, errors naming the
line and the column, and the small field parsers every record reader uses."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pairing.engine.core.errors import TrfError


@dataclass
class Line:
    """One line of the document: its 1-based number and its text."""

    number: int
    text: str

    def col(self, first: int, last: int) -> str:
        """Columns ``first``..``last`` (1-based, inclusive), padded with blanks."""
        return self.text[first - 1 : last].ljust(last - first + 1)

    def error(self, message: str, column: int = 0) -> TrfError:
        return TrfError(message, self.number, column)


def read_int(line: Line, first: int, last: int, what: str, blank: int | None = None) -> int:
    raw = line.col(first, last).strip()
    if not raw:
        if blank is None:
            raise line.error(f"{what} is missing (columns {first}-{last})", first)
        return blank
    if not raw.isdigit() or not raw.isascii():
        raise line.error(f"{what} must be a whole number, found {raw!r}", first)
    return int(raw)


def read_half_points(line: Line, raw: str, column: int, what: str) -> int:
    raw = raw.strip()
    if not re.fullmatch(r"-?\d{1,4}(\.\d{1,2})?", raw):
        raise line.error(f"{what} must be a number like 4.5, found {raw!r}", column)
    doubled = float(raw) * 2
    if doubled != int(doubled):
        raise line.error(f"{what} {raw} is not a multiple of 0.5", column)
    return int(doubled)
