"""Public pages: read-only, no login, never a draft round, never a birth date.

Live updates by polling with conditional GETs (chosen by measurement over server-sent events,
see docs/web.md "Live pages"): the swappable section of each page (``<section
id="standings">``, partial ``tournament_standings.html#standings``) asks for itself again every
``TOURNAMENTS_POLL_SECONDS`` (2 s) while the tournament is not over, on finished rounds too, so
that a new result or a newly published round shows within one interval (once it is over, ten
times less often: a correction still shows). Its answer carries the
tournament's revision as ETag: a poll that finds nothing new answers 304 without a query, the
revision being in the cache (``Tournament.cached_revision``, renewed when a change commits).
Polls, and the whole pages of anonymous readers (no session cookie: no session, user or CSRF
token is made for them), are mostly answered by ``public/middleware.py`` straight from the
cache, before the session middleware; these views compute and store what it serves.

The section is cached on what changes it: the tournament, its revision (``Tournament.revision``
changes with every change), the section and the page's own parameters (round, order, player),
never the raw URL, so that no query string reaches an uncached path. It is computed once per
revision: with ``REDIS_URL`` every worker and machine shares the cache, and while one request
computes a section the others wait for it instead of computing it too. A page that does not
exist (``?round=99``, an unknown player) is cached as such."""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.views.decorators.http import require_safe

from config.health import cache_problem, database_problem
from pairing.services import Snapshot, snapshot
from public import live, paging, unchanged
from ratings import events
from tournaments import whatif
from tournaments.models import Entry, Tournament
from tournaments.reports import Standing, View, sparkline
from tournaments.tables import crosstable
from tournaments.views.access import HtmxHttpRequest

logger = logging.getLogger("swissmanager")
CACHE_SECONDS = 3600
COMPUTE_SECONDS = 30
SNAPSHOT_SECONDS = 120
"""How long a revision's snapshot stays in the shared cache: the workers take it within a
poll or two of the change (a few hundred kilobytes for 500 players)."""
"""How long requests wait for another one computing the same section before computing it
themselves (the other one died)."""
Build = Callable[[View], tuple[dict[str, Any], str]]
"""Computes a section's context and the page title from the tournament's view."""
Section = tuple[str, str, str, int, bytes]
"""The section's HTML, the live round's label or "", the page title, the revision it shows,
and the HTML gzipped (once per revision, for the polls that take it)."""
NOT_FOUND = "not found"


class _Views:
    """The last :class:`View` of each recently shown tournament, in this process: the sections
    of one revision (every player's page, every round) share one snapshot, built by one thread
    while the others asking for it wait (issue 27: a new revision asked for by every thread at
    once is one snapshot, not one per thread; with a shared cache, one for every worker:
    :func:`shared_view`)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.building = threading.Lock()
        self.views: OrderedDict[int, tuple[int, View]] = OrderedDict()

    def known(self, pk: int, revision: int) -> View | None:
        """The view of tournament ``pk`` at ``revision`` if this process has it."""
        with self.lock:
            known = self.views.get(pk)
        return known[1] if known is not None and known[0] == revision else None

    def get(self, tournament: Tournament) -> View:
        found = self.known(tournament.pk, tournament.revision)
        if found is not None:
            return found
        with self.building:
            found = self.known(tournament.pk, tournament.revision)  # built while we waited
            if found is not None:
                return found
            view = shared_view(tournament)
            with self.lock:
                self.views[tournament.pk] = (tournament.revision, view)
                self.views.move_to_end(tournament.pk)
                while len(self.views) > self.size:
                    self.views.popitem(last=False)
        return view


views = _Views()


def shared_view(tournament: Tournament) -> View:
    """The view of ``tournament`` at its revision: its snapshot and standings built by one
    worker and kept briefly in the shared cache for the others (issue 27: one snapshot per
    revision for every worker and machine, not one each); built here when the cache is this
    process's own."""
    if isinstance(caches["default"], LocMemCache):
        return View(snapshot(tournament))

    built: list[View] = []

    def build() -> tuple[Snapshot, list[Standing]]:
        built.append(View(snapshot(tournament)))
        return built[0].snap, built[0].standings

    key = f"public-snapshot:{tournament.pk}:{tournament.revision}"
    snap, standings = computed_once(key, build, seconds=SNAPSHOT_SECONDS)
    if built:  # built here: the view with the rows as read
        return built[0]
    view = View(snap)
    view.__dict__["standings"] = standings  # the cached_property, computed by the builder
    return view


