"""The demo tournament ``make run`` loads: an arbiter account (a member of the Arbiters group,
no staff status, no global permission: it runs its own tournaments only), a rating officer
account (staff, in the Rating officers group) and a 24-player tournament with two rounds
played, paired by the engine. Both passwords are new on every run."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import date, timedelta

from django.contrib.auth.models import Group, User
from django.db import transaction

from players.models import Player
from ratings.groups import RATING_OFFICERS
from tournaments import services
from tournaments.models import Entry, Game, Tournament
from tournaments.roles import ARBITERS

DEMO_NAME = "Demo Open"
ARBITER = "arbiter"
OFFICER = "officer"
FIRST = [
    "Anna",
    "Boris",
    "Chen",
    "Dana",
    "Erik",
    "Fatima",
    "Goran",
    "Hana",
    "Ivan",
    "Julia",
    "Karim",
    "Lena",
    "Mateo",
    "Nina",
    "Omar",
    "Petra",
    "Quinn",
    "Rosa",
    "Sven",
    "Tara",
    "Umar",
    "Vera",
    "Wen",
    "Yusuf",
]
LAST = [
    "Almeida",
    "Berg",
    "Costa",
    "Dvorak",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Horvat",
    "Ivanova",
    "Jensen",
    "Kowalski",
    "Larsen",
    "Moreau",
    "Novak",
    "Okafor",
    "Petrov",
    "Quiroga",
    "Rossi",
    "Silva",
    "Tanaka",
    "Urban",
    "Varga",
    "Weber",
    "Zhou",
]
FEDERATIONS = ["USA", "GER", "FRA", "ESP", "NOR", "POL", "IND", "BRA", "NED", "CZE"]


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    created_tournament: bool
    officer: str = OFFICER
    officer_password: str = ""


def _account(username: str, group: str, staff: bool) -> str:
    """The demo account ``username``, only in ``group``, with a fresh password."""
    user, _ = User.objects.get_or_create(username=username)
    password = secrets.token_urlsafe(9)
    user.set_password(password)
    user.is_staff = staff
    user.is_superuser = False
    user.save()
    user.user_permissions.clear()  # an older demo gave the arbiter global permissions
    user.groups.set([Group.objects.get(name=group)])
    return password


def _result(rng: random.Random, white: Entry, black: Entry) -> str:
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    x = rng.random()
    if x < 0.25:
        return Game.Result.DRAW
    return Game.Result.WHITE_WINS if x < 0.25 + 0.75 * expected else Game.Result.BLACK_WINS


def _play_round(tournament: Tournament, rng: random.Random) -> None:
    rnd = services.pair_next_round(tournament.pk)
    services.publish_round(rnd.pk)
    for game in rnd.games.select_related("white", "black"):
        services.set_result(game.pk, _result(rng, game.white, game.black))


def load_demo(seed: int = 2026) -> DemoLogin:
    """Create (or refresh the passwords of) the demo arbiter and rating officer, and the demo
    tournament once."""
    password = _account(ARBITER, ARBITERS, staff=False)
    officer_password = _account(OFFICER, RATING_OFFICERS, staff=True)
    user = User.objects.get(username=ARBITER)
    if Tournament.objects.filter(name=DEMO_NAME).exists():
        return DemoLogin(ARBITER, password, False, OFFICER, officer_password)
    rng = random.Random(seed)
    start = date.today() - timedelta(days=1)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=DEMO_NAME,
            place="Springfield",
            federation="USA",
            start_date=start,
            end_date=start + timedelta(days=2),
            rounds=7,
        )
        tournament.arbiters.add(user)
        ratings = sorted((rng.randint(1400, 2450) for _ in range(24)), reverse=True)
        for number, rating in enumerate(ratings, start=1):
            data = {
                "name": f"{LAST[number - 1]}, {FIRST[(number * 7) % 24]}",
                "federation": rng.choice(FEDERATIONS),
                "sex": rng.choice(["m", "w"]),
            }
            player = Player.objects.create(**data, fide_rating=rating)
            Entry.objects.create(
                tournament=tournament, player=player, pairing_number=number, rating=rating, **data
            )
    for _ in range(2):
        _play_round(tournament, rng)
    return DemoLogin(ARBITER, password, True, OFFICER, officer_password)
