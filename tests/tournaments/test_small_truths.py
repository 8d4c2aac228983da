"""Small truths of issue 24 item 9: units, words and legends the pages show."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament


def render(text: str, **context: object) -> str:
    return Template("{% load tournament_tags %}" + text).render(Context(context))


@pytest.mark.parametrize(
    ("shown", "expected"),
    [("0", "0 pts"), ("0.5", "0.5 pts"), ("1", "1 pt"), ("1.5", "1.5 pts"), (2, "1 pt")],
)
def test_points_have_the_right_unit(shown: object, expected: str) -> None:
    """ "1 pts" was shown (a half-point count, 2, is one point)."""
    assert render("{{ v|pts }}", v=shown) == expected


def test_sex_is_a_word() -> None:
    assert render("{{ v|sex_label }} {{ w|sex_label }}", v="w", w="m") == "Female Male"


def test_a_float_is_shown_only_when_there_is_one() -> None:
    """ "··" (no float in either round) was shown without a legend."""
    assert render("{{ v|has_float }} {{ w|has_float }}", v="··", w="·↓") == "False True"


@pytest.mark.django_db
def test_the_printouts_name_the_dutch_edition(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    tournament.dutch_edition = Tournament.DutchEdition.E2017
    tournament.save()
    make_entries(4)
    play(tournament, rounds=1)
    for name, args in (
        ("print_pairings", [tournament.pk, 1]),
        ("print_standings", [tournament.pk]),
    ):
        html = arbiter_client.get(reverse(name, args=args)).content.decode()
        assert "FIDE Dutch (C.04.3, 2017 edition)" in html, name


@pytest.mark.django_db
def test_the_seeding_is_named_as_written(arbiter_client: Client, tournament, make_entries) -> None:
    """ "pairing numbers follow the initial ranking: … (fide c.04.2)" was lower-cased."""
    make_entries(2)
    html = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert "pairing numbers: Initial ranking: rating, title, name (FIDE C.04.2)." in html
