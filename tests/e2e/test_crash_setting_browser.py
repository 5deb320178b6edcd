"""The Crash setting tool on a phone: tap 13 cards on the pad, read the best setting; and
axe-core finds nothing serious on the page, before and after the answer."""

import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .conftest import TV, SharedLiveServer
from .thumb import SHOTS

pytestmark = pytest.mark.browser
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
DEAL = "AS AH AD KS KH KD QS QH QD JS JH JD 2C".split()


class CrashSettingOnAPhone(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _phone(self, phone, browser):
        self.page, self.browser = phone, browser

    def serious(self, page=None) -> list:
        violations = Axe().run(page or self.page, options=WCAG_A_AA).response["violations"]
        return [
            (v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3])
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]

    def test_tapping_thirteen_cards_shows_the_best_setting_the_discard_and_the_next_three(self):
        page = self.page
        page.goto(self.live_server_url + "/")
        page.get_by_role("link", name="Crash setting").tap()
        expect(page.get_by_role("heading", name="How should I set my Crash hands?")).to_be_visible()
        assert self.serious() == []

        for code in DEAL:
            page.locator(f'[data-card="{code}"]').tap()
        expect(page.locator("#id_cards")).to_have_value("A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦ 2♣")
        expect(page.locator("[data-pad-into]")).to_have_text("Your deal (13 cards) is full")
        expect(page.locator('[data-card="2C"]')).to_be_disabled()
        page.locator("#id_opponents").select_option("2")
        page.get_by_role("button", name="Best setting").tap()

        result = page.locator(".setting-result")
        expect(result.get_by_role("heading", name="Best setting:")).to_be_visible()
        expect(result).to_contain_text("Against 2 opponents")
        positions = result.locator(".placing")
        expect(positions).to_have_count(4)
        for position, label in enumerate(("Prial of aces", "Prial of kings", "Prial of queens", "Prial of jacks")):
            expect(positions.nth(position)).to_contain_text(label)
        expect(positions.first).to_contain_text("Wins position 1:")
        expect(result.locator(".discard")).to_have_text("Discard 2♣")
        expect(result.locator(".alternative")).to_have_count(3)
        # The answer came through htmx: the cards typed stay, the pad still knows them.
        expect(page.locator("#id_cards")).to_have_value("A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦ 2♣")
        expect(page.locator('[data-card="AS"]')).to_be_disabled()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        assert self.serious() == []

    def test_nine_cards_take_nine_taps_and_up_to_four_opponents(self):
        page = self.page
        page.goto(self.live_server_url + "/crash-setting/")
        page.get_by_label("9 cards each: up to three hands (2-5 players)").check()
        expect(page.locator("#id_cards")).to_have_attribute("data-capacity", "9")
        for code in DEAL[:9]:
            page.locator(f'[data-card="{code}"]').tap()
        expect(page.locator("[data-pad-into]")).to_have_text("Your deal (9 cards) is full")
        page.locator("#id_opponents").select_option("4")
        page.get_by_role("button", name="Best setting").tap()
        expect(page.locator(".setting-result .placing")).to_have_count(3)
        expect(page.locator(".setting-result")).to_contain_text("Against 4 opponents")

    def test_a_wrong_deal_is_refused_next_to_the_cards_with_nothing_else_shown(self):
        page = self.page
        page.goto(self.live_server_url + "/crash-setting/")
        page.locator("#id_cards").fill("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd")
        page.get_by_role("button", name="Best setting").tap()
        expect(page.locator("#id_cards_error")).to_have_text(
            "expected 13 cards (one player's deal), got 12: A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦"
        )
        expect(page.locator(".setting-result")).to_have_count(0)
        assert self.serious() == []

    def test_the_page_and_its_answer_pass_axe_on_a_tv(self):
        context = self.browser.new_context(**TV)
        try:
            page = context.new_page()
            page.goto(self.live_server_url + "/crash-setting/")
            page.locator("#id_cards").fill(" ".join(DEAL))
            page.get_by_role("button", name="Best setting").click()
            expect(page.locator(".setting-result .alternative")).to_have_count(3)
            assert self.serious(page) == []
        finally:
            context.close()

    def test_the_best_setting_is_in_view_above_the_folded_pad(self):
        page = self.page
        page.goto(self.live_server_url + "/crash-setting/")
        for code in DEAL:
            page.locator(f'[data-card="{code}"]').tap()
        page.locator(".pad").get_by_role("button", name="Best setting").tap()
        result = page.locator(".setting-result")
        expect(result.locator(".alternative")).to_have_count(3)
        pad = page.locator(".pad")
        expect(pad).to_have_class("pad folded")
        best = result.locator(".placings").bounding_box()
        discard = result.locator(".discard").bounding_box()
        pad_top = pad.bounding_box()["y"]
        assert best["y"] >= 0 and discard["y"] + discard["height"] <= pad_top, (
            f"the best setting {best} and its discard {discard} are not above the pad at {pad_top}"
        )
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, "crash-setting-result.png"))
        assert self.serious() == []
        page.get_by_role("button", name="Show the cards").tap()
        expect(pad).not_to_have_class("pad folded")
        expect(page.locator('[data-card="AS"]')).to_be_visible()
