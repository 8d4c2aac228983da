"""`make mutation` runs the tests of ``[tool.mutmut]`` against each mutant: every test module
written to kill mutants (``tests/engine/*_mutants.py``) must be in that selection, or the
mutants it kills are reported as survivors again (docs/testing.md, "Mutation testing")."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _mutmut() -> dict[str, list[str]]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["tool"]["mutmut"]


def test_every_mutant_killing_module_is_in_the_selection() -> None:
    selection = set(_mutmut()["pytest_add_cli_args_test_selection"])
    written = {path.relative_to(ROOT).as_posix() for path in ROOT.glob("tests/engine/*_mutants.py")}
    assert written - selection == set()


def test_every_selected_test_module_exists() -> None:
    missing = [
        name
        for name in _mutmut()["pytest_add_cli_args_test_selection"]
        if not (ROOT / name).exists()
    ]
    assert missing == []
