"""House rules on a 375 px phone: a host starts classic Crash where a crash scores a point and
aces are the best prial, and the session page says so; and a game where players may ask their
own phones for the best setting of their cards (Coach while setting)."""

import os

import pytest
from playwright.sync_api import expect

from scoring.models import Game
from scoring.services import session_start

from ..factories import UserFactory
from .conftest import InBrowser, log_in

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees there, to look at


class HouseRulesOnAPhone(InBrowser):
    def crash_on_the_new_game_form(self):
        """The host logged in on the new game form of a session of Ann and Bob, Crash picked:
        returns the phone's page and Crash's fieldset."""
        user = UserFactory(username="host")
        log_in(self.phone, self.live_server_url)
        session = session_start(host=user, title="Club night", played_on="2026-11-23", player_names=["Ann", "Bob"])
        page = self.phone
        page.goto(self.live_server_url + session.get_absolute_url() + "games/new/")
        page.get_by_role("radio", name="Crash").check()
        return page, page.locator('fieldset[data-kind="crash"]')

    def test_a_game_started_with_house_rules_is_refereed_and_described_by_them(self):
        page, crash = self.crash_on_the_new_game_form()
        expect(page.locator('fieldset[data-kind="stop_the_bus"]')).to_be_hidden()
        crash.get_by_text("House rules: change how Crash is refereed").tap()
        crash.get_by_label("A crash (every position)").select_option(
            label="Taking every position of a round scores one extra point"
        )
        crash.get_by_label("Best prial").select_option(label="Prials go by rank: A-A-A is the best, 2-2-2 the lowest")
        page.get_by_role("button", name="Start the game").tap()

        expect(page.locator(".game-summary")).to_have_text("Crash, classic, to 7")
        expect(page.locator(".house-rules-said li")).to_have_text(
            [
                "Taking every position of a round scores one extra point",
                "Prials go by rank: A-A-A is the best, 2-2-2 the lowest",
            ]
        )
        assert Game.objects.get().options["crash"] == "bonus_point"
        # The live setting check ranks by the game's own ranking: A-A-A above 3-3-3 is out of order.
        page.fill("#id_hand_0_1", "3s 3h 3d")
        page.fill("#id_hand_0_2", "As Ah Ad")
        # The check of the seat being filled: whether the pad has hidden the other seat yet or not.
        first_seat = page.locator(".seat-entry", has=page.locator("#id_hand_0_1"))
        expect(first_seat.locator(".setting-check")).to_contain_text(
            "Hand 2 (A♠ A♥ A♦, a prial of aces) is stronger than hand 1 (3♠ 3♥ 3♦, a prial of 3s)"
        )

    def test_coaching_is_picked_among_the_house_rules_said_before_the_start_and_kept_with_the_game(self):
        page, crash = self.crash_on_the_new_game_form()
        crash.get_by_text("House rules: change how Crash is refereed").tap()
        crash.get_by_label("Coach while setting").select_option(
            label="A player may ask for the best setting of their own cards before sending their hand "
            "(players' own phones)"
        )
        coach_line = crash.locator(".rule-lines li").filter(has_text="House rule: on your own phone you may ask")
        expect(coach_line).to_have_count(1)  # said as the host picks it, before anything is started
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, "coach-new-game.png"), full_page=True)
        page.get_by_role("button", name="Start the game").tap()
        expect(page.locator(".game-summary")).to_have_text("Crash, classic, to 7")
        expect(page.locator(".house-rules-said li")).to_have_text(
            ["A player may ask for the best setting of their own cards before sending their hand (players' own phones)"]
        )
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, "coach-session.png"), full_page=True)
        assert Game.objects.get().options["coach"] is True

    def test_declarations_with_9_cards_are_refused_in_view_after_start_the_game(self):
        """The refusal used to sit 600 px below the page's top, in the engine's words: now the page
        comes back on the refused field, the form's words next to both choices."""
        page, crash = self.crash_on_the_new_game_form()
        crash.get_by_text("House rules: change how Crash is refereed").tap()
        crash.get_by_label("Cards dealt").select_option(label="9 cards each: up to three hands (2-5 players)")
        crash.get_by_label("Declarations").select_option(
            label="Six pairs voids the deal; a thirteen-card run wins the game (13 cards only)"
        )
        page.get_by_role("button", name="Start the game").tap()

        said = "Declarations need 13 cards: pick 13 cards dealt or no declarations."
        cards, declarations = page.locator("#id_crash-cards_error"), page.locator("#id_crash-declarations_error")
        expect(cards).to_have_text(said)
        expect(declarations).to_have_text(said)
        expect(crash.get_by_label("Cards dealt")).to_be_focused()
        expect(cards).to_be_in_viewport()  # where the eye is, without scrolling
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, "refused-9-cards.png"))
        assert not Game.objects.exists()

        # Taking the refusal's advice starts the game.
        crash.get_by_label("Declarations").select_option(label="No declarations: every player sets hands")
        page.get_by_role("button", name="Start the game").tap()
        expect(page.locator(".game-summary")).to_have_text("Crash, classic 9 cards, to 7")
        assert Game.objects.get().options["cards"] == 9
