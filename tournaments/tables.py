"""The crosstable: one row per player in standings order, one column per published round, then
points and the tie-breaks.

Each row is written here as one piece of escaped HTML (``format_html``), not cell by cell in a
template: a 2,000-player, 9-round crosstable has 40,000 cells, which django-tables2's per-cell
rendering took seconds to write (the rating list, a paginated table, stays django-tables2)."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from tournaments.reports import Standing, View

EMPTY_TEXT = "No players yet."


@dataclass(frozen=True)
class Header:
    label: str
    numeric: bool


@dataclass(frozen=True)
class Crosstable:
    headers: list[Header]
    rows: list[SafeString]
    """Each a whole ``<tr>`` (escaped)."""
    empty_text: str = EMPTY_TEXT


def crosstable(view: View, standings: list[Standing] | None = None) -> Crosstable:
    """The crosstable of the published rounds; cells name the opponent by pairing number.
    ``standings``: the rows to show (a page of them; default: every player)."""
    state = view.full_state
    rounds = state.rounds_done
    headers = [Header("Rk", True), Header("No.", True), Header("Name", False)]
    headers += [Header("", False), Header("Fed", False), Header("Rtg", True)]
    headers += [Header(_round_header(view, n), True) for n in range(1, rounds + 1)]
    headers += [Header("Pts", True), *(Header(tb.code, True) for tb in view.tie_breaks)]
    rated = view.tournament.fide_rated
    if view.rp_column:  # B.01 1.4.8
        headers.append(Header("Rp", True))
    if rated:  # B.02 8.3
        headers.append(Header("Rtg ±", True))
    rows = []
    for s in view.standings if standings is None else standings:
        e = s.entry
        cells = [view.cell(cell) for cell in state.player(e.pairing_number).results]
        values = list(s.values)
        if view.rp_column and s.fide is not None:
            values.append(str(s.fide.rp or ""))
        if rated and s.fide is not None:
            values.append(s.fide.change_text)
        rows.append(
            format_html(
                '<tr><td class="num">{}</td><td class="num">{}</td>'
                '<td><a href="{}">{}</a></td><td>{}</td><td>{}</td><td class="num">{}</td>'
                '{}<td class="num">{}</td>{}</tr>',
                s.rank,
                e.pairing_number,
                reverse("entry_detail", args=[view.tournament.pk, e.pk]),
                e.name,
                e.title,
                e.federation,
                e.rating or "",
                _numeric_cells(cells),
                s.score,
                _numeric_cells(values),
            )
        )
    return Crosstable(headers, rows)


def _numeric_cells(values: list[str]) -> SafeString:
    return format_html_join("", '<td class="num">{}</td>', ((v,) for v in values))


def _round_header(view: View, number: int) -> str:
    if view.tournament.double_rounds:
        return f"{(number + 1) // 2}.{2 - number % 2}"
    return str(number)
