"""Polls answered before Django (issue 27): the WSGI application wrapped so that a phone's poll
that the fast path (``public/middleware.py``) has answered before, for the same URL and the
same kind of request, is answered again from this process's memory without building a
request, running the middleware or a response object: a 304, or the section as the fast path
would send it.

What it may answer it learns from Django's own answers, never by itself: when the fast path
answers a poll it leaves in the WSGI environ the page it found (the tournament, the canonical
URL, the view key; :data:`ROUTE`), and this layer keeps that, and the headers Django's
middleware gave that answer (security headers, content security policy, ``Vary``,
``Cache-Control``, …), for that URL, kind of request (scheme, forwarded scheme, host) and
kind of answer (304, 200 gzipped or not). A request of another kind (a cookie changes nothing
for a poll; a method, a body, another host, ``If-Match`` or ``If-Modified-Since`` do), a kind
of answer not given there by the fast path before, a revision not in memory or in the shared
cache (never a query here), a section not computed yet: Django answers, as before.

Its answers are the fast path's, byte for byte (``tests/public/test_polls_before_django.py``):
the revision from the same per-process memo (``live.revisions``), the section from the same
copy (``middleware._section``), the same ETags and the same freshness guarantees."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from django.utils.http import parse_etags

from public import live, middleware

ROUTE = "swissmanager.poll"
"""The environ key where the fast path leaves the page of a poll it answered: (tournament pk,
canonical URL, view key, entry pk of a player's page or None)."""
KIND = ("wsgi.url_scheme", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_SSL", "HTTP_HOST")
"""What the headers of an answer may depend on besides the URL and the answer itself (HSTS,
redirects to HTTPS, the allowed hosts)."""
WHERE = ("SCRIPT_NAME", "PATH_INFO", "QUERY_STRING", *KIND)
REFUSED = ("HTTP_IF_MATCH", "HTTP_IF_UNMODIFIED_SINCE", "HTTP_IF_MODIFIED_SINCE", "HTTP_RANGE")
"""Request headers that Django's conditional answers read and this layer does not: Django
answers."""
PER_ANSWER = frozenset({"etag", "content-length", "content-encoding"})
SIZE = 16384

StartResponse = Callable[..., Any]
Route = tuple[int, str, str, int | None]
Frame = tuple[tuple[str, str], ...]
Answer = tuple[str, list[tuple[str, str]], bytes]


class Polls:
    """The WSGI application ``app`` (Django's), with the polls it answered before answered
    here first."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.pages: dict[tuple[object, ...], tuple[Route, dict[tuple[str, bool], Frame]]] = {}
        """By URL and kind of request (:data:`WHERE`): the page, and the headers Django's
        middleware gave each kind of answer (304, 200 gzipped or not) there."""
        self.frames: dict[Frame, Frame] = {}
        """Each set of headers once (most pages share theirs)."""

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        answer = self.answer(environ) if _plain_poll(environ) else None
        if answer is not None:
            status, headers, body = answer
            start_response(status, headers)
            return [body] if body else []
        seen: list[tuple[str, list[tuple[str, str]]]] = []

        def watching(status: str, headers: list[tuple[str, str]], *exc: Any) -> Any:
            seen.append((status, headers))
            return start_response(status, headers, *exc)

        answered = self.app(environ, watching)
        route = environ.get(ROUTE)
        if route is not None and seen and _plain_poll(environ):
            self.learn(environ, route, *seen[-1])
        return answered

    def learn(
        self, environ: dict[str, Any], route: Route, status: str, headers: list[tuple[str, str]]
    ) -> None:
        """Keep the page of a poll the fast path answered, and the headers of its answer."""
        code = status[:3]
        if code not in ("200", "304"):
            return
        gzipped = any(name.lower() == "content-encoding" for name, _ in headers)
        frame = tuple((n, v) for n, v in headers if n.lower() not in PER_ANSWER)
        where = _where(environ)
        with self.lock:
            if len(self.pages) >= SIZE or len(self.frames) >= SIZE:
                self.pages.clear()
                self.frames.clear()
            frame = self.frames.setdefault(frame, frame)
            page = self.pages.get(where)
            if page is None or page[0] != route:
                page = self.pages[where] = (route, {})
            page[1][(code, gzipped)] = frame

    def answer(self, environ: dict[str, Any]) -> Answer | None:
        """The fast path's answer to the poll ``environ``, or None: Django answers."""
        page = self.pages.get(_where(environ))
        if page is None:
            return None
        (pk, live_url, view, entry_pk), frames = page
        revision = live.revisions.get(pk, query=False)
        if revision is None:
            return None
        asked = parse_etags(environ.get("HTTP_IF_NONE_MATCH", ""))
        if _has(asked, live.etag(revision, view)):
            return _not_modified(frames)
        section, _ = middleware._section(pk, live_url, revision, entry_pk is not None)
        if not isinstance(section, tuple):
            return None
        if entry_pk is not None:
            live.watched.note(pk, entry_pk)
        html, _, _, shown, gzipped = section
        if shown != revision and _has(asked, live.etag(shown, view)):
            return _not_modified(frames)
        zipped = live.accepts_gzip_environ(environ)
        frame = frames.get(("200", zipped))
        if frame is None:
            return None
        body = gzipped if zipped else html.encode()
        headers = [*frame, ("Content-Length", str(len(body)))]
        headers += [("Content-Encoding", "gzip")] if zipped else []
        headers.append(("ETag", live.etag(shown, view, zipped)))
        return "200 OK", headers, body


def _not_modified(frames: dict[tuple[str, bool], Frame]) -> Answer | None:
    frame = frames.get(("304", False))
    return None if frame is None else ("304 Not Modified", list(frame), b"")


def _plain_poll(environ: dict[str, Any]) -> bool:
    """A GET with ``HX-Request``, no body and none of the headers this layer leaves to Django."""
    return (
        environ.get("REQUEST_METHOD") == "GET"
        and environ.get("HTTP_HX_REQUEST") == "true"
        and environ.get("CONTENT_LENGTH", "") in ("", "0")
        and not any(environ.get(name) for name in REFUSED)
    )


def _where(environ: dict[str, Any]) -> tuple[object, ...]:
    """The URL and the kind of request."""
    return tuple(environ.get(name) for name in WHERE)


def _has(asked: list[str], etag: str) -> bool:
    """``If-None-Match`` (``asked``, parsed) matches ``etag`` (weak comparison, as Django's
    ``get_conditional_response``)."""
    if not asked:
        return False
    if asked == ["*"]:
        return True
    return etag.strip("W/") in (e.strip("W/") for e in asked)
