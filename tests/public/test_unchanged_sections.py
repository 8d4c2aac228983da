"""Issue 27: a live section that a new revision does not change keeps the section of before
(``public/unchanged.py``): its polls stay 304, and a player's page whose inputs did not change
is not rendered again. A result changes the pairings and the two players' pages; the standings
count the finished rounds only, so they do not change while a round is played."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from public import live, unchanged
from public import views as public_views
from tournaments import services
from tournaments.models import Entry, Tournament

HTMX = {"HX-Request": "true"}


@pytest.fixture
def rendered(monkeypatch) -> list[str]:
    """The live URLs whose section is rendered from now on, in order."""
    urls: list[str] = []
    render = public_views.render_to_string

    def counting(template, context=None, request=None, using=None):
        urls.append(context["live_url"])
        return render(template, context, request, using)

    monkeypatch.setattr(public_views, "render_to_string", counting)
    return urls


def board(t: Tournament, number: int):
    return t.round_set.get(number=1).games.get(board=number)


def player(t: Tournament, entry_pk: int) -> str:
    return reverse("entry_detail", args=[t.pk, entry_pk])


def result(t: Tournament, number: int, django_capture_on_commit_callbacks) -> int:
    """White wins on board ``number``, committed (the new revision in the cache); the new
    revision."""
    with django_capture_on_commit_callbacks(execute=True):
        services.set_result(board(t, number).pk, "1-0")
    return Tournament.objects.get(pk=t.pk).revision


@pytest.mark.django_db
def test_an_unchanged_players_page_is_not_rendered_again_and_its_poll_stays_304(
    client: Client,
    in_play: Tournament,
    rendered: list[str],
    django_capture_on_commit_callbacks,
    django_assert_num_queries,
) -> None:
    changed = player(in_play, board(in_play, 1).white_id)  # board 1 gets the result
    same = player(in_play, board(in_play, 3).black_id)  # board 3 does not
    etag_same = client.get(same, headers=HTMX)["ETag"]
    etag_changed = client.get(changed, headers=HTMX)["ETag"]
    before = Tournament.objects.get(pk=in_play.pk).revision
    rendered.clear()
    revision = result(in_play, 1, django_capture_on_commit_callbacks)
    poll = client.get(changed, headers=HTMX | {"If-None-Match": etag_changed})  # the pass
    assert poll.status_code == 200 and poll["ETag"] == f'"{revision}-2-all"'
    assert "playing" not in poll.content.decode()  # the result: a changed page is rendered
    assert rendered == [changed]  # the other page of the pass: not rendered
    kept = cache.get(live.section_key(in_play.pk, same, revision))
    assert kept is not None and kept[3] == before  # the section of before, for the new revision
    with django_assert_num_queries(0):
        poll = client.get(same, headers=HTMX | {"If-None-Match": etag_same})
    assert not hasattr(poll.wsgi_request, "session")  # the fast path
    assert poll.status_code == 304


@pytest.mark.django_db
def test_a_players_page_whose_input_changed_is_rendered_in_the_pass(
    client: Client, in_play: Tournament, rendered: list[str], django_capture_on_commit_callbacks
) -> None:
    """Both players of the game: the pass renders the other one too, with the result."""
    game = board(in_play, 2)
    white, black = player(in_play, game.white_id), player(in_play, game.black_id)
    etag_black = client.get(black, headers=HTMX)["ETag"]
    client.get(white, headers=HTMX)
    rendered.clear()
    revision = result(in_play, 2, django_capture_on_commit_callbacks)
    client.get(white, headers=HTMX)
    assert sorted(rendered) == sorted([white, black])
    poll = client.get(black, headers=HTMX | {"If-None-Match": etag_black})
    assert poll.status_code == 200 and poll["ETag"] == f'"{revision}-2-all"'
    assert "playing" not in poll.content.decode()


@pytest.mark.django_db
def test_a_players_page_shows_a_corrected_rating_of_an_opponent(
    client: Client, in_play: Tournament, django_capture_on_commit_callbacks
) -> None:
    """What the page shows of another row (the opponent's rating) is in its digest too."""
    game = board(in_play, 3)
    page = player(in_play, game.white_id)
    etag = client.get(page, headers=HTMX)["ETag"]
    client.get(player(in_play, board(in_play, 1).white_id), headers=HTMX)
    opponent = Entry.objects.get(pk=game.black_id)
    with django_capture_on_commit_callbacks(execute=True):
        opponent.rating = 1234
        opponent.save()
    client.get(player(in_play, board(in_play, 1).white_id), headers=HTMX)  # the pass
    poll = client.get(page, headers=HTMX | {"If-None-Match": etag})
    assert poll.status_code == 200 and ">1234<" in poll.content.decode()


@pytest.mark.django_db
def test_the_standings_stay_304_while_a_round_is_played_and_the_pairings_do_not(
    client: Client, in_play: Tournament, django_capture_on_commit_callbacks
) -> None:
    standings = reverse("tournament_standings", args=[in_play.pk])
    pairings = reverse("tournament_detail", args=[in_play.pk])
    etags = {url: client.get(url, headers=HTMX)["ETag"] for url in (standings, pairings)}
    result(in_play, 1, django_capture_on_commit_callbacks)
    poll = client.get(standings, headers=HTMX | {"If-None-Match": etags[standings]})
    assert poll.status_code == 304  # rendered again, the same: the section of before
    poll = client.get(pairings, headers=HTMX | {"If-None-Match": etags[pairings]})
    assert poll.status_code == 200 and "1–0" in poll.content.decode()
    result(in_play, 2, django_capture_on_commit_callbacks)
    revision = result(in_play, 3, django_capture_on_commit_callbacks)  # the round finished
    poll = client.get(standings, headers=HTMX | {"If-None-Match": etags[standings]})
    assert poll.status_code == 200 and poll["ETag"] == f'"{revision}-2-all"'


@pytest.mark.django_db
def test_a_readers_page_around_an_unchanged_section_shows_the_new_header(
    client: Client, in_play: Tournament, django_capture_on_commit_callbacks
) -> None:
    """The tournament renamed: the page around a player's section shows the name (an anonymous
    reader's page is kept per revision of the tournament, not of the section), and so does
    the section, for its polls to bring into the header of a page left open."""
    page = player(in_play, board(in_play, 3).black_id)
    assert "Renamed open" not in client.get(page).content.decode()
    etag = client.get(page, headers=HTMX)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        t = Tournament.objects.get(pk=in_play.pk)
        t.name = "Renamed open"
        t.save()
    poll = client.get(page, headers=HTMX | {"If-None-Match": etag})
    assert poll.status_code == 200 and "Renamed open</span>" in poll.content.decode()
    assert "Renamed open" in client.get(page).content.decode()
    assert "Renamed open" in client.get(page).content.decode()  # (the page kept, then served)


def test_the_players_digest_holds_everything_its_template_reads() -> None:
    """A player's section is not rendered when its digest is unchanged: the digest holds the
    build's context and what ``PLAYER_SHOWS`` names, so the template reads nothing else of
    the tournament or its view (``view.X``, ``tournament.X``)."""
    templates = Path(django_settings.BASE_DIR) / "templates" / "public"
    page = (templates / "entry_detail.html").read_text()
    partial = page.split("{% partialdef player %}")[1].split("{% endpartialdef %}")[0]
    text = partial + (templates / "_live.html").read_text()
    assert '{% include "public/_live.html" %}' in partial
    read: dict[str, set[str]] = {"view": set(), "tournament": set()}
    for name, attribute in re.findall(r"\b(view|tournament)\.(\w+)", text):
        read[name].add(attribute)
    assert read["tournament"] <= set(public_views.PLAYER_SHOWS["tournament"])
    assert read["view"] <= set(public_views.PLAYER_SHOWS["view"])
    assert read["view"] and read["tournament"]  # (the test reads the template indeed)


@dataclass
class Row:
    name: str
    points: int


def test_a_digest_holds_every_field_and_knows_when_it_cannot() -> None:
    one = unchanged.digest([Row("A", 1)], {"x": (1, "b")})
    assert one == unchanged.digest([Row("A", 1)], {"x": (1, "b")})
    assert one != unchanged.digest([Row("A", 2)], {"x": (1, "b")})
    assert one != unchanged.digest([Row("B", 1)], {"x": (1, "b")})
    assert one != unchanged.digest([Row("A", 1)], {"x": (1, "c")})
    assert unchanged.digest(object()) == ""  # (a kind it cannot take apart: rendered)
    assert unchanged.digest({1, 2}) == ""


@pytest.mark.django_db
def test_a_digest_holds_every_column_of_a_row(in_play: Tournament) -> None:
    entry = Entry.objects.filter(tournament=in_play).first()
    assert entry is not None
    before = unchanged.digest(entry)
    for column, value in (("name", "Other"), ("rating", 1001), ("federation", "XYZ")):
        other = Entry.objects.get(pk=entry.pk)
        setattr(other, column, value)
        assert unchanged.digest(other) != before, column
    assert unchanged.digest(Entry.objects.get(pk=entry.pk)) == before
