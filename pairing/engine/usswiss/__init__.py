"""US Chess Swiss system (Official Rules of Chess, 7th edition, rules 27-29).
``pair_round(state, settings) -> RoundPairing``; ``explain_round(state, settings)`` gives the
same pairing and why; ``colour_rule`` decides a pair's colours (29E); ``may_have_bye`` tells
who may receive the full-point bye (28L)."""

from pairing.engine.usswiss.colours import ColourDecision, ColourRule, colour_rule
from pairing.engine.usswiss.explain import explain_round
from pairing.engine.usswiss.settings import USSettings
from pairing.engine.usswiss.system import USRound, may_have_bye, pair_round, pair_us_round

__all__ = [
    "ColourDecision",
    "ColourRule",
    "USRound",
    "USSettings",
    "colour_rule",
    "explain_round",
    "may_have_bye",
    "pair_round",
    "pair_us_round",
]