def computed_once(
    key: str,
    compute: Callable[[], Any],
    latest: str = "",
    seconds: int = CACHE_SECONDS,
    lock: str = "",
    more: dict[str, Any] | None = None,
    alone: Callable[[], Any] | None = None,
) -> Any:
    """The cached value of ``key``; on a miss one request computes it (``cache.add`` of the
    ``lock``, by default ``key:computing``, is atomic in every worker sharing the cache). The
    value last computed under ``latest`` (a page's previous revision, :func:`live.latest_key`)
    answers instead while another request computes the new one, and within
    ``TOURNAMENTS_RENDER_SECONDS`` of its own computation (the freshness bound:
    :func:`live.last_computed`); without one, requests wait for the new value. ``compute``
    may put other values to store with it into ``more`` (the other players' pages, under a
    ``lock`` they share); ``alone`` computes the value without them, under its own lock, when
    another request holds the shared one and there is no earlier value to answer with (a
    page's first computation does not wait for the others)."""
    own = f"{key}:computing"
    lock = lock or own
    found = cache.get_many([key, latest, lock] if latest else [key])
    if key in found:
        return found[key]
    last = live.last_computed(found.get(latest), lock in found) if latest else None
    if isinstance(last, tuple):  # a section: a missing page waits, it may exist now
        return last
    if alone is not None and lock != own and lock in found:
        lock, compute = own, alone  # (its own pointer only, in ``more``)
    deadline = time.monotonic() + COMPUTE_SECONDS
    while not cache.add(lock, 1, COMPUTE_SECONDS):
        if latest and isinstance(last := live.last_computed(found.get(latest), True), tuple):
            return last
        time.sleep(0.02)
        value = cache.get(key)
        if value is not None:
            return value
        if time.monotonic() > deadline:  # the computing request is stuck or gone
            break
    try:
        value = cache.get(key)  # computed by the request that held the lock just before
        if value is not None:
            return value
        extra: dict[str, Any] = {} if more is None else more
        started = time.time()  # the bound counts from here: a slow computation delays no more
        value = compute()
        stored = {key: value}
        if latest:
            stored[latest] = (key, started)
        stored |= extra  # (``compute`` may give its pointer: with what the section shows)
        cache.set_many(stored, seconds)
        return value
    finally:
        cache.delete(lock)


def _live_url(request: HtmxHttpRequest, params: dict[str, str]) -> str:
    """The page's canonical URL: what polls and what keys the cache ("/t/007/?x=1" and
    "/t/7/" are one page)."""
    match = request.resolver_match
    assert match is not None
    path = reverse(match.view_name, kwargs=match.kwargs)
    query = urlencode(sorted(params.items()))
    return f"{path}?{query}" if query else path


Others = Callable[[View], dict[str, Build]]
"""The other pages computed in the same pass as one (every player's page served lately, when
one of them is computed): canonical URL -> build."""


