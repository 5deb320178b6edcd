"""What the seat tests share: a page without its pad's 52 cards, and a form's hidden fields."""

import re


def without_pad(markup: str) -> str:
    """A page without the pad's 52 cards (every card is a button there, "7♥" and "7H")."""
    start = markup.find('<div class="pad-cards"')
    return markup if start < 0 else markup[:start] + markup[markup.index('class="pad-hide"', start) :]


def hidden_fields(page) -> dict:
    """The seat form's hidden fields as the page made them: its round, its submission id, its game."""
    markup = page.content.decode()
    return {
        name: re.search(rf'name="{name}" value="([^"]*)"', markup).group(1) for name in ("number", "submission", "game")
    }
