"""Security: every URL of the tournaments app is either public and read-only, or needs a login
and the tournament's arbiter (or, to create a tournament, the Arbiters group); changes need a
CSRF token; public pages never show private data.

The roles (tournaments/roles.py): anonymous visitors, logged-in accounts without a role,
members of the Arbiters group, a tournament's own arbiters, rating officers (staff) and
superusers.

The matrix is over *all* URL names: a new URL fails ``test_every_url_is_classified`` until it is
added to one of the lists below (with the keyword arguments and form data it needs)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from players.models import Player
from public.urls import urlpatterns as public_urls
from ratings.models import Event, PrizeFund
from tests.visible import shown
from tournaments import backup, services
from tournaments.manage_urls import urlpatterns as manage_urls
from tournaments.models import Bye, Entry, ForbiddenPair, Game, Round, Tournament
from tournaments.urls import urlpatterns

BIRTH = date(1987, 6, 5)
PUBLIC = [
    "home",
    "health",
    "tournament_detail",
    "tournament_standings",
    "tournament_crosstable",
    "tournament_players",
    "entry_detail",
    "event_detail",
    "print_pairings",
    "print_standings",
    "print_crosstable",
    "round_receipt",
    "prize_list",
    "wall_chart",
]
CREATORS = ["tournament_create", "tournament_import_trf", "tournament_restore", "event_create"]
"""Pages that create a tournament: members of the Arbiters group (and superusers)."""
ARBITER = [
    "tournament_manage",
    "tournament_edit",
    "tournament_export_trf",
    "tournament_backup",
    "tournament_archive",
    "tournament_delete",
    "entry_add",
    "entries_import",
    "entry_edit",
    "entry_remove",
    "entry_availability",
    "entry_provisional_rating",
    "pairing_constraints",
    "forbidden_pair_add",
    "forbidden_pair_remove",
    "fixed_board_set",
    "round_pair",
    "round_pair_by_hand",
    "round_pair_again",
    "round_undo",
    "round_manage",
    "round_exchange",
    "round_swap_colours",
    "round_add_board",
    "round_remove_board",
    "round_set_bye",
    "round_publish",
    "round_what_if",
    "print_slips",
    "print_norms",
    "entry_pick_fide",
    "fide_ratings_update",
    "norm_settings",
    "game_result",
    "event_manage",
    "event_edit",
    "section_add",
    "entry_move",
    "prize_fund",
    "pairing_cards",
    "section_quads",
]
"""Pages of one tournament (or event): its arbiters only."""
GET_ONLY = {
    "tournament_manage",
    "pairing_constraints",
    "tournament_export_trf",
    "tournament_backup",
    "round_manage",
    "round_what_if",
    "event_manage",
    "print_slips",
    "pairing_cards",
    "print_norms",
}
EVENT = {
    "event_detail",
    "event_manage",
    "event_edit",
    "section_add",
    "entry_move",
    "section_quads",
}
SECTION_PAPERS = {"prize_fund", "prize_list", "wall_chart", "pairing_cards"}
"""A US Chess section's prizes and papers (ratings/urls.py), classified with the pages above."""
"""Arbiter pages that change nothing."""


def form_data(name: str, world: dict[str, Any]) -> dict[str, Any]:
    """Valid data: were a check missing, the request would change the tournament."""
    data: dict[str, dict[str, Any]] = {
        "tournament_create": {"name": "Sneaky"},
        "tournament_import_trf": {"text": "012 Sneaky\n001    1      A\n"},
        "tournament_restore": {
            "file": SimpleUploadedFile("b.json", backup.export_json(world["tournament"]).encode())
        },
        "tournament_edit": {"name": "Hacked", "rounds": 9},
        "entry_add": {"name": "Intruder, Ivan", "quick": "1"},
        "entry_pick_fide": {"fide_id": "1503014"},
        "entries_import": {"text": "name\nIntruder, Ivan\n", "confirm": "1"},
        "entry_edit": {"name": "Renamed", "rating": 3000},
        "entry_availability": {"round": 3, "status": "withdrawn"},
        "round_pair": {"round": 3},
        "round_undo": {"confirm": "1"},
        "tournament_delete": {"confirm": "1"},
        "tournament_archive": {"archived": "1"},
        "entry_provisional_rating": {"rating": 1500},
        "round_pair_by_hand": {"round": 3, "start": "empty"},
        "round_pair_again": {"confirm": "1"},
        "round_remove_board": {"board": 1, "confirm": "1", "reason": "why"},
        "round_add_board": {"white": 1, "black": 2, "confirm": "1", "reason": "why"},
        "round_set_bye": {"player": "", "confirm": "1", "reason": "why"},
        "round_exchange": {"a": 1, "b": 2, "confirm": "1", "reason": "why"},
        "round_swap_colours": {"board": 1, "confirm": "1", "reason": "why"},
        "game_result": {"result": "0-1", "confirm": "1"},
        "event_create": {"name": "Sneaky", "start_date": "2026-01-01", "end_date": "2026-01-01"},
        "event_edit": {"name": "Hacked", "start_date": "2026-01-01", "end_date": "2026-01-01"},
        "section_add": {
            "name": "U1200",
            "rounds": 3,
            "pairing_system": "dutch",
            "pairing_rating": "fide",
        },
        "entry_move": {"entry": world["entry"].pk, "section": world["other_section"].pk},
        "forbidden_pair_add": {"players": [e.pk for e in world["tournament"].entries.all()[:3]]},
        "fixed_board_set": {"entry": world["entry"].pk, "board": 1},
        "norm_settings": {"exemption": "c", "outside_fide": [world["entry"].pk]},
        "prize_fund": {"text": "1st $100"},
    }
    return data.get(name, {})


