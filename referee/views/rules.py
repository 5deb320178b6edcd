"""The Rules page: docs/rules.md, the project's one reading of the rules, as HTML. The page is
made from the file itself, so the two never differ."""

from __future__ import annotations

from functools import cache

import markdown
from django.conf import settings
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

RULES_FILE = settings.BASE_DIR / "docs" / "rules.md"


@cache
def rules_html() -> dict:
    """The file as HTML, once per process: its title and opening paragraphs (``intro``), the
    rest (``body``), and its sections, the level-2 headings, as {"id", "name"} for the list of
    contents between the two. Every heading gets the id GitHub gives it ("Crash options":
    crash-options), so a link to a section works on the page and in the repository alike."""
    converter = markdown.Markdown(extensions=["tables", "toc"], output_format="html")
    html = converter.convert(RULES_FILE.read_text(encoding="utf-8"))
    intro, first_section, body = html.partition("<h2")
    (title,) = converter.toc_tokens  # the file's one level-1 heading, its sections under it
    return {
        "intro": mark_safe(intro),
        "body": mark_safe(first_section + body),  # our own file
        "sections": [{"id": token["id"], "name": token["name"]} for token in title["children"]],
    }


@require_GET
def rules(request):
    return render(request, "rules.html", rules_html())
