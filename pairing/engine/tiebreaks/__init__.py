"""Tie-breaks and standings, as pure functions of a :class:`TournamentState`: FIDE C.07 (2023
text, with the 2026 dummy caps as an :class:`Edition`), US Chess rule 34E, TCEC's final order.

* :mod:`.core` - results, unplayed rounds (C.07 15-16), the dummy opponent, modifiers;
* :mod:`.fide` - C.07 types B and C (BH, FB, AOB, SB, KS, WIN, ..., PS, REP, TPN);
* :mod:`.encounter` - C.07 6, direct encounter;
* :mod:`.ratings` - C.07 10 (ARO, TPR, PTP, APRO, APPO, RTNG);
* :mod:`.us` - US Chess 34E (Modified Median, Solkoff, Cumulative, ...);
* :mod:`.registry` - codes -> :class:`TieBreak` columns; :mod:`.standings`, :mod:`.tcec`;
* :mod:`.teams` - team tournaments from a TRF (records 310 / 013 / 362, matches from the games);
  :mod:`.team_breaks` - C.07 11-13 team tie-breaks; :mod:`.team_standings`.
"""

from pairing.engine.core.errors import TeamError
from pairing.engine.core.fide_tables import DP_TABLE, PD_UPPER_BOUNDS, rating_difference
from pairing.engine.tiebreaks.core import (
    WIN_CODES,
    Contribution,
    Edition,
    ModifierError,
    TieBreakValue,
    adjusted_scores,
    contributions,
    game_result,
    is_requested_bye,
    is_vur,
    unplayed_category,
)
from pairing.engine.tiebreaks.encounter import direct_encounter, direct_encounter_points
from pairing.engine.tiebreaks.fide import (
    average_of_opponents_buchholz,
    buchholz,
    byes_received,
    fore_buchholz,
    games_with_black,
    games_won,
    games_won_with_black,
    koya,
    pairing_numbers,
    progressive_score,
    rounds_elected_to_play,
    sonneborn_berger,
    wins,
)
from pairing.engine.tiebreaks.ratings import (
    appo,
    apro,
    aro,
    expected_score,
    own_ratings,
    perfect_performance,
    ptp,
    tpr,
)
from pairing.engine.tiebreaks.registry import (
    FIDE_TIE_BREAKS,
    TIE_BREAKS,
    US_TIE_BREAKS,
    FieldFunction,
    GroupFunction,
    TieBreak,
    UnknownTieBreak,
    parse_tie_break_list,
    tie_break,
)
from pairing.engine.tiebreaks.standings import StandingRow, standings
from pairing.engine.tiebreaks.tcec import TCEC_TIEBREAKS, tcec_final_order
from pairing.engine.tiebreaks.team_breaks import (
    TeamTieBreak,
    parse_team_tie_break_list,
    team_tie_break,
)
from pairing.engine.tiebreaks.team_standings import TeamStandingRow, team_standings
from pairing.engine.tiebreaks.teams import (
    MatchPointValues,
    Team,
    TeamRound,
    TeamTournament,
    team_tournament,
)
from pairing.engine.tiebreaks.us import (
    US_DEFAULT_ORDER,
    US_SECTION_DEFAULTS,
    cumulative,
    cumulative_of_opposition,
    kashdan,
    median,
    modified_median,
    most_blacks,
    opponents_performance,
    result_between_tied,
    solkoff,
    us_adjusted_scores,
    us_performance,
    us_sonneborn_berger,
)

__all__ = [
    "DP_TABLE",
    "FIDE_TIE_BREAKS",
    "PD_UPPER_BOUNDS",
    "TCEC_TIEBREAKS",
    "TIE_BREAKS",
    "US_DEFAULT_ORDER",
    "US_SECTION_DEFAULTS",
    "US_TIE_BREAKS",
    "WIN_CODES",
    "Contribution",
    "Edition",
    "FieldFunction",
    "GroupFunction",
    "MatchPointValues",
    "ModifierError",
    "StandingRow",
    "Team",
    "TeamError",
    "TeamRound",
    "TeamStandingRow",
    "TeamTieBreak",
    "TeamTournament",
    "TieBreak",
    "TieBreakValue",
    "UnknownTieBreak",
    "adjusted_scores",
    "appo",
    "apro",
    "aro",
    "average_of_opponents_buchholz",
    "buchholz",
    "byes_received",
    "contributions",
    "cumulative",
    "cumulative_of_opposition",
    "direct_encounter",
    "direct_encounter_points",
    "expected_score",
    "fore_buchholz",
    "game_result",
    "games_with_black",
    "games_won",
    "games_won_with_black",
    "is_requested_bye",
    "is_vur",
    "kashdan",
    "koya",
    "median",
    "modified_median",
    "most_blacks",
    "opponents_performance",
    "own_ratings",
    "pairing_numbers",
    "parse_team_tie_break_list",
    "parse_tie_break_list",
    "perfect_performance",
    "progressive_score",
    "ptp",
    "rating_difference",
    "result_between_tied",
    "rounds_elected_to_play",
    "solkoff",
    "sonneborn_berger",
    "standings",
    "tcec_final_order",
    "team_standings",
    "team_tie_break",
    "team_tournament",
    "tie_break",
    "tpr",
    "unplayed_category",
    "us_adjusted_scores",
    "us_performance",
    "us_sonneborn_berger",
    "wins",
]
