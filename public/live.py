"""What the live public pages and their fast path (``public/middleware.py``) share: the cache
keys of a page's section and of its whole page for anonymous readers, the ETag of a poll, who
counts as an anonymous reader, and each process's copy of the values it last served.

A key holds the tournament, the poll interval, the page's canonical URL and the revision: what
it names never changes, so a worker may keep its own copy (:data:`recent`) instead of asking
the shared cache again for a section that is hundreds of kilobytes."""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django_htmx.http import HttpResponseStopPolling

from tournaments.models import Tournament

PAGE_SECONDS = 30
"""How long an anonymous reader's whole page stays in the shared cache (one per revision and
section shown): briefly, since a page of a revision before is of no more use. What the page
shows around its section changes the revision too (the header: the tournament; the USCF rating
panel: ``ratings/signals.py``)."""


FINISHED_POLL_FACTOR = 10
"""A finished tournament's pages ask ten times less often (20 s): results are still corrected
after the last round, and a page left open must show it, but nothing else is coming."""


def poll_seconds(finished: bool = False) -> int:
    """How often live pages refresh themselves (setting ``TOURNAMENTS_POLL_SECONDS``); those of
    a ``finished`` tournament :data:`FINISHED_POLL_FACTOR` times less often."""
    seconds = int(getattr(settings, "TOURNAMENTS_POLL_SECONDS", 2))
    return seconds * FINISHED_POLL_FACTOR if finished else seconds


def view_key(query: str) -> str:
    """What the section shows besides the revision (issue 24: "find my board" answers with
    the same revision as the list it filters): ``all``, or a digest of the page's canonical
    query string."""
    return hashlib.sha256(query.encode()).hexdigest()[:8] if query else "all"


def etag(revision: int, view: str, gzipped: bool = False) -> str:
    """Different content, different ETag: ``static/js/live.js`` skips the swap of a section
    whose revision and view key the page already shows. The gzipped section's is weak
    (``W/``: the same content, another encoding); a poll's ``If-None-Match`` matches either
    (weak comparison)."""
    return f'{"W/" if gzipped else ""}"{revision}-{poll_seconds()}-{view}"'


_GZIP = re.compile(r"\bgzip\b")


def accepts_gzip(request: HttpRequest) -> bool:
    """The client takes a gzipped answer (``Accept-Encoding``, read as Django's
    ``GZipMiddleware`` reads it)."""
    return accepts_gzip_environ(request.META)


def accepts_gzip_environ(environ: dict[str, Any]) -> bool:
    """:func:`accepts_gzip` of a WSGI environ (``public/wsgi.py``)."""
    return bool(_GZIP.search(environ.get("HTTP_ACCEPT_ENCODING", "")))


def compressed(html: str) -> bytes:
    """A section gzipped once per revision (issue 27: a tenth of the bytes for the server and
    the phones); no timestamp, so the same section always gives the same bytes."""
    return gzip.compress(html.encode(), compresslevel=6, mtime=0)


SECTION_VARY = ("HX-Request", "Accept-Encoding")
"""A poll's answer differs with ``HX-Request`` (the section, not the page) and with
``Accept-Encoding`` (gzipped or not)."""
PAGE_VARY = ("Cookie", *SECTION_VARY)
"""A whole page differs also with ``Cookie`` (a logged-in user sees a menu)."""


def encoded(request: HttpRequest, html: str, gzipped: bytes, vary: tuple[str, ...]) -> HttpResponse:
    """``html``, or the same gzipped (``gzipped``) when the client takes it."""
    zipped = accepts_gzip(request)
    response = HttpResponse(gzipped if zipped else html)
    if zipped:
        response["Content-Encoding"] = "gzip"
    response["Content-Length"] = str(len(response.content))
    patch_vary_headers(response, vary)
    return response


def section_response(
    request: HttpRequest, html: str, gzipped: bytes, etag_of: Callable[[bool], str]
) -> HttpResponse:
    """A poll's answer (200): the section, gzipped when the client takes it, with the ETag
    ``etag_of(gzipped: bool)`` of what is sent."""
    response = encoded(request, html, gzipped, SECTION_VARY)
    response["ETag"] = etag_of(response.has_header("Content-Encoding"))
    response["Cache-Control"] = "no-cache"  # the browser asks again, with If-None-Match
    return response


def gone_response(section: str, back: str, tournament_gone: bool) -> HttpResponse:
    """A poll's answer for a page that is no more (the tournament deleted, the round of
    ``?round=`` undone, the player removed): a section that says so, with a link to ``back``,
    and htmx's "stop polling" (286) instead of a 404 that a page left open would ignore,
    showing what is no longer true and asking again every few seconds."""
    context = {"section": section, "back": back, "tournament_gone": tournament_gone}
    response = HttpResponseStopPolling(render_to_string("public/_gone.html", context))
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, SECTION_VARY)
    return response


