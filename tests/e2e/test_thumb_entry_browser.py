"""Entering rounds with a thumb on a 375x812 phone: the card pad docked at the bottom, the hand
being filled always above it, Crash a player at a time; every tap counted, none of them a scroll."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser


class ThumbEntry(Thumb, SharedLiveServer):
    # --- Stop the Bus -------------------------------------------------------------------------

    def test_a_four_player_stop_the_bus_round_in_at_most_13_taps(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.assert_targets_big_enough()
        self.shoot("bus-start")
        self.tap_cards("AS KS QS")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")
        expect(page.locator(".field.active #id_hand_1")).to_have_count(1)  # moved on by itself
        expect(page.locator('[data-card="KS"]')).to_be_disabled()  # used cards are greyed out
        self.tap_cards("7C 7D 9S 2C 3D 5H")
        self.shoot("bus-third-player")
        self.tap_cards("JH JD 4C")
        self.shoot("bus-all-hands")
        self.record()

        note = page.locator(".pad .pad-note")
        expect(note).to_have_text("Round 1 recorded: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)")
        expect(page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        self.shoot("bus-recorded")
        assert Round.objects.filter(game=game).count() == 1
        assert self.taps <= 13, f"{self.taps} taps"
        print(f"\nStop the Bus, 4 players: {self.taps} taps")
        # Ready for the next round: its first hand highlighted, on screen.
        expect(page.locator(".field.active #id_hand_0")).to_have_count(1)
        self.assert_hand_and_pad_on_screen()

    def test_undo_takes_back_the_last_card_whichever_hand_it_went_into(self):
        self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.tap_cards("AS KS QS")
        expect(page.locator(".field.active #id_hand_1")).to_have_count(1)
        self.tap(page.locator(".pad").get_by_role("button", name="Undo"), "Undo")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠")
        expect(page.locator(".field.active #id_hand_0")).to_have_count(1)
        expect(page.locator('[data-card="QS"]')).to_be_enabled()
        self.assert_hand_and_pad_on_screen()
        self.tap_cards("JS")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ J♠")
        self.tap_cards("2H")
        self.tap(page.locator(".pad").get_by_role("button", name="Undo"), "Undo")
        self.tap(page.locator(".pad").get_by_role("button", name="Undo"), "Undo")
        expect(page.locator("#id_hand_1")).to_have_value("")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠")

    def test_a_refusal_is_on_screen_and_announced_after_the_tap_that_caused_it(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.tap_cards("AS KS QS 7C 7D 9S 2C 3D 5H")
        self.record()  # Di's hand is missing

        error = page.locator("#id_hand_3_error")
        expect(error).to_have_text("Enter the three cards of this hand.")
        self.assert_on_screen(error, "the refusal")
        alert = page.locator(".pad [role=alert]")
        expect(alert).to_have_text("Not recorded: Di's hand: Enter the three cards of this hand.")
        assert alert.get_attribute("aria-live") == "assertive"
        expect(page.locator(".field.active #id_hand_3")).to_have_count(1)  # the hand to fill next
        self.shoot("bus-refused")
        assert not Round.objects.filter(game=game).exists()

        self.tap_cards("JH JD 4C")
        self.record()
        expect(page.locator(".pad .pad-note")).to_contain_text("Round 1 recorded")
        assert Round.objects.filter(game=game).count() == 1

    def test_typing_still_works_beside_the_pad(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        page.locator("#id_hand_0").fill("as ks qs")
        expect(page.locator('[data-card="KS"]')).to_be_disabled()
        page.locator("#id_hand_1").fill("7c 7d 9s")
        page.locator("#id_hand_2").fill("2c 3d 5h")
        page.locator("#id_hand_3").fill("jh jd 4c")
        page.locator(".pad").get_by_role("button", name="Record round").tap()
        expect(page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        assert Round.objects.filter(game=game).count() == 1

    # --- Crash --------------------------------------------------------------------------------

    def test_a_four_player_classic_crash_round_a_player_at_a_time_in_at_most_49_taps(self):
        game = self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.assert_targets_big_enough()
        steps = page.locator("[data-seat-steps] button")
        expect(steps).to_have_count(4)
        seats = page.locator(".seat-entry")
        deals = {  # each player's four hands in the order placed (the 13th card is kept back)
            "Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
            "Bob": "AH AD AC KH QH JH TH 9H 8H 7H 6H 5H",
            "Cy": "KC QC JC KD QD JD TC 9C 8C TD 9D 8D",
            "Di": "7D 6D 5D 6C 5C 4C 4D 3D 2D 3C 2C 3H",
        }
        for seat, (name, cards) in enumerate(deals.items()):
            # Only this player's hands show, with their step marked.
            expect(seats.nth(seat)).to_be_visible()
            expect(page.locator(".seat-entry:visible")).to_have_count(1)
            expect(steps.nth(seat)).to_have_attribute("aria-current", "step")
            if name == "Di":
                # The whole deck was dealt: the pad offers the cards nobody else placed, the
                # others greyed out in their places.
                expect(page.locator(".pad [data-card]:enabled")).to_have_count(52 - 36)
                expect(page.locator(".pad [data-card]:visible")).to_have_count(52)
                self.shoot("crash-last-player")
            self.tap_cards(cards)
            if name == "Ann":
                self.shoot("crash-first-player-done")
        expect(steps.nth(3)).to_contain_text("✓")
        self.shoot("crash-all-hands")
        self.record()
        expect(page.locator(".pad .pad-note")).to_contain_text("Round 1 recorded")
        outcome = page.locator(".last-round")
        expect(outcome).to_contain_text("Hand 1: Bob's prial of aces is the best hand")
        assert Round.objects.filter(game=game).count() == 1
        assert self.taps <= 49, f"{self.taps} taps"
        print(f"\nClassic Crash, 4 players: {self.taps} taps")
        self.shoot("crash-recorded")

    def test_each_crash_step_shows_that_players_live_setting_check(self):
        self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.tap_cards("7C 7D 9S AH KH QH")
        check = page.locator(".pad [data-pad-check]")  # in view, in the pad
        expect(check).to_contain_text("Ann: hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1")
        self.tap(page.locator("[data-seat-steps] button", has_text="Bob"), "Bob's step")
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Bob")
        self.assert_hand_and_pad_on_screen()
        expect(page.locator(".field.active #id_hand_1_1")).to_have_count(1)

    def test_a_crash_refusal_opens_the_step_of_the_player_it_concerns(self):
        game = self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.tap_cards("AS KS QS")
        self.tap(page.locator("[data-seat-steps] button", has_text="Cy"), "Cy's step")
        page.locator("#id_hand_2_1").fill("AS 2D 3D")  # the ace of spades is already Ann's
        self.record()
        error = page.locator("#id_hand_2_1_error")
        expect(error).to_contain_text("A♠")
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Cy")
        self.assert_on_screen(error, "the refusal")
        expect(page.locator(".pad [role=alert]")).to_contain_text("Not recorded: Cy, hand 1:")
        self.shoot("crash-refused")
        assert not Round.objects.filter(game=game).exists()
