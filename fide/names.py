"""Names folded for search: ``"Müller, Jörg-Peter"`` -> ``"muller jorg peter"``.

Case and accents do not matter, nor punctuation and spacing (the comma FIDE writes between
surname and first names, ``Surname, Firstname``, is a space): what the arbiter types is folded
the same way, then matched as a prefix of the key.
"""

from __future__ import annotations

import re
import unicodedata

_LETTERS = {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"}
_SEPARATORS = re.compile(r"[\W_]+")


def name_key(name: str) -> str:
    """The search key of a name (or of a typed prefix of one)."""
    if name.isascii():
        return _SEPARATORS.sub(" ", name.lower()).strip(" ")
    folded = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(_LETTERS.get(c, c) for c in folded if not unicodedata.combining(c))
    return _SEPARATORS.sub(" ", plain).strip(" ")


def prefix_end(prefix: str) -> str:
    """The smallest string greater than every string starting with ``prefix`` (non-empty), in
    code point order: ``prefix`` with its last character incremented."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)