def kwargs(name: str, world: dict[str, Any]) -> dict[str, int]:
    t, entry, game = world["tournament"], world["entry"], world["game"]
    if name in ("home", "health", *CREATORS):
        return {}
    if name == "section_quads":
        return {"pk": world["event"].pk, "section_id": world["other_section"].pk}
    if name in EVENT:
        return {"pk": world["event"].pk}
    if name in (
        "entry_detail",
        "entry_edit",
        "entry_remove",
        "entry_availability",
        "entry_provisional_rating",
    ):
        return {"pk": t.pk, "entry_pk": entry.pk}
    if name in (
        "round_manage",
        "round_exchange",
        "round_swap_colours",
        "round_publish",
        "round_add_board",
        "round_remove_board",
        "round_set_bye",
        "round_pair_again",
    ):
        return {"pk": t.pk, "number": world["draft"].number}
    if name == "game_result":
        return {"pk": t.pk, "game_pk": game.pk}
    if name == "round_what_if":
        return {"pk": t.pk, "number": 1}
    if name == "forbidden_pair_remove":
        return {"pk": t.pk, "pair_pk": world["forbidden"].pk}
    if name in ("print_pairings", "print_slips", "round_receipt"):
        return {"pk": t.pk, "number": 1}
    return {"pk": t.pk}


def fingerprint() -> tuple:
    """Everything the tournament pages could change."""
    return (
        list(Tournament.objects.values_list()),
        list(Player.objects.values_list()),
        list(Entry.objects.values_list()),
        list(Round.objects.values_list()),
        list(Game.objects.values_list()),
        list(Bye.objects.values_list()),
        list(Event.objects.values_list()),
        list(ForbiddenPair.objects.values_list()),
        list(PrizeFund.objects.values_list()),
    )


@pytest.fixture
def world(tournament: Tournament, make_entries, play) -> dict[str, Any]:
    """A tournament with private data, a finished round 1 and round 2 as a draft."""
    entries = make_entries(6)
    for e in entries:
        e.birth_date = BIRTH
        e.save()
    play(tournament, rounds=1)
    draft = services.pair_next_round(tournament.pk)
    game = Game.objects.filter(round__number=1).order_by("board")[0]
    # The tournament is a section of an event run by the same arbiter.
    day = date(2026, 4, 1)
    event = Event.objects.create(name="Festival", start_date=day, end_date=day)
    event.arbiters.set(tournament.arbiters.all())
    other = Tournament.objects.create(
        name="Festival U1600", start_date=day, end_date=day, event=event, section_name="U1600"
    )
    Tournament.objects.filter(pk=tournament.pk).update(event=event, section_name="Open")
    forbidden = ForbiddenPair.objects.create(
        tournament=tournament, first=entries[0], second=entries[1], first_round=4
    )
    return {
        "tournament": tournament,
        "forbidden": forbidden,
        "entry": entries[-1],
        "game": game,
        "draft": draft,
        "event": event,
        "other_section": other,
    }


def test_every_url_is_classified() -> None:
    from ratings.urls import urlpatterns as ratings_urls

    events = [p for p in ratings_urls if p.name in EVENT | {"event_create"} | SECTION_PAPERS]
    names = {p.name for p in [*public_urls, *urlpatterns, *manage_urls, *events]}
    listed = [*PUBLIC, *CREATORS, *ARBITER]
    assert len(listed) == len(set(listed))
    assert names == set(listed)


