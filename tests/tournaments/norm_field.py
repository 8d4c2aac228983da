"""A FIDE-rated 9-round tournament built so that one player makes a GM norm, worked out by
hand (FIDE B.01 1.4):

X: IM Norm, Ian (ENG, 2450) meets nine GMs rated 2500 from nine other federations (GER FRA
ESP ITA NED POL HUN CZE AUT), one a round: wins in rounds 1-4, draws in rounds 5-9.

- 9 games (1.4.1 a); 9 other federations (1.4.3), none more than 2/3 (1.4.4); 9 titleholders,
  9 GMs (1.4.5 a, b: at least 5 and 3).
- Ra = 2500 (1.4.7), at least 2380 (1.4.8 a); 6.5/9 = 72.2 % -> p 0.72 -> dp 166 (1.4.9 table),
  Rp = 2666 >= 2600 (1.4.8).
- The least score giving Rp 2600 over 9 games at Ra 2500: 5.5/9 -> 0.61 -> dp 80 (2580, short);
  6/9 -> 0.67 -> dp 125 (2625): 6 points. 6.5 is no full point more (1.4.1 d): 9 games.
- After round 5 (4.5 points): 6 needed over the 9 games, so 1.5 in the 4 rounds left.
"""

from __future__ import annotations

from players.models import Player
from tournaments.models import Entry, Tournament

FEDERATIONS = ("GER", "FRA", "ESP", "ITA", "NED", "POL", "HUN", "CZE", "AUT")


def norm_field(tournament: Tournament, record_round, rounds_played: int = 9) -> Entry:
    tournament.rounds = 9
    tournament.fide_rated = True
    tournament.save()

    def enter(number: int, name: str, title: str, fed: str, rating: int, fide_id: str) -> Entry:
        player = Player.objects.create(name=name, fide_id=fide_id, fide_rating=rating)
        return Entry.objects.create(
            tournament=tournament, player=player, pairing_number=number, name=name,
            title=title, federation=fed, fide_id=fide_id, rating=rating,
        )  # fmt: skip

    gms = [
        enter(i, f"Grandmaster, {fed}", "GM", fed, 2500, f"9{i:06d}")
        for i, fed in enumerate(FEDERATIONS, start=1)
    ]
    x = enter(10, "Norm, Ian", "IM", "ENG", 2450, "9100000")
    for r in range(1, rounds_played + 1):
        record_round(r, [(x, gms[r - 1], "1-0" if r <= 4 else "1/2-1/2")])
    return x