def _section(
    request: HtmxHttpRequest,
    pk: int,
    revision: int,
    tournament: Tournament | None,
    page: tuple[str, str, Build],
    live_url: str,
    others: Others | None = None,
) -> Section | str:
    """The section (cached once per revision) of ``page`` (template, section, build), or
    :data:`NOT_FOUND`; ``tournament`` is loaded only to compute it, when not given. With
    ``others``, the pages it names are computed in the same pass, under one lock (the players'
    pages of a revision: ``live.lock_key``), except those already computed at ``revision``.
    A section that shows what the one computed last shows is that one (``public/unchanged.py``:
    the players' pages by a digest of their inputs, without rendering them)."""
    template, section, build = page
    more: dict[str, Any] = {}

    def render(view: View, url: str, build: Build, last: Any) -> tuple[Section | str, str]:
        """The section of ``url`` and the digest of what it shows ("" but for a player's
        page); ``last``: the pointer to the section computed last (``live.pointer_parts``)."""
        t = view.tournament
        try:
            context, title = build(view)
        except Http404:
            return NOT_FOUND, ""
        finished = view.finished_columns >= t.rounds * t.legs  # (polls slowly: corrections)
        context |= {"live_url": url, "poll_seconds": live.poll_seconds(finished), "over": finished}
        context |= {"view_key": _view_key(url)}
        label = t.round_label(view.live_round.number) if view.live_round else ""
        context["header_update"] = _header_update(t, label, title)  # (a string: in the digest)
        digest = _player_digest(view, context, title, label) if others is not None else ""
        before = live.recent.get(last[0]) if last else None  # (a str: a page not found)
        if digest and last and last[2] == digest and isinstance(before, tuple):
            return before, digest  # nothing it shows changed: not even rendered
        context |= {"view": view, "tournament": t, "revision": t.revision}
        html = render_to_string(f"{template}#{section}", context, request)
        if unchanged.same(before, (html, label, title, t.revision)):
            return before, digest
        return (html, label, title, t.revision, live.compressed(html)), digest

    def compute(others: Others | None = others) -> Section | str:
        started = time.time()
        view = views.known(pk, revision)  # this process has the rows of this revision
        if view is None:
            t = tournament or Tournament.objects.filter(pk=pk).first()
            if t is None:
                return NOT_FOUND
            view = views.get(t)
        pages = {url: b for url, b in (others(view) if others else {}).items() if url != live_url}
        urls = {url: live.section_key(pk, url, revision) for url in [live_url, *pages]}
        pointers = cache.get_many([live.latest_key(pk, url) for url in urls])
        last = {url: live.pointer_parts(pointers.get(live.latest_key(pk, url))) for url in urls}
        _fetch_recent([p[0] for p in last.values() if p and p[0] not in urls.values()])
        for url, other in pages.items():
            done = last[url]
            if done is None or done[0] != urls[url]:  # not computed yet at this revision
                made = time.time()
                more[urls[url]], digest = render(view, url, other, last[url])
                more[live.latest_key(pk, url)] = (urls[url], made, digest)
        found, digest = render(view, live_url, build, last[live_url])
        more[live.latest_key(pk, live_url)] = (urls[live_url], started, digest)
        return found

    key, latest = live.section_key(pk, live_url, revision), live.latest_key(pk, live_url)
    lock = live.lock_key(pk, live_url, revision, player=others is not None)
    alone = (lambda: compute(None)) if others else None
    result: Section | str = computed_once(key, compute, latest, lock=lock, more=more, alone=alone)
    return result


def _header_update(tournament: Tournament, label: str, title: str) -> str:
    """What the page's header and title show, for a poll to bring into them (htmx out-of-band
    swaps, ``public/_header_update.html``): a page left open shows a new name, a new round in
    play or the tournament finished as its section does."""
    template = get_template("public/_header_update.html")
    return template.render({"tournament": tournament, "live": label, "title": title})


PLAYER_SHOWS = {"view": ("standings_label",), "tournament": ("pk", "fide_rated")}
"""What a player's section reads from the tournament and its view besides its context (the
digest of its inputs must hold it all: ``tests/public/test_unchanged_sections.py`` reads the
template)."""


def _player_digest(view: View, context: dict[str, Any], title: str, label: str) -> str:
    """The digest of everything a player's section shows (``public/unchanged.py``)."""
    t = view.tournament
    read = [getattr(view, name) for name in PLAYER_SHOWS["view"]]
    read += [getattr(t, name) for name in PLAYER_SHOWS["tournament"]]
    return unchanged.digest(context, title, label, read)


def _stored(key: str) -> bool:
    """Whether the section ``key`` is stored (in this process's copy or the shared cache)."""
    return live.recent.get(key) is not None


