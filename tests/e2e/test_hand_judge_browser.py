"""The hand judge on a phone: tap cards on the picker, read the verdict."""

import pytest
from playwright.sync_api import expect

from .conftest import InBrowser, SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser


class HandJudgeOnAPhone(InBrowser):
    def tap_card(self, code):
        self.phone.locator(f'[data-card="{code}"]').tap()

    def test_tapping_cards_fills_the_hands_greys_used_cards_and_shows_the_verdict(self):
        page = self.phone
        page.goto(self.live_server_url + "/")
        expect(page.locator("[data-picker]")).to_be_visible()

        for code in ("AS", "KS", "QS"):
            self.tap_card(code)
        expect(page.locator("#id_cards_1")).to_have_value("A♠ K♠ Q♠")
        expect(page.locator('[data-card="AS"]')).to_be_disabled()
        expect(page.locator('[data-card="AH"]')).to_be_enabled()

        # The picker moves on to the next hand once three cards are in.
        for code in ("4S", "5D", "6C"):
            self.tap_card(code)
        expect(page.locator("#id_cards_2")).to_have_value("4♠ 5♦ 6♣")
        page.locator("#id_name_2").fill("Bob")

        page.get_by_role("button", name="Judge").tap()
        verdict = page.locator(".verdict")
        expect(verdict).to_contain_text("Running flush Q-K-A")
        expect(verdict.locator(".placing").first).to_contain_text("Hand 1")
        expect(verdict).to_contain_text("Beats Bob: a running flush beats a run.")
        # After htmx swapped the result in, the picker still knows which cards are used.
        expect(page.locator('[data-card="QS"]')).to_be_disabled()

        # The page fits a 375 px phone: nothing scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= 375

    def test_a_card_tapped_into_two_hands_is_refused_next_to_the_later_hand(self):
        page = self.phone
        page.goto(self.live_server_url + "/")
        page.locator("#id_cards_1").fill("As Ks Qs")
        page.locator("#id_cards_2").fill("Qs Jd 2c")
        page.get_by_role("button", name="Judge").tap()
        expect(page.locator("#id_cards_2_error")).to_have_text("Q♠ is in hand 1 and in hand 2")
        expect(page.locator("#id_cards_2")).to_have_value("Qs Jd 2c")


class HandJudgeVerdictInView(Thumb, SharedLiveServer):
    """The verdict is not under the docked pad: it folds away, one tap brings it back."""

    def test_the_verdict_of_four_hands_is_in_view_above_the_folded_pad(self):
        page = self.page
        page.goto(self.live_server_url + "/")
        self.tap_cards("AS KS QS 4S 5D 6C 2H 2D 9C 7H 8H 3C")
        page.get_by_role("button", name="Judge").tap()
        verdict = page.locator(".verdict")
        expect(verdict.locator(".placing")).to_have_count(4)
        expect(page.locator(".pad")).to_have_class("pad folded")
        self.assert_on_screen(verdict.locator(".placings"), "the four hands, best first")
        self.shoot("judge-verdict")
        assert self.serious() == []
        self.tap_button("Show the cards")
        expect(page.locator(".pad")).not_to_have_class("pad folded")
        self.assert_hand_and_pad_on_screen()
