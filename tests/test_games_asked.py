"""Only engine/games.py knows which game is which: everywhere else the code reads what a game
can do from its description (docs/contributing.md, A new game). No module compares a game's
kind with one game's (``kind == "crash"``, ``kind == CRASH``), no template either, and none
reads a flag that means one game (``described.placed``, once "this is Crash")."""

import ast
import re
from pathlib import Path

from engine import GAMES, GameDescription

from .docs import ROOT

# The flag that once meant one game, and any named after one ("is_crash"): never read outside
# the games' own modules, never a field of a description (nor one named as a game is).
ONE_GAME_FLAGS = {"placed", *(f"is_{kind}" for kind in GAMES)}
# Names a game's shares with something else: an event's kind ("crash" is an event too) and a
# ranking's name ("commerce" is a ranking too).
NOT_A_GAME = re.compile(r"\bevent\.kind$|\brules$")


def own_modules() -> set[str]:
    """The modules of the games themselves: engine/games.py and those its descriptions' parts
    come from (engine/crash.py for Crash's replay, engine/hindsight.py for its hindsight...),
    which are one game's and so may name it."""
    modules = {"engine.games"}
    for game in GAMES.values():
        for name in GameDescription.__slots__:
            part = getattr(game, name)
            module = getattr(part, "__module__", None)
            if callable(part) and module and module.split(".")[0] == "engine":
                modules.add(module)
    return modules


# The rankings are named too, one "commerce": engine/ranking.py compares a ranking's name, not a game's.
RANKINGS = {"engine.ranking"}


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def python_files() -> list[Path]:
    return sorted(
        path
        for package in ("engine", "scoring", "referee")
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def names_a_game(node: ast.expr) -> bool:
    """``node`` is one game's kind: its text ("crash"), a constant holding it (CRASH,
    crash.GAME, Game.Kind.CRASH), or a tuple of them."""
    if isinstance(node, ast.Constant):
        return node.value in GAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(names_a_game(element) for element in node.elts)
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name == "GAME" or (name.isupper() and name.lower() in GAMES)


def branches_on_a_game(source: str) -> list[str]:
    """Each comparison of ``source`` with one game's kind, as ``line: text``; an event's
    kind compared with "crash" is not one, nor a ranking's name with "commerce"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if any(names_a_game(side) for side in sides) and not any(NOT_A_GAME.search(ast.unparse(s)) for s in sides):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def one_game_flags_read(source: str) -> list[str]:
    """Each read of a one-game flag in ``source`` (``described.placed``), as ``line: text``."""
    return [
        f"{node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr in ONE_GAME_FLAGS
    ]


def asked(reader) -> dict[str, list[str]]:
    skip = own_modules() | RANKINGS
    found = {}
    for path in python_files():
        if module_of(path) not in skip and (lines := reader(path.read_text(encoding="utf-8"))):
            found[str(path.relative_to(ROOT))] = lines
    return found


# In a template: a comparison with one game's kind, or a flag meaning one game read.
TEMPLATE_BRANCH = re.compile(r"""(\S+)\s*(?:==|!=)\s*["'](\w+)["']|["'](\w+)["']\s*(?:==|!=)\s*(\S+)""")
TEMPLATE_FLAG = re.compile(r"\{%[^%]*\b(\w*\.)?(placed)\b[^%]*%\}|\{\{[^}]*\b(\w*\.)?placed\b[^}]*\}\}")


def template_asks(text: str) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in TEMPLATE_BRANCH.finditer(line):
            kind, other = match[2] or match[3], match[1] or match[4]
            if kind in GAMES and not NOT_A_GAME.search(other):
                found.append(f"{number}: {match[0]}")
        found += [f"{number}: {match[0]}" for match in TEMPLATE_FLAG.finditer(line)]
    return found


def test_no_code_outside_the_games_own_modules_branches_on_a_game():
    assert asked(branches_on_a_game) == {}


def test_no_code_outside_the_games_own_modules_reads_a_flag_that_means_one_game():
    assert asked(one_game_flags_read) == {}
    assert not (ONE_GAME_FLAGS | set(GAMES)) & set(GameDescription.__slots__)


def test_no_template_branches_on_a_game_or_reads_a_flag_that_means_one_game():
    found = {}
    for path in sorted((ROOT / "templates").rglob("*.html")):
        if lines := template_asks(path.read_text(encoding="utf-8")):
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def test_the_checks_see_a_branch_on_a_game_and_a_flag_meaning_one():
    assert branches_on_a_game('if game.kind == "crash":\n    pass') == ["1: game.kind == 'crash'"]
    assert branches_on_a_game("x = kind != CRASH or kind in (COMMERCE,)") == [
        "1: kind != CRASH",
        "1: kind in (COMMERCE,)",
    ]
    assert branches_on_a_game("ok = outcome.game == crash.GAME") == ["1: outcome.game == crash.GAME"]
    assert branches_on_a_game('crashed = event.kind == "crash"') == []  # an event's kind
    assert one_game_flags_read("if game_of(kind).placed:\n    pass") == ["1: game_of(kind).placed"]
    assert template_asks('{% if kind == "crash" %}x{% endif %}') == ['1: kind == "crash"']
    assert template_asks("{% if form.placed %}x{% endif %}{{ placed }}") == [
        "1: {% if form.placed %}",
        "1: {{ placed }}",
    ]
    assert template_asks('{% if event.kind == "crash" %}x{% endif %}') == []
    assert template_asks('{% if guide.rules == "commerce" %}x{% endif %}') == []  # a ranking
    assert "engine.crash" in own_modules() and "referee.forms.rounds" not in own_modules()
