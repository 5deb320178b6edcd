"""The host's list of seat links follows the phones, in Chromium (issue 50, point 9): with the
host's page open, a player opening their seat on a phone shows "connected" beside their name
(told on the host's page's socket), and "not connected" again once that phone's page is
closed, without the host reloading (it said "not connected" of a phone that was, until the
page was read again)."""

import os

import pytest
from playwright.sync_api import expect

from scoring.models import SessionPlayer
from scoring.services import session_start

from ..factories import UserFactory
from .conftest import PHONE, InBrowser, log_in, opened

pytestmark = pytest.mark.browser
POLL = 10_000  # ms: told at once, on a busy machine
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save the host's list with Bob's phone open, to look at


class PhonesList(InBrowser):
    def test_the_list_of_seat_links_follows_a_phone_opening_and_closing(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
        token = SessionPlayer.objects.get(session=session, player__name="Bob").seat_token
        page = self.phone
        log_in(page, self.live_server_url)
        page.goto(self.live_server_url + session.get_absolute_url())
        seats = page.locator(".seat-link-list summary")
        expect(seats).to_have_text(["Ann not connected", "Bob not connected"])

        context, bob = opened(self.browser, PHONE)
        try:
            bob.goto(f"{self.live_server_url}/seat/{token}/")
            expect(bob.get_by_text("Waiting for the host to start a game.")).to_be_visible()
            expect(seats).to_have_text(["Ann not connected", "Bob connected"], timeout=POLL)
            if SHOTS:
                page.locator(".seat-links").screenshot(path=os.path.join(SHOTS, "phones-list.png"))
        finally:
            context.close()
        expect(seats).to_have_text(["Ann not connected", "Bob not connected"], timeout=POLL)
