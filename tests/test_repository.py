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
