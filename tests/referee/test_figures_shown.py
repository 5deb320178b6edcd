"""A player's figure is written one way wherever it is shown (issue 52, point 5): a Commerce
balance with its sign and a true minus sign ("+4", "−4") on the host's page, the board, a
seat and the night's story alike; one function writes it (engine/figures.py)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from referee.board.render import render_board
from scoring.models import SessionPlayer
from scoring.services import game_start, round_record

from ..data import hands
from ..pages import text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def commerce(evening):
    """Ann wins the first pot: Ann +4, Bob and Cy −2 each."""
    game = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob", "Cy"], options={"stake": 2})
    round_record(game=game, number=1, entry=hands(Ann="As Ks Qs", Bob="2c 3d 5h", Cy="7h 7d 9c"), by=evening.host)
    return game


def figures_in(markup: str) -> dict[str, str]:
    """Each player's figure as a standings row shows it (its cell after the player's name)."""
    return dict(re.findall(r'>(Ann|Bob|Cy)\b.*?class="(?:num|value)">([^<]+)<', markup, re.S))


def test_a_balance_shows_its_sign_on_every_screen_as_in_the_story(host_client, evening, commerce):
    host = host_client.get(evening.get_absolute_url()).content.decode()
    host_rows = host[host.index('<table class="standings">') : host.index("</table>")]
    board = render_board(evening).html
    start = board.index('id="board-standings"')
    board_rows = board[start : board.index("</section>", start)]
    seat = SessionPlayer.objects.get(session=evening, player__name="Bob")
    page = Client().get(reverse("seat", args=[seat.seat_token])).content.decode()
    seat_rows = page[page.index('id="seat-standings"') : page.index("</table>", page.index('id="seat-standings"'))]
    expected = {"Ann": "+4", "Bob": "−2", "Cy": "−2"}
    for shown in (host_rows, board_rows, seat_rows):
        assert figures_in(shown) == expected
    story = text_of(host_client.get(reverse("session-story", args=[evening.public_id])))
    assert "a balance of +4" in story
