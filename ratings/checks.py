"""System check: the ``USCF_RULES`` setting names a rule set of the rater."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, register

from pairing.engine import RULE_SETS


@register()
def check_uscf_rules(app_configs: Any, **kwargs: Any) -> list[Error]:
    name = getattr(settings, "USCF_RULES", "current")
    if name in RULE_SETS:
        return []
    return [
        Error(
            f"USCF_RULES is {name!r}.",
            hint=f"Set it (environment variable USCF_RULES) to one of: {', '.join(RULE_SETS)}.",
            id="ratings.E001",
        )
    ]
