"""Issue 27: the polls that the fast path answered before are answered by ``public/wsgi.py``
before Django (no request object, no middleware), with the fast path's answer byte for byte:
the same status, headers and body, the same ETags, a new result as soon as the fast path
would show it. Anything else goes to Django."""

from __future__ import annotations

import gzip
import io
from typing import Any

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.urls import reverse

from public.wsgi import Polls
from tournaments import services
from tournaments.models import Entry, Tournament


class Counted:
    """Django's WSGI application, counting the requests it gets (the connection to the test
    database kept open, as the test client keeps it)."""

    def __init__(self) -> None:
        self.app = WSGIHandler()
        self.calls = 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        self.calls += 1
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        try:
            answered = self.app(environ, start_response)
            body = b"".join(answered)
            answered.close()
        finally:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)
        return [body]


@pytest.fixture
def django_app() -> Counted:
    return Counted()


def get(app: Any, path: str, method: str = "GET", **headers: str) -> tuple[str, dict, bytes]:
    """A request through the WSGI application ``app``: (status, headers, body)."""
    path, _, query = path.partition("?")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SCRIPT_NAME": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "testserver",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(),
        "HTTP_HX_REQUEST": "true",
        "HTTP_ACCEPT_ENCODING": "gzip",
    }
    for name, value in headers.items():
        environ[name] = value
    seen: dict[str, Any] = {}

    def start_response(status: str, response_headers: list[tuple[str, str]], *exc: Any) -> None:
        seen["status"], seen["headers"] = status, dict(response_headers)

    answered = app(environ, start_response)
    body = b"".join(answered)
    if hasattr(answered, "close"):
        answered.close()
    return seen["status"], seen["headers"], body


def learnt_etag(polls: Any, url: str) -> str:
    """Poll ``url`` until the fast path has learnt both its answers (200, then 304 for the
    ETag); the ETag."""
    get(polls, url)
    etag = get(polls, url)[1]["ETag"]
    get(polls, url, HTTP_IF_NONE_MATCH=etag)
    return etag


def result(t: Tournament, board: int, django_capture_on_commit_callbacks) -> None:
    game = t.round_set.get(number=1).games.get(board=board)
    with django_capture_on_commit_callbacks(execute=True):
        services.set_result(game.pk, "1-0")


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["pairings", "player"])
def test_a_poll_answered_before_is_answered_without_django_byte_for_byte(
    in_play: Tournament, django_app: Counted, page: str
) -> None:
    if page == "player":
        entry = Entry.objects.get(tournament=in_play, pairing_number=2)
        url = reverse("entry_detail", args=[in_play.pk, entry.pk])
    else:
        url = reverse("tournament_detail", args=[in_play.pk])
    polls = Polls(django_app)
    get(polls, url)  # computed by the view
    by_django = get(polls, url)  # the fast path: learnt
    etag = by_django[1]["ETag"]
    unchanged_by_django = get(polls, url, HTTP_IF_NONE_MATCH=etag)
    assert django_app.calls == 3 and unchanged_by_django[0].startswith("304")
    assert get(polls, url) == by_django  # the section, gzipped, with its ETag and headers
    assert get(polls, url, HTTP_IF_NONE_MATCH=etag) == unchanged_by_django
    assert get(polls, url, HTTP_IF_NONE_MATCH=etag.removeprefix("W/")) == unchanged_by_django
    assert django_app.calls == 3  # answered before Django
    plain = get(polls, url, HTTP_ACCEPT_ENCODING="identity")  # not learnt yet: Django
    assert django_app.calls == 4 and b"<section" in plain[2]
    assert get(polls, url, HTTP_ACCEPT_ENCODING="identity") == plain and django_app.calls == 4
    assert "Content-Security-Policy" in by_django[1] and by_django[1]["X-Frame-Options"]


@pytest.mark.django_db
def test_a_new_result_reaches_the_polls_answered_before_django(
    in_play: Tournament, django_app: Counted, django_capture_on_commit_callbacks
) -> None:
    url = reverse("tournament_detail", args=[in_play.pk])
    polls = Polls(django_app)
    etag = learnt_etag(polls, url)
    result(in_play, 1, django_capture_on_commit_callbacks)
    revision = Tournament.objects.get(pk=in_play.pk).revision
    status, headers, _ = get(polls, url, HTTP_IF_NONE_MATCH=etag)  # computed by the view
    assert status.startswith("200") and headers["ETag"] == f'W/"{revision}-2-all"'
    calls = django_app.calls
    again = get(polls, url, HTTP_IF_NONE_MATCH=etag)
    assert again[1]["ETag"] == f'W/"{revision}-2-all"'
    assert "1–0" in gzip.decompress(again[2]).decode()
    assert django_app.calls == calls  # the new section, before Django


@pytest.mark.django_db
@pytest.mark.parametrize(
    "other",
    [
        {"HTTP_HOST": "evil.example"},  # another host: Django refuses it
        {"HTTP_X_FORWARDED_PROTO": "https"},  # another scheme: other headers
        {"HTTP_IF_MATCH": '"1-2-all"'},
        {"HTTP_IF_MODIFIED_SINCE": "Wed, 21 Oct 2015 07:28:00 GMT"},
        {"HTTP_HX_REQUEST": "false"},  # a whole page
        {"REQUEST_METHOD": "HEAD"},
        {"CONTENT_LENGTH": "5"},
    ],
)
def test_other_requests_go_to_django(
    in_play: Tournament, django_app: Counted, other: dict[str, str]
) -> None:
    url = reverse("tournament_detail", args=[in_play.pk])
    polls = Polls(django_app)
    get(polls, url)
    etag = get(polls, url)[1]["ETag"]
    get(polls, url, HTTP_IF_NONE_MATCH=etag)
    calls = django_app.calls
    get(polls, url, HTTP_IF_NONE_MATCH=etag, **other)
    assert django_app.calls == calls + 1


@pytest.mark.django_db
def test_a_page_is_answered_before_django_once_the_fast_path_answered_it(
    in_play: Tournament, django_app: Counted
) -> None:
    polls = Polls(django_app)
    pairings = reverse("tournament_detail", args=[in_play.pk])
    standings = reverse("tournament_standings", args=[in_play.pk])
    get(polls, pairings)
    get(polls, pairings)  # another page learnt
    assert django_app.calls == 2
    get(polls, standings)  # computed by the view: not learnt
    assert django_app.calls == 3
    get(polls, standings)  # the fast path: learnt
    assert django_app.calls == 4
    get(polls, standings)
    assert django_app.calls == 4


@pytest.mark.django_db
def test_a_section_a_result_did_not_change_stays_304_before_django(
    in_play: Tournament, django_app: Counted, django_capture_on_commit_callbacks
) -> None:
    """The standings while the round is played (``public/unchanged.py``): the section of
    before answers for the new revision, and so does its ETag."""
    url = reverse("tournament_standings", args=[in_play.pk])
    polls = Polls(django_app)
    etag = learnt_etag(polls, url)
    result(in_play, 1, django_capture_on_commit_callbacks)
    assert get(polls, url, HTTP_IF_NONE_MATCH=etag)[0].startswith("304")  # by the view
    calls = django_app.calls
    assert get(polls, url, HTTP_IF_NONE_MATCH=etag)[0].startswith("304")
    assert django_app.calls == calls  # before Django
