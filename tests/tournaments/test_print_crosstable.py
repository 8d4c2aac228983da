"""print_crosstable: the wall chart, landscape."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_it_is_landscape_with_a_column_per_round(client: Client, tournament, four) -> None:
    url = reverse("print_crosstable", args=[tournament.pk])
    html = client.get(url, {"paper": "letter"}).content.decode()
    assert "css/page-letter-landscape.css" in html
    assert html.count('<th class="num round">') == 2
    assert '<td class="num round">3w1</td><td class="num round">2b½</td>' in html  # A's row
