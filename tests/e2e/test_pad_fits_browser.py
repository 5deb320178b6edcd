"""The host's card pad on a phone in Chromium (issue 50, point 1): its grid of 52 cards, those
used greyed out, whole on the screen at 320, 375 and 430 px wide, after a Crash reveal that
leaves a player without a phone 13 spades and at every number of cards left, 0 to 52; and the
pad open through a whole Crash round after a round with a foul, while the players' phones
panel changes above it (the host's socket swapping in the new panel)."""

import os

import pytest
from playwright.sync_api import expect

from scoring.models import Round, SessionPlayer

from .conftest import PHONE, SharedLiveServer
from .pad_fit import EVERY_COUNT, FOUL_ROUND, NEXT_ROUND, SENT, WIDTHS
from .seat_sending import send_hand
from .thumb import Thumb

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")


class PadFits(Thumb, SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser

    def shoot(self, name):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"pad-{name}.png"))

    def assert_pad_fits(self, width, height, counts=None):
        """The pad whole on a ``width`` x ``height`` screen: as it stands (``counts`` None), or
        put in each number of cards left in ``counts``."""
        measured = f"([counts, width, height]) => ({EVERY_COUNT})(counts, width, height)"
        problems = self.page.evaluate(measured, [counts, width, height])
        assert problems == [], "\n".join(problems[:20])

    def test_after_reveal_the_player_without_a_phone_has_the_grid_whole_on_the_screen(self):
        game = self.open_game("crash", {"preset": "classic"})
        for name, hands in SENT.items():
            token = SessionPlayer.objects.get(session=self.session, player__name=name).seat_token
            send_hand(self.live_server_url, token, hands, 1)
        expect(self.page.locator("#table-panel .table-tick.sent")).to_have_count(3)
        self.page.locator("#table-panel").get_by_role("button", name="Reveal", exact=True).tap()
        expect(self.page.locator(".seat-entry:visible legend")).to_have_text("Di")  # the pad moved to Di
        pad = self.page.locator(".pad")
        expect(pad.locator("[data-card]:enabled")).to_have_count(16)  # the 13 spades and three threes
        expect(pad.locator("[data-card]:disabled")).to_have_count(36)  # greyed out, in their places
        for width, height in WIDTHS:
            self.page.set_viewport_size({"width": width, "height": height})
            self.shoot(f"crash-revealed-{width}")
            expect(pad.locator('[data-card="AS"]')).to_be_in_viewport(ratio=1)
            expect(pad.get_by_role("button", name="Record round")).to_be_in_viewport(ratio=1)
            self.assert_pad_fits(width, height)
        self.tap_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")
        self.record()
        expect(self.page.locator(".last-round")).to_contain_text("Ann takes every position: crash")
        assert Round.objects.filter(game=game).count() == 1

    def test_the_pad_keeps_its_grid_whole_on_the_screen_at_every_number_of_cards_left(self):
        self.open_game("crash", {"preset": "classic"})
        for width, height in WIDTHS:
            self.page.set_viewport_size({"width": width, "height": height})
            self.assert_pad_fits(width, height, list(range(53)))

    def test_the_pad_stays_open_through_a_crash_round_after_a_round_with_a_foul(self):
        """The players' phones panel follows the seats on the host's socket; what it swaps in is
        the panel, not the round's answer: the pad stays as the host left it."""
        game = self.open_game("crash", {"preset": "classic"})
        page, pad = self.page, self.page.locator(".pad")
        self.tap_cards(" ".join((FOUL_ROUND["Ann"], FOUL_ROUND["Bob"], FOUL_ROUND["Cy"])))
        self.tap_button("Leave it, go on to Di")
        self.tap_cards(FOUL_ROUND["Di"])
        self.record()
        outcome = page.locator(".last-round.just-recorded")
        expect(outcome.locator(".event-foul")).to_contain_text("Cy fouled")
        expect(pad).to_have_class("pad folded")  # the outcome to read first
        self.tap_button("Enter the next round")

        phones = self.browser.new_context(**PHONE)  # a player's phone opens: the host's panel changes
        self.addCleanup(phones.close)
        panel = page.locator("#table-panel")
        for number, (name, cards) in enumerate(NEXT_ROUND.items()):
            self.tap_cards(cards[:8])
            if number < 2:  # twice, mid-hand
                phones.new_page().goto(self.seat_url(name))
                expect(panel.locator(".table-tick", has_text=name).locator(".phone-on")).to_have_count(1)
            expect(pad).not_to_have_class("pad folded")
            self.tap_cards(cards[8:])
            expect(pad).not_to_have_class("pad folded")
        expect(page.locator("[data-seat-steps] button")).to_have_count(3)
        expect(page.locator("#id_hand_2_1")).to_have_value("3♠ 3♥ 3♦")
        self.shoot("crash-after-foul-all-hands")
        self.record()
        expect(page.locator(".last-round")).to_contain_text("Round 2 recorded")
        assert Round.objects.filter(game=game).count() == 2

    def seat_url(self, name):
        token = SessionPlayer.objects.get(session=self.session, player__name=name).seat_token
        return f"{self.live_server_url}/seat/{token}/"
