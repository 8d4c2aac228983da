"""The crosstable (django-tables2): one row per player in standings order, one column per
published round, then points and the tie-breaks."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from tournaments.reports import View

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class PlayerColumn(tables.Column):
    def render(self, value: Any, record: dict[str, Any]) -> str:
        return format_html('<a href="{}">{}</a>', record["url"], value)


class CrosstableTable(tables.Table):
    rank = tables.Column("Rk", attrs=NUM)
    number = tables.Column("No.", attrs=NUM)
    name = PlayerColumn("Name")
    title = tables.Column("", empty_values=())
    federation = tables.Column("Fed", empty_values=())
    rating = tables.Column("Rtg", attrs=NUM)
    score = tables.Column("Pts", attrs=NUM)

    class Meta:
        orderable = False
        attrs = {"class": "crosstable"}
        empty_text = "No players yet."


def crosstable(view: View) -> CrosstableTable:
    """The crosstable of the published rounds; cells name the opponent by place."""
    state = view.full_state
    standing = {s.entry.pk: s for s in view.standings}
    rows = []
    for s in view.standings:
        e = s.entry
        row: dict[str, Any] = {
            "rank": s.rank,
            "number": e.pairing_number,
            "name": e.name,
            "title": e.title,
            "federation": e.federation,
            "rating": e.rating or "",
            "score": standing[e.pk].score,
            "url": reverse("entry_detail", args=[view.tournament.pk, e.pk]),
        }
        for number, cell in enumerate(state.player(e.pairing_number).results, start=1):
            row[f"r{number}"] = view.cell(cell)
        for i, value in enumerate(s.values):
            row[f"tb{i}"] = value
        rows.append(row)
    extra: list[tuple[str, tables.Column]] = [
        (f"r{n}", tables.Column(_round_header(view, n), attrs=NUM, empty_values=()))
        for n in range(1, state.rounds_done + 1)
    ]
    extra += [
        (f"tb{i}", tables.Column(tb.code, attrs=NUM, empty_values=()))
        for i, tb in enumerate(view.tie_breaks)
    ]
    base = ["rank", "number", "name", "title", "federation", "rating"]
    rounds = [name for name, _ in extra if name.startswith("r")]
    breaks = [name for name, _ in extra if name.startswith("tb")]
    return CrosstableTable(rows, extra_columns=extra, sequence=[*base, *rounds, "score", *breaks])


def _round_header(view: View, number: int) -> str:
    if view.tournament.double_rounds:
        return f"{(number + 1) // 2}.{2 - number % 2}"
    return str(number)
