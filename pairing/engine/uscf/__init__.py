"""The US Chess rating system (Glickman & Doan 2011, and the parameters US Chess uses now):
``rate_event(event, rules) -> EventResult``, FIDE-event and match rating, and the JSON form
of an event used by ``python -m pairing rate``."""

from pairing.engine.uscf.formulas import (
    player_floor,
)
from pairing.engine.uscf.jsonio import event_from_json, result_to_json
from pairing.engine.uscf.rater import (
    EventResult,
    FideGame,
    MatchChange,
    MatchResult,
    PlayerResult,
    rate_event,
    rate_fide_event,
    rate_match,
)
from pairing.engine.uscf.rules import (
    RULE_SETS,
    RULES_2011,
    RULES_CURRENT,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
    RuleSet,
)

__all__ = [
    "RULES_2011",
    "RULES_CURRENT",
    "RULE_SETS",
    "EventResult",
    "FideGame",
    "MatchChange",
    "MatchResult",
    "PlayerResult",
    "RatedGame",
    "RatedPlayer",
    "RatingEvent",
    "RatingInputError",
    "RatingSystem",
    "RuleSet",
    "event_from_json",
    "player_floor",
    "rate_event",
    "rate_fide_event",
    "rate_match",
    "result_to_json",
]