def page_prefix(pk: int, live_url: str) -> str:
    return f"public:{pk}:{poll_seconds()}:{live_url}"


def section_key(pk: int, live_url: str, revision: int) -> str:
    """The section of the page ``live_url`` (canonical) at ``revision``."""
    return f"{page_prefix(pk, live_url)}:{revision}"


def latest_key(pk: int, live_url: str) -> str:
    """Where the page ``live_url`` (canonical) says which section was computed last: the key
    of that section, when its computation started (:func:`last_computed`) and the digest of
    what it shows, or "" (``public/unchanged.py``)."""
    return f"{page_prefix(pk, live_url)}:latest"


def pointer_parts(pointer: Any) -> tuple[str, float, str] | None:
    """What a :func:`latest_key` holds: (the key of the section computed last, when its
    computation started, the digest of what it shows or ""); None for anything else (a value
    of before)."""
    if isinstance(pointer, tuple) and len(pointer) in (2, 3):
        key, made, *more = pointer
        if isinstance(key, str) and isinstance(made, int | float):
            return key, float(made), more[0] if more and isinstance(more[0], str) else ""
    return None


def lock_key(pk: int, live_url: str, revision: int, player: bool) -> str:
    """The lock held while the section of ``live_url`` at ``revision`` is computed: one for
    every player's page of the revision (they are computed together, ``public/views.py``),
    else one per page."""
    if player:
        return f"public-players:{pk}:{revision}:computing"
    return f"{section_key(pk, live_url, revision)}:computing"


def render_seconds() -> float:
    """The freshness bound (setting ``TOURNAMENTS_RENDER_SECONDS``, 1 s in production): a page's
    section is computed at most once in that many seconds, whatever the number of changes in
    between; meanwhile its polls get the section computed last, so a change reaches the
    phones at most this much later than it would otherwise (plus the computation)."""
    return float(getattr(settings, "TOURNAMENTS_RENDER_SECONDS", 0))


WAIT_SECONDS = 0.05
"""While another request computes a page's new section, how long a worker keeps answering
its polls with the one before without asking the shared cache again."""


def last_computed(pointer: Any, computing: bool, key: str = "") -> Any:
    """The section computed last for a page, when it may answer for a newer revision
    (``pointer``: what :func:`latest_key` holds, else None): while another request computes
    the new one (``computing``: nobody waits), or within :func:`render_seconds` of the start
    of its own computation (issue 27: a burst of results is one computation per page, not one
    each; a computation slower than the bound delays the next one not at all).
    With ``key`` (the new section's), this process remembers the answer (:data:`pending`):
    till the bound, or for :data:`WAIT_SECONDS` while the new one is computed."""
    parts = pointer_parts(pointer)
    if parts is None:  # (or a value of before)
        return None
    last, made, _ = parts
    now = time.time()
    bound = made + render_seconds()
    if not computing and now >= bound:
        return None
    if key and bound > made:  # (bound 0: every poll asks the shared cache)
        pending.put(key, (max(bound, now + WAIT_SECONDS) if computing else bound, last))
    return recent.get(last)


def page_key(pk: int, live_url: str, revision: int, shown: int) -> str:
    """The whole page ``live_url`` at ``revision`` around the section of revision ``shown``
    (the one computed last, or one that ``revision`` did not change) as an anonymous reader
    gets it: its HTML and the same gzipped."""
    return f"public-page:{pk}:{poll_seconds()}:{live_url}:{revision}:{shown}"


