"""What the board's tests (and others on a board's socket) share: an evening under way, a
round recorded, the database made unreachable for the consumers, a board's socket."""

import contextlib

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import OperationalError, connection

from referee.asgi import application
from scoring.services import game_start, round_record, session_start

ORIGIN = [(b"origin", b"http://localhost")]
ROUND = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}


@database_sync_to_async
def evening_under_way(title="Friday", host=None):
    from ..factories import UserFactory

    host = host or UserFactory()
    session = session_start(host=host, title=title, played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
    return session, game


@database_sync_to_async
def record(game, number=1, entry=ROUND):
    return round_record(game=game, number=number, entry=entry, by=game.session.host)


@contextlib.asynccontextmanager
async def database_unreachable():
    """Every statement refused, on the thread where the consumers' (and the tests') database
    calls run: Django's execute_wrapper, entered and left on that thread."""
    stack = contextlib.ExitStack()

    def refuse(execute, sql, params, many, context):
        raise OperationalError("the database is unreachable")

    await database_sync_to_async(lambda: stack.enter_context(connection.execute_wrapper(refuse)))()
    try:
        yield
    finally:
        await database_sync_to_async(stack.close)()


async def connect(token, headers=ORIGIN):
    communicator = WebsocketCommunicator(application, f"/ws/board/{token}/", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected
