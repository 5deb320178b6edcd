"""A clone holds everything it cites: no file points outside the repository, every link of
the README and the docs lands on a file (and a heading) of it, and every citation of a doc's
section names a section that doc has. And the tests share through conftest files and helper
modules: no module of tests/ imports a test module, nor a test module a bench."""

import ast
import re
import subprocess
from pathlib import Path

from .docs import ROOT, headings

# What pointed outside the repository once: the folder beside it, and the files kept there.
OUTSIDE = re.compile(r"\.\./shared|\b(RULES|DESIGN|STACK)\.md")
# "docs/rules.md, Crash: Showdown" or "docs/rules.md, Brag hands; Commerce: Commerce hands":
# sections (";" between them), each a heading and those under it (": " between), up to
# the end of the line or a ")", ",", "." or '"'.
CITATION = re.compile(r'\b(docs/[\w-]+\.md),\s+([A-Z][^),."\n]*)')
LINK = re.compile(r"\]\(([^)\s]+)\)")


def tracked_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / name for name in listed.stdout.split("\0") if name and (ROOT / name).is_file()]


def text_files() -> dict[Path, str]:
    found = {}
    for path in tracked_files():
        try:
            found[path] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # an icon, say
            continue
    return found


def imported_files(path: Path) -> list[tuple[int, Path]]:
    """(line, file) for each module of the repository that the Python file at ``path``
    imports, by an absolute or a relative import (``from . import x``: x's file, if x is a
    module)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules = [(ROOT, alias.name.split(".")) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ROOT if node.level == 0 else path.parents[node.level - 1]
            module = node.module.split(".") if node.module else []
            modules = [(base, module)] + [(base, [*module, alias.name]) for alias in node.names]
        else:
            continue
        for base, parts in modules:
            target = base.joinpath(*parts)
            for file in (target.with_suffix(".py"), target / "__init__.py"):
                if parts and file.is_file():
                    found.append((node.lineno, file))
    return found


def test_no_module_of_the_tests_imports_a_test_module_nor_a_test_module_a_bench():
    tests = ROOT / "tests"
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {file.relative_to(ROOT)}"
        for path in sorted(tests.rglob("*.py"))
        for line, file in imported_files(path)
        if file != path
        and (file.name.startswith("test_") or (path.name.startswith("test_") and (tests / "bench") in file.parents))
    ]
    assert offenders == [], "share through conftest.py or a helper module of tests/:\n" + "\n".join(offenders)


def test_no_tracked_file_points_outside_the_repository():
    pointing = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path, text in text_files().items()
        for number, line in enumerate(text.splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert pointing == []


def test_every_link_of_the_readme_and_the_docs_lands_on_a_file_and_heading_of_the_repository():
    documents = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for document in documents:
        for target in LINK.findall(document.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):  # https:, mailto:
                continue
            name, _, anchor = target.partition("#")
            path = (document.parent / name).resolve() if name else document
            if not path.exists():
                broken.append(f"{document.name}: {target} (no such file)")
            elif anchor and anchor not in {anchor for _, _, anchor in headings(path)}:
                broken.append(f"{document.name}: {target} (no such heading)")
    assert broken == []
    assert len(documents) >= 4  # the README, rules.md, contributing.md and export-format.md


def test_every_citation_of_a_docs_section_names_a_section_that_doc_has():
    cited, wrong = 0, []
    for path, text in text_files().items():
        for document, sections in CITATION.findall(text):
            titles = {title for _, title, _ in headings(ROOT / document)} if (ROOT / document).exists() else set()
            for section in sections.split("; "):
                cited += 1
                missing = [title for title in section.split(": ") if title.strip() not in titles]
                if missing:
                    wrong.append(f"{path.relative_to(ROOT)}: {document}, {section} (no heading {missing[0]!r})")
    assert wrong == []
    assert cited > 20


def test_the_readme_opens_with_the_two_commands_and_at_the_table():
    """A host reads how to run it and what to do at the table before the list of features."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = [title for level, title, _ in headings(ROOT / "README.md") if level == 2]
    assert sections[0] == "At the table"
    assert sections.index("What it is") > sections.index("At the table")
    opening = readme[: readme.index("## At the table")]
    assert "make run" in opening and "make test" in opening
    assert len(opening.splitlines()) <= 12


# --- Tests that start a server or a browser carry a mark that says so (make check leaves them out) ---

# What starts a process or a listener of a test's own: a process left running, Channels' live
# server, Playwright's browser, pytest-django's live server; and (found below) any class of
# tests/' helpers with a start(), and whatever the helpers, conftest files and test modules
# build on these.
STARTS = {"Popen", "DaphneProcess", "ChannelsLiveServerTestCase", "sync_playwright", "live_server"}
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
SERVER_MARK = re.compile(r"\bmark\.(server|browser)\b")


