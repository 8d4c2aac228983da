"""Tie-breaks as standings columns: :class:`TieBreak`, the registry :data:`TIE_BREAKS` and
:func:`tie_break`, which reads codes with modifiers (``BH-C2``, ``SB/M1``, ``KS/L+1``) and the
TRF-2026 record 202 list (:func:`parse_tie_break_list`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pairing.engine.core.fide_tables import round_half_up
from pairing.engine.core.state import PlayerId, TournamentState
from pairing.engine.tiebreaks import fide, ratings, us
from pairing.engine.tiebreaks.core import Edition, TieBreakValue
from pairing.engine.tiebreaks.encounter import direct_encounter

FieldFunction = Callable[[TournamentState, Edition], Mapping[PlayerId, TieBreakValue]]
GroupFunction = Callable[[TournamentState, Sequence[PlayerId]], Mapping[PlayerId, TieBreakValue]]


class UnknownTieBreak(ValueError):
    """A code no rule set here defines."""


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A tie-break as a standings column."""

    code: str
    """Canonical code, Handbook hyphen form (``BH-C1``); US Chess ones start ``US-``."""
    name: str
    """Display name."""
    article: str
    """Where the rules define it (``C.07 8.1``, ``USCF 34E1``, ``TCEC``)."""
    unit: int
    """Divide a value by this for points: 2 for half-points, 4 for quarter-points, 1 for counts,
    ratings and places."""
    compute: FieldFunction | None = None
    """Values for every player (types B, C, D)."""
    among: GroupFunction | None = None
    """Values for a group of tied players only (type A, e.g. DE)."""
    ascending: bool = False
    """Lower values rank higher (DE places, TCEC byes, pairing numbers)."""

    def values(
        self,
        state: TournamentState,
        group: Sequence[PlayerId] | None = None,
        edition: Edition = Edition.C07_2023,
    ) -> Mapping[PlayerId, TieBreakValue]:
        """Values for every player, or (type A) for the players of ``group``."""
        if self.among is not None:
            return self.among(state, [p.id for p in state.players] if group is None else group)
        assert self.compute is not None
        return self.compute(state, edition)

    def format(self, value: TieBreakValue) -> str:
        """The value for display (:func:`format_value`)."""
        return format_value(value, self.unit)


def format_value(value: TieBreakValue, unit: int) -> str:
    """A value for display: ``"15.5"`` for 31 half-points (``unit`` 2), ``"7.75"`` for 31
    quarter-points (4), ``""`` for ``None``."""
    if value is None:
        return ""
    digits = {1: 0, 2: 1, 4: 2}.get(unit, 2)
    if unit == 2 and isinstance(value, Fraction):
        digits = 2  # an average of half-points (AOB), a schedule strength (SSSC)
    scaled = Fraction(value) / unit * 10**digits
    units = round_half_up(scaled) if scaled >= 0 else -round_half_up(-scaled)
    sign = "-" if units < 0 else ""
    whole, frac = divmod(abs(units), 10**digits)
    return f"{sign}{whole}.{frac:0{digits}d}" if digits else f"{sign}{whole}"


def _modified(base: str, cut: int, median: int) -> str:
    return base + (f"-C{cut}" if cut else "") + (f"-M{median}" if median else "")


def _kind(cut: int, median: int) -> str:
    return f" Cut-{cut}" if cut else f" Median-{median}" if median else ""


SummedFunction = Callable[
    [TournamentState, Edition, int, int, bool], Mapping[PlayerId, TieBreakValue]
]


@dataclass(frozen=True, slots=True)
class _Family:
    """A tie-break that sums per-round terms, so that Cut / Median apply (C.07 14)."""

    name: str
    article: str
    modifier_article: str
    """Added to the article when a modifier is given."""
    unit: int
    compute: SummedFunction
    """(state, edition, cut, median, forfeits_played) -> values."""


