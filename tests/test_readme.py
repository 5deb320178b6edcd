"""The README's layout names what the code holds: every module and package directly under
engine/, scoring/ and referee/, so a newcomer reading it finds each one."""

import re

from .docs import ROOT

PACKAGES = ("engine", "scoring", "referee")


def layout_block() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## How the code is laid out") :]
    return re.search(r"^```\n(.*?)^```", section, re.MULTILINE | re.DOTALL).group(1)


def parts_of(package: str) -> list[str]:
    """The modules (``name.py``) and packages (``name/``) directly under ``package``."""
    parts = []
    for path in sorted((ROOT / package).iterdir()):
        if path.is_dir() and any(path.glob("*.py")):
            parts.append(f"{path.name}/")
        elif path.suffix == ".py" and path.name != "__init__.py":
            parts.append(path.name)
    return parts


def test_the_layout_names_every_module_and_package_of_the_three_layers():
    block = layout_block()
    named = set(re.findall(r"[\w]+(?:\.py|/)", block))
    missing = [f"{package}/{part}" for package in PACKAGES for part in parts_of(package) if part not in named]
    assert missing == []
    assert len(block.splitlines()) <= 60  # a map, not a second manual
