"""Several processes: a round recorded through one Daphne reaches a board connected to
another, through Redis (and PostgreSQL, which both processes share); a login made through
one holds on the other."""

import os
import re

import pytest
from websockets.sync.client import connect

from scoring.services import game_start, session_start

from ..factories import PASSWORD, UserFactory
from ..pages import sent
from ..servers import Browser, Daphne, services_needed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.server]


def test_a_round_recorded_through_one_process_reaches_a_board_on_another():
    services_needed("DATABASE_URL", "REDIS_URL")  # two processes share them
    host = UserFactory(username="host")
    session = session_start(host=host, title="Two rooms", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    with Daphne() as phone_server, Daphne() as tv_server:
        ws_url = tv_server.url.replace("http", "ws") + f"/ws/board/{session.share_token}/"
        with connect(ws_url, origin=tv_server.url, open_timeout=10) as board:
            assert "Next to deal: Ann" in re.sub(r"<[^>]+>", "", board.recv(timeout=10))
            phone = Browser(phone_server.url)
            phone.post("/accounts/login/", {"username": "host", "password": PASSWORD})
            phone.post(session.get_absolute_url(), sent({"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"}))
            update = board.recv(timeout=10)
    assert "Bob&#x27;s 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)" in update


def test_with_the_in_memory_layer_the_other_process_hears_nothing():
    """The check above cannot pass by accident: without Redis the message never crosses."""
    services_needed("DATABASE_URL")  # two processes share a database server
    host = UserFactory(username="host")
    session = session_start(host=host, title="Two rooms", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    redis = os.environ.pop("REDIS_URL", None)
    try:
        with Daphne() as phone_server, Daphne() as tv_server:
            ws_url = tv_server.url.replace("http", "ws") + f"/ws/board/{session.share_token}/"
            with connect(ws_url, origin=tv_server.url, open_timeout=10) as board:
                board.recv(timeout=10)
                phone = Browser(phone_server.url)
                phone.post("/accounts/login/", {"username": "host", "password": PASSWORD})
                phone.post(
                    session.get_absolute_url(), sent({"number": "1", "hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"})
                )
                with pytest.raises(TimeoutError):
                    board.recv(timeout=2)
    finally:
        if redis is not None:
            os.environ["REDIS_URL"] = redis


def test_a_login_made_through_one_process_holds_on_another():
    """Logins are kept in the database, so a balancer may send the host's next request to
    any process (and none needs Redis for it)."""
    UserFactory(username="host")
    with Daphne(env={"REDIS_URL": ""}) as one, Daphne(env={"REDIS_URL": ""}) as other:
        phone = Browser(one.url)
        phone.post("/accounts/login/", {"username": "host", "password": PASSWORD})
        phone.base = other.url  # the same cookies: a cookie is for a host, whatever the port
        assert "<h1>My sessions</h1>" in phone.get("/sessions/")