def _fetch_recent(keys: list[str]) -> None:
    """This process's copies (``live.recent``) of the sections ``keys``, the missing ones
    taken from the shared cache in one round trip."""
    missing = [k for k in keys if live.recent.known(k) is None]
    for k, value in (cache.get_many(missing) if missing else {}).items():
        live.recent.put(k, value)


def _not_modified(request: HtmxHttpRequest, etag: str) -> HttpResponse | None:
    """304 when the poll already has this revision of this view."""
    unchanged = get_conditional_response(request, etag=etag)
    if unchanged is not None:
        patch_vary_headers(unchanged, live.SECTION_VARY)
    return unchanged


def _view_key(live_url: str) -> str:
    return live.view_key(live_url.partition("?")[2])


def _page(
    request: HtmxHttpRequest,
    pk: int,
    template: str,
    section: str,
    tab: str,
    build: Build,
    params: dict[str, str] | None = None,
    others: Others | None = None,
) -> HttpResponse:
    """The whole page, or for htmx (the polling) only the section whose id is ``section``:
    304 when the tournament has not changed since the poll before (the revision comes from
    the cache: no query)."""
    tournament = None if request.htmx else get_object_or_404(Tournament, pk=pk)
    revision = live.tournament_revision(request, pk, tournament)
    if revision is None:
        if request.htmx:  # a page left open: its tournament deleted
            return live.gone_response(section, reverse("home"), tournament_gone=True)
        raise Http404("No such tournament.")
    live_url = _live_url(request, _bounded(pk, revision, params or {}))
    key = _view_key(live_url)
    if request.htmx and (unchanged := _not_modified(request, live.etag(revision, key))):
        return unchanged
    page = (template, section, build)
    found = _section(request, pk, revision, tournament, page, live_url, others)
    if isinstance(found, str):  # NOT_FOUND
        if request.htmx:  # a page left open: its round undone, its player removed
            back = reverse("tournament_detail", args=[pk])
            return live.gone_response(section, back, tournament_gone=False)
        raise Http404("No such page of this tournament.")
    if tournament is not None:
        return _whole_page(request, tournament, template, tab, live_url, found)
    # the revision shown: the last one while the new one is computed
    etag = live.etag(found[3], key)
    if unchanged := _not_modified(request, etag):
        return unchanged
    shown = found[3]
    return live.section_response(
        request, found[0], found[4], lambda gzipped: live.etag(shown, key, gzipped)
    )


def _whole_page(
    request: HtmxHttpRequest,
    tournament: Tournament,
    template: str,
    tab: str,
    live_url: str,
    found: Section,
) -> HttpResponse:
    """The page around the section; an anonymous reader's (no session, no CSRF token) is
    kept, when its URL is the canonical one, for the tournament's revision (the header around
    the section) and the revision of the section it shows (the one computed last while the
    new one is computed, or a section the new revision did not change): for the other
    readers and for the fast path (``public/middleware.py``)."""
    html, label, title, shown, _ = found
    reader = live.as_anonymous_reader(request)
    kept = reader and request.get_full_path() == live_url
    current = not kept or shown == tournament.revision
    current = current or _stored(live.section_key(tournament.pk, live_url, tournament.revision))
    around = tournament.revision if current else shown  # (else the section computed last)
    key = live.page_key(tournament.pk, live_url, around, shown)
    if kept and (stored := live.recent.get(key)) is not None:  # rendered by another request
        return live.encoded(request, stored[0], stored[1], live.PAGE_VARY)
    is_arbiter = request.user.is_authenticated and tournament.is_arbiter(request.user)
    context = {"tournament": tournament, "section": html, "live": label, "title": title}
    context |= {"tab": tab, "is_arbiter": is_arbiter}
    response = render(request, template, context | reader)
    patch_vary_headers(response, live.PAGE_VARY)  # a logged-in user sees a menu
    if kept:  # issue 27: one rendering per page and revision shown, not one per first visit
        page = response.content.decode()
        stored = (page, live.compressed(page))
        cache.set(key, stored, live.PAGE_SECONDS)
        return live.encoded(request, stored[0], stored[1], live.PAGE_VARY)
    return response


def _bounded(pk: int, revision: int, params: dict[str, str]) -> dict[str, str]:
    """``params`` with their page no further than the field's last one (a list has at most a
    row per player): the cache keeps no page past it (``?page=9999`` is the last page's)."""
    if "page" not in params:
        return params
    view = views.known(pk, revision)
    key = f"public-entries:{pk}:{revision}"
    rows = len(view.snap.entries) if view else cache.get(key)
    if rows is None:
        rows = Entry.objects.filter(tournament_id=pk).count()
        cache.set(key, rows, CACHE_SECONDS)
    last = paging.last_page(rows)
    return paging.with_page(params, min(int(params["page"]), last))


Locate = Callable[[View, Callable[[Entry], bool]], str | None]
"""Where a list shows the first player ``found`` (an entry test) says: the URL of that page
with the row's anchor, or None."""


def _find(request: HtmxHttpRequest, pk: int, locate: Locate) -> HttpResponse | None:
    """``?find=`` (a name or a pairing number; a plain GET form): a redirect to the page and
    row of the first player it names, in the list's order; none found, to the players whose
    name contains it (the players page says none does). Nothing to find: None."""
    text = " ".join(request.GET.get("find", "").split())[:50]
    if not text:
        return None
    view = views.get(get_object_or_404(Tournament, pk=pk))
    target = locate(view, paging.names(text))
    players = reverse("tournament_players", args=[pk])
    return HttpResponseRedirect(target or paging.url(players, {"q": text}))


def _round_number(request: HtmxHttpRequest) -> int | None:
    raw = request.GET.get("round", "")
    # ASCII digits only ('²'.isdigit() is true); more than 5 digits is no round of ours
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 5 else None


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Tournaments and events (their sections grouped under them), newest first; archived
    tournaments with ``?archived=1``."""
    archived = request.GET.get("archived") == "1"
    context = {"items": events.home_listing(archived), "archived": archived}
    response = render(request, "public/home.html", context | live.as_anonymous_reader(request))
    patch_vary_headers(response, ("Cookie",))  # a logged-in user sees a menu
    return response


@require_safe
def health(request: HtmxHttpRequest) -> HttpResponse:
    """Load balancers' health check: "ok" when the database (and the shared cache, with
    ``REDIS_URL``) answer; else 503 naming what is down (the details go to the log)."""
    down = {"database": database_problem(), "cache": cache_problem()}
    for problem in filter(None, down.values()):
        logger.error("health: %s", problem)
    text = "\n".join(f"{name}: unreachable" for name, problem in down.items() if problem)
    response = HttpResponse(text or "ok", content_type="text/plain", status=503 if text else 200)
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def tournament_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The pairings of the current round (or ``?round=N``), by board or ``?order=alpha``, 100
    boards (lines) a page; ``?find=`` jumps to a player's board."""
    number, alpha = _round_number(request), request.GET.get("order") == "alpha"
    params = {"order": "alpha"} if alpha else {}
    params |= {"round": str(number)} if number is not None else {}
    if found := _find(request, pk, lambda v, f: paging.locate_board(v, f, number, alpha, params)):
        return found
    at = paging.asked(request.GET.get("page", ""))

    def build(view: View) -> tuple[dict[str, Any], str]:
        rnd = view.round(number)
        if number is not None and rnd is None:
            raise Http404("No such published round.")
        context: dict[str, Any] = {"round": rnd, "alpha": alpha}
        if rnd is not None:
            rows = view.lines(rnd) if alpha else view.games(rnd)
            context |= paging.paged(rows, at, reverse("tournament_detail", args=[pk]), params)
            shown = context["page"].object_list  # issue 27: the reasons of the page's boards
            context |= {"lines": [] if alpha else view.byes(rnd)}
            context |= {"before": view.scores_before(rnd)}
            context["why"] = {} if alpha else view.why(rnd, shown)
            receipt = view.receipt(rnd)  # issue 15
            context |= {"receipt": receipt, "changed": view.marked_boards(rnd)}
            context["corrected"] = view.corrected(rnd)  # issue 24
        return context, view.label(rnd.number) if rnd else "Pairings"

    template = "public/tournament_detail.html"
    params_paged = paging.with_page(params, at)
    return _page(request, pk, template, "pairings", "pairings", build, params_paged)


@require_safe
def tournament_standings(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Standings after the finished rounds, with the tournament's tie-breaks, 100 a page."""
    if found := _find(request, pk, lambda v, f: paging.locate_rank(v, f, "tournament_standings")):
        return found
    at = paging.asked(request.GET.get("page", ""))

    def build(view: View) -> tuple[dict[str, Any], str]:
        path = reverse("tournament_standings", args=[pk])
        return paging.paged(view.standings, at, path, {}), "Standings"

    template = "public/tournament_standings.html"
    params = paging.with_page({}, at)
    return _page(request, pk, template, "standings", "standings", build, params)


@require_safe
def tournament_crosstable(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The crosstable, 100 players a page (only the page's rows are computed)."""
    if found := _find(request, pk, lambda v, f: paging.locate_rank(v, f, "tournament_crosstable")):
        return found
    at = paging.asked(request.GET.get("page", ""))

    def build(view: View) -> tuple[dict[str, Any], str]:
        context = paging.paged(view.standings, at, reverse("tournament_crosstable", args=[pk]), {})
        table = crosstable(view, context["page"].object_list)  # the page's rows only
        return context | {"table": table}, "Crosstable"

    template = "public/tournament_crosstable.html"
    params = paging.with_page({}, at)
    return _page(request, pk, template, "crosstable", "crosstable", build, params)


@require_safe
def tournament_players(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The starting list: pairing number, name, title, federation, rating, and each player's
    board in the current round, 100 a page; ``?q=`` finds players by name ("find my board"),
    ``?find=`` jumps to a player's row."""
    if found := _find(request, pk, lambda v, f: paging.locate_entry(v, f)):
        return found
    query = " ".join(request.GET.get("q", "").split())[:50]
    at = paging.asked(request.GET.get("page", ""))
    params = {"q": query} if query else {}

    def build(view: View) -> tuple[dict[str, Any], str]:
        rnd = view.current_round
        lines = {line.entry.pk: line for line in view.lines(rnd)} if rnd else {}
        found = [e for e in view.snap.entries if query.casefold() in e.name.casefold()]
        context = paging.paged(found, at, reverse("tournament_players", args=[pk]), params)
        context["rows"] = [(e, lines.get(e.pk)) for e in context["page"].object_list]
        return context | {"query": query, "round": rnd, "matching": len(found)}, "Players"

    template = "public/tournament_players.html"
    return _page(request, pk, template, "players", "players", build, paging.with_page(params, at))


def _player(entry_pk: int) -> Build:
    """The build of a player's page (``entry_detail``)."""

    def build(view: View) -> tuple[dict[str, Any], str]:
        entry = view.snap.entry_by_pk.get(entry_pk)
        if entry is None:
            raise Http404("No such player in this tournament.")
        rounds = view.progression(entry)
        context = {
            "entry": entry,
            "rounds": rounds,
            "spark": sparkline(rounds, view.full_state.points.win),
            "standing": view.standing_by_pk.get(entry.pk),
        }
        revision = view.tournament.revision  # issue 15: if I win, draw or lose
        published = len(view.published)
        context["what_if"] = whatif.last_game_outcomes(view.snap, published, entry, revision)
        return context, entry.name

    return build


@require_safe
def entry_detail(request: HtmxHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """A player's games, colours and score progression; the pages of the other players served
    lately are computed with it (issue 27: one pass per revision)."""

    def others(view: View) -> dict[str, Build]:
        served = (e for e in live.watched.pages(pk) if e in view.snap.entry_by_pk)
        return {reverse("entry_detail", args=[pk, e]): _player(e) for e in served}

    template = "public/entry_detail.html"
    response = _page(request, pk, template, "player", "players", _player(entry_pk), None, others)
    live.watched.note(pk, entry_pk)  # (a page that exists: else Http404)
    return response
