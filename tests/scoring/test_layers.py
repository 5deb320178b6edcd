"""Imports point down only: the reads never reach for the writes, and the app that remembers
never reaches for the interface."""

import ast
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def imported_by(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved within scoring."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = f"scoring.{node.module}" if node.level and node.module else node.module or "scoring"
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def test_the_queries_never_import_the_services():
    assert not {name for name in imported_by(SCORING / "queries.py") if name.startswith("scoring.services")}


def test_scoring_never_imports_the_interface():
    for path in SCORING.rglob("*.py"):
        assert not {name for name in imported_by(path) if name.split(".")[0] == "referee"}, path
