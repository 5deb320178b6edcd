"""A game left unfinished when a new one starts, on a 375 px phone in Chromium: the host
continues it from the session page's list and records a round into it."""

import os

import pytest
from playwright.sync_api import expect

from scoring.models import Round
from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from .conftest import TV, SharedLiveServer, log_in

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees there, to look at


class UnfinishedGameOnAPhone(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _pages(self, phone, browser):
        self.page = phone
        self.browser = browser

    def shoot(self, page, name):
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)

    def test_a_game_left_unfinished_is_continued_from_the_session_page(self):
        user = UserFactory(username="host")
        page = self.page
        log_in(page, self.live_server_url)
        session = session_start(host=user, title="Tonight", played_on="2026-11-22", player_names=["Ann", "Bob", "Cy"])
        bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
        round_record(
            game=bus, number=1, by=user, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
        )
        game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})

        page.goto(self.live_server_url + session.get_absolute_url())
        expect(page.locator("#standings-title")).to_have_text("Crash · game 2")
        self.shoot(page, "unfinished-list")
        page.get_by_role("button", name="Stop the Bus · game 1, 1 round").tap()
        expect(page.locator("#standings-title")).to_have_text("Stop the Bus · game 1")
        for field, value in {"hand_0": "2c 3d 5h", "hand_1": "As Ks Qs", "hand_2": "7c 7d 9s"}.items():
            page.fill(f"#id_{field}", value)
        page.get_by_role("button", name="Record round").tap()
        expect(page.locator(".last-round")).to_contain_text("Ann loses a token (2 left)")
        expect(page.get_by_role("heading", name="Round 3: enter the hands")).to_be_visible()
        assert list(Round.objects.filter(game=bus).values_list("number", flat=True)) == [1, 2]
        self.shoot(page, "unfinished-continued")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375

        page.get_by_role("link", name="Look back on this session").tap()
        page.get_by_role("button", name="Continue Stop the Bus · game 1").tap()
        expect(page.locator("#standings-title")).to_have_text("Stop the Bus · game 1")
        if SHOTS:
            tv = self.browser.new_context(**TV, storage_state=page.context.storage_state())
            on_tv = tv.new_page()
            on_tv.goto(page.url)
            self.shoot(on_tv, "unfinished-tv")
            tv.close()
