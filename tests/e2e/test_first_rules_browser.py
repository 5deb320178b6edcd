"""Rules before they bite, in a real browser: on a 375x812 phone the pad names the hand it fills
as the form does, a player's step marks a foul, and Stop the Bus's "Who called" is on screen
above the pad when the host fills it; at 1920x1080 the new-game form's first rules follow the
options chosen, and on the phone the Crash preset's names are read in full."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round
from scoring.services import session_start

from ..factories import UserFactory
from .conftest import InBrowser, SharedLiveServer, log_in
from .thumb import Thumb

pytestmark = pytest.mark.browser
ANN_FOULS = "7C 7D 9S AH KH QH"  # hand 2 (a running flush) is stronger than hand 1 (a pair)


def crash_on_the_new_game_form(page, server_url: str) -> None:
    """The host, logged in, on a new evening's new-game form with Crash chosen."""
    user = UserFactory(username="host")
    log_in(page, server_url)
    session = session_start(host=user, title="Tonight", played_on="2026-11-23", player_names=["Ann", "Bob"])
    page.goto(server_url + session.get_absolute_url() + "games/new/")
    page.get_by_role("radio", name="Crash", exact=True).check()


class FirstRulesOnAPhone(Thumb, SharedLiveServer):
    def step(self, name):
        return self.page.locator("[data-seat-steps] button", has_text=name)

    def test_the_pad_names_the_hand_it_fills_as_the_form_does(self):
        self.open_game("crash", {"preset": "classic"})
        into = self.page.locator("[data-pad-into]")
        expect(into).to_have_text("Hand 1 of Ann: 0 of 3 cards")
        self.tap_cards("AS KS")
        expect(into).to_have_text("Hand 1 of Ann: 2 of 3 cards")
        self.tap_cards("QS")
        expect(into).to_have_text("Hand 2 of Ann: 0 of 3 cards")

    def test_a_players_step_marks_a_foul_and_the_pad_says_what_it_costs(self):
        self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.tap_cards(ANN_FOULS)
        expect(self.step("Ann")).to_contain_text("✗ foul")  # marked as soon as the check finds it
        expect(page.locator(".pad [data-pad-check]")).to_contain_text("foul if left like this, out of the game")
        for code in "4C 6C 8D 2S 3S 5H".split():  # hands 3 and 4 in order
            self.tap(page.locator(f'[data-card="{code}"]'), code)
        expect(page.locator(".pad [data-pad-foul]")).to_be_visible()
        self.tap_button("Leave it, go on to Bob")
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Bob")
        expect(self.step("Ann")).to_contain_text("✗ foul")
        expect(self.step("Ann")).not_to_contain_text("✓")
        expect(self.step("Ann")).to_have_class("seat-step is-foul")
        self.assert_on_screen(self.step("Ann"), "Ann's step")
        self.shoot("step-marks-a-foul")
        assert self.serious() == []

        # Ann's hands put in order: the mark goes, the tick comes.
        self.tap(self.step("Ann"), "Ann's step")
        page.fill("#id_hand_0_1", "A♥ K♥ Q♥")
        page.fill("#id_hand_0_2", "7♣ 7♦ 9♠")
        expect(self.step("Ann")).to_contain_text("✓")
        expect(self.step("Ann")).not_to_contain_text("foul")

    def test_who_called_is_on_screen_above_the_pad_when_the_host_fills_it(self):
        game = self.open_game("stop_the_bus", {})
        page = self.page
        self.tap_cards("AS KS QS 2C 3D 5H 7C 7D 9S JH JD 4C")  # the four players' hands
        caller = page.get_by_label("Who called “Stop the bus!” (optional)")
        expect(page.locator("[data-pad-into]")).to_have_text("The table cards: 0 of 3 cards")
        self.assert_on_screen(caller, "Who called")
        expect(page.get_by_text("Kept with the round, for the record: who called changes no result.")).to_be_visible()
        self.tap_cards("8H 8S 2D")
        self.assert_on_screen(caller, "Who called, the table cards filled")
        self.shoot("who-called")
        self.tap(caller, "Who called")
        caller.select_option("Bob")
        self.record()
        expect(page.locator(".pad .pad-note")).to_contain_text("Round 1 recorded")
        assert Round.objects.get(game=game).entry["caller"] == "Bob"

    def test_the_crash_presets_names_are_read_in_full_on_the_new_game_form(self):
        page = self.page
        crash_on_the_new_game_form(page, self.live_server_url)
        for name in ("Classic: the rule books' Thirteen-Card Brag", "Arena: as Board Game Arena plays it"):
            label = page.locator("label.check", has_text=name)
            expect(label).to_have_text(name)
            self.assert_on_screen(label, name)
            assert label.evaluate("element => element.scrollWidth <= element.clientWidth"), f"{name} is cut off"
        assert self.serious() == []


class FirstRulesOnTheNewGameForm(InBrowser):
    def test_the_first_rules_follow_the_options_as_the_host_changes_them(self):
        page = self.tv
        crash_on_the_new_game_form(page, self.live_server_url)
        lines = page.locator('fieldset[data-kind="crash"] .rule-lines li')
        expect(lines).to_have_text(
            [
                "Hand 1 is your strongest, hand 4 your weakest. Setting hands, in the rules",
                "Classic: a hand placed left of a stronger one is a foul, and a foul puts you out of the game. "
                "Fouls, in the rules",
            ]
        )
        page.get_by_role("radio", name="Arena: as Board Game Arena plays it").check()
        expect(lines.nth(1)).to_have_text(
            "Arena: hands out of order are no foul: they are played sorted, best first. Fouls, in the rules"
        )
        page.get_by_text("House rules: change how Crash is refereed").click()
        page.get_by_label("Cards dealt").select_option("9")
        page.get_by_label("Hands out of order").select_option("foul_round")
        expect(lines).to_have_text(
            [
                "Hand 1 is your strongest, hand 3 your weakest. Setting hands, in the rules",
                "House rule: a hand placed left of a stronger one is a foul, and a foul costs you the round's "
                "points. Fouls, in the rules",
            ]
        )
        lines.nth(1).get_by_role("link", name="Fouls, in the rules").click()
        expect(page.get_by_role("heading", name="Fouls", exact=True)).to_be_in_viewport()
