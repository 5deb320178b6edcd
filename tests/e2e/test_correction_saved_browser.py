"""A correction on a 375x812 phone with touch: its review has one primary action, the one that
saves ("Change the hands" on the folded pad is secondary), and once saved the confirmation is
what the host sees first, not the pad's next round."""

import os

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")
ROUND_1 = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}  # Bob's is the worst


class CorrectionSaved(Thumb, SharedLiveServer):
    def shoot(self, name):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"correction-{name}.png"))

    def test_the_review_has_one_primary_action_the_save_and_its_confirmation_is_in_view(self):
        game = self.open_game("stop_the_bus", {"tokens": 2}, players=["Ann", "Bob", "Cy"], rounds=[ROUND_1])
        page = self.page
        page.goto(page.url + f"games/{game.public_id}/rounds/1/")
        self.tap(page.get_by_role("button", name="Clear Bob's hand"), "Clear Bob's hand")
        self.tap_cards("4C 3D 5H")
        self.tap(page.locator(".pad").get_by_role("button", name="Review the correction"), "Review the correction")
        expect(page.locator(".preview")).to_contain_text("Cy loses a token")

        primary = page.locator("button.primary:visible, .button.primary:visible")
        expect(primary).to_have_count(1)
        expect(primary).to_have_text("Save the correction")
        change = page.get_by_role("button", name="Change the hands")
        expect(change).to_be_visible()
        expect(change).not_to_have_class("primary")
        self.shoot("review")
        assert self.serious() == []

        self.tap(page.get_by_role("button", name="Save the correction"), "Save the correction")
        confirmation = page.locator(".messages", has_text="Round 1 of")
        expect(confirmation).to_contain_text("corrected")
        self.shoot("saved")
        self.assert_on_screen(confirmation, "the confirmation")
        assert Round.objects.get(game=game).revisions.count() == 1
        assert self.serious() == []
