"""A socket the app will not open now is answered "try again" in time, never dropped
(referee/sockets/refusals.py): refused past its deadline, refused on a busy pool rather than
failing, 503 with Retry-After where the server offers ASGI's denial response; an open socket
and a fault of ours are left as they are."""

import asyncio
import contextlib
import logging

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import OperationalError, connection
from psycopg_pool import PoolTimeout

from referee.asgi import sockets_app
from referee.database_pool import attempts
from referee.sockets import refusals as socket_refusals
from referee.sockets.live import LINK_REPLACED
from referee.sockets.refusals import REFUSED, SocketRefusals
from scoring.models import SessionPlayer
from scoring.services import game_start, session_start

ORIGIN = [(b"origin", b"http://localhost")]


def slow_to_open(opens_after: float):
    """A consumer that accepts ``opens_after`` seconds after it is asked, then says hello."""

    async def app(scope, receive, send):
        assert (await receive())["type"] == "websocket.connect"
        await asyncio.sleep(opens_after)
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": "hello"})
        while (await receive())["type"] != "websocket.disconnect":
            pass

    return app


async def test_a_socket_not_opened_within_the_deadline_is_refused_and_its_consumer_heard_no_more(caplog):
    communicator = WebsocketCommunicator(SocketRefusals(slow_to_open(0.5), deadline=0.1), "/ws/board/x/")
    connected, _ = await communicator.connect()
    assert not connected
    assert await communicator.receive_nothing(0.8)  # its late accept and hello go nowhere
    await communicator.disconnect()
    (line,) = [record.getMessage() for record in caplog.records if record.name == "referee.sockets.refusals"]
    assert line == "Sockets told to try again (the pages try again after their backoff): 1 not opened within 0.1 s"


async def test_an_open_socket_is_left_alone_past_the_deadline():
    communicator = WebsocketCommunicator(SocketRefusals(slow_to_open(0), deadline=0.1), "/ws/board/x/")
    connected, _ = await communicator.connect()
    assert connected and await communicator.receive_from() == "hello"
    assert await communicator.receive_nothing(0.3)
    await communicator.disconnect()


async def test_a_fault_of_ours_before_the_socket_opens_is_still_a_fault():
    async def faulty(scope, receive, send):
        await receive()
        raise ValueError("a bug")

    communicator = WebsocketCommunicator(SocketRefusals(faulty), "/ws/board/x/")
    with pytest.raises(ValueError, match="a bug"):
        await communicator.connect()


async def test_where_the_server_offers_asgis_denial_response_a_refusal_is_503_with_retry_after():
    async def refusing(scope, receive, send):
        await receive()
        await send({"type": "websocket.close"})

    sent, inbox = [], asyncio.Queue()
    await inbox.put({"type": "websocket.connect"})
    scope = {"type": "websocket", "path": "/ws/board/x/", "extensions": {"websocket.http.response": {}}}
    await SocketRefusals(refusing)(scope, inbox.get, lambda message: asyncio.sleep(0, sent.append(message)))
    assert sent == [
        {
            "type": "websocket.http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"retry-after", b"5"),
                (b"cache-control", b"no-store"),
            ],
        },
        {"type": "websocket.http.response.body", "body": REFUSED.encode()},
    ]


@contextlib.asynccontextmanager
async def pool_busy():
    """Every statement meets a pool with no connection free in time while the database
    answers, on the thread where the consumers' database calls run."""
    stack = contextlib.ExitStack()

    def busy(execute, sql, params, many, context):
        raise OperationalError("couldn't get a connection after 0.05 sec") from PoolTimeout("after 0.05 sec")

    await database_sync_to_async(lambda: stack.enter_context(connection.execute_wrapper(busy)))()
    try:
        yield
    finally:
        await database_sync_to_async(stack.close)()


@database_sync_to_async
def an_evening():
    from ..factories import UserFactory

    session = session_start(host=UserFactory(), title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob"])
    game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    return session


@pytest.mark.django_db(transaction=True)
async def test_a_board_or_seat_opening_on_a_busy_pool_is_refused_with_a_line_not_a_fault(caplog, monkeypatch, settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    monkeypatch.setattr(attempts, "last_failed", False)  # the pool connects: it is busy, not down
    session = await an_evening()
    seat = await database_sync_to_async(lambda: SessionPlayer.objects.filter(session=session).first().seat_token)()
    sockets = sockets_app()  # as a process serves them, its refusals counted from none
    with caplog.at_level(logging.WARNING):
        async with pool_busy():
            for path in (f"/ws/board/{session.share_token}/", f"/ws/seat/{seat}/"):
                communicator = WebsocketCommunicator(sockets, path, headers=ORIGIN)
                connected, _ = await communicator.connect()
                assert not connected, path
                await communicator.wait()
    assert "Traceback" not in caplog.text and not [r for r in caplog.records if r.exc_info]
    lines = [record.getMessage() for record in caplog.records if record.name == "referee.sockets.refusals"]
    assert lines == [
        "Sockets told to try again (the pages try again after their backoff): "
        "1 the server busy or the database not answering"
    ]  # the second within the same 30 s: counted for the next line


def test_the_app_answers_a_handshake_well_before_daphne_would_reset_it():
    from referee.management.commands.serve import HANDSHAKE_LIMIT, daphne_command

    assert socket_refusals.DEADLINE <= HANDSHAKE_LIMIT / 2
    arguments = daphne_command(8000)
    assert arguments[arguments.index("--websocket_connect_timeout") + 1] == str(HANDSHAKE_LIMIT)


async def test_an_open_socket_whose_consumer_stops_on_a_busy_pool_is_closed_to_try_again(caplog, monkeypatch):
    monkeypatch.setattr(attempts, "last_failed", False)

    async def busy_once_open(scope, receive, send):
        await receive()
        await send({"type": "websocket.accept"})
        await receive()  # a message from the page, then the pool has no connection free
        raise OperationalError("couldn't get a connection after 0.05 sec") from PoolTimeout("after 0.05 sec")

    communicator = WebsocketCommunicator(SocketRefusals(busy_once_open), "/ws/seat/x/")
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_to(text_data="ping")
    assert await communicator.receive_output() == {"type": "websocket.close", "code": socket_refusals.TRY_AGAIN}
    # A code Daphne sends (1000, or 3000 to 4999): on any other it raises and the socket stays open.
    assert 3000 <= socket_refusals.TRY_AGAIN <= 4999 and socket_refusals.TRY_AGAIN != LINK_REPLACED
    (line,) = [record for record in caplog.records if record.name == "referee.sockets.refusals"]
    assert line.exc_info is None and line.getMessage() == (
        "Sockets told to try again (the pages try again after their backoff): "
        "1 closed once open, the server busy or the database not answering"
    )
