"""On the host's phone a request that fails (a server error, no network, no answer in time)
says so beside the form, instead of nothing happening."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from ..factories import a_game
from .conftest import InBrowser, log_in

pytestmark = pytest.mark.browser

SERVER_ERROR = "The server could not record this (error 500). Nothing was lost: check the rounds below, then try again."
NO_CONNECTION = "No connection to the server: check the Wi-Fi, then try again."
KEPT = "Round 1 of Stop the Bus is kept on this phone: it is sent when the connection is back."


class FailuresOnThePhone(InBrowser):
    def open_a_game(self):
        self.game = a_game(players=["Ann", "Bob"], title="Tonight", tokens=3)
        session = self.game.session
        page = self.phone
        log_in(page, self.live_server_url)
        self.url = self.live_server_url + session.get_absolute_url()
        self.session_page = re.compile(re.escape(self.url) + r"(\?.*)?$")  # the form posts to ?game=N
        page.goto(self.url)
        page.fill("#id_hand_0", "As Ks Qs")
        page.fill("#id_hand_1", "2c 3d 5h")

    def fail_posts(self, handle):
        self.phone.route(
            self.session_page, lambda route: handle(route) if route.request.method == "POST" else route.continue_()
        )

    def test_a_server_error_says_nothing_was_recorded(self):
        self.open_a_game()
        self.fail_posts(lambda route: route.fulfill(status=500, body="Server Error"))
        self.phone.get_by_role("button", name="Record round").tap()
        expect(self.phone.get_by_role("alert")).to_have_text(SERVER_ERROR)
        expect(self.phone.get_by_role("alert")).to_be_in_viewport()

    def test_no_network_keeps_the_round_to_send_later(self):
        self.open_a_game()
        self.fail_posts(lambda route: route.abort("internetdisconnected"))
        self.phone.get_by_role("button", name="Record round").tap()
        expect(self.phone.locator(".pad-note")).to_have_text(KEPT)  # static/js/outbox.js
        expect(self.phone.get_by_role("alert")).to_have_count(0)

    def test_no_answer_in_time_keeps_the_round_to_send_later(self):
        self.open_a_game()
        self.phone.evaluate("htmx.config.timeout = 500")
        self.fail_posts(lambda route: None)  # never answered
        self.phone.get_by_role("button", name="Record round").tap()
        expect(self.phone.locator(".pad-note")).to_have_text(KEPT)
        expect(self.phone.get_by_role("alert")).to_have_count(0)

    def test_no_network_for_an_empty_form_says_to_check_the_wifi(self):
        self.open_a_game()
        self.phone.fill("#id_hand_0", "")
        self.phone.fill("#id_hand_1", "")  # nothing to keep
        self.fail_posts(lambda route: route.abort("internetdisconnected"))
        self.phone.get_by_role("button", name="Record round").tap()
        expect(self.phone.get_by_role("alert")).to_have_text(NO_CONNECTION)

    def test_the_message_goes_once_the_round_is_recorded(self):
        self.open_a_game()
        self.fail_posts(lambda route: route.fulfill(status=500, body="Server Error"))
        self.phone.get_by_role("button", name="Record round").tap()
        expect(self.phone.get_by_role("alert")).to_have_text(SERVER_ERROR)
        self.phone.unroute(self.session_page)
        self.phone.get_by_role("button", name="Record round").tap()
        expect(self.phone.locator(".last-round")).to_contain_text("Bob loses a token (2 left)")
        expect(self.phone.get_by_role("alert")).to_have_count(0)
        assert Round.objects.filter(game=self.game).count() == 1
