"""A rating officer's month, through the pages: the official supplement, a quad registered by
US Chess ID, submitted, rejected with a reason, submitted again and applied (once), the numbers
checked against the rating system text (/work/shared/specs/uscf-rating-system.md, the 2011
rules) by hand, then a correction in the admin and the re-rating it rules out.

The quad (a round robin, Regular, 3 rounds). Official supplement: Alpha 1800, Beta 1500,
Delta 2000 (established, N not given), Charlie unrated (FIDE 1600 on the identity).

    round 1: Alpha–Beta 0-1, Charlie–Delta ½-½
    round 2: Beta–Charlie 1-0, Delta–Alpha 1-0
    round 3: Beta–Delta 1-0, Alpha–Charlie ½-½

Worked by hand (We(R, Ri) = 1/(1 + 10^(−(R − Ri)/400)), N* = 50/sqrt(1 + (2200 − R0)²/10⁵)):

* Step 1, Charlie (unrated): FIDE 1600 < 2000, 720 + 0.625·1600 = 1720, N = 5 (FIDE ≤ 2150).
  N > 0, so no Step 3; opponents see him at 1720 in Step 4.
* Step 2: N unknown means established with N' = N*: Alpha N* (1800) = 50/sqrt(2.6) = 31.0087,
  Beta N*(1500) = 50/sqrt(5.9) = 20.5847, Delta N*(2000) = 50/sqrt(1.4) = 42.2577; Charlie
  N' = min(5, N*(1720) = 27.5) = 5.
* K = 800/(N' + 3): Alpha 23.5234, Beta 33.9203, Delta 17.6765.
* Step 4 (opponents at pre-event / Step 1 ratings):
  Alpha S = 0.5, E = We(300) 0.84902 + We(−200) 0.24025 + We(80) 0.61314 = 1.70241,
  A4 = 1800 + 23.5234·(0.5 − 1.70241) = 1771.715 (a loss of points: no bonus).
  Beta S = 3, E = 0.15098 + 0.21987 + 0.05324 = 0.42409, K(S − E) = 87.376; m = 3 ≥ 3 and no
  opponent met twice, bonus = 87.376 − 6·sqrt(max(3, 4)) = 75.376, B4 = 1662.751.
  Delta S = 1.5, E = 0.83366 + 0.75975 + 0.94676 = 2.54017, D4 = 1981.613.
  Charlie (N = 5 ≤ 8: special formula, R0' = R0 = 1720, S' = S + N'/2 = 1 + 2.5 = 3.5): with
  every rating within 400 of R, f(R) = 5(0.5 + (R − 1720)/800) + Σ(0.5 + (R − Ri)/800) − 3.5
  = 0 gives R = (8200 + ΣRi)/8 = (8200 + 2000 + 1500 + 1800)/8 = 1687.5.
* Step 5 (opponents at their Step 4 ratings, the same K and N'):
  Alpha E = 1.60442, A5 = 1800 + 23.5234·(0.5 − 1.60442) = 1774.020.
  Beta E = 0.48552, K(S − E) = 85.292, bonus 73.292, B5 = 1658.584.
  Delta E = 2.52072, D5 = 1981.957.
  Charlie = (8200 + 1981.613 + 1662.751 + 1771.715)/8 = 1702.010 (each Ri within 400: the
  linear piece holds).
* 2011 rounding (section 4): down on a loss, up on a gain, a first rating to nearest:
  Alpha 1774, Beta 1659, Delta 1981, Charlie 1702. N after: Charlie 5 + 3 = 8; the others
  stay not known. Floors (2.4) do not bind: Alpha 1600, Delta 1800 (peak − 200, to the 100).
"""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from players.models import Player
from ratings.events import SectionSettings, add_section
from ratings.models import Event, RatedEvent, RatingChange, RatingRecord, RatingRequest
from tests.ratings.conftest import rating_officer
from tournaments.models import Game, Round, Tournament

pytestmark = pytest.mark.django_db

SUPPLEMENT = b"""ID\tName\tState\tExpires\tRegular\tQuick
20000001\tAlpha, Al\tCA\t2027-01-31\t1800\t
20000002\tBeta, Bo\tCA\t2027-01-31\t1500\t
20000003\tCharlie, Cy\tCA\t2027-01-31\t\t
20000004\tDelta, Di\tCA\t2027-01-31\t2000\t
"""
ROUNDS = [
    [("Alpha", "Beta", "0-1"), ("Charlie", "Delta", "1/2-1/2")],
    [("Beta", "Charlie", "1-0"), ("Delta", "Alpha", "1-0")],
    [("Beta", "Delta", "1-0"), ("Alpha", "Charlie", "1/2-1/2")],
]


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def the_quad(arbiter: User) -> tuple[Event, Tournament]:
    day = date(2026, 11, 7)
    event = Event.objects.create(name="November Quads", start_date=day, end_date=day)
    event.arbiters.add(arbiter)
    quad = add_section(
        event.pk, SectionSettings(name="Quad 1", rounds=3, pairing_system="round_robin")
    )
    return event, quad


