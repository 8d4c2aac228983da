"""Every kind of arbiter change shows at once on every page that shows it (issue 27's caches:
the sections and whole pages per revision, the fast path, the polls before Django, the gzipped
polls), with the memory cache and with Redis.

Table-driven: each row of :data:`CHANGES` is a change made the way the arbiter (or the rating
officer) makes it — a POST to the app's own view, committed — and the facts it makes true, per
page, each a text written down by hand from the row's data (absent before the change, present
after: the page does show the change). Each page of :data:`PAGES` is read before the change
by every reader a phone or a desk can be (:data:`READERS`: a whole page as an anonymous reader
and as the arbiter, a poll with its ETag plain and gzipped, the same poll answered before
Django), then after it, the way they read it next (a poll sends the ETag it has; a 304 means
"keep your copy"). Every answer after the change must be what a server that never cached
anything answers: the same page, rendered from a cache emptied of everything (the revision
attribute aside: a section that a change did not change keeps the revision it shows).

A new page is one entry of :data:`PAGES`; a new change one row of :data:`CHANGES`."""

from __future__ import annotations

import gzip
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse

from players.models import Player
from public import live
from public import views as public_views
from public.wsgi import Polls
from ratings import events as event_services
from ratings.models import Event, RatingRecord, RatingRequest
from tests.public.conftest import FIELD
from tests.public.test_polls_before_django import Counted, get
from tests.redis import REDIS_URL, redis_reachable
from tournaments import services
from tournaments.forms import TournamentForm
from tournaments.models import Entry, Game, Round, Tournament
from tournaments.views.paging import PER_PAGE

HTMX = {"HX-Request": "true"}

# ---------------------------------------------------------------------------------------------
# The pages


@dataclass(frozen=True)
class Page:
    name: str
    url: Callable[[Tournament], str]
    live: bool = False
    """A live section (polled) besides the whole page."""
    arbiter: bool = False
    """Only the arbiter reads it (the dashboard)."""


def _entry(t: Tournament, number: int) -> Entry:
    return Entry.objects.get(tournament_id=t.pk, pairing_number=number)


def _public(name: str, query: str = "") -> Callable[[Tournament], str]:
    return lambda t: reverse(name, args=[t.pk]) + query


def _with_pks(text: str, pks: dict[int, int]) -> str:
    """A row's text with ``{entry:N}`` put as the primary key of the entry numbered N (not
    1..n on PostgreSQL, whose sequences run on across tests)."""
    return re.sub(r"\{entry:(\d+)\}", lambda m: str(pks[int(m.group(1))]), text)


def _player(number: int) -> Callable[[Tournament], str]:
    return lambda t: reverse("entry_detail", args=[t.pk, _entry(t, number).pk])


def _big(t: Tournament) -> bool:
    return t.entries.count() > PER_PAGE


def _paged(name: str) -> Callable[[Tournament], str]:
    """Page 2 of a list, in a field that has one."""
    return lambda t: _public(name, "?page=2")(t) if _big(t) else ""


PAGES = [
    Page("pairings", _public("tournament_detail"), live=True),
    Page("pairings round 1", _public("tournament_detail", "?round=1"), live=True),
    Page("pairings round 2", _public("tournament_detail", "?round=2"), live=True),
    Page("pairings alphabetical", _public("tournament_detail", "?order=alpha"), live=True),
    Page("standings", _public("tournament_standings"), live=True),
    Page("crosstable", _public("tournament_crosstable"), live=True),
    Page("players", _public("tournament_players"), live=True),
    Page("find my board", _public("tournament_players", "?q=Player+01"), live=True),
    Page("player 1", _player(1), live=True),
    Page("player 6", _player(6), live=True),
    Page("pairings page 2", _paged("tournament_detail"), live=True),
    Page("players page 2", _paged("tournament_players"), live=True),
    Page("standings page 2", _paged("tournament_standings"), live=True),
    Page("crosstable page 2", _paged("tournament_crosstable"), live=True),
    Page("player 150", lambda t: _player(150)(t) if _big(t) else "", live=True),
    Page("home", lambda t: reverse("home")),
    Page("print standings", _public("print_standings")),
    Page("print crosstable", _public("print_crosstable")),
    Page("print pairings 1", lambda t: reverse("print_pairings", args=[t.pk, 1])),
    Page("dashboard", lambda t: reverse("tournament_manage", args=[t.pk]), arbiter=True),
    Page("round 2", lambda t: reverse("round_manage", args=[t.pk, 2]), arbiter=True),
    Page("event", lambda t: reverse("event_detail", args=[t.event_id]) if t.event_id else ""),
    Page("prize list", lambda t: reverse("prize_list", args=[t.pk]) if t.event_id else ""),
]
BY_NAME = {p.name: p for p in PAGES}
SMALL_FIELD_PAGES = [
    p.name
    for p in PAGES
    if "page 2" not in p.name and p.name not in ("player 150", "event", "prize list")
]
"""The pages of a tournament of six players, not a section of an event."""


