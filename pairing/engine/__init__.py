"""The pairing engine: pure Python, no Django. Code outside the engine imports this facade
only (an import-linter contract checks it); inside, the packages are

- :mod:`.core` — tournament state, errors, colours, the C.04.1/C.04.2 rules every system
  shares, the Baku acceleration (C.04.7), the :class:`System` interface, the rules a
  hand-made pairing breaks and the hand-pairing suggestion;
- :mod:`.matching` — cardinality and weighted matching;
- :mod:`.dutch`, :mod:`.dubov`, :mod:`.tcec` — one package per pairing system, each with
  ``pair_round(state) -> RoundPairing`` and ``explain_round(state)`` (the same pairing with a
  :class:`RoundExplanation`: why each board and the bye are what they are);
- :mod:`.systems` — one :class:`System` object per system and edition in the registry
  :data:`SYSTEMS` (:func:`system_for` resolves the alias ``dutch``): pairing, explanation,
  colour rule of a pair, review notes, bye eligibility, violations and the hand-pairing
  suggestion;
- :mod:`.uscf` — the US Chess rater;
- :mod:`.trf` (the FIDE Tournament Report File), :mod:`.tiebreaks` (C.07 and the TCEC final
  order), :mod:`.tools` (checker, generator, receipts, what-if).
"""

from pairing.engine.core.acceleration import (
    AccelerationError,
    accelerated_round_count,
    baku_acceleration,
    baku_group_a,
    baku_rounds_matching,
    check_baku_scoring,
    group_a_size,
    with_baku,
)
from pairing.engine.core.colours import Preference, Strength, preference
from pairing.engine.core.errors import EngineError, NoValidPairing, TrfError
from pairing.engine.core.explain import (
    BoardExplanation,
    ByeExplanation,
    ExplainRound,
    ExplanationFormatError,
    Reason,
    RoundExplanation,
    Topic,
    render,
)
from pairing.engine.core.rules import fixed_board_order
from pairing.engine.core.state import (
    BLANK,
    Board,
    Colour,
    ForbiddenPairs,
    Player,
    PlayerId,
    PointValues,
    RoundEntry,
    RoundPairing,
    TournamentInfo,
    TournamentState,
)
from pairing.engine.core.system import ColourRuling, PlayerNotes, System
from pairing.engine.core.violations import (
    ALL_RULES,
    TCEC_RULES,
    Violation,
    exchange,
    new_violations,
    swap_colours,
    violations,
)
from pairing.engine.systems import (
    SYSTEM_NAMES,
    SYSTEMS,
    PairRound,
    apply_declared_acceleration,
    explaining_system,
    initial_colour_of,
    pairing_system,
    system_for,
    with_system_record,
)
from pairing.engine.tcec import second_game as tcec_second_game
from pairing.engine.tcec.seeding import group_seeding, random_seeding, recommended_groups
from pairing.engine.tiebreaks import (
    TIE_BREAKS,
    StandingRow,
    TieBreak,
    standings,
    tcec_final_order,
    tie_break,
)
from pairing.engine.tools.checker import check_tournament, same_pairing
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament
from pairing.engine.tools.receipts import (
    ManualChange,
    Receipt,
    ReceiptError,
    Verification,
    changed_boards,
    engine_state,
    load_receipt,
    parse_pairing,
    program_version,
    sha256,
    verify_receipt,
)
from pairing.engine.tools.whatif import (
    POLICIES,
    RESULT_CODES,
    AssumptionError,
    RoundGame,
    assume_results,
    parse_assumptions,
    policy_results,
    resolve,
    round_games,
)
from pairing.engine.trf import load_trf, read_trf, write_trf
from pairing.engine.uscf import (
    RULE_SETS,
    RULES_2011,
    RULES_CURRENT,
    PlayerResult,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
    RuleSet,
    event_from_json,
    player_floor,
    rate_event,
    result_to_json,
)

__all__ = [
    "ALL_RULES",
    "BLANK",
    "POLICIES",
    "RESULT_CODES",
    "RULES_2011",
    "RULES_CURRENT",
    "RULE_SETS",
    "SYSTEMS",
    "SYSTEM_NAMES",
    "TCEC_RULES",
    "TIE_BREAKS",
    "AccelerationError",
    "AssumptionError",
    "Board",
    "BoardExplanation",
    "ByeExplanation",
    "Colour",
    "ColourRuling",
    "EngineError",
    "ExplainRound",
    "ExplanationFormatError",
    "ForbiddenPairs",
    "GeneratorSettings",
    "ManualChange",
    "NoValidPairing",
    "PairRound",
    "Player",
    "PlayerId",
    "PlayerNotes",
    "PlayerResult",
    "PointValues",
    "Preference",
    "RatedGame",
    "RatedPlayer",
    "RatingEvent",
    "RatingInputError",
    "RatingSystem",
    "Reason",
    "Receipt",
    "ReceiptError",
    "RoundEntry",
    "RoundExplanation",
    "RoundGame",
    "RoundPairing",
    "RuleSet",
    "StandingRow",
    "Strength",
    "System",
    "TieBreak",
    "Topic",
    "TournamentInfo",
    "TournamentState",
    "TrfError",
    "Verification",
    "Violation",
    "accelerated_round_count",
    "apply_declared_acceleration",
    "assume_results",
    "baku_acceleration",
    "baku_group_a",
    "baku_rounds_matching",
    "changed_boards",
    "check_baku_scoring",
    "check_tournament",
    "engine_state",
    "event_from_json",
    "exchange",
    "explaining_system",
    "fixed_board_order",
    "generate_tournament",
    "group_a_size",
    "group_seeding",
    "initial_colour_of",
    "load_receipt",
    "load_trf",
    "new_violations",
    "pairing_system",
    "parse_assumptions",
    "parse_pairing",
    "player_floor",
    "policy_results",
    "preference",
    "program_version",
    "random_seeding",
    "rate_event",
    "read_trf",
    "recommended_groups",
    "render",
    "resolve",
    "result_to_json",
    "round_games",
    "same_pairing",
    "sha256",
    "standings",
    "swap_colours",
    "system_for",
    "tcec_final_order",
    "tcec_second_game",
    "tie_break",
    "verify_receipt",
    "violations",
    "with_baku",
    "with_system_record",
    "write_trf",
]
