"""The database stops during an evening, in Chromium: the TV keeps the last board and says
"Reconnecting…", trying again by itself, and comes back with the current board when the
database does; the host's phone is told the database is not answering, and its page comes
back by itself. And with Redis unreachable, a round recorded says the TV may be behind."""

import os
import re
import time
import urllib.parse

import pytest
from django.db import connection
from playwright.sync_api import expect

from referee.database_unavailable import DATABASE_DOWN
from scoring.services import round_record

from .. import servers
from ..factories import a_game
from ..servers import Daphne, TcpProxy, free_port, services_needed
from .conftest import PHONE, TV, log_in, opened

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save the 503 page (phone) and the board reconnecting (TV)
ROUNDS = [
    {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}},
    {"hands": {"Ann": "AH KH QH", "Bob": "7H 7S 9D", "Cy": "2S 3C 5D"}},
]
assert DATABASE_DOWN == "The database is not answering. Rounds already recorded are safe; try again in a moment."


def through(proxy: TcpProxy) -> str:
    """The test database's URL, by way of ``proxy``."""
    url = urllib.parse.urlsplit(servers.test_database_url())
    return url._replace(netloc=f"{url.username}@127.0.0.1:{proxy.port}").geturl()


def refused_twice(server: Daphne, within: float = 20) -> None:
    """Until the server has refused two of the board's sockets for want of the database."""
    deadline = time.monotonic() + within
    while server.errors().count("A board could not open from 127.0.0.1: the database is not answering") < 2:
        assert time.monotonic() < deadline, f"the board did not try again: {server.errors()[-2000:]}"
        time.sleep(0.1)


def shoot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


@pytest.mark.django_db(transaction=True)
def test_the_board_rides_out_a_database_stop_and_comes_back_with_the_current_board(browser):
    services_needed("DATABASE_URL")  # a database server to stop
    game = a_game(tokens=3)
    session, user = game.session, game.session.host
    round_record(game=game, number=1, by=user, entry=ROUNDS[0])
    settings = connection.settings_dict
    proxy = TcpProxy((settings["HOST"] or "127.0.0.1", int(settings["PORT"] or 5432))).start()
    server = Daphne(database_url=through(proxy)).start()
    (tv_context, tv), (phone_context, phone) = opened(browser, TV, 20_000), opened(browser, PHONE, 20_000)
    try:
        log_in(phone, server.url)
        tv.goto(f"{server.url}/board/{session.share_token}/")
        expect(tv.locator("#board-last")).to_contain_text("Bob loses a token (2 left)")
        status, board = tv.locator("#board-status"), tv.locator("main.board")

        phone.goto(server.url + session.get_absolute_url())
        expect(phone.get_by_role("heading", name="Friday")).to_be_visible()

        proxy.stop()  # the database stops: the host's page asks nothing by itself (its socket reads nothing)
        response = phone.goto(server.url + session.get_absolute_url())
        assert response.status == 503 and response.headers["retry-after"] == "10"
        expect(phone.get_by_role("heading", name="Waiting for the database")).to_be_visible()
        expect(phone.get_by_role("alert")).to_have_text(DATABASE_DOWN)
        shoot(phone, "database-down-phone")

        # The app restarts meanwhile (or the TV's Wi-Fi drops): the board's socket goes, and
        # each new one reads the database, which does not answer.
        server.stop()
        server.start()
        expect(status).to_have_text("Reconnecting…")
        expect(board).to_have_class(re.compile(r"\bis-down\b"))
        refused_twice(server)  # the board tried again by itself, and was refused again
        expect(status).to_have_text("Reconnecting…")
        expect(tv.locator("#board-last")).to_contain_text("Bob loses a token (2 left)")  # the last board, kept
        expect(tv.locator("#board-standings")).to_contain_text("Next to deal: Bob")
        shoot(tv, "database-down-tv")

        # A round reached the database by another way meanwhile (another process on another
        # link): the board that comes back shows it.
        round_record(game=game, number=2, by=user, entry=ROUNDS[1])
        proxy.start()  # the database is back
        expect(tv.locator("#board-last")).to_contain_text("Cy loses a token (2 left)")
        expect(status).to_be_hidden()
        expect(board).not_to_have_class(re.compile(r"\bis-down\b"))
        # The phone's page tried itself again and is the session's page once more.
        expect(phone.get_by_role("heading", name="Friday")).to_be_visible(timeout=20_000)
        assert "Traceback" not in server.errors()
    finally:
        tv_context.close()
        phone_context.close()
        server.stop()
        proxy.stop()


@pytest.mark.django_db(transaction=True)
def test_with_redis_unreachable_a_recorded_round_says_the_tv_may_be_behind(browser):
    session = a_game(tokens=3).session
    server = Daphne(env={"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"}).start()  # nothing listens there
    context, phone = opened(browser, PHONE, timeout=20_000)
    try:
        log_in(phone, server.url)
        phone.goto(server.url + session.get_absolute_url())
        phone.fill("#id_hand_0", "As Ks Qs")
        phone.fill("#id_hand_1", "2c 3d 5h")
        phone.fill("#id_hand_2", "7c 7d 9s")
        phone.get_by_role("button", name="Record round").tap()
        pad = phone.locator("[data-picker]")
        expect(pad.locator(".pad-note.recorded")).to_have_text(re.compile(r"^Round 1 recorded"))
        expect(pad.locator(".pad-note.behind")).to_have_text("Recorded; the TV may be behind.")
        shoot(phone, "tv-behind-phone")
    finally:
        context.close()
        server.stop()
