"""Graph matching: maximum-cardinality matching kept and repaired between decisions
(:mod:`.cardinality`) and maximum-weight matching (:mod:`.weighted`)."""

from pairing.engine.matching.cardinality import Matcher
from pairing.engine.matching.weighted import max_weight_matching

__all__ = ["Matcher", "max_weight_matching"]