def play(quad: Tournament) -> None:
    entries = {e.player.name.split(",")[0]: e for e in quad.entries.select_related("player")}
    for number, boards in enumerate(ROUNDS, start=1):
        rnd = Round.objects.create(tournament=quad, number=number, status=Round.Status.FINISHED)
        for board, (white, black, result) in enumerate(boards, start=1):
            Game.objects.create(
                round=rnd, board=board, white=entries[white], black=entries[black], result=result
            )
    quad.status = Tournament.Status.FINISHED
    quad.save()


def test_a_quad_rated_after_a_rejection_gives_the_hand_worked_ratings(
    settings, arbiter: User
) -> None:
    settings.USCF_RULES = "2011"
    officer, arbiter_client = logged_in(rating_officer()), logged_in(arbiter)
    upload = io.BytesIO(SUPPLEMENT)
    upload.name = "RS2611.txt"
    assert officer.post(reverse("official_supplement"), {"file": upload}).status_code == 302

    event, quad = the_quad(arbiter)
    ids = "20000001 20000002\n20000003, 20000004"
    register = reverse("register_by_id", args=[event.pk])
    assert arbiter_client.post(register, {"section": quad.pk, "ids": ids}).status_code == 302
    assert quad.entries.count() == 4
    Player.objects.filter(uscf_id="20000003").update(fide_rating=1600)
    play(quad)

    submit = reverse("submit_event_ratings", args=[event.pk])
    assert arbiter_client.post(submit).status_code == 302
    first = RatingRequest.objects.get()
    reject = reverse("reject_rating_request", args=[first.pk])
    blank = officer.post(reject, {"reason": "   "})
    assert blank.status_code == 400 and "This field is required." in blank.content.decode()
    assert officer.post(reject, {"reason": "Confirm Charlie's FIDE rating"}).status_code == 302
    panel = arbiter_client.get(reverse("event_uscf", args=[event.pk])).content.decode()
    assert "rejected: Confirm Charlie&#x27;s FIDE rating" in panel
    assert not RatingChange.objects.exists()

    assert arbiter_client.post(submit).status_code == 302  # submitted again
    second = RatingRequest.objects.get(status=RatingRequest.Status.PENDING)
    apply = reverse("apply_rating_request", args=[second.pk])
    assert officer.post(apply).status_code == 302
    again = officer.post(apply, follow=True)
    assert "This request has already been applied." in again.content.decode()
    assert RatedEvent.objects.count() == 1 and RatingChange.objects.count() == 4

    changes = {
        c.player.name.split(",")[0]: c for c in RatingChange.objects.select_related("player")
    }
    assert {name: c.post for name, c in changes.items()} == {
        "Alpha": Decimal(1774),
        "Beta": Decimal(1659),
        "Charlie": Decimal(1702),
        "Delta": Decimal(1981),
    }
    assert changes["Charlie"].initial == pytest.approx(1720)
    assert (changes["Charlie"].initial_source, changes["Charlie"].formula) == ("fide", "special")
    assert changes["Charlie"].step4 == pytest.approx(1687.5, abs=0.001)
    assert changes["Alpha"].k == pytest.approx(23.5234, abs=0.0001)
    assert changes["Alpha"].step4 == pytest.approx(1771.715, abs=0.001)
    assert changes["Beta"].step4 == pytest.approx(1662.751, abs=0.001)
    assert changes["Beta"].bonus == pytest.approx(73.292, abs=0.001)
    assert changes["Delta"].step4 == pytest.approx(1981.613, abs=0.001)
    charlie = RatingRecord.objects.get(player__uscf_id="20000003")
    assert (charlie.rating, charlie.games) == (Decimal(1702), 8)
    assert RatingRecord.objects.get(player__uscf_id="20000001").games is None

    # A correction in the admin: the record changes, the event cannot be re-rated any more.
    alpha = RatingRecord.objects.get(player__uscf_id="20000001")
    change_page = reverse("admin:ratings_ratingrecord_change", args=[alpha.pk])
    data = {"new_rating": "1790", "reason": "Supplement rating was wrong"}
    assert officer.post(change_page, data).status_code == 302
    alpha.refresh_from_db()
    assert alpha.rating == Decimal(1790)
    history = Client().get(reverse("rating_history", args=[alpha.player_id])).content.decode()
    assert "Supplement rating was wrong" in history and ">1790<" in history
    rerate = reverse("submit_rerating", args=[quad.pk])
    refused = arbiter_client.post(rerate, {"reason": "Round 3 board 2 was 1-0"})
    html = refused.content.decode()
    assert refused.status_code == 400
    assert "cannot be re-rated here" in html and "rating of Alpha, Al corrected" in html
    assert "Round 3 board 2 was 1-0" in html  # the typed reason is kept
    assert RatingRequest.objects.filter(status=RatingRequest.Status.PENDING).count() == 0
