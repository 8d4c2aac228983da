"""Read a printout's table rows as lists of cell texts (tags stripped, blanks collapsed)."""

from __future__ import annotations

import html as html_lib
import re


def rows(html: str, table_class: str = "") -> list[list[str]]:
    """The body rows of the first table whose class contains ``table_class``."""
    start = html.index(f'class="{table_class}' if table_class else "<table")
    body = html[start:]
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    out = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        out.append([" ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in cells])
    return out


def cash(html: str) -> dict[str, str]:
    """Winner's name -> amount, from the cash table."""
    out = {}
    for row in rows(html, "print-table prizes"):
        if len(row) >= 2:
            name, amount = (row[3], row[4]) if len(row) == 6 else (row[0], row[1])
            out[name.split(" (")[0]] = amount
    return out
