"""Correcting a round with the pad on a 375x812 phone, taps only (no keyboard): the round's
hands as cards, a hand cleared with one tap, a card taken back with a tap or with Undo (on a
hand that came filled), and the preview with "Save the correction" in view after review."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
ROUND_1 = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}  # Bob's is the worst


class CorrectionByTap(Thumb, SharedLiveServer):
    def chip(self, card, hand):
        return self.page.get_by_role("button", name=f"Take {card} out of {hand}", exact=True)

    def test_a_correction_done_with_taps_only(self):
        game = self.open_game("stop_the_bus", {"tokens": 2}, players=["Ann", "Bob", "Cy"], rounds=[ROUND_1])
        page = self.page
        page.locator(".round-head").get_by_role("link", name="Correct").tap()
        expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()

        # The hands come as cards, each a tap away, with the pad under them.
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")
        self.shoot("correction-start")
        for card, hand in (("A♠", "Ann's hand"), ("Q♠", "Ann's hand"), ("5♥", "Bob's hand"), ("9♠", "Cy's hand")):
            self.assert_on_screen(self.chip(card, hand), f"{card} of {hand}")
        self.assert_targets_big_enough("form")
        assert self.serious() == []

        # Undo on a hand that came filled takes its last card back; a chip takes back its card.
        self.tap(page.locator(".pad").get_by_role("button", name="Undo"), "Undo")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠")
        expect(page.locator('[data-card="QS"]')).to_be_enabled()
        self.tap(self.chip("K♠", "Ann's hand"), "K♠ of Ann's hand")
        expect(page.locator("#id_hand_0")).to_have_value("A♠")
        expect(page.locator(".field.active #id_hand_0")).to_have_count(1)

        # Ann and Bob swap hands: each cleared with one tap, then tapped in from the pad.
        self.tap(page.get_by_role("button", name="Clear Ann's hand"), "Clear Ann's hand")
        self.tap(page.get_by_role("button", name="Clear Bob's hand"), "Clear Bob's hand")
        expect(page.locator("#id_hand_1")).to_have_value("")
        expect(page.locator(".field.active #id_hand_1")).to_have_count(1)
        self.tap_cards("AS KS QS")
        expect(page.locator("#id_hand_1")).to_have_value("A♠ K♠ Q♠")
        expect(page.locator(".field.active #id_hand_0")).to_have_count(1)  # the hand left empty, not the table
        self.tap_cards("2C 3D 5H")
        expect(page.locator("#id_hand_0")).to_have_value("2♣ 3♦ 5♥")
        self.shoot("correction-changed")

        # Review: the preview and its Save in view above the folded pad.
        self.tap(page.locator(".pad").get_by_role("button", name="Review the correction"), "Review the correction")
        preview = page.locator(".preview")
        expect(preview).to_contain_text("Ann's 5 high (5-3-2) is the worst hand")
        expect(page.locator(".pad")).to_have_class("pad folded")
        self.assert_on_screen(preview, "the preview")
        self.shoot("correction-preview")
        assert self.serious() == []
        self.tap(preview.get_by_role("button", name="Save the correction"), "Save the correction")

        expect(page.locator(".last-round")).to_contain_text("Ann loses a token (1 left)")
        expect(page.locator(".round-list")).to_contain_text("corrected")
        assert Round.objects.get(game=game).revisions.count() == 1
        print(f"\nA correction of two hands, taps only: {self.taps} taps")

    def test_the_pad_comes_back_after_a_review_to_change_the_hands_again(self):
        self.open_game("stop_the_bus", {"tokens": 2}, players=["Ann", "Bob", "Cy"], rounds=[ROUND_1])
        page = self.page
        page.goto(page.url + f"games/{Round.objects.get().game.public_id}/rounds/1/")
        self.tap(page.locator(".pad").get_by_role("button", name="Review the correction"), "Review the correction")
        expect(page.locator(".preview")).to_contain_text("Bob's 5 high (5-3-2) is the worst hand")
        self.tap(page.get_by_role("button", name="Change the hands"), "Change the hands")
        expect(page.locator(".pad")).not_to_have_class("pad folded")
        self.tap(self.chip("9♠", "Cy's hand"), "9♠ of Cy's hand")
        expect(page.locator("#id_hand_2")).to_have_value("7♣ 7♦")
        self.assert_hand_and_pad_on_screen()
