"""Imports point down only: the reads never reach for the writes, the writes' modules never
reach for each other in a circle, and the app that remembers never reaches for the interface."""

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCORING = ROOT / "scoring"


def module_of(path: Path) -> str:
    """The dotted name of a file of the project (a package's ``__init__.py`` is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_of(name: str) -> list[Path]:
    """The files of a module of scoring: the module's file, or every file of its package."""
    package = SCORING / name
    return sorted(package.rglob("*.py")) if package.is_dir() else [SCORING / f"{name}.py"]


def imported_by(path: Path) -> set[str]:
    """Every module a file imports (and every name it imports from one, as a module may be),
    relative imports resolved from the file's own package."""
    package = module_of(path) if path.name == "__init__.py" else module_of(path).rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(filter(None, [base, node.module or ""]))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def test_relative_imports_are_resolved_from_the_files_own_package():
    assert {"scoring.models", "engine.own_hand", "scoring.services.announcing"} <= imported_by(
        SCORING / "services" / "seats.py"
    )
    assert "scoring.queries" in imported_by(SCORING / "services" / "announcing.py")


def test_the_queries_never_import_the_services():
    for path in modules_of("queries"):
        assert not {name for name in imported_by(path) if name.startswith("scoring.services")}, path


def test_the_services_modules_import_each_other_in_one_direction():
    modules = {module_of(path) for path in modules_of("services")} - {"scoring.services"}
    graph = {module_of(path): imported_by(path) & modules for path in modules_of("services")}
    del graph["scoring.services"]  # the package only gathers them for its callers
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as circle:
        raise AssertionError(f"the services' modules import in a circle: {circle.args[1]}") from None


def test_scoring_never_imports_the_interface():
    for path in SCORING.rglob("*.py"):
        assert not {name for name in imported_by(path) if name.split(".")[0] == "referee"}, path
