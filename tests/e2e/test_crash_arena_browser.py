"""Crash arena on a 375 px phone in Chromium: hands set out of order are sorted, not a foul,
and looking back shows each hand beside its own label."""

import os

import pytest
from playwright.sync_api import expect

from ..factories import a_game
from .conftest import PHONE, TV, InBrowser, fill_hands, log_in

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees there, to look at


class ArenaOnAPhone(InBrowser):
    def log_in_to_an_arena_game(self):
        session = a_game("crash", ["Ann", "Bob"], title="Tonight", preset="arena").session
        log_in(self.phone, self.live_server_url)
        self.phone.goto(self.live_server_url + session.get_absolute_url())

    def shoot(self, name):
        """The page as the phone shows it, and as a TV-sized screen would (what was typed kept)."""
        if not SHOTS:
            return
        self.phone.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
        self.phone.set_viewport_size(TV["viewport"])
        self.phone.screenshot(path=os.path.join(SHOTS, f"{name}-tv.png"))
        self.phone.set_viewport_size(PHONE["viewport"])

    def test_hands_out_of_order_are_played_sorted_and_looked_back_on_with_their_own_labels(self):
        self.log_in_to_an_arena_game()
        page = self.phone
        fill_hands(page, {"hand_0_1": "2s 2h 5d", "hand_0_2": "Ah Kh Qh", "hand_0_3": "3s 3h 3d"})
        check = page.locator(".setting-check").first
        expect(check).to_have_text(
            "Hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (2♠ 2♥ 5♦, a pair of 2s): no foul "
            "in this game, the hands will be played sorted, best first: 3♠ 3♥ 3♦, Q♥ K♥ A♥, 2♠ 2♥ 5♦"
        )
        expect(check.locator(".warning")).to_have_count(0)
        self.shoot("arena-setting-check")
        fill_hands(page, {"hand_1_1": "As Ac 4d", "hand_1_2": "Ks Kd 6c", "hand_1_3": "7c 8c 10d"})
        page.get_by_role("button", name="Record round").tap()
        expect(page.locator(".last-round")).to_contain_text("Hand 1: Ann's prial of 3s is the best hand")

        page.get_by_role("link", name="Look back on this session").tap()
        ann = page.locator(".shown-hands > li").first
        expect(ann.locator(".hands-player")).to_have_text("Ann")
        expect(ann.locator(".shown-hand")).to_have_text(
            ["Hand 1 3♠3♥3♦ Prial of 3s", "Hand 2 Q♥K♥A♥ Running flush Q-K-A", "Hand 3 2♠2♥5♦ Pair of 2s, 5 kicker"]
        )
        self.shoot("arena-history")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