@pytest.mark.django_db
@pytest.mark.parametrize("name", [*ARBITER, *CREATORS])
def test_anonymous_users_are_sent_to_the_login_page(client: Client, world, name: str) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    for response in (client.get(url), client.post(url, form_data(name, world))):
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"
    assert fingerprint() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ARBITER)
def test_other_arbiters_are_refused(client: Client, world, other_arbiter: User, name: str) -> None:
    # other_arbiter runs a tournament of their own: being an arbiter is not enough.
    mine = Tournament.objects.create(name="Mine", start_date=BIRTH, end_date=BIRTH)
    mine.arbiters.add(other_arbiter)
    client.force_login(other_arbiter)
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    assert client.get(url).status_code in (403, 405)
    assert client.post(url, form_data(name, world)).status_code in (403, 405)
    assert fingerprint() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ARBITER)
def test_the_arbiter_gets_through(arbiter_client: Client, world, name: str) -> None:
    """The other side of the matrix: the same requests are allowed for the arbiter."""
    url = reverse(name, kwargs=kwargs(name, world))
    method = arbiter_client.get if name in GET_ONLY else arbiter_client.post
    assert method(url, form_data(name, world)).status_code in (200, 302)


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(set(ARBITER) - GET_ONLY | set(CREATORS)))
def test_changes_need_a_csrf_token(world, arbiter: User, name: str) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    assert client.post(url, form_data(name, world)).status_code == 403
    assert fingerprint() == before
    # With the token from a page the same request goes through.
    client.get(reverse("tournament_manage", args=[world["tournament"].pk]))
    token = client.cookies["csrftoken"].value
    response = client.post(url, form_data(name, world), headers={"X-CSRFToken": token})
    assert response.status_code != 403


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(GET_ONLY))
def test_read_only_arbiter_pages_refuse_post(arbiter_client: Client, world, name: str) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    assert arbiter_client.post(url).status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize("name", PUBLIC)
def test_public_pages_are_read_only(
    client: Client, arbiter_client: Client, world, name: str
) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    assert client.get(url).status_code == 200
    for c in (client, arbiter_client):
        for method in (c.post, c.put, c.patch, c.delete):
            assert method(url).status_code == 405
    assert fingerprint() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", PUBLIC)
def test_public_pages_never_show_birth_dates_or_drafts(client: Client, world, name: str) -> None:
    url = reverse(name, kwargs=kwargs(name, world))
    for headers in ({}, {"HX-Request": "true"}):
        html = client.get(url, headers=headers).content.decode()
        html = re.sub(r"\b[0-9a-f]{64}\b", "SHA-256", html)  # a hash is no date, whatever digits
        assert "1987" not in shown(html) and "06-05" not in html and "5 Jun" not in html
        assert "Round 2" not in html  # the draft
    # The data is there: the arbiter's rating report has it.
    world_client = Client()
    world_client.force_login(world["tournament"].arbiters.get())
    trf = world_client.get(reverse("tournament_export_trf", args=[world["tournament"].pk]))
    assert "1987/06/05" in trf.content.decode()


def _user(name: str, **flags: Any) -> User:
    return User.objects.create_user(name, password="a-long-test-password", **flags)


@pytest.fixture
def officer(db: None) -> User:
    from django.contrib.auth.models import Group

    user = _user("officer", is_staff=True)
    user.groups.add(Group.objects.get(name="Rating officers"))
    return user


@pytest.mark.django_db
@pytest.mark.parametrize("name", CREATORS)
@pytest.mark.parametrize("role", ["account without a role", "rating officer"])
def test_only_the_arbiters_group_creates_tournaments(
    client: Client, world, officer: User, name: str, role: str
) -> None:
    user = officer if role == "rating officer" else _user("plain")
    client.force_login(user)
    url = reverse(name)
    before = fingerprint()
    page = client.get(url)
    assert page.status_code == 403
    assert "Only members of the Arbiters group may create tournaments" in page.content.decode()
    assert client.post(url, form_data(name, world)).status_code == 403
    assert fingerprint() == before
    assert "New tournament" not in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("name", CREATORS)
@pytest.mark.parametrize("role", ["Arbiters group", "superuser"])
def test_the_arbiters_group_and_superusers_create_tournaments(
    client: Client, arbiter: User, name: str, role: str
) -> None:
    user = arbiter if role == "Arbiters group" else _user("root", is_superuser=True)
    client.force_login(user)
    assert client.get(reverse(name)).status_code == 200
    assert "New tournament" in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ARBITER)
