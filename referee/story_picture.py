"""The night's story as a picture, 1200x630 (the size link previews show): the evening's title,
its headline large, the first items' titles and sentences, and the cards of the first item
that shows some. Drawn on the server with Pillow in the DejaVu font shipped beside this module
(fonts/, with its licence), so every machine draws the same picture, suits included.

Names are drawn as the text they are (markup is only letters here); every line is wrapped or
cut with "…" inside the picture: nothing overflows, whatever the names' length. Each line is
laid out left to right with the recap's isolates (engine.bidi) closed on it, so a name written
right to left, or holding an override, reads its own way without turning the line; where
Pillow has no bidirectional layout (libraqm), every direction control is dropped instead, as
that layout would draw them as boxes.

A picture is kept in Django's default cache (settings.CACHES: LocMemCache, each process its
own) per session and revision (``story_picture``): a new revision (a round, a correction)
makes the next one afresh, and the first one is drawn on the request that asks for it."""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Callable
from functools import cache
from pathlib import Path

from django.core.cache import cache as django_cache
from PIL import Image, ImageDraw, ImageFont, features

from engine.bidi import balanced, without_controls
from engine.cards import CardError, parse_cards
from engine.recap import Recap

from .web_app import NAME, THEME_COLOR

WIDTH, HEIGHT = 1200, 630
MARGIN = 64
FONTS = Path(__file__).resolve().parent / "fonts"
BACKGROUND = THEME_COLOR  # the app's green, the felt of a card table
TEXT, MUTED, GOLD = "#ffffff", "#cde8dc", "#ffd23f"
CARD, RED, BLACK = "#ffffff", "#c0182b", "#15171a"
HEADLINE_SIZES = (64, 56, 48, 42)  # the largest at which the headline fits in its lines
HEADLINE_LINES = 3
ITEMS_SHOWN = 3
CARDS_SHOWN = 6
# A change of the drawing is a new key: a cache kept across a deployment never serves the old.
DRAWING = 2
KEPT_FOR = 24 * 60 * 60  # seconds; each revision has its own key, so only the stale age out
# Pillow's layout with libraqm (and FriBiDi): it reorders right-to-left text and honours the
# isolates, drawing them as nothing; its basic layout does neither.
BIDI = features.check("raqm")


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


def plain(text: str) -> str:
    """One line of text: control characters (a NUL, a newline) and runs of spaces as one space;
    without the direction controls, but the isolates, where the layout honours them."""
    text = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text)
    return " ".join((balanced(text) if BIDI else without_controls(text)).split())


def write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], line: str, **style) -> None:
    """One line drawn left to right, its isolates closed on it (a name broken over two lines
    has its halves isolated on each)."""
    if BIDI:
        draw.text(xy, balanced(line), direction="ltr", **style)
    else:
        draw.text(xy, without_controls(line), **style)


def cut(text: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` if it fits in ``width``, else as much of it as fits, with "…"."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text.rstrip() + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrapped(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """``text`` in lines of at most ``width``, broken between words, and inside a word only
    when the word alone is wider (a long name with no space)."""
    lines: list[str] = []
    line = ""
    for word in plain(text).split(" "):
        candidate = f"{line} {word}" if line else word
        if face.getlength(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if line and face.getlength(line + ch) > width:
                lines.append(line)
                line = ""
            line += ch
    if line:
        lines.append(line)
    return lines


def at_most(lines: list[str], count: int, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """The first ``count`` lines, the last of them ending "…" when some were left out."""
    if len(lines) <= count:
        return lines
    return [*lines[: count - 1], cut(lines[count - 1] + " " + lines[count], face, width)]


def headline_lines(headline: str, width: int) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The headline at the largest size at which it fits in its lines; cut at the smallest."""
    for size in HEADLINE_SIZES:
        face = font(size, bold=True)
        lines = wrapped(headline, face, width)
        if len(lines) <= HEADLINE_LINES:
            return face, lines
    return face, at_most(lines, HEADLINE_LINES, face, width)


def line_height(face: ImageFont.FreeTypeFont) -> int:
    ascent, descent = face.getmetrics()
    return round((ascent + descent) * 1.12)


def shown_cards(recap: Recap) -> list[str]:
    """The first item's cards that shows some, as people read them ("10♥"); none if unreadable."""
    for item in recap.items:
        if item.cards:
            try:
                return [str(card) for card in parse_cards(" ".join(item.cards))][:CARDS_SHOWN]
            except CardError:
                return []
    return []


def draw_cards(draw: ImageDraw.ImageDraw, cards: list[str], right: int, bottom: int) -> int:
    """Small white cards in a row ending at ``right``; returns where the row starts."""
    face, width, height, gap = font(30, bold=True), 70, 92, 12
    left = right - len(cards) * width - (len(cards) - 1) * gap
    for index, card in enumerate(cards):
        x = left + index * (width + gap)
        draw.rounded_rectangle((x, bottom - height, x + width, bottom), radius=10, fill=CARD)
        colour = RED if card[-1] in "♥♦" else BLACK
        draw.text((x + width / 2, bottom - height / 2), card, font=face, fill=colour, anchor="mm")
    return left


def story_png(recap: Recap) -> bytes:
    """The recap as a PNG of 1200x630."""
    picture = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    width = WIDTH - 2 * MARGIN
    y = MARGIN - 12

    title = font(30)
    write(draw, (MARGIN, y), cut(plain(recap.title), title, width), font=title, fill=MUTED)
    y += line_height(title) + 14

    face, lines = headline_lines(recap.headline, width)
    for line in lines:
        write(draw, (MARGIN, y), line, font=face, fill=TEXT)
        y += line_height(face)
    y += 18

    footer = font(24)
    footer_top = HEIGHT - MARGIN + 12 - line_height(footer)
    cards = shown_cards(recap)
    cards_left = draw_cards(draw, cards, WIDTH - MARGIN, HEIGHT - MARGIN + 20) if cards else WIDTH - MARGIN
    draw.text((MARGIN, footer_top), cut(NAME, footer, cards_left - MARGIN - 24), font=footer, fill=MUTED)
    # The items end above the footer and, beside the cards, above the cards' row.
    items_bottom = footer_top - 12 if not cards else HEIGHT - MARGIN + 20 - 92 - 16

    heading, sentence = font(28, bold=True), font(28)
    for item in recap.items[:ITEMS_SHOWN]:
        text_lines = at_most(wrapped(item.text, sentence, width), 2, sentence, width)
        needed = line_height(heading) + line_height(sentence) * len(text_lines)
        if y + needed > items_bottom:
            break
        write(draw, (MARGIN, y), cut(plain(item.title), heading, width), font=heading, fill=GOLD)
        y += line_height(heading)
        for line in text_lines:
            write(draw, (MARGIN, y), line, font=sentence, fill=TEXT)
            y += line_height(sentence)
        y += 10

    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def story_picture(session, recap_of: Callable[[object], Recap]) -> bytes:
    """The session's picture at its revision, from the cache or drawn now (and kept):
    ``recap_of(session)`` is asked only when it is drawn."""
    key = f"story-picture:{DRAWING}:{session.pk}:{session.revision}"
    png = django_cache.get(key)
    if png is None:
        png = story_png(recap_of(session))
        django_cache.set(key, png, KEPT_FOR)
    return png
