"""What a person reads on a page, for tests: its text, and the error shown under a field."""

import html as entities
import re

HX = {"HX-Request": "true"}  # a request as htmx sends it


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
    found = re.findall(r'<p class="error field-error" id="id_(\w+?)_error">([^<]*)</p>', response.content.decode())
    return [(field, entities.unescape(message)) for field, message in found]
