"""No Cross-Origin-Opener-Policy error in the console over the room's plain HTTP (issue 50,
point 9): Chromium opens the laptop at a name on the room's network (not a secure context, as
the phones and the TV open a `make run`), and the host's, a seat's and the TV's pages log no
error; at a loopback name (a secure context) the policy is still in force."""

import pytest
from playwright.sync_api import expect

from scoring.models import SessionPlayer
from scoring.services import game_start, session_start

from ..factories import UserFactory
from .conftest import PHONE, TV, AtLanName, log_in, opened

pytestmark = pytest.mark.browser
PLAYERS = ["Ann", "Bob", "Cy"]


class OpenerPolicy(AtLanName):
    def errors_of(self, page) -> list:
        logged = []
        page.on("console", lambda message: message.type == "error" and logged.append(f"{page.url}: {message.text}"))
        page.on("pageerror", lambda error: logged.append(f"{page.url}: {error}"))
        return logged

    def test_no_page_logs_an_error_over_the_rooms_plain_http(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=PLAYERS)
        game_start(session=session, kind="stop_the_bus", seat_names=PLAYERS, options={"tokens": 3})
        token = SessionPlayer.objects.get(session=session, player__name="Ann").seat_token
        phone = self.lan_browser.new_context(**PHONE)
        tv = self.lan_browser.new_context(**TV)
        try:
            page = phone.new_page()
            logged = self.errors_of(page)
            page.goto(self.url("/"))
            assert page.evaluate("window.isSecureContext") is False  # plain HTTP, as in the room
            log_in(page, self.url())
            for path in (session.get_absolute_url(), f"/sessions/{session.public_id}/history/", "/players/", "/rules/"):
                page.goto(self.url(path))
            expect(page.get_by_role("heading", name="Rules", exact=True)).to_be_visible()
            seat = phone.new_page()
            logged += self.errors_of(seat)
            seat.goto(self.url(f"/seat/{token}/"))
            expect(seat.get_by_role("heading", name="Round 1", exact=False).first).to_be_visible()
            board = tv.new_page()
            logged += self.errors_of(board)
            board.add_init_script("document.addEventListener('htmx:wsAfterMessage', () => { window.boardsIn = true; })")
            board.goto(self.url(f"/board/{session.share_token}/"))
            board.wait_for_function("window.boardsIn === true")
            assert logged == []
        finally:
            phone.close()
            tv.close()

    def test_at_a_loopback_name_the_policy_holds(self):
        context, page = opened(self.browser, PHONE)
        try:
            response = page.goto(self.live_server_url + "/")
            assert page.evaluate("window.isSecureContext") is True
            assert response.headers["cross-origin-opener-policy"] == "same-origin"
        finally:
            context.close()
