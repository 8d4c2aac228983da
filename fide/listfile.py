"""Read FIDE's rating list files, streaming: the fixed-width TXT (``players_list_foa.txt``),
the XML (``players_list_xml_foa.xml``) or either zipped as FIDE publishes them.

Pure functions (no Django): :func:`read_list` detects the format by content and yields one
:class:`ListedPlayer` at a time; a malformed player raises :class:`FideListError` naming the
line (TXT) or the ``<player>`` element (XML).

* TXT: the header line ``ID Number Name Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk
  BRtng BGm BK B-day Flag`` says where the columns are: each field runs from where its label
  starts to where the next label starts (the last to the end of the line).
* XML: ``<playerslist><player><fideid>… <name> <country> <sex> <title> <w_title> <o_title>
  <foa_title> <rating> <games> <k> <rapid_rating> <rapid_games> <rapid_k> <blitz_rating>
  <blitz_games> <blitz_k> <birthday> <flag></player>…``, read with ``iterparse`` and each
  element cleared once read.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO
from xml.etree.ElementTree import Element, ParseError, iterparse

TXT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("ID Number", "fide_id"),
    ("Name", "name"),
    ("Fed", "federation"),
    ("Sex", "sex"),
    ("Tit", "title"),
    ("WTit", "w_title"),
    ("OTit", "o_title"),
    ("FOA", "foa_title"),
    ("SRtng", "standard_rating"),
    ("SGm", "standard_games"),
    ("SK", "standard_k"),
    ("RRtng", "rapid_rating"),
    ("RGm", "rapid_games"),
    ("Rk", "rapid_k"),
    ("BRtng", "blitz_rating"),
    ("BGm", "blitz_games"),
    ("BK", "blitz_k"),
    ("B-day", "birth_year"),
    ("Flag", "flag"),
)
"""(label of the TXT header, field), in the order of FIDE's header line."""

XML_ELEMENTS: dict[str, str] = {
    "fideid": "fide_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "w_title",
    "o_title": "o_title",
    "foa_title": "foa_title",
    "rating": "standard_rating",
    "games": "standard_games",
    "k": "standard_k",
    "rapid_rating": "rapid_rating",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz_rating",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
    "birthday": "birth_year",
    "flag": "flag",
}
"""Child element of ``<player>`` -> field."""

NUMBERS = (
    "standard_rating",
    "standard_games",
    "standard_k",
    "rapid_rating",
    "rapid_games",
    "rapid_k",
    "blitz_rating",
    "blitz_games",
    "blitz_k",
)
"""Fields holding a number (empty or 0 for a rating: not rated)."""
LABELS = {field: label for label, field in TXT_COLUMNS}
FLAGS = frozenset({"", "i", "w", "wi"})
_LABEL = re.compile(r"\S+(?: Number)?")
_ID = re.compile(r"\d{1,10}")


class FideListError(ValueError):
    """The file is not a FIDE rating list, or one of its players is malformed."""


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One player as the list gives them."""

    fide_id: int
    """FIDE ID."""
    name: str
    """``Surname, Firstname``."""
    federation: str
    """Three-letter FIDE federation code."""
    sex: str
    """``M`` or ``F`` (empty when not given)."""
    title: str
    """GM, IM, FM, CM, WGM, WIM, WFM, WCM (empty: none)."""
    w_title: str
    """A woman's title held besides ``title``."""
    o_title: str
    """Other titles (arbiter, trainer …), comma-separated."""
    foa_title: str
    """FIDE Online Arena title."""
    standard_rating: int | None
    """Standard rating (``None``: not rated)."""
    standard_games: int | None
    """Standard games rated in the period."""
    standard_k: int | None
    """Standard K factor."""
    rapid_rating: int | None
    """Rapid rating."""
    rapid_games: int | None
    """Rapid games rated in the period."""
    rapid_k: int | None
    """Rapid K factor."""
    blitz_rating: int | None
    """Blitz rating."""
    blitz_games: int | None
    """Blitz games rated in the period."""
    blitz_k: int | None
    """Blitz K factor."""
    birth_year: int | None
    """Year of birth (``None``: not given, ``0000`` in the list)."""
    flag: str
    """``i`` inactive, ``w`` woman, ``wi`` both (empty: none)."""

    @property
    def inactive(self) -> bool:
        return "i" in self.flag


def _number(field: str, text: str) -> int | None:
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise FideListError(f"{LABELS[field]} must be a number, not {text!r}")
    value = int(text)
    if value == 0 and field.endswith("_rating"):
        return None
    return value


