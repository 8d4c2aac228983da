"""Content security policy: every answer forbids inline script (and inline style); so no
template and no rendered page may hold a ``<script>`` without ``src``, an event-handler
attribute, a ``javascript:`` URL, htmx's evaluated attributes or a ``style`` attribute. The
browser tests check that Chromium reports no violation on the live pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIRS = [
    ROOT / "templates",
    ROOT / "tournaments" / "templates",
    ROOT / "ratings" / "templates",
]

INLINE = {
    "a <script> without src": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "an event-handler attribute": re.compile(r"<[^>]*\son[a-z]+\s*=", re.I),
    "a javascript: URL": re.compile(r"javascript:", re.I),
    "an evaluated htmx attribute": re.compile(r"\b(hx-on|hx-vals=['\"]js:|data-hx-on)", re.I),
    "a style attribute": re.compile(r"<[^>]*\sstyle\s*=", re.I),
    "a <style> element": re.compile(r"<style[\s>]", re.I),
}


def inline_code(html: str) -> list[str]:
    return [what for what, pattern in INLINE.items() if pattern.search(html)]


def test_the_patterns_find_inline_code() -> None:
    assert inline_code("<script>alert(1)</script>") == ["a <script> without src"]
    assert inline_code('<button onclick="go()">') == ["an event-handler attribute"]
    assert inline_code('<a href="javascript:go()">') == ["a javascript: URL"]
    assert inline_code('<p style="color: red">') == ["a style attribute"]
    assert inline_code('<div hx-on:click="go()">') == ["an evaluated htmx attribute"]
    assert inline_code('<script src="/static/js/live.js" defer></script>') == []
    assert inline_code('<form method="post" action="/x/">') == []


def test_no_template_holds_inline_code() -> None:
    templates = [p for d in TEMPLATE_DIRS if d.exists() for p in d.rglob("*.html")]
    assert len(templates) > 10
    found = {str(p.relative_to(ROOT)): inline_code(p.read_text()) for p in templates}
    assert {name: what for name, what in found.items() if what} == {}


def test_the_policy_forbids_inline_script_and_style() -> None:
    directives = settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]


@pytest.mark.django_db
def test_every_kind_of_page_has_the_header_and_no_inline_code(
    client: Client, tournament: Tournament, make_entries, play, arbiter
) -> None:
    make_entries(6)
    play(tournament, [["1-0"]])
    entry = tournament.entries.first()
    assert entry is not None
    public = [
        reverse("home"),
        reverse("tournament_detail", args=[tournament.pk]),
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_crosstable", args=[tournament.pk]),
        reverse("tournament_players", args=[tournament.pk]),
        reverse("entry_detail", args=[tournament.pk, entry.pk]),
        reverse("rating_list"),
        reverse("login"),
        "/health/",
        "/no-such-page/",
    ]
    arbiter_pages = [
        reverse("tournament_manage", args=[tournament.pk]),
        reverse("round_manage", args=[tournament.pk, 1]),
        reverse("entry_add", args=[tournament.pk]),
        reverse("entries_import", args=[tournament.pk]),
        reverse("tournament_edit", args=[tournament.pk]),
        reverse("tournament_create"),
        reverse("tournament_import_trf"),
    ]
    for path in public:
        assert_strict(client.get(path), path)
    client.force_login(arbiter)
    for path in arbiter_pages:
        assert_strict(client.get(path), path)


def assert_strict(response, path: str) -> None:
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy, path
    assert inline_code(response.content.decode()) == [], path


def _answer(**overrides: object):
    from django.http import HttpResponse
    from django.test import RequestFactory

    from config.middleware import ConstantCSPMiddleware

    request = RequestFactory().get("/")
    response = HttpResponse("ok")
    for name, value in overrides.items():
        setattr(response, name, value)
    middleware = ConstantCSPMiddleware(lambda r: response)
    return middleware(request)


def test_the_policy_built_once_is_the_one_django_csp_builds() -> None:
    """Issue 27: ``ConstantCSPMiddleware`` builds the settings' policy once, not per answer;
    it must be exactly django-csp's, and a view's own policy (django-csp's decorators set these
    response attributes) still wins."""
    from csp.utils import build_policy

    assert _answer()["Content-Security-Policy"] == build_policy()
    assert "Content-Security-Policy-Report-Only" not in _answer()  # none in the settings
    updated = _answer(_csp_update={"img-src": ["https://example.org"]})
    assert "https://example.org" in updated["Content-Security-Policy"]
    assert "https://example.org" not in _answer()["Content-Security-Policy"]
    assert "Content-Security-Policy" not in _answer(_csp_exempt=True)
