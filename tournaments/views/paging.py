"""Pages of the arbiter's long lists (issue 27: a 10,000-player tournament's player list, round
and draft took 2-11 s as one table). Each list is shown ``PER_PAGE`` rows at a time: plain
links with ``?page=N`` work without JavaScript; htmx fetches only the list's region (the
template's inline partial whose name is the region's id) and keeps the address in the
history. ``templates/_pages.html`` draws the links of every long list, the arbiter's and the
public ones (``public/paging.py``), from a :class:`Links`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import urlencode

from django.core.paginator import Page, Paginator
from django.http import HttpRequest, QueryDict

PER_PAGE = 100
"""Rows a page: a board or a player a row."""
LAST = "last"
"""``?page=last``: the last page (where a player just added is)."""

T = TypeVar("T")


def page_of(items: Sequence[T], raw: Any, per_page: int = PER_PAGE) -> Page:
    """The page ``raw`` (``"3"``, ``"last"``) of ``items``; a page number that is not one, or
    is past the end, gives the first or the last page (Django's ``get_page``)."""
    paginator = Paginator(items, per_page, allow_empty_first_page=True)
    return paginator.get_page(paginator.num_pages if raw == LAST else raw)


def asked_page(request: HttpRequest, param: str = "page") -> str:
    """The page a request asks for: ``?page=`` or, after a change posted from a page, its
    ``page`` field (or another ``param``, a list's own pages)."""
    return request.GET.get(param) or request.POST.get(param) or "1"


def page_holding(index: int, per_page: int = PER_PAGE) -> int:
    """The page number of the item at ``index`` (0-based)."""
    return index // per_page + 1


@dataclass(frozen=True)
class Kept:
    """The other query parameters a list's page links carry (a what-if preview's choices):
    ``query`` to put before the page parameter in a link, ``fields`` as hidden inputs of the
    go-to-page form."""

    query: str
    fields: list[tuple[str, str]]


def kept(params: QueryDict, param: str) -> Kept:
    """The parameters of ``params`` but ``param`` (a page), for the links to other pages."""
    fields = [(k, v) for k, values in params.lists() if k != param for v in values]
    return Kept("".join(f"{urlencode({k: v})}&" for k, v in fields), fields)


@dataclass(frozen=True)
class Links:
    """What ``templates/_pages.html`` draws for a page: the URLs of the first, previous, next
    and last pages, and the go-to-page form (its action ``path``, the page's query parameter
    ``param`` between the hidden fields ``before`` and ``after``; ``htmx_form``: the form
    swaps the list's region too)."""

    first: str
    previous: str
    next: str
    last: str
    path: str
    param: str = "page"
    before: list[tuple[str, str]] = field(default_factory=list)
    after: list[tuple[str, str]] = field(default_factory=list)
    htmx_form: bool = True


def links(page: Page, url: str, param: str = "page", others: Kept | None = None) -> Links:
    """The arbiter's links to the pages of a list at ``url``: ``?<others>&<param>=N``, the
    other parameters (``others``: a what-if's choices, another list's page) first."""
    query = others.query if others else ""
    last = page.paginator.num_pages

    def at(number: int) -> str:
        return f"{url}?{query}{param}={number}"

    return Links(
        first=at(1),
        previous=at(max(page.number - 1, 1)),
        next=at(min(page.number + 1, last)),
        last=at(last),
        path=url,
        param=param,
        before=others.fields if others else [],
    )
