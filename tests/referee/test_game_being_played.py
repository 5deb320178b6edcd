"""The TV follows the game being played (issue 33): after a Stop the Bus game of three
rounds and a Crash game of two, the host goes back to the Stop the Bus game and plays it to
its end; the board shows each of its rounds, says when the game switched, and its winner.
The host's pages say which game is being played, and every confirmation names the game."""

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from referee.asgi import application
from scoring.models import Session
from scoring.services import game_start, round_record, session_start

from ..data import hands
from ..pages import HX, said, sent, text_of

BUS_BEFORE = [  # tokens=2: each player loses one
    hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"),
    hands(Ann="AS KS QS", Bob="7C 7D 9S", Cy="2C 3D 5H"),
    hands(Ann="2C 3D 5H", Bob="AS KS QS", Cy="7C 7D 9S"),
]
BUS_AFTER = [  # Bob goes out, then Cy: Ann wins
    hands(Ann="AS KS QS", Bob="2C 3D 5H", Cy="7C 7D 9S"),
    hands(Ann="AS KS QS", Cy="2C 3D 5H"),
]
CRASH_ROUND = {
    "hands": {
        "Ann": ["3S 3H 3D", "AH KH QH", "7C 7D 9S", "2S 2H 5D"],
        "Bob": ["AS AD AC", "JS QS KS", "8C 8D 4S", "6H 6D 5C"],
    }
}


async def connect(token):
    board = WebsocketCommunicator(application, f"/ws/board/{token}/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await board.connect()
    assert connected
    return board


@database_sync_to_async
def evening_of_a_bus_game():
    from ..factories import UserFactory

    host = UserFactory()
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    return session, game


@database_sync_to_async
def record(game, number, entry):
    round_record(game=game, number=number, entry=entry, by=game.session.host)


@database_sync_to_async
def crash_game(session):
    return game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={"target": 15})


@pytest.mark.django_db(transaction=True)
async def test_the_board_follows_the_game_being_played_back_to_the_first_game_and_its_winner():
    session, bus = await evening_of_a_bus_game()
    board = await connect(session.share_token)
    assert "Stop the Bus, 2 tokens · game 1" in text_of(await board.receive_from())
    for number, entry in enumerate(BUS_BEFORE, 1):
        await record(bus, number, entry)
        shown = text_of(await board.receive_from())
        assert f"Round {number} " in shown and "Stop the Bus, 2 tokens · game 1" in shown
        assert "Now playing" not in shown  # the game goes on: nothing switched

    crash = await crash_game(session)
    shown = text_of(await board.receive_from())
    assert "Now playing: Crash · game 2" in shown and "Crash, classic, to 15 · game 2" in shown
    for number in (1, 2):
        await record(crash, number, CRASH_ROUND)
        shown = text_of(await board.receive_from())
        assert f"Round {number} " in shown and "· game 2" in shown and "Now playing" not in shown

    await record(bus, 4, BUS_AFTER[0])  # back to the first game, as "Continue this game" does
    shown = text_of(await board.receive_from())
    assert "Now playing: Stop the Bus · game 1" in shown and "Stop the Bus, 2 tokens · game 1" in shown
    assert "Round 4 " in shown and "Bob is out" in shown and "Crash" not in shown
    await record(bus, 5, BUS_AFTER[1])
    shown = text_of(await board.receive_from())
    assert "Round 5 " in shown and "Ann wins!" in shown and "Tonight Ann 1" in shown
    assert "Now playing" not in shown and "· game 1" in shown
    await board.disconnect()

    again = await connect(session.share_token)  # a TV that connects now: the game that just ended
    shown = text_of(await again.receive_from())
    assert "Stop the Bus, 2 tokens · game 1" in shown and "Round 5 " in shown and "Ann wins!" in shown
    await again.disconnect()


# --- The host's pages -----------------------------------------------------------------------------


@pytest.fixture
def two_games(evening, host):
    """Stop the Bus (game 1) with a round, then Crash (game 2) started: the one being played."""
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    round_record(game=bus, number=1, entry=BUS_BEFORE[0], by=host)
    game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"target": 15})
    return evening


def fields(entry) -> dict:
    return {f"hand_{seat}": cards for seat, cards in enumerate(entry["hands"].values())}


@pytest.mark.django_db
def test_the_session_page_names_the_game_being_played_and_the_games_to_switch_to(host_client, two_games):
    page = text_of(host_client.get(two_games.get_absolute_url(), headers=HX))
    assert "Now playing, on the board too: Crash · game 2 " in page and "{#" not in page
    assert "Go back to a game not finished (the board and the phones follow): Stop the Bus · game 1, 1 round" in page

    asked = text_of(host_client.get(two_games.get_absolute_url(), {"game": 1}, headers=HX))
    assert "Open here: Stop the Bus · game 1. The board shows Crash · game 2, the game being played." in asked
    assert "Play Stop the Bus · game 1 or record a round here: the board and the phones follow." in asked
    assert "Go back to a game not finished (the board and the phones follow): Crash · game 2, no round yet" in asked


