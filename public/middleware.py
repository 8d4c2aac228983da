"""The fast path of the live public pages (issue 27): a phone's poll, and an anonymous
reader's whole page, answered from the cache before any session, CSRF, user or view work.

With the tournament's revision in the shared cache (``Tournament.cached_revision``) an
unchanged poll is a 304 without a query, a changed one the section computed once for everybody
at that revision; an anonymous reader's page is the one the view stored for that revision.
Anything else (another URL, a page not computed yet, a logged-in user, a query string not in
canonical form) goes on to the view, which computes and stores what is served here. The
middleware sits after the security, WhiteNoise and X-Frame-Options middleware and inside the
content security policy's: its answers carry the same headers as the view's."""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils.cache import get_conditional_response, patch_vary_headers

from public import live
from tournaments.models.tournament import revision_cache_seconds

SECTION_VIEWS = frozenset(
    {
        "tournament_detail",
        "tournament_standings",
        "tournament_crosstable",
        "tournament_players",
        "entry_detail",
    }
)
"""The pages with a live section (``public/urls.py``)."""


class PublicFastPathMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return fast_answer(request) or self.get_response(request)


def fast_answer(request: HttpRequest) -> HttpResponse | None:
    """The answer from the cache, or None: the view answers."""
    htmx = request.META.get("HTTP_HX_REQUEST") == "true"
    if request.method != "GET":
        return None
    if not htmx and not (live.anonymous_reader(request) and revision_cache_seconds()):
        return None  # without the revision in the cache, the view reads it with the row
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if match.url_name not in SECTION_VIEWS or match.namespaces:
        return None
    request.get_host()  # a Host not in ALLOWED_HOSTS is refused (400) as on every other path
    pk = int(match.kwargs["pk"])
    revision = live.tournament_revision(request, pk)
    if revision is None:
        return None  # the view says there is no such tournament
    live_url = request.get_full_path()  # found only in canonical form: the view stores that
    player = match.url_name == "entry_detail"
    if not htmx:  # the page around the section shown, as the view serves it
        section, current = _section(pk, live_url, revision, player)
        page = None
        if isinstance(section, tuple):
            around = revision if current else section[3]  # (the page of that revision)
            page = live.recent.get(live.page_key(pk, live_url, around, section[3]))
        if page is None:
            return None
        html, gzipped = page
        return live.encoded(request, html, gzipped, live.PAGE_VARY)
    view = live.view_key(request.META.get("QUERY_STRING", ""))
    entry_pk = int(match.kwargs["entry_pk"]) if player else None
    # what public/wsgi.py keeps to answer this page's next polls before Django
    request.META["swissmanager.poll"] = (pk, live_url, view, entry_pk)
    unchanged = get_conditional_response(request, etag=live.etag(revision, view))
    if unchanged is not None:
        patch_vary_headers(unchanged, live.SECTION_VARY)
        return unchanged
    section, _ = _section(pk, live_url, revision, player)
    if not isinstance(section, tuple):  # not computed yet, or a page that does not exist
        del request.META["swissmanager.poll"]  # (the view answers)
        return None
    if entry_pk is not None:
        live.watched.note(pk, entry_pk)
    html, _, _, shown, gzipped = section
    if shown != revision:  # computed last, or not changed since: maybe what the poll has
        unchanged = get_conditional_response(request, etag=live.etag(shown, view))
        if unchanged is not None:
            patch_vary_headers(unchanged, live.SECTION_VARY)
            return unchanged
    return live.section_response(
        request, html, gzipped, lambda zipped: live.etag(shown, view, zipped)
    )


def _section(pk: int, live_url: str, revision: int, player: bool) -> tuple[object, bool]:
    """The section of ``live_url`` at ``revision`` from this process's copy or the shared
    cache (maybe the section of an earlier revision that this one did not change,
    ``public/unchanged.py``), and True; else, in the same round trip, the one computed last
    while the new one is computed or within the freshness bound (``live.last_computed``), and
    False; else None: the view computes it."""
    key = live.section_key(pk, live_url, revision)
    section = live.recent.known(key)
    if section is not None:
        return section, True
    section = live.pending.last(key)
    if section is not None:
        return section, False
    latest, lock = live.latest_key(pk, live_url), live.lock_key(pk, live_url, revision, player)
    found = cache.get_many([key, latest, lock])
    if key in found:
        live.recent.put(key, found[key])
        return found[key], True
    return live.last_computed(found.get(latest), lock in found, key), False
