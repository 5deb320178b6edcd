"""What the seat tests share: a page without its pad's 52 cards, and a form's hidden fields."""

import re

SECRETS = re.compile(r'(?<="x-csrftoken": ")[^"]*|(?<=name="csrfmiddlewaretoken" value=")[^"]*|(?<=/seat/)[^/"]*')


def without_pad(markup: str) -> str:
    """A page without the pad's 52 cards (every card is a button there, "7♥" and "7H"), and
    without its random strings (the CSRF token, the seat's own token), where any two
    letters may turn up: what is left is what the page says and holds."""
    start = markup.find('<div class="pad-cards"')
    if start >= 0:
        markup = markup[:start] + markup[markup.index('class="pad-hide"', start) :]
    return SECRETS.sub("", markup)


def hidden_fields(page) -> dict:
    """The seat form's hidden fields as the page made them: its round, its submission id, its game."""
    markup = page.content.decode()
    return {
        name: re.search(rf'name="{name}" value="([^"]*)"', markup).group(1) for name in ("number", "submission", "game")
    }
