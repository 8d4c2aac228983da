"""official_supplement: a rating officer imports the official US Chess supplement (issue 23):
the shared member table and the records of known players change, logged with the officer's
name. Nobody else may."""

from __future__ import annotations

import io
from decimal import Decimal

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings.models import RatingCorrection, RatingRecord, UscfMember

URL = "/ratings/supplement/"


def file() -> io.BytesIO:
    f = io.BytesIO(b'ID,Name,State,Expires,Regular\n12345601,"Adams, Ann",CA,2030-01-31,2250\n')
    f.name = "RS2604.csv"
    return f


def test_it_is_at_its_url() -> None:
    assert reverse("official_supplement") == URL


def test_it_sends_anonymous_users_to_log_in(client: Client, db: None) -> None:
    for response in (client.get(URL), client.post(URL, {"file": file()})):
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not UscfMember.objects.exists()


def test_it_refuses_arbiters(arbiter_client: Client) -> None:
    assert arbiter_client.get(URL).status_code == 403
    assert arbiter_client.post(URL, {"file": file()}).status_code == 403
    assert not UscfMember.objects.exists()


def test_it_needs_a_csrf_token(officer: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(officer)
    assert client.post(URL, {"file": file()}).status_code == 403
    assert not UscfMember.objects.exists()


def test_it_imports_and_the_history_names_the_officer(officer_client: Client) -> None:
    adams = Player.objects.create(name="Adams, Ann", uscf_id="12345601")
    assert officer_client.get(URL).status_code == 200
    response = officer_client.post(URL, {"file": file()}, follow=True)
    assert "1 member imported; ratings of 1 known player brought" in response.content.decode()
    member = UscfMember.objects.get()
    assert member.imported_by is not None
    assert (member.name, member.imported_by.username) == ("Adams, Ann", "officer")
    record = RatingRecord.objects.get(player=adams, system="regular")
    assert record.rating == Decimal(2250)
    correction = RatingCorrection.objects.get(record=record)
    assert correction.by.username == "officer"
    assert (
        correction.reason
        == "US Chess rating supplement RS2604.csv (imported by rating officer officer)"
    )


def test_it_names_a_file_that_is_no_supplement(officer_client: Client) -> None:
    f = io.BytesIO(b"Name,Rating\nAdams,2250\n")
    f.name = "wrong.csv"
    response = officer_client.post(URL, {"file": f})
    assert response.status_code == 400
    assert "must have a column with the US Chess ID" in response.content.decode()


def test_it_lists_the_rows_it_skipped(officer_client: Client) -> None:
    """docs/ratings.md: "Bad rows are listed by row number and skipped". The officer's import
    said "1 member imported" and nothing of the rows it left out."""
    f = io.BytesIO(
        b"ID,Name,Regular\n12345601,Adams,2250\n1234567,Short Id,1500\n12345603,Low,99\n"
    )
    f.name = "RS2604.csv"
    response = officer_client.post(URL, {"file": f}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "1 member imported" in html
    assert "2 rows not imported: row 2 (1234567): US Chess ID must be 8 digits" in html
    assert "row 3 (12345603): regular rating &#x27;99&#x27; is not a rating" in html
    assert list(UscfMember.objects.values_list("uscf_id", flat=True)) == ["12345601"]
