"""The lines of a TRF document as its readers see them: columns by number, errors naming the
line and the column, and the small field parsers every record reader uses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

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


DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%y/%m/%d")
"""The forms of a date the readers take (TRF's is ``YYYY/MM/DD``)."""
_YEAR_ONLY = re.compile(r"\d{4}(?:[/.-]00[/.-]00)?")
"""A birth date of which only the year is known (``1990/00/00``, ``1990``; ``0000/00/00``
is no date), as the FIDE list gives it."""


def read_birth_date(line: Line) -> str:
    """Columns 70-79 of a player record: blank, a year alone or a date that exists (in one of
    :data:`DATE_FORMATS`); anything else (``1972/13/45``) is an error, not a date dropped."""
    raw = line.col(70, 79).strip()
    if not raw or _YEAR_ONLY.fullmatch(raw):
        return raw
    for fmt in DATE_FORMATS:
        try:
            datetime.strptime(raw, fmt)
            return raw
        except ValueError:
            continue
    raise line.error(
        f"birth date must be a date YYYY/MM/DD (YYYY/00/00 when only the year is known), "
        f"found {raw!r}",
        70,
    )