# ---------------------------------------------------------------------------------------------
# The readers: how a page is read, and read again after a change


@dataclass
class Reader:
    """One way of reading one page: what it answered first (its copy) and its ETag."""

    name: str
    copy: tuple[int, str] = (0, "")
    etag: str = ""
    polls: Any = None


def _text(response_content: bytes, gzipped: bool) -> str:
    return (gzip.decompress(response_content) if gzipped else response_content).decode()


def _read(reader: Reader, url: str, clients: dict[str, Client]) -> tuple[int, str]:
    """The page as ``reader`` reads it now (a 304: its copy), its copy and ETag renewed."""
    name = reader.name
    if name in ("page", "arbiter's page"):
        client = clients["anonymous" if name == "page" else "arbiter"]
        response = client.get(url)
        seen = (response.status_code, response.content.decode())
    elif name == "poll before Django":
        headers = {"HTTP_IF_NONE_MATCH": reader.etag} if reader.etag else {}
        status, answer_headers, body = get(reader.polls, url, **headers)
        code = int(status[:3])
        if code == 304:
            return reader.copy
        zipped = answer_headers.get("Content-Encoding") == "gzip"
        seen = (code, _text(body, zipped) if code == 200 else body.decode())
        reader.etag = answer_headers.get("ETag", "")
    else:
        headers = dict(HTMX)
        if name == "gzipped poll":
            headers["Accept-Encoding"] = "gzip"
        if reader.etag:
            headers["If-None-Match"] = reader.etag
        response = clients["anonymous"].get(url, headers=headers)
        if response.status_code == 304:
            return reader.copy
        zipped = response.get("Content-Encoding") == "gzip"
        seen = (response.status_code, _text(response.content, zipped))
        reader.etag = response.get("ETag", "")
    reader.copy = seen
    return seen


def _readers(page: Page) -> list[Reader]:
    if page.arbiter:
        return [Reader("arbiter's page")]
    readers = [Reader("page"), Reader("arbiter's page")]
    if page.live:
        readers += [Reader("poll"), Reader("gzipped poll")]
        readers.append(Reader("poll before Django", polls=Polls(Counted())))
    return readers


SECTION_READERS = ("poll", "gzipped poll", "poll before Django")


def _normal(text: str) -> str:
    """A page as compared: the revision a section shows aside (an unchanged section keeps
    its own), and the CSRF token of an arbiter's page."""
    text = re.sub(r'data-revision="\d+"', 'data-revision=""', text)
    text = re.sub(r"printed \d+ \w+ \d+ \d+:\d+", "printed", text)  # (a printout's time)
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "csrf", text)
    return re.sub(r'"X-CSRFToken": "[^"]*"', "csrf", text)


# ---------------------------------------------------------------------------------------------
# The changes


@dataclass(frozen=True)
class Change:
    name: str
    given: str
    """The state before: a function of :data:`GIVEN`."""
    act: Callable[[Client, Tournament], Any]
    shows: dict[str, str] = field(default_factory=dict)
    """Page -> a text the change makes appear there."""
    hides: dict[str, str] = field(default_factory=dict)
    """Page -> a text the change makes disappear from there."""
    gone: bool = False
    """The tournament's pages answer 404 after the change."""
    gone_pages: list[str] = field(default_factory=list)
    """Pages that answer 404 after the change (their polls: a section saying so, 286)."""


def _problems(response: Any) -> list[str]:
    """The form errors and messages of an answer that was meant to be a redirect."""
    html = response.content.decode()
    return re.findall(
        r'class="(?:errorlist|messages|warning-box|error)[^"]*"[^>]*>(.*?)</', html, re.S
    )


def _post(client: Client, name: str, args: list[Any], data: dict[str, Any] | None = None) -> Any:
    response = client.post(reverse(name, args=args), data or {})
    assert response.status_code in (200, 302), (name, response.status_code)
    return response


def _game(t: Tournament, number: int, board: int) -> Game:
    return Game.objects.get(round__tournament_id=t.pk, round__number=number, board=board)


