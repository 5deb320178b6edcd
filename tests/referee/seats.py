"""What the seat tests share: a page without its pad's 52 cards, a form's hidden fields, and a
seat's socket and what one change sent it."""

import re

from channels.testing import WebsocketCommunicator

from referee.asgi import application

from .boards import ORIGIN

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


async def connect(token):
    communicator = WebsocketCommunicator(application, f"/ws/seat/{token}/", headers=ORIGIN)
    connected, _ = await communicator.connect()
    return communicator, connected


async def frame(socket) -> str:
    """All that one change sent a seat's socket (what every seat sees, and its own part), as
    one, without the pad's 52 cards (every card is a button there)."""
    parts = [await socket.receive_from()]
    while not await socket.receive_nothing(timeout=0.2):
        parts.append(await socket.receive_from())
    return without_pad("".join(parts))
