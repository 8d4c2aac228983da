"""FIDE rating list files written in FIDE's published layouts, for the tests (no download).

The TXT as FIDE publishes ``players_list_foa.txt``: a header line whose labels start each
column, fixed-width columns, values left-aligned under their label, CRLF line ends. The XML as
``players_list_xml_foa.xml``: ``<playerslist>`` of ``<player>`` elements with one child per
field. Widths below are those of a real list's header line.
"""

from __future__ import annotations

import io
import zipfile

HEADER = (
    ("ID Number", 15),
    ("Name", 61),
    ("Fed", 4),
    ("Sex", 4),
    ("Tit", 5),
    ("WTit", 5),
    ("OTit", 15),
    ("FOA", 4),
    ("SRtng", 6),
    ("SGm", 4),
    ("SK", 3),
    ("RRtng", 6),
    ("RGm", 4),
    ("Rk", 3),
    ("BRtng", 6),
    ("BGm", 4),
    ("BK", 3),
    ("B-day", 6),
    ("Flag", 4),
)
XML_TAGS = [
    "fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating",
    "games", "k", "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games",
    "blitz_k", "birthday", "flag",
]  # fmt: skip

# (ID, name, fed, sex, Tit, WTit, OTit, FOA, SRtng, SGm, SK, RRtng, RGm, Rk, BRtng, BGm, BK,
#  B-day, Flag)
# fmt: off
CARLSEN = ("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", "2837", "0", "10",
           "2824", "0", "10", "2890", "0", "10", "1990", "")
HOU = ("8602980", "Hou, Yifan", "CHN", "F", "GM", "WGM", "", "", "2633", "0", "10", "", "",
       "", "2591", "0", "10", "1994", "wi")
MULLER = ("4612345", "Müller, Jörg-Peter", "GER", "M", "", "", "FA,NI", "", "1853", "9", "20",
          "", "", "", "", "", "", "1961", "i")
CARLSSON = ("1500003", "Carlsson, Anna", "SWE", "F", "", "WFM", "", "", "", "", "", "1702",
            "7", "40", "1688", "0", "40", "2012", "w")
NEWCOMER = ("150301400", "Carlsen, Magne", "NOR", "M", "", "", "", "", "1510", "5", "40",
            "", "", "", "", "", "", "0000", "")
# fmt: on
PLAYERS = (CARLSEN, HOU, MULLER, CARLSSON, NEWCOMER)


def txt(players: tuple[tuple[str, ...], ...] = PLAYERS, header: str | None = None) -> bytes:
    lines = [
        header if header is not None else "".join(label.ljust(w) for label, w in HEADER).rstrip()
    ]
    for p in players:
        lines.append("".join(v.ljust(w) for v, (_, w) in zip(p, HEADER, strict=True)).rstrip())
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def xml(players: tuple[tuple[str, ...], ...] = PLAYERS) -> bytes:
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<playerslist>"]
    for p in players:
        cells = "".join(
            f"<{t}>{v}</{t}>" if v else f"<{t}/>" for t, v in zip(XML_TAGS, p, strict=True)
        )
        out.append(f"<player>{cells}</player>")
    out.append("</playerslist>")
    return "\n".join(out).encode("utf-8")


def zipped(name: str, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()
