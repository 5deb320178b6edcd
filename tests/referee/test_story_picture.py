"""The night's story as a picture (referee/story_picture.py): 1200x630, the headline wrapped
inside it whatever its length, suits drawn, and drawn once per session and revision."""

import io

import pytest
from django.core.cache import cache
from PIL import Image, ImageDraw

from engine.recap import Recap, RecapItem
from referee.story_picture import HEIGHT, MARGIN, WIDTH, font, headline_lines, story_picture, story_png

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
LONG_NAME = "Bartholomew-Maximilian" * 6  # no space to break at
RECAP = Recap(
    title="Friday at Priya's · 27 November 2026",
    headline="Priya won two games of three, and the hand of the night was hers",
    items=(
        RecapItem("winner", "Crash · game 1", "Priya won, 7 points ahead of Bob."),
        RecapItem("hand_of_the_night", "The hand of the night", "Priya's prial of 3s", cards=("3S", "3H", "3D")),
    ),
)


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def picture(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    return Image.open(io.BytesIO(png)).convert("RGB")


def right_margin_is_bare(image: Image.Image) -> bool:
    """Nothing drawn in the picture's right margin (beside the cards' row at the bottom)."""
    strip = image.crop((WIDTH - MARGIN + 8, 0, WIDTH, HEIGHT - 160))
    return len(strip.getcolors()) == 1


def test_the_picture_is_a_png_of_the_size_link_previews_show():
    image = picture(story_png(RECAP))
    assert image.size == (1200, 630) and right_margin_is_bare(image)


@pytest.mark.parametrize(
    "headline",
    [
        f"{LONG_NAME} won every game of the night, and the hand of the night too, after a long evening " * 3,
        LONG_NAME * 3,
    ],
)
def test_a_long_headline_wraps_inside_the_picture_and_is_cut_at_three_lines(headline):
    face, lines = headline_lines(headline, WIDTH - 2 * MARGIN)
    assert 1 < len(lines) <= 3 and lines[-1].endswith("…")
    assert all(face.getlength(line) <= WIDTH - 2 * MARGIN for line in lines)
    recap = Recap(
        title=LONG_NAME, headline=headline, items=tuple(RecapItem("counts", LONG_NAME, headline) for _ in "abc")
    )
    assert right_margin_is_bare(picture(story_png(recap)))


def test_a_short_headline_is_drawn_large_on_one_line():
    face, lines = headline_lines("Ann won", WIDTH - 2 * MARGIN)
    assert lines == ["Ann won"] and face.size == 64


def test_names_that_look_like_markup_or_hold_control_characters_are_drawn_as_text():
    recap = Recap(
        title="<script>alert(1)</script>",
        headline='<img src=x onerror="alert(1)"> won\x00 the\nnight',
        items=(RecapItem("winner", "<b>Bob</b>", "&lt;Cy&gt; came second", cards=("not", "cards")),),
    )
    assert picture(story_png(recap)).size == (1200, 630)
    _, lines = headline_lines(recap.headline, WIDTH - 2 * MARGIN)
    assert " ".join(lines) == '<img src=x onerror="alert(1)"> won the night'


@pytest.mark.parametrize("suit", "♠♥♦♣")
def test_the_shipped_font_draws_each_suit(suit):
    def drawn(text):
        image = Image.new("L", (80, 80))
        ImageDraw.Draw(image).text((10, 10), text, font=font(40), fill=255)
        return image.tobytes()

    assert drawn(suit) != drawn("\U000f0000")  # a character no font has: the "missing" box


def test_the_picture_is_drawn_once_per_session_and_revision(evening):
    asked = []

    def recap_of(session):
        asked.append(session.revision)
        return RECAP

    first = story_picture(evening, recap_of)
    assert story_picture(evening, recap_of) == first and asked == [evening.revision]
    evening.revision += 1  # a round recorded: the next picture is drawn afresh
    story_picture(evening, recap_of)
    assert asked == [evening.revision - 1, evening.revision]
