"""The ratings system check on the USCF_RULES setting."""

from __future__ import annotations

from ratings.checks import check_uscf_rules


def test_it_accepts_the_rule_sets(settings) -> None:
    for name in ("current", "2011"):
        settings.USCF_RULES = name
        assert check_uscf_rules(None) == []


def test_it_reports_an_unknown_rule_set(settings) -> None:
    settings.USCF_RULES = "2024"
    (error,) = check_uscf_rules(None)
    assert error.id == "ratings.E001" and "'2024'" in error.msg