@pytest.mark.django_db
def test_the_entry_of_a_game_the_board_is_not_showing_says_so_beside_the_hands(host_client, two_games):
    """The pad covers the page's top while hands are entered: the entry says it again."""
    entry = re.compile(r'<section class="entry".*?</form>', re.S)
    asked = entry.search(host_client.get(two_games.get_absolute_url(), {"game": 1}).content.decode()).group(0)
    assert "The board shows Crash · game 2: recording here makes Stop the Bus · game 1 the game being played." in (
        text_of(asked)
    )
    shown = entry.search(host_client.get(two_games.get_absolute_url()).content.decode()).group(0)
    assert "The board shows" not in text_of(shown)
    answer = host_client.post(
        f"{two_games.get_absolute_url()}?game=1", sent({"number": "2", **fields(BUS_BEFORE[1])}), headers=HX
    )
    assert '<div id="entry-switch" class="game-slot" hx-swap-oob="true"></div>' in answer.content.decode()


@pytest.mark.django_db
def test_a_round_recorded_into_another_game_makes_the_plain_session_page_show_that_game(host_client, two_games):
    url = f"{two_games.get_absolute_url()}?game=1"
    answer = host_client.post(url, sent({"number": "2", **fields(BUS_BEFORE[1])}), headers=HX)
    assert said(answer)["status"] == "recorded"
    assert "Now playing, on the board too: Stop the Bus · game 1 " in text_of(answer)  # out of band, at once
    assert Session.objects.get(pk=two_games.pk).current_game.number == 1

    page = host_client.get(two_games.get_absolute_url())  # not the newest game: the one being played
    assert re.search(r'<h2 id="standings-title">Stop the Bus · game 1</h2>', page.content.decode())
    assert "Round 3: enter the hands" in text_of(page)
    assert "Go back to a game not finished (the board and the phones follow): Crash · game 2, no round yet" in text_of(
        page
    )


@pytest.mark.django_db
def test_new_game_is_the_primary_button_and_its_page_says_which_games_stay_open(host_client, two_games):
    page = host_client.get(two_games.get_absolute_url()).content.decode()
    assert f'<a class="button primary" href="/sessions/{two_games.public_id}/games/new/">New game</a>' in page
    new_game = host_client.get(f"/sessions/{two_games.public_id}/games/new/")
    text = text_of(new_game)
    assert "Stop the Bus · game 1 is not finished: it stays open to continue." in text
    assert "Crash · game 2 is not finished: it stays open to continue." in text
    bus = two_games.games.get(number=1)
    html = new_game.content.decode()
    assert f'action="/sessions/{two_games.public_id}/games/{bus.public_id}/resume/"' in html
    assert "Continue Stop the Bus · game 1</button>" in html


@pytest.mark.django_db
def test_the_new_game_page_says_nothing_of_open_games_when_all_are_finished(host_client, evening, host):
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
    round_record(game=bus, number=1, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H"), by=host)
    assert "not finished" not in text_of(host_client.get(f"/sessions/{evening.public_id}/games/new/"))


@pytest.mark.django_db
def test_every_confirmation_names_the_game_and_the_round(host_client, two_games, host):
    bus = two_games.games.get(number=1)
    round_record(game=bus, number=2, entry=BUS_BEFORE[1], by=host)
    base = f"/sessions/{two_games.public_id}/games/{bus.public_id}"
    delete = host_client.get(f"{base}/delete-last/", headers=HX)
    assert "Delete round 2 of Stop the Bus · game 1?" in text_of(delete)
    assert f'href="{two_games.get_absolute_url()}?game=1">Keep it</a>' in delete.content.decode()
    done = host_client.post(f"{base}/delete-last/", sent({"number": "2"}), headers=HX, follow=True)
    assert "Round 2 of Stop the Bus · game 1 deleted." in text_of(done)

    correct = text_of(host_client.get(f"{base}/rounds/1/", headers=HX))
    assert "Correct round 1 of Stop the Bus · game 1" in correct

    commerce = game_start(session=two_games, kind="commerce", seat_names=["Ann", "Bob"], options={})
    end = f"/sessions/{two_games.public_id}/games/{commerce.public_id}/end/"
    assert "End Commerce · game 3 before its first round?" in text_of(host_client.get(end, headers=HX))
    round_record(game=commerce, number=1, entry=hands(Ann="AS KS QS", Bob="2C 3D 5H"), by=host)
    assert "End Commerce · game 3 after round 1?" in text_of(host_client.get(end, headers=HX))
