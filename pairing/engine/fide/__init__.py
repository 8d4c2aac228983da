"""FIDE ratings and titles (Handbook B.02 and B.01): expected scores, K factors, rating
changes and first ratings (:mod:`.rating`, :mod:`.event`), rating performance and TPR
(:mod:`.performance`), title norms (:mod:`.norms`), and the JSON form of an event used by
``python -m pairing rate --system fide`` (:mod:`.jsonio`)."""

from pairing.engine.fide.event import (
    FideEvent,
    FideGameRecord,
    FidePlayer,
    FidePlayerResult,
    rate_fide_event,
)
from pairing.engine.fide.jsonio import fide_event_from_json, fide_result_to_json
from pairing.engine.fide.norms import (
    NORM_TITLES,
    FieldPlayer,
    NormCandidate,
    NormGame,
    NormInputError,
    NormOutlook,
    NormResult,
    NormTitle,
    big_swiss_exempt,
    check_norm,
    norm_outlook,
)
from pairing.engine.fide.performance import (
    Performance,
    rating_performance,
    tournament_performance,
)
from pairing.engine.fide.rating import (
    FideRatingError,
    GameChange,
    InitialRating,
    KFactor,
    KFactorFacts,
    RatingChange,
    expected_score,
    initial_rating,
    k_factor,
    rated_difference,
    rating_change,
)

__all__ = [
    "NORM_TITLES",
    "FideEvent",
    "FideGameRecord",
    "FidePlayer",
    "FidePlayerResult",
    "FideRatingError",
    "FieldPlayer",
    "GameChange",
    "InitialRating",
    "KFactor",
    "KFactorFacts",
    "NormCandidate",
    "NormGame",
    "NormInputError",
    "NormOutlook",
    "NormResult",
    "NormTitle",
    "Performance",
    "RatingChange",
    "big_swiss_exempt",
    "check_norm",
    "expected_score",
    "fide_event_from_json",
    "fide_result_to_json",
    "initial_rating",
    "k_factor",
    "norm_outlook",
    "rate_fide_event",
    "rated_difference",
    "rating_change",
    "rating_performance",
    "tournament_performance",
]
