"""Names as people type them, tidied before they are kept (players', seasons')."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.bidi import without_controls


def tidy_spaces(text: str) -> str:
    """The text with its runs of spaces made one, and none at its ends; without direction
    controls (an override pasted in a name, invisible, would turn the sentence it is shown in:
    engine.bidi; names kept from before are isolated where they are shown)."""
    return re.sub(r"\s+", " ", without_controls(text or "")).strip()


def tidy_name(name: str) -> str:
    """A name as typed, spaces tidied; one typed all in lower case capitalised ("cy" is Cy)."""
    tidy = tidy_spaces(name)
    return tidy[0].upper() + tidy[1:] if tidy.islower() else tidy


def clean_names(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """The names tidied, empty ones dropped, each once (ignoring case); and those entered
    more than once, as first spelt."""
    seen: dict[str, str] = {}
    repeated: dict[str, str] = {}
    for tidy in filter(None, map(tidy_name, names)):
        key = tidy.casefold()
        if key in seen:
            repeated.setdefault(key, seen[key])
        else:
            seen[key] = tidy
    return list(seen.values()), list(repeated.values())
