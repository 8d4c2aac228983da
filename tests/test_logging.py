"""The server's log (issue 24 item 11): a 403 is one WARNING line, without a traceback."""

from __future__ import annotations

import io
import logging

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_a_403_is_logged_without_a_traceback(
    client: Client, other_arbiter, tournament, caplog
) -> None:
    (console,) = [h for h in logging.getLogger().handlers if type(h) is logging.StreamHandler]
    stream = io.StringIO()
    old = console.setStream(stream)  # the handler LOGGING configures, with its filters
    console.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    try:
        client.force_login(other_arbiter)
        response = client.get(reverse("tournament_manage", args=[tournament.pk]))
    finally:
        console.setStream(old)
        console.setFormatter(None)
    assert response.status_code == 403
    text = stream.getvalue()
    assert f"WARNING Forbidden (Permission denied): /manage/tournaments/{tournament.pk}/" in text
    assert "Traceback" not in text
    assert len(text.strip().splitlines()) == 1