def requested(node: ast.AST) -> set[str]:
    """The fixtures a test, a fixture or a test class's methods ask for: their arguments."""
    if isinstance(node, ast.ClassDef):
        functions = [item for item in node.body if isinstance(item, FUNCTIONS)]
    else:
        functions = [node] if isinstance(node, FUNCTIONS) else []
    return {arg.arg for function in functions for arg in ast.walk(function.args) if isinstance(arg, ast.arg)}


def named_in(node: ast.AST) -> set[str]:
    """The names a definition uses (not its own variables nor its annotations; a module's
    attributes, such as subprocess.Popen), the fixtures it asks for, and its bases."""
    own, used = set(), set()
    for child in ast.walk(node):
        if isinstance(child, ast.arg):  # annotations dropped: a type named is no server started
            own.add(child.arg)
            child.annotation = None
        elif isinstance(child, FUNCTIONS):
            child.returns = None
            if child is not node:  # a function of its own
                own.add(child.name)
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            (used if isinstance(child.ctx, ast.Load) else own).add(child.id)
        elif isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and child.value.id != "self":
            used.add(child.attr)
    return requested(node) | (used - own)


def definitions(path: Path) -> dict[str, ast.AST]:
    """A module's functions, classes and names given a value (``LIVE_SERVERS = LiveServers()``), by name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined = {node.name: node for node in tree.body if isinstance(node, (*FUNCTIONS, ast.ClassDef))}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            defined.setdefault(node.targets[0].id, node)
    return defined


def starting(defined: dict[str, ast.AST], known: set[str]) -> set[str]:
    """Of a module's definitions, those that start something: a class with a start(), or one
    that uses one of ``known`` or of each other."""
    uses = {name: named_in(node) for name, node in defined.items()}
    found = {
        name
        for name, node in defined.items()
        if isinstance(node, ast.ClassDef) and any(getattr(item, "name", "") == "start" for item in node.body)
    }
    while more := {name for name, used in uses.items() if used & (known | found)} - found:
        found |= more
    return found


def starting_in_helpers() -> set[str]:
    """STARTS, and what tests/' helper modules and conftest files define that starts something."""
    helpers = [
        definitions(path)
        for path in (ROOT / "tests").rglob("*.py")
        if not path.name.startswith("test_") and (ROOT / "tests" / "bench") not in path.parents
    ]
    known = set(STARTS)
    while more := set().union(*(starting(defined, known) for defined in helpers)) - known:
        known |= more
    return known


def says_server(*nodes: ast.AST) -> bool:
    return any(SERVER_MARK.search(ast.unparse(node)) for node in nodes)


def module_marked(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Assign)
        and "pytestmark" in {getattr(t, "id", "") for t in node.targets}
        and says_server(node.value)
        for node in tree.body
    )


def own_marks(node: ast.AST) -> list[ast.AST]:
    """A test's decorators, and a test class's own pytestmark."""
    class_marks = (
        [item.value for item in node.body if isinstance(item, ast.Assign)] if isinstance(node, ast.ClassDef) else []
    )
    return [*getattr(node, "decorator_list", []), *class_marks]


def is_test(name: str, node: ast.AST) -> bool:
    if isinstance(node, ast.ClassDef):
        return any(getattr(item, "name", "").startswith("test_") for item in node.body)
    return name.startswith("test_")


def autouse(node: ast.AST) -> bool:
    return any("autouse=True" in ast.unparse(decorator) for decorator in getattr(node, "decorator_list", []))


def test_every_test_that_starts_a_server_or_a_browser_is_marked_so():
    """`make check` runs the tests marked neither `server` nor `browser` (nor `slow`): a test
    that starts a server (tests/servers.py's Daphne, nginx, Redis, PostgreSQL, make run or
    serve; a live server) or a browser without the mark would slow it down, or fail there."""
    known = starting_in_helpers()
    unmarked = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if module_marked(path):
            continue
        defined = definitions(path)
        local = starting(defined, known)
        everything = any(autouse(defined[name]) for name in local)  # a fixture every test gets
        unmarked += [
            f"{path.relative_to(ROOT)}::{name}"
            for name, node in defined.items()
            if is_test(name, node) and (everything or name in local) and not says_server(*own_marks(node))
        ]
    assert unmarked == [], "mark these @pytest.mark.server (or browser):\n" + "\n".join(unmarked)


def test_the_browser_test_classes_share_a_live_server_instead_of_starting_one_each():
    """tests/e2e/conftest.py's SharedLiveServer: one live server per test process, where
    Channels' ChannelsLiveServerTestCase starts one for each class (some 60 of them)."""
    own = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tests").rglob("test_*.py"))
        if "ChannelsLiveServerTestCase" in named_in(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert own == []