_FAMILIES: Mapping[str, _Family] = {
    "BH": _Family(
        "Buchholz", "C.07 8.1", " 14", 2, lambda s, ed, c, m, p: fide.buchholz(s, c, m, ed, p)
    ),
    "FB": _Family(
        "Fore Buchholz",
        "C.07 8.3",
        " 14",
        2,
        lambda s, ed, c, m, p: fide.fore_buchholz(s, c, m, ed, p),
    ),
    "SB": _Family(
        "Sonneborn-Berger",
        "C.07 9.1",
        " 14",
        4,
        lambda s, ed, c, m, p: fide.sonneborn_berger(s, c, m, ed, p),
    ),
    "PS": _Family(
        "Progressive score",
        "C.07 7.5",
        " 14.1",
        2,
        lambda s, _, c, m, p: fide.progressive_score(s, c),
    ),
    "ARO": _Family(
        "Average rating of opponents",
        "C.07 10.1",
        " 14.1",
        1,
        lambda s, _, c, m, p: ratings.aro(s, c),
    ),
}
"""The summed tie-breaks by code: BH, FB, SB take Cut and Median; PS and ARO Cut only."""
_PLAYED_FAMILIES = frozenset({"BH", "FB", "SB"})
"""Those whose terms come from C.07 16 contributions, where ``/P`` applies."""


def _summed_entry(base: str, cut: int = 0, median: int = 0, played: bool = False) -> TieBreak:
    """The column of a summed tie-break with its modifiers; ``played``: MTB26 ``/P``."""
    family = _FAMILIES[base]
    modified = cut or median
    return TieBreak(
        _modified(base, cut, median) + ("/P" if played else ""),
        family.name + _kind(cut, median) + (", forfeits as games" if played else ""),
        family.article + (family.modifier_article if modified else ""),
        family.unit,
        compute=lambda s, ed: family.compute(s, ed, cut, median, played),
    )


def _koya_entry(limit: int = 0) -> TieBreak:
    return TieBreak(
        "KS" + (f"-L{limit:+d}" if limit else ""),
        "Koya system" + (f" limit {limit:+d}" if limit else ""),
        "C.07 9.2" + (" 14.5" if limit else ""),
        2,
        compute=lambda s, _: fide.koya(s, limit),
    )


def _aob_entry(fore: bool = False, played: bool = False) -> TieBreak:
    return TieBreak(
        "AOB" + ("/F" if fore else "") + ("/P" if played else ""),
        "Average of opponents' " + ("Fore Buchholz" if fore else "Buchholz"),
        "C.07 8.2",
        2,
        compute=lambda s, ed: fide.average_of_opponents_buchholz(s, ed, fore, played),
    )


def _group_de(state: TournamentState, group: Sequence[PlayerId]) -> Mapping[PlayerId, int]:
    return direct_encounter(state, group)


def _group_us_result(state: TournamentState, group: Sequence[PlayerId]) -> Mapping[PlayerId, int]:
    return us.result_between_tied(state, list(group))


def _simple(
    code: str,
    name: str,
    article: str,
    unit: int,
    f: Callable[[TournamentState], Mapping[PlayerId, TieBreakValue]],
    ascending: bool = False,
) -> TieBreak:
    return TieBreak(code, name, article, unit, compute=lambda s, _: f(s), ascending=ascending)