def test_rating_officers_do_not_run_tournaments(
    client: Client, world, officer: User, name: str
) -> None:
    client.force_login(officer)
    url = reverse(name, kwargs=kwargs(name, world))
    before = fingerprint()
    assert client.get(url).status_code in (403, 405)
    assert client.post(url, form_data(name, world)).status_code in (403, 405)
    assert fingerprint() == before


ADMIN_PAGES = {
    "admin:tournaments_tournament_changelist": {"superuser"},
    "admin:tournaments_entry_changelist": {"superuser", "rating officer"},
    "admin:players_player_changelist": {"superuser", "rating officer"},
    "admin:ratings_ratingrecord_changelist": {"superuser", "rating officer"},
    "admin:ratings_uscfmember_changelist": {"superuser", "rating officer"},
    "admin:ratings_ratingrequest_changelist": {"superuser", "rating officer"},
    "admin:ratings_event_changelist": {"superuser", "rating officer"},
}
"""Admin page -> the roles that may open it (the admin is the reviewed path for the shared
player identities and ratings; a tournament's arbiters have no admin)."""


@pytest.mark.django_db
@pytest.mark.parametrize("page", sorted(ADMIN_PAGES))
@pytest.mark.parametrize("role", ["arbiter", "rating officer", "superuser"])
def test_the_admin_is_for_superusers_and_rating_officers(
    client: Client, arbiter: User, officer: User, page: str, role: str
) -> None:
    users = {"arbiter": arbiter, "rating officer": officer}
    client.force_login(users.get(role) or _user("root", is_staff=True, is_superuser=True))
    response = client.get(reverse(page))
    if role in ADMIN_PAGES[page]:
        assert response.status_code == 200
    elif role == "arbiter":  # no staff status: the admin's login page
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
    else:
        assert response.status_code == 403


