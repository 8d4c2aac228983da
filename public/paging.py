"""Pages of the public lists (issue 27: at 10,000 players the pairings and the standings took
2.3 s as one table): 100 rows a page over 100 rows, as the arbiter's lists
(``tournaments/views/paging.py``, whose ``page_of`` this uses). The page number is one of the
page's canonical parameters (``public/views.py``: ``_live_url``), so that the polls of page 3
keep getting page 3; it is bounded by the field (no unbounded cache keys). Page 1 has no
``page`` parameter: a small tournament keeps its one URL. ``templates/_pages.html`` (the
arbiter's lists' too) draws the links, each to a canonical URL (the fast path serves only
those); the go-to-page form is a plain GET whose fields come in the canonical order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlencode

from django.urls import reverse

from tournaments.reports import View
from tournaments.views.paging import PER_PAGE, Links, page_of

T = TypeVar("T")
DIGITS = 4
"""The longest page number read (9,999 pages: a million rows); longer ones give page 1."""


def asked(raw: str) -> int:
    """The page ``?page=`` asks for: a positive number in ASCII digits, else 1."""
    if raw.isascii() and raw.isdigit() and len(raw) <= DIGITS and int(raw) > 0:
        return int(raw)
    return 1


def last_page(rows: int) -> int:
    """The number of pages of ``rows`` rows (one at least)."""
    return max(1, -(-rows // PER_PAGE))


def with_page(params: dict[str, str], number: int) -> dict[str, str]:
    """``params`` and page ``number`` (none for page 1: its URL is the list's own)."""
    return params | {"page": str(number)} if number > 1 else params


def url(path: str, params: dict[str, str]) -> str:
    """The canonical URL of ``path`` with ``params``: sorted, as ``_live_url`` makes it."""
    query = urlencode(sorted(params.items()))
    return f"{path}?{query}" if query else path


def paged(items: Sequence[T], number: int, path: str, params: dict[str, str]) -> dict[str, Any]:
    """The context of page ``number`` of ``items`` (past the end: the last page): ``page``
    and ``pages`` (the :class:`Links` of ``_pages.html``; ``params`` are the list's other
    ones)."""
    page = page_of(items, number)
    link = Links(
        first=url(path, params),
        previous=url(path, with_page(params, page.number - 1)),
        next=url(path, with_page(params, page.number + 1)),
        last=url(path, with_page(params, page.paginator.num_pages)),
        path=path,
        before=sorted((k, v) for k, v in params.items() if k < "page"),
        after=sorted((k, v) for k, v in params.items() if k > "page"),
        htmx_form=False,
    )
    return {"page": page, "pages": link}


def page_holding(items: Iterable[T], found: Any) -> tuple[int, T] | None:
    """The page number of the first item for which ``found(item)`` is true, and the item."""
    for index, item in enumerate(items):
        if found(item):
            return index // PER_PAGE + 1, item
    return None


def names(text: str) -> Any:
    """The test of "find a player": digits are a pairing number, other text a part of the
    name (any case)."""
    if text.isascii() and text.isdigit():
        number = int(text)
        return lambda entry: entry.pairing_number == number
    wanted = text.casefold()

    def found(entry: Any) -> bool:
        return wanted in entry.name.casefold()

    return found


def _at(path: str, params: dict[str, str], hit: tuple[int, Any] | None, anchor: str) -> str | None:
    return f"{url(path, with_page(params, hit[0]))}#{anchor}" if hit else None


def locate_board(
    view: View, found: Any, number: int | None, alpha: bool, params: dict[str, str]
) -> str | None:
    """The page and row of the first player ``found`` names in round ``number`` (None: the
    current one) of the pairings: the board, the alphabetical line, or the list of those not
    playing (on every page)."""
    rnd = view.round(number)
    if rnd is None:
        return None
    path = reverse("tournament_detail", args=[view.tournament.pk])
    if alpha:
        line = page_holding(view.lines(rnd), lambda line: found(line.entry))
        return _at(path, params, line, f"player-{line[1].entry.pk}" if line else "")
    game = page_holding(view.games(rnd), lambda g: found(g.white) or found(g.black))
    if game is not None:
        return _at(path, params, game, f"board-{game[1].board}")
    bye = page_holding(view.byes(rnd), lambda line: found(line.entry))
    return _at(path, params, (1, None) if bye else None, "not-playing")


def locate_rank(view: View, found: Any, name: str) -> str | None:
    """The page and row of the first player ``found`` names in the standings' order (the
    standings, the crosstable)."""
    hit = page_holding(view.standings, lambda s: found(s.entry))
    path = reverse(name, args=[view.tournament.pk])
    row = f"player-{hit[1].entry.pk}" if hit and name == "tournament_standings" else ""
    return _at(path, {}, hit, row or "crosstable")  # (the crosstable's rows have no id)


def locate_entry(view: View, found: Any) -> str | None:
    """The page and row of the first player ``found`` names in the starting list."""
    hit = page_holding(view.snap.entries, found)
    path = reverse("tournament_players", args=[view.tournament.pk])
    return _at(path, {}, hit, f"player-{hit[1].pk}" if hit else "")
