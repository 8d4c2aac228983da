"""The rating list: /ratings/ (django-tables2, sortable, searchable with and without htmx)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Player
from tests.ratings.conftest import record

pytestmark = pytest.mark.django_db

URL = reverse("rating_list")


def names(response) -> list[str]:
    table = response.context["table"]
    return [row.record.player.name for row in table.paginated_rows]


@pytest.fixture
def ratings() -> None:
    record(Player.objects.create(name="Carlsen, Ann", uscf_id="12345678"), rating=2500.5, games=90)
    record(Player.objects.create(name="Brown, Bob"), rating=1800, games=12)
    record(Player.objects.create(name="Brown, Bob Jr"), "quick", rating=1650.49, games=30)


def test_it_lists_ratings_highest_first(ratings) -> None:
    response = Client().get(URL)
    assert response.status_code == 200
    assert names(response) == ["Carlsen, Ann", "Brown, Bob", "Brown, Bob Jr"]
    html = response.content.decode()
    assert ">2501<" in html and ">1650<" in html  # shown rounded to nearest
    assert "provisional" in html and "established" in html
    assert reverse("rating_history", args=[Player.objects.get(name="Brown, Bob").pk]) in html
    assert '<form method="get"' in html and 'hx-get="/ratings/"' in html  # works without JS


def test_it_sorts_by_a_column(ratings) -> None:
    assert names(Client().get(URL, {"sort": "rating"}))[0] == "Brown, Bob Jr"
    assert names(Client().get(URL, {"sort": "player"})) == [
        "Brown, Bob",
        "Brown, Bob Jr",
        "Carlsen, Ann",
    ]
    assert names(Client().get(URL, {"sort": "-games"}))[0] == "Carlsen, Ann"


def test_it_searches_by_name_or_uscf_id_and_system(ratings) -> None:
    assert names(Client().get(URL, {"q": "brown"})) == ["Brown, Bob", "Brown, Bob Jr"]
    assert names(Client().get(URL, {"q": "12345678"})) == ["Carlsen, Ann"]
    assert names(Client().get(URL, {"q": "brown", "system": "quick"})) == ["Brown, Bob Jr"]
    response = Client().get(URL, {"q": "nobody"})
    assert names(response) == [] and "No ratings match." in response.content.decode()


def test_it_returns_the_table_partial_to_htmx(ratings) -> None:
    response = Client().get(URL, {"q": "carlsen"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="rating-table"')
    assert "<html" not in html and "Carlsen, Ann" in html and "Brown" not in html
    full = Client().get(URL, {"q": "carlsen"}).content.decode()
    assert "<html" in full and '<section id="rating-table"' in full


def test_it_shows_bad_input_and_lists_everything(ratings) -> None:
    response = Client().get(URL, {"system": "blitz", "q": "x" * 101})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Select a valid choice" in html and "at most 100 characters" in html
    assert len(names(response)) == 3


@pytest.mark.parametrize("count", [3, 30])
def test_it_uses_a_constant_number_of_queries(count, django_assert_num_queries) -> None:
    for i in range(count):
        record(Player.objects.create(name=f"Player {i:02d}"), rating=1000 + i, games=i)
    with django_assert_num_queries(2):  # count + page
        response = Client().get(URL, {"q": "player"})
    assert len(names(response)) == count


def test_it_is_read_only() -> None:
    assert Client().post(URL).status_code == 405


def test_it_sorts_an_unknown_number_of_games_as_established() -> None:
    """A supplement's established rating has no N: sorting by status put it among the
    provisional ratings (it sorted as N = NULL), and by games before N = 12 on SQLite."""
    record(Player.objects.create(name="Known, Kim"), rating=1900, games=30)
    record(Player.objects.create(name="Supplement, Sam"), rating=1850, games=None)
    record(Player.objects.create(name="New, Ned"), rating=1400, games=12)
    assert names(Client().get(URL, {"sort": "status"})) == [
        "New, Ned",
        "Known, Kim",
        "Supplement, Sam",
    ]
    assert names(Client().get(URL, {"sort": "-status"}))[2] == "New, Ned"
    assert names(Client().get(URL, {"sort": "games"})) == [
        "New, Ned",
        "Known, Kim",
        "Supplement, Sam",
    ]
    assert names(Client().get(URL, {"sort": "-games"}))[0] == "Supplement, Sam"
