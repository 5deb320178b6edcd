"""The TV board passes axe-core at a phone's and a TV's size: no ARIA attribute on an
element that does not take it, and no serious or critical violation."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from ..factories import UserFactory, a_game
from .conftest import PHONE, TV, InBrowser

pytestmark = pytest.mark.browser
ARIA_ATTRIBUTE_RULES = ("aria-allowed-attr", "aria-prohibited-attr")


class BoardAccessibility(InBrowser):
    def check_board_at(self, device):
        session = a_game(players=["Ann", "Bob"], host=UserFactory(), tokens=3).session
        context = self.browser.new_context(**device)
        try:
            page = context.new_page()
            page.goto(f"{self.live_server_url}/board/{session.share_token}/")
            expect(page.locator(".pips").first).to_be_visible()
            violations = Axe().run(page).response["violations"]
            # axe reports a label on an element that takes none as aria-prohibited-attr
            assert [v["id"] for v in violations if v["id"] in ARIA_ATTRIBUTE_RULES] == []
            assert [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")] == []
            expect(page.get_by_role("img", name="3 tokens")).to_have_count(2)
        finally:
            context.close()

    def test_the_board_passes_axe_on_a_phone(self):
        self.check_board_at(PHONE)

    def test_the_board_passes_axe_on_a_tv(self):
        self.check_board_at(TV)
