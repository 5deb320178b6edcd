"""A TV on a board link the host has replaced says so, full screen, in place of the stale
standings, and stops trying to reconnect."""

import pytest
from playwright.sync_api import expect

from referee.board.page import BOARD_REPLACED
from scoring.services import session_rotate_share_token

from ..factories import UserFactory, a_game
from ..servers import Daphne
from .conftest import TV, InBrowser, log_in, opened

pytestmark = pytest.mark.browser


class ReplacedLink(InBrowser):
    def open_the_board(self):
        self.session = a_game(tokens=3).session
        self.user = self.session.host
        self.tv.goto(f"{self.live_server_url}/board/{self.session.share_token}/")
        expect(self.tv.locator("#board-standings")).to_contain_text("Next to deal: Ann")

    def expect_the_replaced_message(self):
        tv = self.tv
        expect(tv.get_by_role("alert")).to_have_text(BOARD_REPLACED)
        expect(tv.locator("#board-standings")).to_have_count(0)
        expect(tv.get_by_text("reconnecting…")).to_have_count(0)
        box = tv.get_by_role("alert").bounding_box()
        assert box["width"] >= 1920 * 0.9 and box["height"] >= 1080 * 0.9  # the whole screen

    def test_a_link_replaced_on_the_hosts_page_says_so_on_the_tv(self):
        self.open_the_board()
        phone = self.phone
        log_in(phone, self.live_server_url)
        phone.goto(self.live_server_url + self.session.get_absolute_url())
        phone.get_by_role("link", name="New board link").tap()
        phone.get_by_role("button", name="New board link").tap()
        expect(phone.get_by_text("The board has a new link: the old one no longer works.")).to_be_visible()
        self.expect_the_replaced_message()


@pytest.mark.django_db(transaction=True)
def test_a_tv_away_while_the_link_was_replaced_says_so_when_it_reconnects(browser):
    session = a_game(players=["Ann", "Bob"], host=UserFactory(), tokens=3).session
    server = Daphne().start()
    context, tv = opened(browser, TV, timeout=20_000)  # a restart takes its time
    try:
        tv.goto(f"{server.url}/board/{session.share_token}/")
        expect(tv.locator("#board-standings")).to_contain_text("Next to deal: Ann")
        server.stop()
        expect(tv.locator("#board-status")).to_be_visible()  # it tries again, the link may come back
        session_rotate_share_token(session=session)
        server.start()
        expect(tv.get_by_role("alert")).to_have_text(BOARD_REPLACED)
        expect(tv.locator("#board-standings")).to_have_count(0)
    finally:
        context.close()
        server.stop()
