"""health: a trivial page (load balancers; the benchmark's baseline)."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_it_answers_ok_without_a_query(client: Client, django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        response = client.get("/health/")
    assert response.content == b"ok"
    assert client.post("/health/").status_code == 405
