"""The circle's league table fits a 375 px phone: every column in view, no side-scrolling."""

import pytest
from playwright.sync_api import expect

from ..data import an_evening
from ..factories import UserFactory
from .conftest import InBrowser, log_in

pytestmark = pytest.mark.browser

PHONE_WIDTH = 375


class CircleOnAPhone(InBrowser):
    def test_the_league_table_fits_a_phone_without_side_scrolling(self):
        user = UserFactory(username="host")
        an_evening(user, "2026-11-13")
        an_evening(user, "2026-11-20")
        page = self.phone
        log_in(page, self.live_server_url)
        page.goto(self.live_server_url + "/players/")
        league = page.locator("table.league")
        expect(league).to_contain_text("Ann")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
        for header in ("Won", "Win rate", "Avg place"):
            cell = league.get_by_role("columnheader", name=header)
            expect(cell).to_be_visible()
            box = cell.bounding_box()
            assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE_WIDTH, header
        last_cell = league.locator("tbody tr").first.locator("td").last.bounding_box()
        assert last_cell["x"] + last_cell["width"] <= PHONE_WIDTH
