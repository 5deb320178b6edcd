"""What a person reads on a page, for tests: its text, and the error shown under a field."""

import html as entities
import json
import re
import uuid

HX = {"HX-Request": "true"}  # a request as htmx sends it


def sent(fields: dict) -> dict:
    """A form's fields as the page sends them: with the submission id each form that changes
    a game is made with (a new one each call, as a new form would have)."""
    return {**fields, "submission": str(uuid.uuid4())}


def text_of(page) -> str:
    """A response's (or an HTML string's) text, tags dropped, white space folded."""
    markup = page if isinstance(page, str) else page.content.decode()
    return entities.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


def field_error(response, field: str) -> str | None:
    """The error shown under one field, or None."""
    match = re.search(rf'id="id_{field}_error">([^<]*)<', response.content.decode())
    return match and entities.unescape(match.group(1))


def field_errors(response) -> list[tuple[str, str]]:
    """Every field error on the page, as (field name, message), in page order."""
    found = re.findall(r'<p class="error field-error" id="id_([\w-]+?)_error">([^<]*)</p>', response.content.decode())
    return [(field, entities.unescape(message)) for field, message in found]


def pad_of(response) -> str:
    """The card pad's bar of a page (what it says, its buttons), without its 52 cards."""
    markup = response.content.decode()
    return markup[markup.index('<div class="pad"') : markup.index('<div class="pad-cards"')]


def without_pad(response) -> str:
    """A page's markup without its card pad, whose note repeats what the page says."""
    markup = response.content.decode()
    start = markup.find('<div class="pad"')
    if start < 0:
        return markup
    depth = 0
    for tag in re.finditer(r"<div\b|</div>", markup[start:]):
        depth += 1 if tag.group() == "<div" else -1
        if depth == 0:
            return markup[:start] + markup[start + tag.end() :]
    raise AssertionError("the pad is not closed")


def said(response) -> dict:
    """What the answer to a posted round says became of it (its HX-Trigger "submission")."""
    return json.loads(response["HX-Trigger"])["submission"]


def choices_of(response, name: str) -> list[tuple[str, str]]:
    """The (value, label) pairs a page offers for one field, a select or radio buttons, in order."""
    markup = response.content.decode()
    select = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', markup, re.S)
    if select:
        found = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select.group(1))
    else:
        radio = rf'<input type="radio" name="{re.escape(name)}" value="([^"]*)"[^>]*>([^<]*)</label>'
        found = re.findall(radio, markup)
    return [(entities.unescape(value), entities.unescape(label).strip()) for value, label in found]


def house_rules_of(response) -> list[list[str]]:
    """Each list of house rules a page shows (the game's, one per game shown), as its items."""
    lists = re.findall(r'<div class="house-rules-said">.*?<ul>(.*?)</ul>', response.content.decode(), re.S)
    return [[entities.unescape(item) for item in re.findall(r"<li>([^<]*)</li>", found)] for found in lists]