@pytest.mark.django_db
def test_rating_officers_correct_a_player_in_the_admin(
    client: Client, world, officer: User
) -> None:
    """The reviewed path for shared identity data; the tournament's entry keeps its own."""
    entry = world["entry"]
    client.force_login(officer)
    url = reverse("admin:players_player_change", args=[entry.player_id])
    page = client.get(url).content.decode()
    assert "Spring Open" in page  # the entries linked to the identity
    inline = {  # the read-only list of entries is a formset: its management data
        "entries-TOTAL_FORMS": 1,
        "entries-INITIAL_FORMS": 1,
        "entries-0-id": entry.pk,
        "entries-0-player": entry.player_id,
    }
    response = client.post(
        url, {"name": "Corrected, Name", "fide_rating": 0, "national_rating": 0, **inline}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.player.name == "Corrected, Name" and entry.name == "Player 06"


# ---------------------------------------------------------------------------------------------
# Rating integrity: an event's rating is a reviewed step (ratings/services.py, docs/ratings.md).
# Arbiters submit their finished tournaments; only a rating officer who does not run the event
# applies (or rejects) it. Nothing an arbiter does alone changes anyone's rating.

RATING_OFFICER_PAGES = [
    "rating_requests",
    "rating_request",
    "apply_rating_request",
    "reject_rating_request",
]
RATING_ARBITER_PAGES = ["submit_rating", "submit_rerating"]
RATING_ROLES = [
    "anonymous",
    "account without a role",
    "other arbiter",
    "the arbiter",
    "rating officer",
    "rating officer running the event",
    "superuser",
]
MAY_DECIDE = {"rating officer", "superuser"}


@pytest.fixture
def submitted(arbiter: User) -> Any:
    """A made-up section: the arbiter entered someone else's US Chess ID (the victim has a
    rating on record) and submitted the finished tournament for rating."""
    from ratings import services
    from ratings.models import RatingRecord

    day = date(2026, 4, 1)
    t = Tournament.objects.create(
        name="Made-up Open", start_date=day, end_date=day, rating_system="regular"
    )
    t.arbiters.add(arbiter)
    victim = Player.objects.create(name="Real, Rita", uscf_id="12345678")
    RatingRecord.objects.create(player=victim, system="regular", rating=2100, games=None)
    sock = Player.objects.create(name="Sock, Sam")
    fake = Entry.objects.create(tournament=t, player=victim, pairing_number=1, name="Fake, Fred")
    own = Entry.objects.create(tournament=t, player=sock, pairing_number=2, name="Sock, Sam")
    rnd = Round.objects.create(tournament=t, number=1, status="finished")
    Game.objects.create(round=rnd, board=1, white=own, black=fake, result="1-0")
    Tournament.objects.filter(pk=t.pk).update(rounds=1, status="finished")
    return services.submit_for_rating(t.pk, arbiter)


def _role(name: str, arbiter: User, officer: User) -> User | None:
    from django.contrib.auth.models import Group

    if name == "anonymous":
        return None
    users = {"the arbiter": arbiter, "rating officer": officer}
    if name in users:
        return users[name]
    if name == "superuser":
        return _user("root", is_staff=True, is_superuser=True)
    if name == "rating officer running the event":
        arbiter.groups.add(Group.objects.get(name="Rating officers"))
        return User.objects.get(pk=arbiter.pk)
    if name == "other arbiter":
        return _user("other")
    return _user("plain")


def _said(response: Any) -> str:
    """The page's text, or the messages a redirect carries."""
    from django.contrib.messages import get_messages

    return response.content.decode() + " ".join(str(m) for m in get_messages(response.wsgi_request))


def _rating_url(name: str, submitted: Any) -> str:
    if name == "rating_requests":
        return reverse(name)
    if name in RATING_ARBITER_PAGES:
        return reverse(name, args=[submitted.tournament_id])
    return reverse(name, args=[submitted.pk])


def test_every_ratings_url_is_classified() -> None:
    from ratings.urls import urlpatterns as ratings_urls

    public = {"rating_list", "rating_history", "rating_report", "event_ratings"}
    event_arbiter = {
        "event_uscf",
        "supplement_import",
        "register_by_id",
        "submit_event_ratings",
        "uscf_report",
    }  # tests/ratings/test_event_uscf.py
    officer_only = {"official_supplement"}  # tests/ratings/test_official_supplement.py
    listed = public | event_arbiter | officer_only
    listed |= set(RATING_ARBITER_PAGES) | set(RATING_OFFICER_PAGES)
    events = EVENT | {"event_create"} | SECTION_PAPERS  # classified with the pages above
    assert {p.name for p in ratings_urls} - events == listed


@pytest.mark.django_db
@pytest.mark.parametrize("name", RATING_OFFICER_PAGES)
@pytest.mark.parametrize("role", RATING_ROLES)
def test_only_rating_officers_who_do_not_run_the_event_decide(
    client: Client, submitted: Any, arbiter: User, officer: User, name: str, role: str
) -> None:
    from ratings.models import RatedEvent, RatingRecord, RatingRequest

    user = _role(role, arbiter, officer)
    if user is not None:
        client.force_login(user)
    url = _rating_url(name, submitted)
    post = name in ("apply_rating_request", "reject_rating_request")
    response = client.post(url, {"reason": "no"}) if post else client.get(url)
    if role == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    elif role in MAY_DECIDE:
        assert response.status_code in (200, 302)
    elif role == "rating officer running the event" and not post:
        assert response.status_code == 200  # an officer may look, never decide
    elif role == "rating officer running the event":  # refused with the reason
        assert response.status_code in (302, 400)
        assert "another rating officer reviews it" in _said(response)
    else:
        assert response.status_code == 403
    decided = role in MAY_DECIDE and post
    assert RatingRequest.objects.get().pending is not decided
    rated = decided and name == "apply_rating_request"
    assert RatedEvent.objects.exists() is rated
    victim = RatingRecord.objects.get(player__uscf_id="12345678")
    assert (victim.rating == 2100) is not rated


@pytest.mark.django_db
@pytest.mark.parametrize("name", RATING_ARBITER_PAGES)
@pytest.mark.parametrize("role", RATING_ROLES)
def test_only_the_events_arbiters_submit_and_submitting_rates_nothing(
    client: Client, submitted: Any, arbiter: User, officer: User, name: str, role: str
) -> None:
    from ratings.models import RatedEvent, RatingRecord, RatingRequest

    RatingRequest.objects.all().delete()
    user = _role(role, arbiter, officer)
    if user is not None:
        client.force_login(user)
    response = client.post(_rating_url(name, submitted), {"reason": "again"})
    if role == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    elif role in ("the arbiter", "rating officer running the event"):
        # Submitted (a rating) or 404 (a re-rating of an unrated tournament): never rated.
        assert response.status_code in (302, 404)
    else:
        assert response.status_code == 403
    assert not RatedEvent.objects.exists()
    assert RatingRecord.objects.get(player__uscf_id="12345678").rating == 2100
