"""What the host sees while entering, on a 375x812 phone with touch: the Crash setting check of
the player being entered in the pad, a foul said before the pad leaves that player, the whole
outcome of a recorded round above the pad (folded when it would cover it), the winner in view
when a game ends, and the hand being filled kept above the pad when the phone is turned."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
DEALS = {  # each player's four hands in the order placed (the 13th card is kept back)
    "Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "Bob": "AH AD AC KH QH JH TH 9H 8H 7H 6H 2S",  # no crash: Ann wins position 4
    "Cy": "TC 9C 8C KC QC JC KD QD JD TD 9D 8D",  # hand 2 ranks above hand 1: a foul
    "Di": "7D 6D 5D 6C 5C 4C 4D 3D 2D 3C 2C 3H",
}
CY_FOULS = (
    "Cy: hand 2 (J♣ Q♣ K♣) is a higher running flush than hand 1 (8♣ 9♣ 10♣): "
    "foul if left like this, out of the game; "
    "legal order: J♣ Q♣ K♣, J♦ Q♦ K♦, 8♣ 9♣ 10♣, 8♦ 9♦ 10♦"
)


class ResultsInView(Thumb, SharedLiveServer):
    def step(self, name):
        return self.page.locator("[data-seat-steps] button", has_text=name)

    def test_the_crash_setting_check_of_the_player_being_entered_is_in_the_pad(self):
        page = self.page
        logged = []
        page.on("console", lambda message: logged.append(message.text))
        self.open_game("crash", {"preset": "classic"})
        self.tap_cards("7C 7D 9S AH KH QH")
        check = page.locator(".pad [data-pad-check]")
        expect(check).to_have_text(
            "Ann: hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (7♦ 7♣ 9♠, a pair of 7s): "
            "foul if left like this, out of the game; legal order: Q♥ K♥ A♥, 7♦ 7♣ 9♠"
        )
        expect(check).to_have_attribute("role", "status")
        self.assert_on_screen(check, "the setting check")
        self.shoot("check-in-pad")
        # Each player's own: Bob has none yet, and Ann's comes back with her step.
        self.tap(self.step("Bob"), "Bob's step")
        expect(check).to_have_text("")
        self.tap(self.step("Ann"), "Ann's step")
        expect(check).to_contain_text("Ann: hand 2 (Q♥ K♥ A♥, a running flush)")
        assert page.locator("[role=status]:has-text('is stronger than')").count() == 1  # said once
        assert [text for text in logged if "hx-disabled-elt" in text] == []  # the check disables no button
        assert self.serious() == []

    def test_a_foul_is_said_before_the_pad_leaves_the_player_and_each_player_is_one_tap_away(self):
        game = self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.tap_cards(DEALS["Ann"] + " " + DEALS["Bob"] + " " + DEALS["Cy"])
        # Cy's 12th card: the pad stays with Cy and says the foul, Cy's hands still shown.
        foul = page.locator(".pad [data-pad-foul]")
        expect(foul).to_be_visible()
        expect(foul).to_have_attribute("role", "alert")
        expect(foul.locator("[data-foul-text]")).to_have_text(CY_FOULS)
        self.assert_on_screen(foul, "the foul")
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Cy")
        expect(self.step("Cy")).to_have_attribute("aria-current", "step")
        expect(page.locator(".pad-cards")).to_have_attribute("aria-disabled", "true")
        self.assert_targets_big_enough(".pad")
        self.shoot("foul-said")
        assert self.serious() == []

        # Back to Cy's hands: Undo takes the last card back, the same card makes the same foul.
        self.tap_button("Change Cy's hands")
        expect(foul).to_be_hidden()
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Cy")
        self.tap(page.locator(".pad").get_by_role("button", name="Undo"), "Undo")
        expect(page.locator("#id_hand_2_4")).to_have_value("10♦ 9♦")
        self.tap_cards("8D")
        expect(foul).to_be_visible()
        self.tap_button("Leave it, go on to Di")
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Di")
        expect(page.locator(".pad [data-pad-check]")).to_have_text("")
        self.tap_cards(DEALS["Di"])
        expect(foul).to_be_hidden()  # Di's setting is in order: nothing asked

        # Any player is one tap away, the steps on screen above the last hand.
        self.tap(self.step("Cy"), "Cy's step")
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Cy")
        expect(page.locator(".pad [data-pad-check]")).to_contain_text("Cy: hand 2 (J♣ Q♣ K♣) is a higher running flush")
        self.tap(self.step("Di"), "Di's step")
        self.record()
        expect(page.locator(".pad .pad-note")).to_contain_text("Round 1 recorded")
        assert Round.objects.filter(game=game).count() == 1
        print(f"\nClassic Crash, 4 players, a foul said, undone and left: {self.taps} taps")

    def test_after_record_the_whole_crash_outcome_is_above_the_folded_pad_fouls_first(self):
        self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.tap_cards(DEALS["Ann"] + " " + DEALS["Bob"] + " " + DEALS["Cy"])
        self.tap_button("Leave it, go on to Di")
        self.tap_cards(DEALS["Di"])
        self.record()

        outcome = page.locator(".last-round.just-recorded")
        expect(outcome).to_be_visible()
        events = outcome.locator(".event")
        expect(events.first).to_have_text(
            "Cy fouled, out of the game: hand 2 (J♣ Q♣ K♣) is a higher running flush than hand 1 (8♣ 9♣ 10♣)"
        )
        expect(outcome).to_contain_text("Hand 1: Bob's prial of aces is the best hand")
        pad = page.locator(".pad")
        expect(pad).to_have_class("pad folded")
        self.assert_on_screen(outcome, "the outcome")  # from its heading to its last line
        self.assert_on_screen(pad.locator(".pad-note"), "the confirmation")
        self.shoot("crash-outcome")
        assert self.serious() == []

        # One tap brings the pad back, on the next round's first hand.
        self.tap_button("Enter the next round")
        expect(pad).not_to_have_class("pad folded")
        expect(page.locator(".field.active #id_hand_0_1")).to_have_count(1)
        self.assert_hand_and_pad_on_screen()
        self.shoot("crash-next-round")

    def test_a_stop_the_bus_outcome_fits_above_the_pad_so_each_round_takes_13_taps(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        for number, cards in enumerate(
            ("AS KS QS 7C 7D 9S 2C 3D 5H JH JD 4C", "2S 3S 5D AH AD KC QH JH 9D 8C 8D TH"), 1
        ):
            self.taps = 0
            self.tap_cards(cards)
            self.record()
            outcome = page.locator(".last-round.just-recorded")
            expect(outcome.get_by_role("heading")).to_have_text(f"Round {number} recorded")
            self.assert_on_screen(outcome, "the outcome")
            self.assert_hand_and_pad_on_screen()  # the pad stays open: nothing to unfold
            assert self.taps <= 13, f"round {number}: {self.taps} taps"
            print(f"\nStop the Bus, 4 players, round {number}: {self.taps} taps")
        self.shoot("bus-second-round")
        assert Round.objects.filter(game=game).count() == 2

    def test_when_a_round_ends_the_game_the_winner_is_in_view(self):
        self.open_game(
            "stop_the_bus",
            {"tokens": 1},
            players=["Ann", "Bob", "Cy"],
            rounds=[{"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}],
        )
        page = self.page
        self.tap_cards("AH KH QH 2D 3S 5C")
        self.record()
        winner = page.locator(".winner")
        expect(winner).to_have_text("Winner: Ann")
        self.assert_on_screen(winner, "the winner")
        self.shoot("winner")

    def test_turned_to_landscape_the_hand_being_filled_is_above_the_pad_at_once(self):
        self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.tap_cards("AS KS QS 7C 7D 9S 2C")
        self.shoot("before-turning")
        page.set_viewport_size({"width": 812, "height": 375})
        page.wait_for_function(
            """() => {
            const hand = document.querySelector(".field.active input[data-hand]").getBoundingClientRect();
            const pad = document.querySelector(".pad").getBoundingClientRect();
            return pad.bottom <= innerHeight + 1 && hand.top >= 0 && hand.bottom <= pad.top + 1;
        }""",
            timeout=2000,
        )
        self.assert_hand_and_pad_on_screen()
        self.shoot("landscape")
        self.tap_cards("3D 5H")  # and it goes on, on a turned phone
        expect(page.locator("#id_hand_2")).to_have_value("2♣ 3♦ 5♥")

    def test_the_check_of_the_hands_already_full_stays_while_the_next_hand_fills(self):
        self.open_game("crash", {"preset": "classic"})
        page = self.page
        check = page.locator(".pad [data-pad-check]")
        self.tap_cards("7C 7D 9S AH KH QH")
        expect(check).to_contain_text("Ann: hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1")
        with page.expect_response(lambda response: "setting-check" in response.url) as answer:
            self.tap_cards("2S 3S")
        answer.value.finished()
        # "2♠ 3♠" is not a hand yet: the check leaves it out, and Ann's two full hands stay checked.
        assert "hand_0_3" not in answer.value.url
        expect(check).to_contain_text("Ann: hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1")
