"""Seasons in Chromium on a 375 px phone: added through the form, refused in the form's words,
and the circle showing the current one, with no side-scrolling and clean under axe-core."""

import datetime
import os

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from .conftest import InBrowser, log_in, serious_violations

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")
PHONE_WIDTH = 375


class SeasonsOnAPhone(InBrowser):
    def check(self, name: str) -> None:
        page = self.phone
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH, name
        assert serious_violations(page) == [], name
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"{name}-375.png"), full_page=True)

    def test_a_host_names_this_season_and_the_circle_shows_it(self):
        host = UserFactory(username="host")
        today = timezone.localdate()
        session = session_start(host=host, title="Tonight", played_on=today, player_names=["Ann", "Bob"])
        game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
        round_record(game=game, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}})
        page = self.phone
        log_in(page, self.live_server_url)
        page.goto(self.live_server_url + "/players/")
        page.get_by_role("link", name="Name your seasons").tap()
        first = today - datetime.timedelta(days=30)
        page.fill("#id_name", "This season")
        page.fill("#id_first_day", first.isoformat())
        page.fill("#id_last_day", (today + datetime.timedelta(days=30)).isoformat())
        page.get_by_role("button", name="Add the season").tap()
        expect(page.locator(".messages")).to_contain_text("This season added.")
        page.fill("#id_name", "Overlapping")
        page.fill("#id_first_day", today.isoformat())
        page.fill("#id_last_day", (today + datetime.timedelta(days=60)).isoformat())
        page.get_by_role("button", name="Add the season").tap()
        expect(page.get_by_role("alert")).to_contain_text("This season already runs")
        self.check("seasons")
        page.get_by_role("link", name="This season").tap()
        expect(page.get_by_role("heading", name="This season")).to_be_visible()
        self.check("season")
        page.get_by_role("link", name="its league").tap()
        expect(page.locator(".season-shown")).to_contain_text("This season:")
        expect(page.locator(".season-shown")).to_contain_text("(the current season)")
        expect(page.locator("table.league")).to_contain_text("Ann")
        self.check("circle-season")
