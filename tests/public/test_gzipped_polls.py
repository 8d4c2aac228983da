"""Issue 27: a poll's section is gzipped once per revision and sent so to the clients that take
it (``Accept-Encoding: gzip``, as every browser); after decompression it is byte for byte the
plain answer. Its ETag is the plain one made weak (same content, another encoding), and a poll
with either gets 304 while nothing changed. Both the view (first poll of a revision) and the
fast path (``public/middleware.py``, later ones) answer so, and neither makes a session or a
CSRF cookie for the anonymous phone."""

from __future__ import annotations

import gzip

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Tournament

HTMX = {"HX-Request": "true"}
GZIP = HTMX | {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture
def round_one(settings, tournament: Tournament, make_entries, play) -> Tournament:
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60  # as in production
    cache.clear()
    make_entries(6)
    play(tournament, [[]])
    return tournament


def page_url(t: Tournament, page: str) -> str:
    if page == "entry_detail":
        entry = t.entries.order_by("pairing_number").first()
        assert entry is not None
        return reverse(page, args=[t.pk, entry.pk])
    return reverse(page, args=[t.pk])


def vary(response) -> set[str]:
    return {v.strip() for v in response.get("Vary", "").split(",") if v.strip()}


PAGES = ["tournament_detail", "tournament_standings", "entry_detail"]


@pytest.mark.django_db
@pytest.mark.parametrize("page", PAGES)
def test_it_gzips_a_poll_byte_identical_to_the_plain_answer(
    client: Client, round_one: Tournament, page: str
) -> None:
    path = page_url(round_one, page)
    plain = client.get(path, headers=HTMX)  # computed by the view
    for _ in ("view or fast path", "fast path"):
        zipped = client.get(path, headers=GZIP)
        assert zipped.status_code == 200
        assert zipped["Content-Encoding"] == "gzip"
        assert gzip.decompress(zipped.content) == plain.content
        assert int(zipped["Content-Length"]) == len(zipped.content) < len(plain.content)
        assert zipped["ETag"] == "W/" + plain["ETag"]
        assert {"HX-Request", "Accept-Encoding"} <= vary(zipped)
        assert not zipped.cookies
        assert not hasattr(zipped.wsgi_request, "session")  # answered before the session
    assert "Content-Encoding" not in plain
    assert "<section" in plain.content.decode()


@pytest.mark.django_db
def test_it_gzips_the_first_poll_of_a_revision_as_the_view_answers_it(
    client: Client, round_one: Tournament
) -> None:
    zipped = client.get(page_url(round_one, "tournament_detail"), headers=GZIP)
    assert hasattr(zipped.wsgi_request, "session")  # the view computed it
    assert zipped["Content-Encoding"] == "gzip" and zipped["ETag"].startswith('W/"')
    plain = client.get(page_url(round_one, "tournament_detail"), headers=HTMX)
    assert gzip.decompress(zipped.content) == plain.content
    assert not zipped.cookies and not plain.cookies


@pytest.mark.django_db
@pytest.mark.parametrize("page", PAGES)
def test_it_answers_304_to_the_etag_of_either_encoding(
    client: Client, round_one: Tournament, page: str, django_assert_num_queries
) -> None:
    path = page_url(round_one, page)
    zipped = client.get(path, headers=GZIP)
    plain = client.get(path, headers=HTMX)
    for headers, etag in ((GZIP, zipped["ETag"]), (HTMX, plain["ETag"]), (GZIP, plain["ETag"])):
        with django_assert_num_queries(0):
            again = client.get(path, headers=headers | {"If-None-Match": etag})
        assert again.status_code == 304
        assert {"HX-Request", "Accept-Encoding"} <= vary(again)
        assert not again.cookies and not hasattr(again.wsgi_request, "session")


@pytest.mark.django_db
def test_it_sends_the_new_revision_gzipped_after_a_result(
    client: Client, round_one: Tournament, django_capture_on_commit_callbacks
) -> None:
    path = page_url(round_one, "tournament_detail")
    first = client.get(path, headers=GZIP)
    with django_capture_on_commit_callbacks(execute=True):  # the new revision in the cache
        services.set_result(round_one.round_set.get().games.get(board=1).pk, "1-0")
    for _ in ("view", "fast path"):
        poll = client.get(path, headers=GZIP | {"If-None-Match": first["ETag"]})
        assert poll.status_code == 200 and poll["ETag"] != first["ETag"]
        html = gzip.decompress(poll.content).decode()
        assert "1–0" in html
        assert f'data-revision="{Tournament.objects.get().revision}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("page", PAGES)
def test_it_gzips_an_anonymous_readers_whole_page_byte_identical(
    client: Client, round_one: Tournament, page: str
) -> None:
    path = page_url(round_one, page)
    zipped = client.get(path, headers={"Accept-Encoding": "gzip"})  # the view
    again = client.get(path, headers={"Accept-Encoding": "gzip"})  # the fast path
    plain = client.get(path)
    assert not hasattr(again.wsgi_request, "session")
    for answer in (zipped, again):
        assert answer.status_code == 200 and answer["Content-Encoding"] == "gzip"
        assert gzip.decompress(answer.content) == plain.content
        assert {"Cookie", "HX-Request", "Accept-Encoding"} <= vary(answer)
        assert not answer.cookies
    assert "Content-Encoding" not in plain and "<html" in plain.content.decode()
