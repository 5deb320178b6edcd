"""Going back to a game not finished (issue 43, point 1): the host taps it, it becomes the game
being played, and the board and every seat's phone follow it at once, each saying "Now
playing"; a phone reloaded shows it too, and the host's panel never waits for hands from
phones that are on another game."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from referee.asgi import application
from scoring.models import Session, SessionPlayer
from scoring.services import (
    GAME_OVER_NOT_RESUMED,
    game_resume,
    game_start,
    round_record,
    seat_seen,
    session_start,
)

from ..factories import UserFactory
from ..pages import HX, text_of
from .seats import without_pad

ORIGIN = [(b"origin", b"http://localhost")]
PLAYERS = ["Ann", "Bob", "Cy"]
BUS_ROUND = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}


def two_games(host):
    """Stop the Bus (game 1) with a round, then Crash (game 2): the one being played."""
    session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=PLAYERS)
    bus = game_start(session=session, kind="stop_the_bus", seat_names=PLAYERS, options={"tokens": 2})
    round_record(game=bus, number=1, entry=BUS_ROUND, by=host)
    game_start(session=session, kind="crash", seat_names=PLAYERS, options={"target": 15})
    return session, bus


def resume_url(game) -> str:
    return f"/sessions/{game.session.public_id}/games/{game.public_id}/resume/"


def revision(session) -> int:
    return Session.objects.values_list("revision", flat=True).get(pk=session.pk)


async def frames(socket) -> str:
    parts = [await socket.receive_from()]
    while not await socket.receive_nothing(timeout=0.2):
        parts.append(await socket.receive_from())
    return without_pad("".join(parts))


@pytest.mark.django_db(transaction=True)
async def test_the_board_and_every_phone_follow_the_game_the_host_goes_back_to():
    host = await database_sync_to_async(UserFactory)()
    session, bus = await database_sync_to_async(two_games)(host)
    tokens = await database_sync_to_async(
        lambda: dict(SessionPlayer.objects.filter(session=session).values_list("player__name", "seat_token"))
    )()
    board = WebsocketCommunicator(application, f"/ws/board/{session.share_token}/", headers=ORIGIN)
    bob = WebsocketCommunicator(application, f"/ws/seat/{tokens['Bob']}/", headers=ORIGIN)
    for socket in (board, bob):
        assert (await socket.connect())[0]
        await frames(socket)  # the page as it stands: Crash
    from django.test import AsyncClient

    client = AsyncClient()
    await database_sync_to_async(client.force_login)(host)
    answer = await client.post(resume_url(bus))
    assert answer.status_code == 302 and answer["Location"] == f"{session.get_absolute_url()}?game=1"

    seen = text_of(await frames(bob))
    assert "Now playing: Stop the Bus · game 1" in seen
    assert "Round 2" in seen and "Crash" not in seen.split("Now playing")[0]
    assert "Now playing: Stop the Bus · game 1" in text_of(await frames(board))
    for socket in (board, bob):
        await socket.disconnect()


@pytest.mark.django_db
def test_a_phone_reloaded_shows_the_game_gone_back_to_and_the_host_is_told(host_client, host):
    session, bus = two_games(host)
    token = SessionPlayer.objects.get(session=session, player__name="Cy").seat_token
    assert "Crash, classic, to 15 · game 2" in text_of(host_client.get(f"/seat/{token}/"))
    answer = host_client.post(resume_url(bus), follow=True)
    assert "Now playing: Stop the Bus · game 1. The board and the players' phones follow it." in text_of(answer)
    assert "Now playing, on the board too: Stop the Bus · game 1" in text_of(answer)
    seat = text_of(host_client.get(f"/seat/{token}/"))
    assert "Stop the Bus" in seat and "· game 1 Round 2" in seat and "Crash" not in seat
    assert Session.objects.get(pk=session.pk).current_game_id == bus.pk


@pytest.mark.django_db
def test_going_back_to_the_game_being_played_changes_nothing(host_client, host):
    session, bus = two_games(host)
    host_client.post(resume_url(bus))
    before = revision(session)
    answer = host_client.post(resume_url(bus))
    assert answer.status_code == 302 and revision(session) == before


@pytest.mark.django_db
def test_a_game_over_is_not_gone_back_to_and_the_host_is_told_why(host_client, host):
    session, bus = two_games(host)
    round_record(game=bus, number=2, entry=BUS_ROUND, by=host)  # Bob out
    for number in (3, 4):  # Cy loses the two tokens: Ann wins
        round_record(game=bus, number=number, entry={"hands": {"Ann": "AS KS QS", "Cy": "2C 3D 5H"}}, by=host)
    game_resume(game=session.games.get(number=2))  # back to Crash
    before = revision(session)
    answer = host_client.post(resume_url(bus), follow=True)
    assert GAME_OVER_NOT_RESUMED.format(game=bus) in text_of(answer)
    assert revision(session) == before and Session.objects.get(pk=session.pk).current_game.number == 2


@pytest.mark.django_db
def test_going_back_is_a_post_of_this_hosts_own_game(client, host_client, host):
    session, bus = two_games(host)
    assert host_client.get(resume_url(bus)).status_code == 405
    client.force_login(UserFactory(username="stranger"))
    assert client.post(resume_url(bus)).status_code == 404
    assert Session.objects.get(pk=session.pk).current_game.number == 2


@pytest.mark.django_db
def test_the_panel_of_a_game_the_phones_are_not_on_says_where_they_are_and_offers_to_bring_them(host_client, host):
    session, bus = two_games(host)
    seat_seen(SessionPlayer.objects.get(session=session, player__name="Bob").seat_token)  # a phone open
    page = host_client.get(session.get_absolute_url(), {"game": 1}, headers=HX)
    assert "The players' phones are on Crash · game 2, the game being played. Play Stop the Bus · game 1" in (
        text_of(page)
    )
    assert f'action="{resume_url(bus)}"' in page.content.decode()
    playing = host_client.get(session.get_absolute_url(), {"game": 2}, headers=HX)
    assert "phones are on" not in text_of(playing)