FIDE_TIE_BREAKS: tuple[TieBreak, ...] = (
    _summed_entry("BH"),
    _summed_entry("BH", cut=1),
    _summed_entry("BH", cut=2),
    _summed_entry("BH", median=1),
    _summed_entry("BH", median=2),
    _summed_entry("FB"),
    _summed_entry("FB", cut=1),
    _aob_entry(),
    _summed_entry("SB"),
    _summed_entry("SB", cut=1),
    _koya_entry(),
    TieBreak("DE", "Direct encounter", "C.07 6", 1, among=_group_de, ascending=True),
    _simple("WIN", "Number of wins", "C.07 7.1", 1, fide.wins),
    _simple("WON", "Number of games won", "C.07 7.2", 1, fide.games_won),
    _simple("BPG", "Games played with Black", "C.07 7.3", 1, fide.games_with_black),
    _simple("BWG", "Games won with Black", "C.07 7.4", 1, fide.games_won_with_black),
    _summed_entry("PS"),
    _summed_entry("PS", cut=1),
    _simple("STD", "Standard points", "C.07 7.7", 2, fide.standard_points),
    _simple("REP", "Rounds one elected to play", "C.07 7.6", 1, fide.rounds_elected_to_play),
    _simple("TPN", "Pairing number", "C.07 7.8", 1, fide.pairing_numbers, ascending=True),
    _summed_entry("ARO"),
    _summed_entry("ARO", cut=1),
    _simple("TPR", "Tournament performance rating", "C.07 10.2", 1, ratings.tpr),
    _simple("PTP", "Perfect tournament performance", "C.07 10.3", 1, ratings.ptp),
    _simple("APRO", "Average performance rating of opponents", "C.07 10.4", 1, ratings.apro),
    _simple("APPO", "Average perfect performance of opponents", "C.07 10.5", 1, ratings.appo),
    _simple("RTNG", "Rating", "C.07 10.6", 1, ratings.own_ratings),
    _simple("RP", "FIDE rating performance (Rp)", "B.01 1.4.8", 1, ratings.rating_performance),
    _simple("BYE", "Byes received", "TCEC", 1, fide.byes_received, ascending=True),
)
"""FIDE C.07 (2023 text; STD, TPN, RTNG from the 2026 text), FIDE's Rp (B.01) and the TCEC byes
column."""

US_TIE_BREAKS: tuple[TieBreak, ...] = (
    _simple("US-MM", "Modified median", "USCF 34E1", 2, us.modified_median),
    _simple("US-MED", "Median (Harkness)", "USCF 34E4", 2, us.median),
    _simple("US-SOLK", "Solkoff", "USCF 34E2", 2, us.solkoff),
    _simple("US-CUM", "Cumulative", "USCF 34E3", 2, us.cumulative),
    _simple("US-OPCUM", "Cumulative of opposition", "USCF 34E9", 2, us.cumulative_of_opposition),
    TieBreak("US-RBT", "Result between tied players", "USCF 34E5", 1, among=_group_us_result),
    _simple("US-MB", "Most blacks", "USCF 34E6", 1, us.most_blacks),
    _simple("US-KASH", "Kashdan", "USCF 34E7", 1, us.kashdan),
    _simple("US-SB", "Sonneborn-Berger (US Chess)", "USCF 34E8", 4, us.us_sonneborn_berger),
    _simple("US-OPERF", "Opponents' performance", "USCF 34E10", 1, us.opponents_performance),
)
"""US Chess Official Rules, rule 34E, with 34E1's treatment of unplayed games."""

TIE_BREAKS: Mapping[str, TieBreak] = {t.code: t for t in (*FIDE_TIE_BREAKS, *US_TIE_BREAKS)}
"""The tie-breaks by canonical code. Aliases (``GE`` for REP, ``MM``, ``SOLKOFF``, ...), the
slash forms of the TRF (``BH/C1``) and other Cut / Median / Limit values are read by
:func:`tie_break`."""

_ALIASES = {
    "GE": "REP",
    "MM": "US-MM",
    "MODIFIED-MEDIAN": "US-MM",
    "MEDIAN": "US-MED",
    "HARKNESS": "US-MED",
    "SOLK": "US-SOLK",
    "SOLKOFF": "US-SOLK",
    "CUM": "US-CUM",
    "CUMULATIVE": "US-CUM",
    "OPCUM": "US-OPCUM",
    "KASH": "US-KASH",
    "KASHDAN": "US-KASH",
    "MB": "US-MB",
    "MOST-BLACKS": "US-MB",
}
_MODIFIED = re.compile(r"^(BH|FB|SB|PS|ARO)-([CM])([1-9])$")
_LIMIT = re.compile(r"^KS-L([+-]?[0-9]+)$")
_SCORING = re.compile(r":(MP|GP)(?=-|$)")