class _Revisions:
    """Each tournament's revision as this process last read it from the shared cache (Redis),
    and when: trusted for ``TOURNAMENTS_REVISION_MEMO_SECONDS`` (0.5 s; issue 27: at 1,000
    polls a second one Redis round trip per poll, waiting for the GIL behind the threads that
    render, was most of a poll's time). A change reaches every worker's polls at most this
    much later; with a memory cache (no Redis) there is no round trip to save."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.known: dict[int, tuple[float, int | None]] = {}

    def get(self, pk: int, query: bool = True) -> int | None:
        """The revision; with ``query`` false, None when neither this memo nor the shared
        cache has it (no query: ``public/wsgi.py`` answers before Django)."""
        seconds = float(getattr(settings, "TOURNAMENTS_REVISION_MEMO_SECONDS", 0))
        if not seconds or isinstance(caches["default"], LocMemCache):
            return Tournament.cached_revision(pk, query)  # (a memory cache: no round trip)
        now = time.monotonic()
        with self.lock:
            found = self.known.get(pk)
        if found is not None and now - found[0] < seconds:
            return found[1]
        revision = Tournament.cached_revision(pk, query)
        if revision is None and not query:
            return None
        with self.lock:
            self.known[pk] = (now, revision)
            if len(self.known) > 1000:  # tournaments polled are few: drop the oldest
                del self.known[min(self.known, key=lambda k: self.known[k][0])]
        return revision


revisions = _Revisions()


def tournament_revision(request: HttpRequest, pk: int, row: Tournament | None = None) -> int | None:
    """The revision of tournament ``pk`` (None: no such tournament), read once per request
    (by the fast path, then by the view): from the cache (:data:`revisions`), else from the
    ``row`` when the view has loaded it anyway, else from the database."""
    known: tuple[int, int | None] | None = getattr(request, "_tournament_revision", None)
    if known is None or known[0] != pk:
        known = (pk, row.revision if row else revisions.get(pk))
        request._tournament_revision = known  # type: ignore[attr-defined]
    return known[1]


def anonymous_reader(request: HttpRequest) -> bool:
    """Neither a session nor a message cookie: nobody logged in and nothing to tell, so the
    page is the same for every such reader and needs no session, user or CSRF token."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and CookieStorage.cookie_name not in cookies


def as_anonymous_reader(request: HttpRequest) -> dict[str, Any]:
    """For an anonymous reader: the user without reading the session, and the template
    context that keeps the page from making a CSRF token (a cookie) or reading messages; for
    anybody else nothing changes."""
    if not anonymous_reader(request):
        return {}
    request.user = AnonymousUser()
    return {"csrf_token": "", "messages": ()}  # a public page has no form to post


class _Recent:
    """The values this process last took from the shared cache, by key (a key's value never
    changes: it holds the revision)."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.values: OrderedDict[str, Any] = OrderedDict()

    def known(self, key: str) -> Any:
        """This process's copy of ``key``'s value, or None (the shared cache not asked)."""
        with self.lock:
            value = self.values.get(key)
            if value is not None:
                self.values.move_to_end(key)
            return value

    def get(self, key: str) -> Any:
        with self.lock:
            value = self.values.get(key)
            if value is not None:
                self.values.move_to_end(key)
                return value
        value = cache.get(key)
        if value is not None:
            self.put(key, value)
        return value

    def put(self, key: str, value: Any) -> None:
        with self.lock:
            self.values[key] = value
            self.values.move_to_end(key)
            while len(self.values) > self.size:
                self.values.popitem(last=False)


recent = _Recent()


class _Watched:
    """The players' pages this process served lately, by tournament (entry pks): a new
    revision's are computed together, in one pass (``public/views.py``; issue 27: one
    computation and one write to the cache per revision, instead of a request each finding
    the revision new, each with its locks and round trips, each waiting for the snapshot)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.asked: dict[int, dict[int, float]] = {}

    def note(self, pk: int, entry_pk: int) -> None:
        """Page ``entry_pk`` of tournament ``pk`` was served (only pages that exist: their
        number is bounded by the entries)."""
        now = time.monotonic()
        with self.lock:
            if pk not in self.asked and len(self.asked) >= 1000:  # a few tournaments are live
                del self.asked[next(iter(self.asked))]
            self.asked.setdefault(pk, {})[entry_pk] = now

    def pages(self, pk: int) -> list[int]:
        """The players' pages of tournament ``pk`` served within the last three polls."""
        horizon = time.monotonic() - 3 * max(poll_seconds(), 1)
        with self.lock:
            asked = self.asked.get(pk, {})
            for entry_pk in [e for e, when in asked.items() if when < horizon]:
                del asked[entry_pk]
            return list(asked)


watched = _Watched()


class _Pending:
    """Each page's new section that is not computed yet, as this process last learnt from the
    shared cache: until when, and the key of the section to answer with meanwhile (issue 27:
    no round trip per poll while a new section is computed or the freshness bound lasts)."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.values: dict[str, tuple[float, str]] = {}

    def put(self, key: str, until_and_last: tuple[float, str]) -> None:
        with self.lock:
            if len(self.values) >= self.size:
                now = time.time()
                self.values = {k: v for k, v in self.values.items() if v[0] > now}
                if len(self.values) >= self.size:
                    self.values.clear()
            self.values[key] = until_and_last

    def last(self, key: str) -> Any:
        """The section that answers for ``key`` for now, or None: ask the shared cache."""
        with self.lock:
            found = self.values.get(key)
        if found is None or found[0] <= time.time():
            return None
        return recent.known(found[1])


pending = _Pending()
