"""The repository's Markdown files as the tests read them: their headings, with the ids
GitHub (and the Rules page) gives them."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def heading_id(text: str) -> str:
    """A heading's id as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", text.replace("`", "").lower()).replace(" ", "-")


def headings(path: Path) -> list[tuple[int, str, str]]:
    """(level, text, id) of each heading of a Markdown file, outside its code blocks."""
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    return [
        (len(level), title.replace("`", ""), heading_id(title))
        for level, title in re.findall(r"^(#{1,6}) (.+)$", text, re.MULTILINE)
    ]