_FLAGS = re.compile(r"^(.*?)((?:-[PFR])+)$")
_REVERSIBLE = frozenset({"TPN", "RTNG"})
"""C.07-2026 7.8, 10.6: the order may be reversed (MTB26 ``/R``)."""


def _base_tie_break(key: str, code: str, played: bool) -> TieBreak:
    if key == "DE" and played:  # C.07 6.1.1: forfeits included when the regulations say so
        return TieBreak(
            "DE/P",
            "Direct encounter, forfeits as games",
            "C.07 6.1.1",
            1,
            among=lambda s, g: direct_encounter(s, g, True),
            ascending=True,
        )
    if key in _FAMILIES and played:
        return _summed_entry(key, played=True)
    if key in TIE_BREAKS and not played:
        return TIE_BREAKS[key]
    m = _MODIFIED.match(key)
    if m and (m.group(2) == "C" or m.group(1) in _PLAYED_FAMILIES):
        n = int(m.group(3))
        cut, median = (n, 0) if m.group(2) == "C" else (0, n)
        return _summed_entry(m.group(1), cut, median, played)
    m = _LIMIT.match(key)
    if m:
        return _koya_entry(int(m.group(1)))
    raise UnknownTieBreak(f"unknown tie-break code {code!r}")


def tie_break(code: str) -> TieBreak:
    """The tie-break for a code: a key of :data:`TIE_BREAKS`, case-insensitive, an alias, a
    Cut-n / Median-n form of BH, FB, SB, PS (Cut only) or ARO (Cut only), written ``BH-C3`` or
    ``BH/C3``, or Koya with a limit (``KS/L+1``, 14.5). A TRF scoring suffix (``:GP``, ``:MP``,
    MTB26) is read and dropped: individual events have game points only.

    MTB26 flags: ``/P`` (forfeits count as games against the scheduled opponent) on BH, FB, SB
    with their modifiers, AOB and DE (6.1.1); ``/F`` on AOB (the opponents' Fore Buchholz,
    C.07-2026 8.2); ``/R`` (reversed order) on TPN and RTNG (7.8, 10.6). A flag elsewhere is
    an error."""
    key = _SCORING.sub("", code.strip().upper().replace("/", "-"))
    flags = ""
    m = _FLAGS.match(key)
    if m:
        key, flags = m.group(1), m.group(2).replace("-", "")
    key = _ALIASES.get(key, key)
    played, fore, reverse = "P" in flags, "F" in flags, "R" in flags
    family = _MODIFIED.match(key)
    base = family.group(1) if family else key
    if played and base not in (*_PLAYED_FAMILIES, "AOB", "DE"):
        raise UnknownTieBreak(f"/P does not apply to {base} ({code!r})")
    if fore and base != "AOB":
        raise UnknownTieBreak(f"/F applies to AOB only, not {base} ({code!r})")
    if reverse and base not in _REVERSIBLE:
        raise UnknownTieBreak(f"/R applies to TPN and RTNG only, not {base} ({code!r})")
    if base == "AOB":
        return _aob_entry(fore, played)
    tb = _base_tie_break(key, code, played)
    if reverse:
        return replace(
            tb, code=tb.code + "/R", name=tb.name + ", reversed", ascending=not tb.ascending
        )
    return tb


def parse_tie_break_list(text: str) -> list[TieBreak]:
    """The tie-breaks of a list such as TRF-2026 record 202 (``BH/C1,BH,SB,DE``; commas or
    blanks between codes). A leading ``PTS`` (record 212's standings definition) is skipped."""
    codes = [c for c in re.split(r"[,\s]+", text.strip()) if c]
    if codes and codes[0].upper() == "PTS":
        codes = codes[1:]
    return [tie_break(c) for c in codes]
