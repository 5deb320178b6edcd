"""Nothing tapped is lost: the round being entered on a 375x812 phone is kept in the browser's
storage as it is tapped, and comes back after a reload or a closed tab (every card, and the
player being entered) until it is recorded or the host starts it again."""

import os

import pytest
from playwright.sync_api import expect

from scoring.models import Round
from scoring.services import round_record

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees at each step, to look at
CRASH = {  # each player's four hands in the order placed
    "Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "Bob": "AH AD AC KH QH JH TH 9H 8H 7H 6H 5H",
    "Cy": "KC QC JC KD QD JD TC 9C 8C TD 9D 8D",
    "Di": "7D 6D 5D 6C 5C 4C 4D 3D 2D 3C 2C 3H",
}
SHOWN = str.maketrans({"S": "♠", "H": "♥", "D": "♦", "C": "♣", "T": "10"})


def shown(codes: str) -> str:
    """Cards as the pad types them: "A♠ 10♥"."""
    return " ".join(code[0].translate(SHOWN) + code[1].translate(SHOWN) for code in codes.split())


class KeptWhileTapped(Thumb, SharedLiveServer):
    def shoot(self, name):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"draft-{name}.png"))

    def kept(self):
        return self.page.evaluate("Object.keys(localStorage).filter(key => key.startsWith('brag:draft:'))")

    def test_a_reload_mid_stop_the_bus_round_puts_back_every_card_and_the_hand_being_filled(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.tap_cards("AS KS QS 7C 7D")
        page.reload()
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")
        expect(page.locator("#id_hand_1")).to_have_value("7♣ 7♦")
        expect(page.locator(".field.active #id_hand_1")).to_have_count(1)
        expect(page.locator('[data-card="KS"]')).to_be_disabled()  # the pad knows they are used
        self.shoot("bus-restored")

        # A closed tab: the phone opens the page again in a new one.
        again = page.context.new_page()
        page.close()
        self.page = page = again
        page.goto(self.url)
        expect(page.locator("#id_hand_1")).to_have_value("7♣ 7♦")
        self.tap_cards("9S 2C 3D 5H JH JD 4C")  # the round goes on from the hand being filled
        expect(page.locator("#id_hand_1")).to_have_value("7♣ 7♦ 9♠")
        page.locator(".pad").get_by_role("button", name="Record round").tap()
        expect(page.locator(".pad .pad-note")).to_contain_text("Round 1 recorded")
        assert Round.objects.filter(game=game).count() == 1
        page.reload()  # nothing kept once recorded: round 2 starts empty
        expect(page.locator("#entry-title")).to_have_text("Round 2: enter the hands")
        expect(page.locator("#id_hand_0")).to_have_value("")
        assert self.kept() == []

    def test_a_reload_mid_crash_round_puts_back_two_players_hands_and_the_player_being_entered(self):
        self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.tap_cards(CRASH["Ann"] + " " + CRASH["Bob"])  # 24 cards
        page.locator("[data-seat-steps] button", has_text="Di").tap()  # Di's hands shown first
        self.tap_cards("7D 6D 5D 6C")
        page.reload()
        for seat, name in enumerate(["Ann", "Bob"]):
            cards = CRASH[name].split()
            for position in range(4):
                hand = " ".join(cards[position * 3 : position * 3 + 3])
                expect(page.locator(f"#id_hand_{seat}_{position + 1}")).to_have_value(shown(hand))
        expect(page.locator("#id_hand_3_1")).to_have_value("7♦ 6♦ 5♦")
        expect(page.locator("#id_hand_3_2")).to_have_value("6♣")
        # Di is still the player being entered, her second hand highlighted, not Cy's first.
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Di")
        expect(page.locator("[data-seat-steps] button", has_text="Di")).to_have_attribute("aria-current", "step")
        expect(page.locator(".field.active #id_hand_3_2")).to_have_count(1)
        expect(page.locator("[data-seat-steps] button", has_text="Bob")).to_contain_text("✓")
        self.shoot("crash-restored")

    def test_start_this_round_again_clears_the_form_and_what_was_kept(self):
        self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.tap_cards("AS KS QS 7C")
        page.get_by_role("button", name="Start this round again").tap()  # one tap, nothing asked
        for seat in range(4):
            expect(page.locator(f"#id_hand_{seat}")).to_have_value("")
        expect(page.locator('[data-card="KS"]')).to_be_enabled()
        expect(page.locator(".field.active #id_hand_0")).to_have_count(1)
        assert self.kept() == []
        page.reload()
        expect(page.locator("#id_hand_0")).to_have_value("")
        expect(page.locator(".field.active #id_hand_0")).to_have_count(1)

    def test_a_round_recorded_elsewhere_drops_what_was_kept_for_it(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.tap_cards("AS KS QS 7C")
        expect(page.locator("#id_hand_1")).to_have_value("7♣")
        assert len(self.kept()) == 1
        # Another phone records round 1 meanwhile.
        round_record(
            game=game,
            number=1,
            by=self.user,
            entry={"hands": {"Ann": "2S 3S 5D", "Bob": "AH KH QH", "Cy": "7H 7S 9D", "Di": "JC JS 4H"}},
        )
        page.reload()
        expect(page.locator("#entry-title")).to_have_text("Round 2: enter the hands")
        expect(page.locator("#id_hand_0")).to_have_value("")
        expect(page.locator("#id_hand_1")).to_have_value("")
        assert self.kept() == []

    def test_the_browser_is_asked_once_to_persist_the_phones_storage_when_something_is_first_kept(self):
        """Safari deletes a site's storage after 7 days without a visit unless it is persisted
        (or the app is on the home screen): asked where the browser offers it."""
        page = self.page
        page.add_init_script(
            """(() => {
              window.persistAsked = 0;
              navigator.storage.persisted = () => Promise.resolve(false);
              navigator.storage.persist = () => { window.persistAsked += 1; return Promise.resolve(true); };
            })()"""
        )
        self.open_game("stop_the_bus", {"tokens": 3})
        assert page.evaluate("window.persistAsked") == 0  # nothing kept yet
        self.tap_cards("AS")
        page.wait_for_function("window.persistAsked === 1")
        self.tap_cards("KS QS")
        page.reload()
        self.tap_cards("7C")
        page.wait_for_function("window.persistAsked === 1")  # once on each page that keeps something
        assert page.evaluate("window.persistAsked") == 1
