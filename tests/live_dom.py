"""A page as a tree, with the fragments a live screen is sent swapped into it as htmx swaps
them (out of band, by element id: the element replaced whole, an element of the page marked
hx-preserve kept as it is), and the tree written out normalised for comparison: white space
folded, attributes sorted, and what is made afresh on every render left out (a form's CSRF
token, which a piece sent live has none of: htmx sends the page's own in a header; a form's
submission id; htmx's own marks). Python's own HTML parser: the pages are the
project's, well formed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Made afresh on every render: not what the page shows.
FRESH_VALUES = {"submission"}
PER_PAGE = "csrfmiddlewaretoken"
HTMX_MARKS = {"hx-swap-oob", "data-live"}
SPACE = re.compile(r"\s+")


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None] = field(default_factory=dict)
    children: list = field(default_factory=list)  # Element or str
    parent: Element | None = None

    @property
    def id(self) -> str | None:
        return self.attrs.get("id")

    def elements(self):
        """This element and every element under it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.elements()

    def by_id(self, wanted: str) -> Element | None:
        return next((element for element in self.elements() if element.id == wanted), None)

    def replace_with(self, other: Element) -> None:
        siblings = self.parent.children
        siblings[siblings.index(self)] = other
        other.parent = self.parent


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#root")
        self.open = self.root

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs), parent=self.open)
        self.open.children.append(element)
        if tag not in VOID:
            self.open = element

    def handle_startendtag(self, tag, attrs):
        self.open.children.append(Element(tag, dict(attrs), parent=self.open))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        element = self.open
        while element is not self.root and element.tag != tag:
            element = element.parent
        if element is not self.root:
            self.open = element.parent

    def handle_data(self, data):
        self.open.children.append(data)


def parsed(markup: str) -> Element:
    builder = TreeBuilder()
    builder.feed(markup)
    builder.close()
    return builder.root


def pieces(fragment: str) -> list[Element]:
    """The top-level elements of a fragment: each swapped in by its id."""
    return [child for child in parsed(fragment).children if isinstance(child, Element)]


def swap(page: Element, piece: Element) -> bool:
    """Swap ``piece`` in for the page's element of the same id (htmx's hx-swap-oob="true"),
    keeping the page's hx-preserve elements; False if the page has no such element."""
    target = page.by_id(piece.id) if piece.id else None
    if target is None:
        return False
    for kept in [element for element in piece.elements() if "hx-preserve" in element.attrs and element.id]:
        old = page.by_id(kept.id)
        if old is not None and kept is not piece:
            kept.replace_with(old)
    target.replace_with(piece)
    return True


def normalised(element: Element | str) -> str:
    """The element written out as a page reads it: comparable between two renders."""
    if isinstance(element, str):
        return SPACE.sub(" ", element)
    attrs = []
    for name, value in sorted(element.attrs.items()):
        if name in HTMX_MARKS:
            continue
        if name == "value" and element.attrs.get("name") in FRESH_VALUES:
            value = ""
        attrs.append(f' {name}="{value}"' if value is not None else f" {name}")
    kept = [child for child in element.children if not per_page(child)]
    inner = "".join(normalised(child) for child in kept)
    inner = SPACE.sub(" ", inner)
    return f"<{element.tag}{''.join(attrs)}>{inner}</{element.tag}>"


def per_page(child) -> bool:
    return isinstance(child, Element) and child.tag == "input" and child.attrs.get("name") == PER_PAGE


def written(element: Element) -> str:
    """A subtree of the page as normalised text, its white space between tags dropped."""
    return re.sub(r">\s+<", "><", normalised(element)).strip()