def _result(number: int, board: int, result: str, confirm: bool = False) -> Callable:
    def act(client: Client, t: Tournament) -> None:
        data = {"result": result} | ({"confirm": "1"} if confirm else {})
        _post(client, "game_result", [t.pk, _game(t, number, board).pk], data)

    return act


def _settings(t: Tournament, **change: Any) -> dict[str, Any]:
    """The settings form as the arbiter finds it, with ``change``."""
    form = TournamentForm(instance=t, paired_rounds=t.round_set.count())
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else value
    return data | change


def _edit(**change: Any) -> Callable:
    def act(client: Client, t: Tournament) -> None:
        t = Tournament.objects.get(pk=t.pk)
        response = _post(client, "tournament_edit", [t.pk], _settings(t, **change))
        assert response.status_code == 302, _problems(response)

    return act


def _swap_tie_breaks(client: Client, t: Tournament) -> None:
    """The first two tie-breaks exchanged."""
    first, second, *_ = Tournament.objects.get(pk=t.pk).tie_break_codes
    _edit(tie_break_1=second, tie_break_2=first)(client, t)


def _entry_edit(number: int, **change: Any) -> Callable:
    def act(client: Client, t: Tournament) -> None:
        e = _entry(t, number)
        data = {"name": e.name, "federation": e.federation, "rating": e.rating} | change
        response = _post(client, "entry_edit", [t.pk, e.pk], data)
        assert response.status_code == 302, _problems(response)

    return act


def _availability(number: int, round_number: int, status: str) -> Callable:
    def act(client: Client, t: Tournament) -> None:
        e = _entry(t, number)
        data = {"round": round_number, "status": status}
        response = _post(client, "entry_availability", [t.pk, e.pk], data)
        assert response.status_code == 302, _problems(response)

    return act


def _late_entry(client: Client, t: Tournament) -> None:
    data = {"name": "Latecomer, Lena", "rating": 1999, "federation": "CAN"}
    response = _post(client, "entry_add", [t.pk], data)
    assert Entry.objects.filter(tournament_id=t.pk, name="Latecomer, Lena").exists(), (
        response.content.decode()[-3000:]
    )


def _pair(client: Client, t: Tournament) -> None:
    _post(client, "round_pair", [t.pk])


def _publish(number: int) -> Callable:
    return lambda client, t: _post(client, "round_publish", [t.pk, number])


def _undo(client: Client, t: Tournament) -> None:
    _post(client, "round_undo", [t.pk], {"confirm": "1"})


def _swap(number: int, board: int) -> Callable:
    def act(client: Client, t: Tournament) -> None:
        _post(
            client,
            "round_swap_colours",
            [t.pk, number],
            {"board": board, "confirm": "1", "reason": "a test"},
        )

    return act


def _archive(client: Client, t: Tournament) -> None:
    _post(client, "tournament_archive", [t.pk], {"archived": "1"})


def _delete(client: Client, t: Tournament) -> None:
    _post(client, "tournament_delete", [t.pk], {"confirm": "1"})


# The states before a change: six players ("Player 01" .. "Player 06", rated 2375 .. 2250 in
# the pairs of ``make_entries``), five rounds, Dutch.


def _in_play(t: Tournament, play: Callable) -> None:
    """Round 1 played (White wins everywhere), round 2 published, no result yet."""
    play(t, rounds=1)
    play(t, [[]])


def _complete(t: Tournament, play: Callable) -> None:
    """Rounds 1 and 2 played (White wins everywhere), round 3 not paired."""
    play(t, rounds=2)


def _draft(t: Tournament, play: Callable) -> None:
    """Round 1 played (White wins everywhere), round 2 paired as a draft."""
    play(t, rounds=1)
    services.pair_next_round(t.pk)


GIVEN = {"in play": _in_play, "complete": _complete, "draft": _draft}


def _finished_uscf(t: Tournament, play: Callable) -> None:
    """Three rounds of three played, rated in US Chess's regular system: the arbiter may submit
    it."""
    t.rating_system, t.rounds = Tournament.RatingSystem.REGULAR, 3
    t.save()
    play(t, rounds=3)


def _uscf_registration(t: Tournament, play: Callable) -> None:
    """No round paired, paired on US Chess regular ratings; Player 01 has a record (1500)."""
    t.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    t.save()
    player = _entry(t, 1).player
    RatingRecord.objects.create(player=player, system="regular", rating=Decimal(1500), games=50)
    event_services.refresh_ratings_of_players([player.pk])


def _section(t: Tournament, play: Callable) -> None:
    """The Open section of the Reno Open, in play as :func:`_in_play`."""
    event = Event.objects.create(name="Reno Open", start_date=t.start_date, end_date=t.end_date)
    event.arbiters.set(t.arbiters.all())
    t.event, t.section_name = event, "Open"
    t.save()
    _in_play(t, play)


