"""The choices US Chess lets the tournament director make, with the rules' defaults.

References are to the US Chess Federation's Official Rules of Chess, 7th edition, chapter 2
(the free online chapters, revised 2020): rule 27A (the basic Swiss rules in priority order),
28 (byes 28L, accelerated pairings 28R, team events 28N) and 29 (score groups, the odd
player 29D, colours 29E). ``docs/uscf-pairings.md`` says how each rule is read.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from pairing.engine.core.state import PlayerId


@dataclass(frozen=True)
class USSettings:
    """A section's US Chess pairing settings; every default is the rule book's."""

    alternation_limit: int = 80
    """29E5a, the 80-point rule: transpositions and interchanges made to give more players
    their due colour stay between players whose pre-tournament ratings differ by at most
    this many points."""
    equalization_limit: int = 200
    """29E5b, the 200-point rule: transpositions and interchanges made to equalize colours
    (no player two games ahead in one colour, no colour three times in a row) stay within
    this many rating points."""
    assigned_ratings: Mapping[PlayerId, int] = field(default_factory=dict)
    """Ratings the TD assigned to unrated players for pairing purposes (28 ranking); an
    unrated player without one ranks below every rated player of his score group."""
    avoid_together: tuple[tuple[PlayerId, ...], ...] = ()
    """Groups of players the TD asks not to pair together (same team, club or family, 28N):
    a soft rule, kept only while the pairing rules above it allow."""
    team_over_equalization: bool = False
    """29E8 (variation): avoiding players of one group takes precedence over equalizing
    colours. By default colour equalization comes first."""
    accelerated: bool = False
    """28R1, accelerated pairings by the added-score method: in the first rounds the upper
    half of the field (by rating before round 1) is paired as if it had one more point."""
    accelerated_rounds: int = 2
    """28R1: the rounds the added point applies to (two in the rule)."""
    bye_for_colours: bool = False
    """28L2a (variation, announced): the full-point bye may go to a higher-rated player of
    the lowest score group when the rest of the group then gets better colours (within the
    29E5 limits). Off: the lowest-rated player gets it (28L2)."""
    bye_to_unrated: bool = False
    """28L2 gives the bye to a rated player while one can take it (``False``, the rule);
    ``True`` lets an unrated player of the lowest group take it like anyone else."""
    bye_up_in_four_rounds: bool = False
    """28L5 (as paraphrased on the WinTD forum; the rule text was not available): in a
    four-round event the full-point bye may go to a rated player one score group above
    rather than to an unrated player of the lowest group (who then gets four games). Off:
    28L2 alone."""
    colours_over_ratings: bool = False
    """29E5h (variation): equalizing colours has priority over rating differences; the
    80- and 200-point rules (29E5a, 29E5b) do not apply to switches made for colours."""
    colour_priority: str = "rank"
    """Who of two players with equal claims to one colour gets it when their colour
    histories do not decide (29E4 rule 5 and its variations): ``rank`` the higher-ranked
    (29E4); ``minus-lower`` the higher-ranked in plus and even score groups, the
    lower-ranked in minus score groups (29E4a); ``alternating`` in turn the higher- and the
    lower-ranked within a score group, from the top board down (29E4b); ``old-rank`` the
    higher-ranked as soon as the last two rounds do not decide, without looking further back
    (29E4d, the 4th edition's rule)."""
    teams_never: bool = False
    """28N2 (variation): players of one keep-apart group (team, club, family) are never
    paired together, unless in the last round the leader would otherwise have to play
    outside his score group. Off: 28N, kept apart only while the rules above allow."""
    teams_plus_two: bool = False
    """28N1 (variation, "plus two"): players of one keep-apart group are not paired together
    unless both have plus-two scores (two points more than even: a score of at least
    ``(rounds played + 2) / 2``), as long as the round can be paired so; players on plus-two
    scores are kept apart as 28N does (28N1a: "If a scoregroup can be paired among itself
    without players from the same team facing each other, this should always be done").
    ``teams_never`` (28N2) is the stricter of the two and wins when both are set."""
    no_third_colour: bool = False
    """29E5f1 (variation): except in the last round, when the leaders may have to be paired,
    no player gets the same colour three rounds in a row, even at the cost of pairing
    players outside their score groups (27A4 before 27A2). Off: 29E5f, a third colour in a
    row only when the score group leaves no other reasonable pairing. The last round is
    known from the tournament's number of rounds."""
    last_round_lot: bool = False
    """29E4c (variation): in the last round, when two players' colour histories are the same
    (29E4 rule 5, which gives the due colour to the higher-ranked), the lot decides who gets
    it. Off: rank decides in every round (29E4). The last round is known from the
    tournament's number of rounds; :attr:`lot_seed` is the draw."""
    lot_seed: int | None = None
    """29E4c's draw: a number drawn once when the last round is paired and recorded with the
    settings (``XXU last-round-lot=SEED``), so that a replay gives the same colours
    (:func:`~pairing.engine.usswiss.colours.lot_white`). ``None``: not drawn yet."""
    harkness: bool = False
    """The "Harkness" odd-player variation (a pairing-program option, not in the 7th
    edition's text): the odd player of a score group is its middle player by rank, not the
    lowest-rated one (29D1a); still not an unrated player while a rated one can drop."""

    def __post_init__(self) -> None:
        if not 0 <= self.alternation_limit <= self.equalization_limit:
            raise ValueError("the 80-point limit must lie between 0 and the 200-point limit")
        if self.accelerated_rounds < 0:
            raise ValueError("accelerated_rounds must not be negative")
        if self.colour_priority not in COLOUR_PRIORITIES:
            raise ValueError(f"unknown colour priority {self.colour_priority!r}")
        if self.lot_seed is not None and (self.lot_seed < 0 or not self.last_round_lot):
            raise ValueError("a lot seed is a number >= 0, drawn for last_round_lot (29E4c)")


COLOUR_PRIORITIES = {
    "rank": "29E4: the higher-ranked player",
    "minus-lower": "29E4a: the lower-ranked player in minus score groups",
    "alternating": "29E4b: in turn the higher- and the lower-ranked player in a score group",
    "old-rank": "29E4d: the higher-ranked player after two rounds' look-back",
}
"""The values of :attr:`USSettings.colour_priority` and what each gives."""


SETTINGS_RECORD = "XXU"
"""The TRF record (this program's, kept verbatim by the reader) carrying a section's US Chess
settings that differ from the rules' defaults, e.g. ``XXU alternation=100 accelerated=2``, so
that a file, its receipt and ``python -m pairing verify`` pair as the section was paired."""

_FLAGS = {
    "teams-first": "team_over_equalization",
    "bye-for-colours": "bye_for_colours",
    "bye-to-unrated": "bye_to_unrated",
    "bye-up-four-rounds": "bye_up_in_four_rounds",
    "harkness": "harkness",
    "colours-over-ratings": "colours_over_ratings",
    "no-third-colour": "no_third_colour",
    "teams-never": "teams_never",
    "teams-plus-two": "teams_plus_two",
}

LOT_WORD = "last-round-lot"
"""29E4c in :data:`SETTINGS_RECORD`: ``last-round-lot`` (the seed not drawn yet) or
``last-round-lot=SEED``."""


def settings_record(settings: USSettings) -> str:
    """The words of :data:`SETTINGS_RECORD` for ``settings`` ("" = the rules' defaults).
    The TD's per-player choices are words too: ``assigned=12:1450`` (player 12, unrated, is
    ranked as 1450) and ``apart=3,7,12`` (one group kept apart, 28N); 29E4c's draw is
    ``last-round-lot=SEED``."""
    default = USSettings()
    words = []
    if settings.alternation_limit != default.alternation_limit:
        words.append(f"alternation={settings.alternation_limit}")
    if settings.equalization_limit != default.equalization_limit:
        words.append(f"equalization={settings.equalization_limit}")
    if settings.accelerated:
        words.append(f"accelerated={settings.accelerated_rounds}")
    if settings.colour_priority != default.colour_priority:
        words.append(f"colour-priority={settings.colour_priority}")
    words += [word for word, name in _FLAGS.items() if getattr(settings, name)]
    if settings.last_round_lot:
        seed = settings.lot_seed
        words.append(f"{LOT_WORD}={seed}" if seed is not None else LOT_WORD)
    words += [f"assigned={pid}:{r}" for pid, r in sorted(settings.assigned_ratings.items())]
    words += [f"apart={','.join(map(str, group))}" for group in settings.avoid_together]
    return " ".join(words)


def _numbers(text: str, sep: str) -> list[int] | None:
    parts = text.split(sep)
    return [int(p) for p in parts] if all(p.isascii() and p.isdigit() for p in parts) else None


class SettingsError(ValueError):
    """A word of the :data:`SETTINGS_RECORD` that cannot be read; ``column`` is its 1-based
    column in the record's line (``XXU`` takes columns 1-3, the words follow)."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


_EXPECTED = {
    "alternation": "a whole number of rating points (29E5a), e.g. alternation=100",
    "equalization": "a whole number of rating points (29E5b), e.g. equalization=250",
    "accelerated": "the number of accelerated rounds (28R1), e.g. accelerated=2",
    "colour-priority": "one of " + ", ".join(COLOUR_PRIORITIES),
    LOT_WORD: "no value or the seed drawn, a whole number: last-round-lot=123456789",
    "assigned": "a pairing number and a rating, e.g. assigned=12:1450",
    "apart": "two or more pairing numbers, e.g. apart=3,7,12",
}
"""What each word with a value takes, for the error naming a bad one."""


def _unknown_player(word: str, players: Collection[int] | None) -> int | None:
    key, _, value = word.partition("=")
    if players is None or key not in ("assigned", "apart"):
        return None
    numbers = (_numbers(value, ":") or [])[:1] if key == "assigned" else _numbers(value, ",")
    return next((n for n in numbers or () if n not in players), None)


def settings_from_words(text: str, players: Collection[int] | None = None) -> USSettings:
    """:data:`SETTINGS_RECORD` read back (``text``: the line after ``XXU``); a
    :class:`SettingsError` names a word it cannot read, or (given the file's ``players``) a
    player number that is not one of them."""
    values: dict[str, object] = {}
    assigned: dict[int, int] = {}
    apart: list[tuple[int, ...]] = []
    for found in re.finditer(r"\S+", text):
        word, column = found.group(), len(SETTINGS_RECORD) + 1 + found.start()
        key, _, value = word.partition("=")
        if key in _FLAGS and not value:
            values[_FLAGS[key]] = True
        elif key in ("alternation", "equalization", "accelerated") and value.isdigit():
            if key == "accelerated":
                values["accelerated"], values["accelerated_rounds"] = True, int(value)
            else:
                values[f"{key}_limit"] = int(value)
        elif key == "colour-priority" and value in COLOUR_PRIORITIES:
            values["colour_priority"] = value
        elif key == LOT_WORD and (word == LOT_WORD or (value.isascii() and value.isdigit())):
            values["last_round_lot"] = True
            values["lot_seed"] = int(value) if value else None
        elif key == "assigned" and (pair := _numbers(value, ":")) and len(pair) == 2:
            assigned[pair[0]] = pair[1]
        elif key == "apart" and (group := _numbers(value, ",")) and len(group) >= 2:
            apart.append(tuple(group))
        elif key in _FLAGS:
            raise SettingsError(f"{SETTINGS_RECORD}: {key} takes no value, found {word!r}", column)
        elif key in _EXPECTED:
            raise SettingsError(
                f"{SETTINGS_RECORD}: {key} takes {_EXPECTED[key]}, found {word!r}", column
            )
        else:
            raise SettingsError(f"{SETTINGS_RECORD}: unknown US Chess setting {word!r}", column)
        if (pid := _unknown_player(word, players)) is not None:
            raise SettingsError(f"{SETTINGS_RECORD}: {word!r} names unknown player {pid}", column)
    if assigned:
        values["assigned_ratings"] = assigned
    if apart:
        values["avoid_together"] = tuple(apart)
    return USSettings(**values)  # type: ignore[arg-type]


def settings_of(
    extra_records: tuple[tuple[str, str], ...], players: Collection[int] | None = None
) -> USSettings:
    """The settings a state's records name (the rules' defaults without an ``XXU``); with
    the state's ``players``, a word naming another player is refused."""
    for code, rest in extra_records:
        if code == SETTINGS_RECORD:
            return settings_from_words(rest, players)
    return USSettings()