def player_from_fields(fields: dict[str, str]) -> ListedPlayer:
    """A player from its fields as text (stripped); raises :class:`FideListError` saying
    which field is wrong (the caller adds where)."""
    fide_id = fields.get("fide_id", "")
    if not _ID.fullmatch(fide_id) or int(fide_id) == 0:
        raise FideListError(f"the FIDE ID must be a number, not {fide_id!r}")
    name = fields.get("name", "")
    if not name:
        raise FideListError("the name is missing")
    if len(name) > 120:
        raise FideListError(f"the name is longer than 120 characters: {name[:40]!r}…")
    federation = fields.get("federation", "")
    if len(federation) > 3:
        raise FideListError(f"the federation must be a FIDE code, not {federation!r}")
    sex = fields.get("sex", "")
    if sex not in ("", "M", "F"):
        raise FideListError(f"Sex must be M or F, not {sex!r}")
    birth = fields.get("birth_year", "")
    if birth and not (birth.isascii() and birth.isdigit() and len(birth) == 4):
        raise FideListError(f"B-day must be a year, not {birth!r}")
    flag = fields.get("flag", "").lower()
    if flag not in FLAGS:
        raise FideListError(f"Flag must be i, w or wi, not {flag!r}")
    titles = [fields.get(f, "") for f in ("title", "w_title", "foa_title")]
    for label, value in zip(("Tit", "WTit", "FOA"), titles, strict=True):
        if len(value) > 3:
            raise FideListError(f"{label} must be a title like GM, not {value!r}")
    number = {f: _number(f, fields.get(f, "")) for f in NUMBERS}
    return ListedPlayer(
        fide_id=int(fide_id),
        name=name,
        federation=federation,
        sex=sex,
        title=titles[0],
        w_title=titles[1],
        o_title=fields.get("o_title", "")[:30],
        foa_title=titles[2],
        standard_rating=number["standard_rating"],
        standard_games=number["standard_games"],
        standard_k=number["standard_k"],
        rapid_rating=number["rapid_rating"],
        rapid_games=number["rapid_games"],
        rapid_k=number["rapid_k"],
        blitz_rating=number["blitz_rating"],
        blitz_games=number["blitz_games"],
        blitz_k=number["blitz_k"],
        birth_year=(int(birth) or None) if birth else None,
        flag=flag,
    )


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:  # older lists are Latin-1
        return raw.decode("latin-1")


def txt_columns(header: str) -> list[tuple[str, int, int | None]]:
    """(field, start, end) of each column of a TXT header line (``end`` ``None``: to the end
    of the line); raises :class:`FideListError` when a label is missing."""
    found = {m.group(): m.start() for m in _LABEL.finditer(header)}
    missing = [label for label, _ in TXT_COLUMNS if label not in found]
    if missing:
        raise FideListError(
            f"line 1: not a FIDE list header (missing {', '.join(missing)}): {header[:60]!r}"
        )
    starts = sorted((found[label], field) for label, field in TXT_COLUMNS)
    ends: list[int | None] = [s for s, _ in starts[1:]]
    ends.append(None)
    return [(field, start, end) for (start, field), end in zip(starts, ends, strict=True)]


def read_txt(stream: IO[bytes]) -> Iterator[ListedPlayer]:
    """The players of a fixed-width TXT list (header line first; blank lines skipped)."""
    columns = txt_columns(_decode(stream.readline()).rstrip("\r\n"))
    for number, raw in enumerate(stream, start=2):
        line = _decode(raw).rstrip("\r\n")
        if not line.strip():
            continue
        fields = {field: line[start:end].strip() for field, start, end in columns}
        try:
            yield player_from_fields(fields)
        except FideListError as e:
            raise FideListError(f"line {number}: {e}") from None


def read_xml(stream: IO[bytes]) -> Iterator[ListedPlayer]:
    """The players of the XML list, element by element (each cleared once read)."""
    count = 0
    root: Element | None = None
    try:
        for event, element in iterparse(stream, events=("start", "end")):
            if root is None:
                root = element
                if element.tag != "playerslist":
                    raise FideListError(f"not a FIDE list: the root element is <{element.tag}>")
                continue
            if event != "end" or element.tag != "player":
                continue
            count += 1
            fields = {
                XML_ELEMENTS[child.tag]: (child.text or "").strip()
                for child in element
                if child.tag in XML_ELEMENTS
            }
            try:
                player = player_from_fields(fields)
            except FideListError as e:
                fide_id = fields.get("fide_id") or "?"
                raise FideListError(f"<player> number {count} (fideid {fide_id}): {e}") from None
            element.clear()
            root.clear()  # drop the read players from the tree
            yield player
    except ParseError as e:
        raise FideListError(f"the XML is malformed after player {count}: {e}") from None


def detect(head: bytes) -> str:
    """``zip``, ``xml`` or ``txt`` from a file's first bytes."""
    if head.startswith(b"PK\x03\x04"):
        return "zip"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return "xml"
    return "txt"


def open_list(stream: IO[bytes]) -> tuple[str, Iterator[ListedPlayer]]:
    """(format, players) of a list file given as a seekable binary stream: TXT or XML, or a
    zip holding one of them (the first ``.txt`` or ``.xml`` member). ``stream.tell()`` says
    how far the file is read."""
    head = stream.read(8)
    stream.seek(0)
    kind = detect(head)
    if kind == "zip":
        try:
            archive = zipfile.ZipFile(stream)
        except zipfile.BadZipFile as e:
            raise FideListError(f"the zip file cannot be read: {e}") from None
        members = [m for m in archive.namelist() if m.lower().endswith((".txt", ".xml"))]
        if not members:
            raise FideListError("the zip file holds no .txt or .xml list")
        with archive.open(members[0]) as first:
            kind = detect(first.read(8))
        member = archive.open(members[0])
        if kind == "zip":
            raise FideListError(f"{members[0]} in the zip file is itself a zip")
        return kind, read_xml(member) if kind == "xml" else read_txt(member)
    return kind, read_xml(stream) if kind == "xml" else read_txt(stream)
