"""The Rules page on a phone: it reads without scrolling sideways, and a link from another
page opens it at the section it names."""

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, SharedLiveServer

pytestmark = pytest.mark.browser


class RulesOnAPhone(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _phone(self, browser):
        context = browser.new_context(**PHONE)
        self.page = context.new_page()
        yield
        context.close()

    def test_the_rules_page_is_no_wider_than_the_phone(self):
        self.page.goto(self.live_server_url + "/rules/")
        expect(self.page.get_by_role("heading", name="Crash options")).to_be_attached()
        assert self.page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]

    def test_the_hand_judge_opens_the_rules_at_the_hands_of_its_ranking(self):
        self.page.goto(self.live_server_url + "/")
        self.page.get_by_role("link", name="Brag (traditional) in the rules").tap()
        expect(self.page).to_have_url(self.live_server_url + "/rules/#brag-hands")
        expect(self.page.get_by_role("heading", name="Brag hands", exact=True)).to_be_in_viewport()

    def test_the_list_of_sections_takes_the_reader_to_each(self):
        self.page.goto(self.live_server_url + "/rules/")
        self.page.get_by_role("navigation", name="Sections").get_by_role("link", name="Commerce").tap()
        expect(self.page.get_by_role("heading", name="Commerce", exact=True)).to_be_in_viewport()