def _big_field(t: Tournament, play: Callable) -> None:
    """204 more players (210: lists of 100 a page, tests/public/conftest.py), round 1 published
    by hand: board b is no. 2b-1 (White) against no. 2b, no result yet."""
    entries = list(t.entries.order_by("pairing_number"))
    for i in range(len(entries) + 1, FIELD + 1):
        player = Player.objects.create(name=f"Player {i:02d}", fide_rating=2600 - i)
        entries.append(
            Entry.objects.create(tournament=t, player=player, pairing_number=i, rating=2600 - i)
        )
    t.rounds = 3
    t.save()
    rnd = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    Game.objects.bulk_create(
        Game(round=rnd, board=b, white=entries[2 * b - 2], black=entries[2 * b - 1])
        for b in range(1, FIELD // 2 + 1)
    )
    t.status = Tournament.Status.RUNNING
    t.save()


def _last_game(t: Tournament, play: Callable) -> None:
    """As :func:`_in_play`, White won on boards 2 and 3: board 1 (no. 3 - no. 1) is the last
    game, so its players' pages foresee the next round."""
    _in_play(t, play)
    for board in (2, 3):
        services.set_result(_game(t, 2, board).pk, "1-0")


def _unrated_late_entry(t: Tournament, play: Callable) -> None:
    """As :func:`_in_play`, and an unrated player who joins in round 3."""
    _in_play(t, play)
    player = Player.objects.create(name="Unrated, Una")
    Entry.objects.create(tournament=t, player=player, pairing_number=7, joined_round=3)


def _two_sections(t: Tournament, play: Callable) -> None:
    """The Open section of the Reno Open and its Reserve section, before round 1."""
    event = Event.objects.create(name="Reno Open", start_date=t.start_date, end_date=t.end_date)
    event.arbiters.set(t.arbiters.all())
    t.event, t.section_name = event, "Open"
    t.save()
    settings = event_services.SectionSettings(
        name="Reserve",
        rounds=3,
        pairing_system=Tournament.PairingSystem.DUTCH,
        pairing_rating=t.pairing_rating,
        rating_system=Tournament.RatingSystem.NONE,
        rating_min=None,
        rating_max=None,
    )
    event_services.add_section(event.pk, settings)


GIVEN = {
    "registration": lambda t, play: None,
    "two sections before round 1": _two_sections,
    "in play, an unrated late entry": _unrated_late_entry,
    "the last game in play": _last_game,
    "a big field in play": _big_field,
    "in play": _in_play,
    "complete": _complete,
    "draft": _draft,
    "finished, US Chess": _finished_uscf,
    "registration, US Chess ratings": _uscf_registration,
    "a section in play": _section,
}


def _pair_again(client: Client, t: Tournament) -> None:
    _result(1, 1, "0-1", confirm=True)(client, t)  # round 2's draft is now paired on old results
    _post(client, "round_pair_again", [t.pk, 2])


def _add_board(client: Client, t: Tournament) -> None:
    """Round 2's draft: board 3 taken off, then its players paired the other way round."""
    game = _game(t, 2, 3)
    white, black = game.white.pairing_number, game.black.pairing_number
    _post(client, "round_remove_board", [t.pk, 2], {"board": 3})
    data = {"white": black, "black": white, "confirm": "1", "reason": "a test"}
    _post(client, "round_add_board", [t.pk, 2], data)


def _set_bye(client: Client, t: Tournament) -> None:
    """Round 2's draft: board 3 taken off, one of its players given the bye."""
    black = _game(t, 2, 3).black.pairing_number
    _post(client, "round_remove_board", [t.pk, 2], {"board": 3})
    data = {"player": black, "confirm": "1", "reason": "a test"}
    _post(client, "round_set_bye", [t.pk, 2], data)


def _forbid(client: Client, t: Tournament) -> None:
    data = {"players": [_entry(t, 1).pk, _entry(t, 2).pk]}
    response = _post(client, "forbidden_pair_add", [t.pk], data)
    assert response.status_code == 302, _problems(response)


def _forbid_in_the_admin(client: Client, t: Tournament) -> None:
    """A superuser adds the pair in the admin (no service: the signals renew)."""
    url = reverse("admin:tournaments_forbiddenpair_add")
    data = {"tournament": t.pk, "first": _entry(t, 1).pk, "second": _entry(t, 2).pk}
    response = _superuser().post(url, data)
    assert response.status_code == 302, _problems(response)


def _superuser() -> Client:
    root = Client()
    root.force_login(User.objects.create_superuser("root", password="a-long-test-password"))
    return root


def _remove(number: int) -> Callable:
    def act(client: Client, t: Tournament) -> None:
        _post(client, "entry_remove", [t.pk, _entry(t, number).pk])

    return act


def _import(client: Client, t: Tournament) -> None:
    data = {"text": 'name,rating,federation\n"Imported, Ida",2111,SWE\n', "confirm": "1"}
    _post(client, "entries_import", [t.pk], data)
    assert Entry.objects.filter(tournament_id=t.pk, name="Imported, Ida").exists()


def _provisional(client: Client, t: Tournament) -> None:
    late = Entry.objects.get(tournament_id=t.pk, rating=0)
    _post(client, "entry_provisional_rating", [t.pk, late.pk], {"rating": 1777})
    assert Entry.objects.get(pk=late.pk).rating == 1777


def _reject(client: Client, t: Tournament) -> None:
    _submit(client, t)
    request = RatingRequest.objects.get(tournament=t)
    _post(_officer(), "reject_rating_request", [request.pk], {"reason": "ID 12345678 is not Ann"})


def _move(client: Client, t: Tournament) -> None:
    """Player 06 moves to the event's Reserve section."""
    reserve = Tournament.objects.get(event__sections=t, section_name="Reserve")
    data = {"entry": _entry(t, 6).pk, "section": reserve.pk}
    _post(client, "entry_move", [t.event_id], data)
    assert Entry.objects.get(player__name="Player 06").tournament_id == reserve.pk


def _submit(client: Client, t: Tournament) -> None:
    _post(client, "submit_rating", [t.pk])


def _officer() -> Client:
    user = User.objects.create_user("officer", password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Rating officers"))
    client = Client()
    client.force_login(user)
    return client


def _apply(client: Client, t: Tournament) -> None:
    _submit(client, t)
    request = RatingRequest.objects.get(tournament=t)
    _post(_officer(), "apply_rating_request", [request.pk])


def _correct_rating(client: Client, t: Tournament) -> None:
    record = RatingRecord.objects.get(player=_entry(t, 1).player)
    url = reverse("admin:ratings_ratingrecord_change", args=[record.pk])
    response = _officer().post(url, {"new_rating": "1650", "reason": "TD report"})
    assert response.status_code == 302, response.content.decode()[-2000:]


def _admin_result(client: Client, t: Tournament) -> None:
    """A superuser corrects a result in the admin (no service: the signals renew)."""
    root = _superuser()
    game = _game(t, 2, 1)
    url = reverse("admin:tournaments_game_change", args=[game.pk])
    data = {"board": 1, "white": game.white_id, "black": game.black_id, "result": "1/2-1/2"}
    response = root.post(url, data | {"round": game.round_id})
    assert response.status_code == 302, response.content.decode()[-2000:]


def _restore(client: Client, t: Tournament) -> None:
    backup = client.get(reverse("tournament_backup", args=[t.pk])).content
    upload = SimpleUploadedFile("spring.backup.json", backup)
    _post(client, "tournament_restore", [], {"file": upload})


def _section_add(client: Client, t: Tournament) -> None:
    data = {"name": "U1600", "rounds": 4, "pairing_system": "uscf"}
    data |= {"pairing_rating": "uscf_regular", "rating_system": "regular", "rating_max": 1599}
    _post(client, "section_add", [t.event_id], data)


def _prize_fund(client: Client, t: Tournament) -> None:
    _post(client, "prize_fund", [t.pk], {"text": "1st $100\n2nd $60"})


def _event_edit(client: Client, t: Tournament) -> None:
    event = Event.objects.get(sections=t)
    data = {k: v for k, v in model_to_dict(event).items() if v not in (None, False)}
    response = _post(client, "event_edit", [event.pk], data | {"name": "Reno Winter Open"})
    assert response.status_code == 302, _problems(response)


CHANGES = [
    # Round 2 board 1 is no. 3 (White) against no. 1 (Black); results in the crosstable are
    # the opponent, the colour and the player's own result ("3b1": Black against no. 3, won).
    Change(
        "a result entered",
        "in play",
        _result(2, 1, "0-1"),
        shows={
            "pairings": '<td class="num result">0–1</td>',
            "pairings alphabetical": '<td class="num result">0</td>',
            "crosstable": '<td class="num">3b1</td>',
            "print crosstable": '<td class="num round">3b1</td>',
            "dashboard": "1/3 results",
        },
        hides={"player 1": "playing"},
    ),
    Change(
        "the last result of a round",  # round 2 finished: the standings count it
        "the last game in play",
        _result(2, 1, "1/2-1/2"),
        shows={
            "standings": "after round 2",
            "print standings": "Standings after round 2",
            "crosstable": '<td class="num">3b½</td>',
        },
        hides={"standings": "Live: Round 2", "player 1": "Next round, if this game ends"},
    ),
    Change(
        "a forfeit entered",
        "in play",
        _result(2, 1, "+-"),
        shows={
            "pairings": "+ – (forfeit)",
            "crosstable": '<td class="num">1w+</td>',
            "print crosstable": '<td class="num round">3b−</td>',
            "dashboard": "1/3 results",
        },
        hides={"player 1": "playing"},
    ),
    Change(
        "a result entered on page 2",  # board 101: no. 201 against no. 202
        "a big field in play",
        _result(1, 101, "1-0"),
        shows={"pairings page 2": '<td class="num result">1–0</td>'},
    ),
    Change(
        "a name edited on page 2",
        "a big field in play",
        _entry_edit(150, name="Renamed, Rita"),
        shows={
            page: "Renamed, Rita"
            for page in ("players page 2", "standings page 2", "crosstable page 2", "player 150")
        },
    ),
    Change(
        "a result corrected",
        "complete",
        _result(1, 1, "0-1", confirm=True),  # no. 1 - no. 4: no. 4 now has 1 point
        shows={
            "pairings round 1": '<td class="num result">0–1</td>',
            "print pairings 1": '<td class="num result">0–1</td>',
            "pairings alphabetical": "Round 1: Player 01 – Player 04 was 1–0, now 0–1",
            "print standings": '<tr><td class="num">1</td><td class="num">4</td>',
            "player 1": "place 5 with 0 points after round 2",
        },
    ),
    Change(
        "a result corrected in the admin",
        "in play",
        _admin_result,
        shows={"pairings": '<td class="num result">½–½</td>', "crosstable": "3b½"},
        hides={"player 1": "playing"},
    ),
    # Player 01 (Black on board 1, the last game) would meet Player 02 next whatever the
    # result (the page foresees it); a forbidden pair is a game already played (C.04.1 b):
    # Player 02 is no longer foreseen.
    Change(
        "a forbidden pair added",
        "the last game in play",
        _forbid,
        hides={"player 1": 'players/{entry:2}/">Player 02</a>'},
    ),
    Change(
        "a forbidden pair added in the admin",
        "the last game in play",
        _forbid_in_the_admin,
        hides={"player 1": 'players/{entry:2}/">Player 02</a>'},
    ),
    Change(
        "a round paired",  # a draft: on the arbiter's pages only
        "complete",
        _pair,
        hides={"dashboard": "of 6 players will be paired"},
    ),
    Change(
        "a round published",
        "draft",
        _publish(2),
        shows={
            "pairings": '<title id="page-title">Round 2 · Spring Open',
            "standings": "Live: Round 2",
            "players": "<th>Round 2</th>",
            "crosstable": "Round 2 is in play",
            "dashboard": "Round 2 is in play.",
        },
    ),
    Change(
        "a round undone",
        "in play",
        _undo,
        shows={
            "pairings": '<title id="page-title">Round 1 · Spring Open',
            "players": "<th>Round 1</th>",
        },
        hides={"player 1": "<td>Round 2</td>", "pairings round 1": '<a href="?round=2">'},
        gone_pages=["pairings round 2"],
    ),
    Change("a draft undone", "draft", _undo, hides={"dashboard": "Round 2 is paired as a draft"}),
    Change(
        "a round paired again",  # after round 1's result corrected
        "draft",
        _pair_again,
        shows={"pairings round 1": '<td class="num result">0–1</td>'},
    ),
    Change("colours swapped", "draft", _swap(2, 1), shows={"round 2": "swapped by hand"}),
    Change("a board removed and added", "draft", _add_board, shows={"round 2": "breaks 1 pairing"}),
    Change("the bye set", "draft", _set_bye, shows={"dashboard": "0/2 results"}),
    Change(
        "a late entry",
        "in play",
        _late_entry,
        shows={
            "players": "Latecomer, Lena",
            "standings": 'data-sub="CAN · 1999"',
            "pairings": "Latecomer, Lena</a>: Zero-point bye",
            "print standings": "Latecomer, Lena",
            "dashboard": 'Players <span class="muted">(7)</span>',
        },
    ),
    Change(
        "a player removed",  # before round 1: no. 6 goes, the list keeps 1-5
        "registration",
        _remove(6),
        hides={"players": "Player 06", "standings": "Player 06"},
        gone_pages=["player 6"],
    ),
    Change(
        "players imported",
        "registration",
        _import,
        shows={"players": "Imported, Ida", "standings": 'data-sub="SWE · 2111"'},
    ),
    Change(
        "a provisional rating",
        "in play, an unrated late entry",
        _provisional,
        shows={"players": '<td class="num">1777</td>'},
    ),
    Change(
        "a withdrawal",
        "in play",
        _availability(6, 3, "withdrawn"),
        shows={"players": '<span class="badge">withdrawn</span>'},
    ),
    Change(
        "a player unavailable",
        "in play",
        _availability(5, 3, "H"),
        shows={"dashboard": '<option value="H" selected>'},
    ),
    Change(
        "a name edited",
        "in play",
        _entry_edit(1, name="Renamed, Rita"),
        shows={
            page: "Renamed, Rita"
            for page in (
                "pairings",
                "pairings round 1",
                "pairings alphabetical",
                "standings",
                "crosstable",
                "players",
                "player 1",
                "print standings",
                "print crosstable",
                "print pairings 1",
                "dashboard",
            )
        },
        hides={"find my board": '<a id="player-{entry:1}"'},
    ),
    Change(
        # before round 1 the list is seeded again by rating: 2444 (Player 01), 2375, 2325,
        # 2300, 2275 (Player 06, no. 5 now), 2250
        "a rating edited",
        "registration",
        _entry_edit(1, rating=2444),
        shows={
            "players": '<td class="num">2444</td>',
            "standings": 'data-sub="USA · 2444"',
            "player 1": "rating 2444",
            "player 6": "No. 5",
        },
    ),
    Change(
        "a federation edited",
        "in play",
        _entry_edit(1, federation="NOR"),
        shows={
            "players": "<td>NOR</td>",
            "find my board": "<td>NOR</td>",
            "standings": 'data-sub="NOR · 2350"',
            "crosstable": "<td>NOR</td>",
            "player 1": "No. 1 · NOR",
            "print standings": "<td>NOR</td>",
        },
    ),
    Change(
        "the tie-break order changed",
        "complete",
        _swap_tie_breaks,
        shows={
            "standings": '<abbr title="Buchholz">BH</abbr></th><th class="num"><abbr title="Bu',
            "print standings": '<th class="num">BH</th><th class="num">BH-C1</th>',
        },
    ),
    Change(
        "the tournament renamed",
        "in play",
        _edit(name="Autumn Open"),
        shows={page: "Autumn Open" for page in SMALL_FIELD_PAGES},
    ),
    Change(
        "the tournament archived",
        "in play",
        _archive,
        shows={"dashboard": "Bring back to the list"},
        hides={"home": "Spring Open"},
    ),
    Change("the tournament deleted", "in play", _delete, hides={"home": "Spring Open"}, gone=True),
    Change(
        "restored from its backup", "in play", _restore, shows={"home": "Spring Open (restored)"}
    ),
    Change(
        "submitted for rating",
        "finished, US Chess",
        _submit,
        shows={"standings": "waiting for a rating officer"},
    ),
    Change(
        "rated by a rating officer",
        "finished, US Chess",
        _apply,
        shows={"standings": "Rating report</a>"},
    ),
    Change(
        "a rating request rejected",
        "finished, US Chess",
        _reject,
        shows={"standings": "ID 12345678 is not Ann"},
    ),
    Change(
        "a rating corrected in the admin",  # refreshes the entries of tournaments not paired yet
        "registration, US Chess ratings",
        _correct_rating,
        shows={
            "players": '<td class="num">1650</td>',
            "standings": 'data-sub="USA · 1650"',
            "player 1": "rating 1650",
            "dashboard": '<td class="num">1650</td>',
        },
    ),
    Change(
        "a section added",
        "a section in play",
        _section_add,
        shows={"event": "<strong>U1600</strong>", "home": "2 sections"},
    ),
    Change(
        "a section renamed",
        "a section in play",
        _edit(name="Reno Open – Championship"),
        shows={"pairings": '<h1 id="tournament-name">Reno Open – Championship</h1>'},
    ),
    Change(
        "a player moved to another section",
        "two sections before round 1",
        _move,
        shows={"event": "5 players"},
        hides={"players": "Player 06", "standings": "Player 06"},
        gone_pages=["player 6"],
    ),
    Change(
        "a prize fund edited",
        "a section in play",
        _prize_fund,
        hides={"prize list": "No prize fund entered for this section."},
    ),
    Change(
        "an event renamed",
        "a section in play",
        _event_edit,
        shows={"event": "Reno Winter Open", "home": "Reno Winter Open"},
    ),
]


# ---------------------------------------------------------------------------------------------
# The test


@pytest.fixture(params=["memory", "redis"])
def caches_as_in_production(request, settings) -> str:
    """The revision kept in the cache, and every worker's memory empty: the memory cache, and
    Redis as with ``REDIS_URL`` (skipped when no Redis server answers)."""
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60
    if request.param == "redis":
        if not redis_reachable():
            pytest.skip(f"no Redis server at {REDIS_URL}")
        _use_cache(settings, "config.cache.FailSafeRedisCache", REDIS_URL)
    else:
        _use_cache(settings, "django.core.cache.backends.locmem.LocMemCache", "")
    return str(request.param)


def _use_cache(settings: Any, backend: str, location: str) -> None:
    """A cache of its own (a fresh key prefix, a fresh memory cache) and every worker memory
    of the public pages emptied: a server that never cached anything."""
    prefix = f"test-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {"BACKEND": backend, "LOCATION": location or prefix, "KEY_PREFIX": prefix}
    }
    live.recent.values.clear()
    live.watched.asked.clear()
    live.pending.values.clear()
    live.revisions.known.clear()
    public_views.views.views.clear()


def _clients(arbiter: User) -> dict[str, Client]:
    arbiter_client = Client()
    arbiter_client.force_login(arbiter)
    return {"anonymous": Client(), "arbiter": arbiter_client}


def _read_all(
    readers: dict[str, list[Reader]], clients: dict[str, Client], urls: dict[str, str]
) -> dict[tuple[str, str], tuple[int, str]]:
    """Every page as each of its readers reads it now: (status, text)."""
    return {
        (page, r.name): _read(r, urls[page], clients) for page, rs in readers.items() for r in rs
    }


def _shown(page: str, reads: dict[tuple[str, str], tuple[int, str]]) -> str:
    """The page as its first reader (an anonymous reader, or the arbiter for his pages) got it."""
    return reads[page, _readers(BY_NAME[page])[0].name][1]


@pytest.mark.django_db
@pytest.mark.parametrize("change", CHANGES, ids=[c.name for c in CHANGES])
def test_it_shows_every_change_on_every_page_at_once(
    change: Change,
    caches_as_in_production: str,
    settings,
    tournament: Tournament,
    arbiter: User,
    make_entries,
    play,
    django_capture_on_commit_callbacks,
) -> None:
    make_entries(6)
    GIVEN[change.given](tournament, play)
    urls = {p.name: p.url(tournament) for p in PAGES}
    pks = dict(tournament.entries.values_list("pairing_number", "pk"))
    readers = {p.name: _readers(p) for p in PAGES if urls[p.name]}
    clients = _clients(arbiter)
    before = _read_all(readers, clients, urls)  # each reader's first copy
    _read_all(readers, clients, urls)  # and again: the fast paths learn the page
    for page, rs in readers.items():  # and the poll's 304
        for r in (r for r in rs if r.name == "poll before Django"):
            get(r.polls, urls[page], HTTP_IF_NONE_MATCH=r.etag)
    with django_capture_on_commit_callbacks(execute=True):
        change.act(_clients(arbiter)["arbiter"], tournament)  # (its messages: not the readers')
    after = _read_all(readers, clients, urls)
    backend = settings.CACHES["default"]["BACKEND"]
    _use_cache(settings, backend, REDIS_URL if "Redis" in backend else "")  # a new server
    truth = _read_all({page: _readers(BY_NAME[page]) for page in readers}, _clients(arbiter), urls)

    stale = [
        f"{page} ({reader})"
        for (page, reader), (status, text) in after.items()
        if (status, _normal(text)) != (truth[page, reader][0], _normal(truth[page, reader][1]))
    ]
    assert stale == [], f"{change.name}: stale on {stale}"
    for page, text in change.shows.items():  # the page shows the change
        text = _with_pks(text, pks)
        assert text not in _shown(page, before) and text in _shown(page, truth), (page, text)
    for page, text in change.hides.items():
        text = _with_pks(text, pks)
        assert text in _shown(page, before) and text not in _shown(page, truth), (page, text)
    gone = [page for page in readers if BY_NAME[page].live] if change.gone else change.gone_pages
    for page in gone:
        assert before[page, "page"][0] == 200 and truth[page, "page"][0] == 404, page
        assert {truth[page, r][0] for r in SECTION_READERS} == {286}, page
