"""The upload page (administrators and rating officers only) with its progress, and the
look-up the arbiters' registration uses."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from fide import jobs
from fide.models import FideList, FideListPlayer
from tests.fide import lists

pytestmark = pytest.mark.django_db
UPLOAD = "/fide/upload/"


def client_of(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def upload(client: Client, data: bytes, name: str = "players_list_foa.txt", month: str = ""):
    return client.post(UPLOAD, {"file": SimpleUploadedFile(name, data), "month": month})


@pytest.fixture
def staff_without_group(db: None) -> User:
    return User.objects.create_user("staff", is_staff=True)


@pytest.fixture
def admin(db: None) -> User:
    return User.objects.create_superuser("root", password="a-long-test-password")


@pytest.mark.parametrize("who", ["visitor", "arbiter", "staff_without_group"])
def test_only_officers_and_admins_import(who, request):
    user = None if who == "visitor" else request.getfixturevalue(who)
    client = client_of(user)
    assert client.get(UPLOAD).status_code == 403
    assert upload(client, lists.txt()).status_code == 403
    assert not FideListPlayer.objects.exists()


@pytest.mark.parametrize("who", ["officer", "admin"])
def test_officers_and_admins_see_the_page(who, request):
    response = client_of(request.getfixturevalue(who)).get(UPLOAD)
    assert response.status_code == 200
    assert b"No list imported yet" in response.content


def test_a_small_file_is_imported_in_the_request(officer):
    client = client_of(officer)
    response = upload(client, lists.zipped("players_list_foa.txt", lists.txt()), "x.zip", "2026-11")
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert "Done:" in page.content.decode()
    assert "5 players imported (the list of November 2026)" in page.content.decode()
    assert b"hx-trigger" not in page.content  # finished: no more polling
    assert FideListPlayer.objects.count() == 5
    listed = FideList.objects.get()
    assert (listed.imported_by, listed.source) == (officer, "x.zip")
    assert "the list of <strong>November 2026</strong>" in client.get(UPLOAD).content.decode()


def test_a_large_file_runs_in_the_background_with_progress(officer, settings, monkeypatch):
    settings.FIDE_IMPORT_INLINE_BYTES = 10
    waiting: list[Callable[[], None]] = []
    monkeypatch.setattr(jobs, "start_background", waiting.append)
    client = client_of(officer)
    response = upload(client, lists.txt())
    progress_url = response["Location"]
    page = client.get(progress_url).content.decode()
    assert "Running: 0 players read" in page
    assert f'hx-get="{progress_url}" hx-trigger="every 1s"' in page  # htmx polls
    assert '<meta http-equiv="refresh" content="3">' in page  # reloads without JavaScript
    assert not FideListPlayer.objects.exists()
    (job,) = waiting
    job()
    partial = client.get(progress_url, headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith('<section id="import-progress"')
    assert "<html" not in partial
    assert "Done:" in partial
    assert FideListPlayer.objects.count() == 5


def test_a_malformed_upload_says_the_line_and_keeps_the_list(officer, imported):
    imported()
    bad = (*lists.HOU[:10], "K", *lists.HOU[11:])
    client = client_of(officer)
    page = client.get(upload(client, lists.txt((lists.CARLSEN, bad)))["Location"])
    assert "line 3: SK must be a number, not &#x27;K&#x27;; the list in force is unchanged" in (
        page.content.decode()
    )
    assert FideListPlayer.objects.count() == 5


def test_a_bad_month_is_refused(officer):
    response = upload(client_of(officer), lists.txt(), month="2026-1")
    assert response.status_code == 400
    assert "the month must be written YYYY-MM, not &#x27;2026-1&#x27;" in response.content.decode()


def test_a_month_13_is_refused_as_no_month_not_as_a_bad_format(officer):
    """'2026-13' is written YYYY-MM: the message said it was not, and hid the month."""
    response = upload(client_of(officer), lists.txt(), month="2026-13")
    assert response.status_code == 400
    page = response.content.decode()
    assert "&#x27;2026-13&#x27; has no month 13: months are 01 to 12" in page
    assert "must be written" not in page


def test_unknown_job(officer):
    assert client_of(officer).get("/fide/imports/nope/").status_code == 404


def test_the_list_upload_may_be_larger_than_other_requests(officer, settings):
    """``REQUEST_MAX_BYTES`` refuses a larger body everywhere but the list upload."""
    client = client_of(officer)
    too_big = str(settings.REQUEST_MAX_BYTES + 1)
    other = client.post("/ratings/", data="", content_type="text/plain", CONTENT_LENGTH=too_big)
    assert other.status_code == 413
    fide = client.post(UPLOAD, data="", content_type="text/plain", CONTENT_LENGTH=too_big)
    assert fide.status_code != 413


def test_lookup_needs_a_login(db):
    response = Client().get("/fide/lookup/?q=carlsen")
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_lookup_answers_the_registration_partial(arbiter, imported):
    imported()
    client = client_of(arbiter)
    partial = client.get(
        "/fide/lookup/", {"q": "hou"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert partial.lstrip().startswith('<section id="fide-results"')
    for attribute in (
        'data-fide-id="8602980"',
        'data-name="Hou, Yifan"',
        'data-title="GM"',
        'data-federation="CHN"',
        'data-sex="F"',
        'data-birth-year="1994"',
        'data-standard="2633"',
        'data-rapid=""',
        'data-blitz="2591"',
        'data-inactive="1"',
    ):
        assert attribute in partial
    assert ">inactive<" in partial
    page = client.get("/fide/lookup/", {"q": "zzz"}).content.decode()
    assert "<html" in page
    assert "No player of the FIDE list matches" in page


@pytest.mark.parametrize("who", ["visitor", "arbiter", "staff_without_group"])
def test_it_refuses_an_upload_before_reading_its_body(who, request, monkeypatch):
    """The permission comes first: a refused user's multipart body (up to 1 GiB) is never
    parsed, not even by the CSRF check looking for its token."""
    from django.http.request import HttpRequest

    user = None if who == "visitor" else request.getfixturevalue(who)
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    read: list[bool] = []
    original = HttpRequest._load_post_and_files

    def spy(self):
        read.append(True)
        return original(self)

    monkeypatch.setattr(HttpRequest, "_load_post_and_files", spy)
    assert upload(client, lists.txt()).status_code == 403
    assert read == []
    assert not FideListPlayer.objects.exists()


def test_it_still_checks_csrf_for_an_officer(officer):
    client = Client(enforce_csrf_checks=True)
    client.force_login(officer)
    response = upload(client, lists.txt())
    assert response.status_code == 403  # no token
    assert not FideListPlayer.objects.exists()
    client.get(UPLOAD)
    token = client.cookies["csrftoken"].value
    data = {"file": SimpleUploadedFile("players_list_foa.txt", lists.txt()), "month": ""}
    response = client.post(UPLOAD, {**data, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert FideListPlayer.objects.count() == 5


@pytest.mark.parametrize(
    ("who", "shown"),
    [("arbiter", False), ("staff_without_group", False), ("officer", True), ("admin", True)],
)
def test_it_links_the_upload_page_for_officers_and_admins(who, shown, request):
    page = client_of(request.getfixturevalue(who)).get("/").content.decode()
    assert ('href="/fide/upload/"' in page) is shown
