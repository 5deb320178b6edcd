"""Inside referee, imports run down the floors of the table in docs/contributing.md ("The
layers"), never up nor across a floor, and never in a circle: the table is read from there, so
the code and what the guide says of it cannot drift apart."""

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFEREE = ROOT / "referee"
GUIDE = ROOT / "docs" / "contributing.md"


def floors() -> dict[str, int]:
    """Each room of referee (a package or a module of its own) and its floor, 1 the top, from
    the guide's table of referee's floors."""
    section = GUIDE.read_text().split("## The layers", 1)[1].split("\n## ", 1)[0]
    rooms = {}
    for number, names in re.findall(r"^\| (\d+) \| ([^|]+) \|", section, re.MULTILINE):
        for room in re.findall(r"`([a-z_]+)`", names):
            assert room not in rooms, f"{room} is on two floors of the guide's table"
            rooms[room] = int(number)
    assert rooms, "the guide has no table of referee's floors"
    return rooms


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_of(path): path for path in REFEREE.rglob("*.py")}


def imported_by(module: str) -> set[str]:
    """The referee modules ``module`` imports, relative imports resolved; ``from x import y``
    counts as importing x.y when y is a module."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                names.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in MODULES else source)
    return {name for name in names if name in MODULES and name != "referee"}


def room_of(module: str) -> str:
    return module.split(".")[1]


def test_every_module_of_referee_has_a_floor():
    rooms = floors()
    missing = {room_of(module) for module in MODULES if module != "referee"} - rooms.keys()
    assert not missing, f"not in the guide's table of referee's floors: {sorted(missing)}"


def arrows_up(graph: dict[str, set[str]], rooms: dict[str, int]) -> list[str]:
    """Each import of ``graph`` up a floor or across one, said."""
    return [
        f"{module} (floor {rooms[room_of(module)]}) imports {imported} (floor {rooms[room_of(imported)]})"
        for module, imports in graph.items()
        for imported in sorted(imports)
        if room_of(module) != room_of(imported) and rooms[room_of(imported)] <= rooms[room_of(module)]
    ]


def circle_in(graph: dict[str, set[str]]) -> list[str]:
    """A circle of imports in ``graph``, if any ([] if none)."""
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        return error.args[1]
    return []


def referee_graph() -> dict[str, set[str]]:
    return {module: imported_by(module) for module in MODULES if module != "referee"}


def test_imports_run_down_the_floors_never_up_nor_across():
    assert not arrows_up(referee_graph(), floors()), "\n".join(arrows_up(referee_graph(), floors()))


def test_no_modules_of_referee_import_each_other_round_a_circle():
    assert not circle_in(referee_graph()), " -> ".join(circle_in(referee_graph()))


def test_the_checks_see_an_import_up_a_floor_or_across_one_and_a_circle():
    """A seat's page importing a view, as one did, is an arrow up; a seat's module importing
    the board's crosses a floor; two modules importing each other are a circle."""
    rooms = floors()
    assert "referee.access" in imported_by("referee.seats.page")  # relative imports are read
    up = {"referee.seats.page": {"referee.views.sessions", "referee.seats.render"}}
    assert arrows_up(up, rooms) == [
        f"referee.seats.page (floor {rooms['seats']}) imports referee.views.sessions (floor {rooms['views']})"
    ]
    assert arrows_up({"referee.seats.page": {"referee.board.render"}}, rooms)
    assert circle_in({"referee.links": {"referee.access"}, "referee.access": {"referee.links"}})
    assert not circle_in({"referee.links": {"referee.access"}, "referee.access": set()})
