"""The room's TV and the host's phone in Chromium: the TV follows every change without a
reload, and comes back by itself after a server restart or a connection that went silent."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from scoring.services import round_record

from ..factories import a_game
from ..servers import Daphne
from .conftest import TV, InBrowser, log_in, opened

pytestmark = pytest.mark.browser
# What the board's socket does, marked on the page for the test to read: open or down, and
# how many answers to its pings it has received.
WATCH_SOCKET = """const marks = () => document.documentElement.dataset;
document.addEventListener("htmx:wsOpen", () => { marks().socket = "open"; });
document.addEventListener("htmx:wsBeforeMessage", (event) => {
  if (event.detail.message.includes('id="live-pulse"')) marks().pongs = Number(marks().pongs || 0) + 1;
});"""


class PhoneAndTV(InBrowser):
    def test_the_tv_shows_a_recorded_round_and_its_correction_without_a_reload(self):
        session = a_game(tokens=3).session
        tv = self.tv
        tv.goto(f"{self.live_server_url}/board/{session.share_token}/")
        expect(tv.locator("#board-head")).to_contain_text("Stop the Bus, 3 tokens · game 1")
        expect(tv.locator("#board-status")).to_be_hidden()
        font_size = tv.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert font_size >= 32

        phone = self.phone
        log_in(phone, self.live_server_url)
        phone.goto(self.live_server_url + session.get_absolute_url())
        phone.fill("#id_hand_0", "As Ks Qs")
        phone.fill("#id_hand_1", "2c 3d 5h")
        phone.fill("#id_hand_2", "7c 7d 9s")
        phone.get_by_role("button", name="Record round").tap()
        expect(tv.locator("#board-last")).to_contain_text(
            "Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)"
        )
        expect(tv.locator("#board-standings")).to_contain_text("Next to deal: Bob")

        phone.locator(".round-head").get_by_role("link", name="Correct").tap()
        phone.fill("#id_hand_0", "2c 3d 5h")
        phone.fill("#id_hand_1", "As Ks Qs")
        phone.get_by_role("button", name="Review the correction").tap()
        phone.get_by_role("button", name="Save the correction").tap()
        expect(tv.locator("#board-last")).to_contain_text(
            "Ann's 5 high (5-3-2) is the worst hand: Ann loses a token (2 left)"
        )
        # The host's page is back with what was done: no request of the test is still running
        # when it ends (one reading while the database is emptied can deadlock with it).
        expect(phone.locator(".messages")).to_contain_text(re.compile(r"Round 1 .*corrected"))


class SilentConnection(InBrowser):
    """The TV's connection dies without a word (its Wi-Fi went away): nothing arrives any
    more and the browser has not noticed. Playwright stands between the page and the server,
    as the network does, and stops carrying; the page's clock is paused and run on by hand."""

    def test_a_board_that_hears_nothing_for_45_s_says_reconnecting_and_comes_back_with_the_current_board(self):
        game = a_game(tokens=3)
        session, user = game.session, game.session.host
        network = {"carries": True}

        def carry(page_side):
            if not network["carries"]:
                page_side.close(code=1013)  # try again later: the extension tries again after its backoff
                return
            server_side = page_side.connect_to_server()
            server_side.on_message(lambda message: network["carries"] and page_side.send(message))

        tv = self.tv
        tv.clock.install()
        tv.add_init_script(WATCH_SOCKET)
        tv.route_web_socket(re.compile(r"/ws/board/"), carry)
        tv.goto(f"{self.live_server_url}/board/{session.share_token}/")
        status, marks = tv.locator("#board-status"), tv.locator("html")
        expect(marks).to_have_attribute("data-socket", "open")
        tv.clock.pause_at(datetime.datetime.fromtimestamp(tv.evaluate("Date.now()") / 1000 + 1))
        tv.clock.run_for(30_000)
        expect(marks).to_have_attribute("data-pongs", "2")  # a ping every 15 s, answered
        expect(status).to_be_hidden()

        network["carries"] = False
        tv.clock.run_for(44_000)
        expect(status).to_be_hidden()  # a quiet line is not yet a dead one
        tv.clock.run_for(1_000)  # 45 s since the last answer
        expect(status).to_have_text("Reconnecting…")
        expect(tv.locator("main.board")).to_have_class(re.compile(r"\bis-down\b"))
        expect(marks).to_have_attribute("data-pongs", "2")

        # While it was away the host recorded a round.
        round_record(
            game=game, number=1, by=user, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
        )
        network["carries"] = True
        tv.clock.resume()  # time flows again: the extension's next try, within its backoff
        expect(tv.locator("#board-last")).to_contain_text("Bob loses a token (2 left)")
        expect(status).to_be_hidden()
        expect(tv.locator("main.board")).not_to_have_class(re.compile(r"\bis-down\b"))


@pytest.mark.django_db(transaction=True)
def test_a_tv_left_open_through_a_server_restart_shows_the_current_board_again(browser):
    game = a_game(tokens=3)
    session, user = game.session, game.session.host
    server = Daphne().start()
    context, tv = opened(browser, TV, timeout=20_000)  # a restart takes its time
    try:
        tv.goto(f"{server.url}/board/{session.share_token}/")
        expect(tv.locator("#board-standings")).to_contain_text("Next to deal: Ann")
        server.stop()
        expect(tv.get_by_role("status")).to_have_text("Reconnecting…")  # a banner across the top
        expect(tv.locator("main.board")).to_have_class(re.compile(r"\bis-down\b"))  # the board dimmed
        # While the server is down the host records a round (another process would).
        round_record(
            game=game, number=1, by=user, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
        )
        server.start()
        expect(tv.locator("#board-last")).to_contain_text("Bob loses a token (2 left)")
        expect(tv.locator("#board-status")).to_be_hidden()
    finally:
        context.close()
        server.stop()
