"""A double tap on Record, as a wet thumb makes one on a 375x812 phone: one round, its
confirmation still on screen, no error anywhere, and the same hands again asked about."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
ROUND = "AS KS QS 7C 7D 9S 2C 3D 5H JH JD 4C"  # Cy's 5 high is the worst hand
DOUBLE_TAP_GAP_MS = 150  # the second tap of a double tap, as the issue timed it


class DoubleTap(Thumb, SharedLiveServer):
    def double_tap_record(self):
        """Two taps on the spot where Record is, 150 ms apart: the second lands on whatever
        is there by then (the button still disabled, or the next round's page)."""
        box = self.page.locator(".pad").get_by_role("button", name="Record round").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.touchscreen.tap(x, y)
        self.page.wait_for_timeout(DOUBLE_TAP_GAP_MS)  # the gap between the two taps is the scenario
        self.page.touchscreen.tap(x, y)
        self.page.wait_for_function("!document.querySelector('.htmx-request')")

    def assert_no_error_shown(self):
        expect(self.page.locator(".error:visible, .field-error:visible, [role=alert].error")).to_have_count(0)

    def test_a_double_tap_on_record_records_one_round_and_keeps_its_confirmation(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        self.tap_cards(ROUND)
        self.double_tap_record()
        expect(self.page.get_by_text("Round 1 recorded").first).to_be_visible()
        expect(self.page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        self.assert_no_error_shown()
        self.shoot("after-double-tap")
        assert Round.objects.filter(game=game).count() == 1

    def test_the_same_hands_entered_again_are_asked_about_before_a_second_token_goes(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        self.tap_cards(ROUND)
        self.record()
        expect(self.page.get_by_text("Round 1 recorded").first).to_be_visible()
        expect(self.page.locator('[data-card="AS"]')).to_be_visible()  # Stop the Bus's outcome fits above the pad
        self.tap_cards(ROUND)  # the host believed the round was lost and taps it in again
        self.record()
        question = self.page.locator(".pad").get_by_role("alert")
        expect(question).to_contain_text("Same hands as round 1: record again?")
        self.assert_on_screen(question, "the question")
        self.shoot("same-hands-asked")
        assert Round.objects.filter(game=game).count() == 1
        self.tap(self.page.locator(".pad").get_by_role("button", name="Record again"), "Record again")
        expect(self.page.get_by_text("Round 2 recorded").first).to_be_visible()
        assert Round.objects.filter(game=game).count() == 2
