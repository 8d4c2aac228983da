"""One way into each name: no module re-exports another module's names with ``import X as X``
(the form type checkers read as "re-exported"), so that a reader follows a name to the module
that defines it. Django-side modules take engine names from the facade ``pairing.engine``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("config", "pairing", "ratings", "tournaments")


def reexports(source: str) -> list[str]:
    """The names ``source`` imports under their own name spelled out (``X as X``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found += [a.name for a in node.names if a.asname is not None and a.asname == a.name]
    return found


def test_it_finds_a_reexport() -> None:
    source = "from pairing.engine import Board as Board\nfrom x import Y as Z\nimport os as os\n"
    assert reexports(source) == ["Board", "os"]


def test_it_finds_none_in_the_apps_and_the_engine() -> None:
    offenders = {
        str(path.relative_to(ROOT)): names
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts and (names := reexports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}
