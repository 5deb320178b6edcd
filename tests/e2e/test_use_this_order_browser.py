"""A Crash foul's legal order taken in one tap, on a 375x812 phone with touch: "Use this order"
on a seat's own phone (twelve cards, that tap, then Send) and on the host's pad (the player's
hands set so, then on to the next player), and again after the foul was left as it is."""

import os

import pytest
from playwright.sync_api import expect

from scoring.models import Round, SeatHand, SessionPlayer
from scoring.services import game_start, session_start

from ..factories import UserFactory
from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the phone sees at each step, to look at
OPEN = """document.addEventListener("htmx:wsOpen", () => { document.documentElement.dataset.socket = "open"; });"""
ANN_FOULS = "2S 2H 5D AS AD AC 7C 8D TH KH QH JH"  # a pair, a prial, a high card, a running flush
ANN_LEGAL = ["AS AD AC", "JH QH KH", "2S 2H 5D", "TH 8D 7C"]  # strongest first, each as it is written
DEALS = {  # as test_results_in_view_browser: Cy's hand 2 ranks above hand 1, a foul
    "Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "Bob": "AH AD AC KH QH JH TH 9H 8H 7H 6H 2S",
    "Cy": "TC 9C 8C KC QC JC KD QD JD TD 9D 8D",
    "Di": "7D 6D 5D 6C 5C 4C 4D 3D 2D 3C 2C 3H",
}


class UseThisOrder(Thumb, SharedLiveServer):
    def shoot(self, name):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"order-{name}.png"))

    def open_seat(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob"])
        game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={"target": 99})
        token = SessionPlayer.objects.get(session=session, player__name="Ann").seat_token
        self.page.add_init_script(OPEN)
        self.page.goto(f"{self.live_server_url}/seat/{token}/")
        expect(self.page.locator("html[data-socket=open]")).to_have_count(1)

    def send(self):
        self.tap(self.page.locator(".pad").get_by_role("button", name="Send my hand"), "Send my hand")
        expect(self.page.locator("#seat-mine")).to_contain_text("Sent ✓")

    def test_a_seat_takes_its_legal_order_in_one_tap_then_sends_in_fourteen_taps(self):
        self.open_seat()
        page = self.page
        self.tap_cards(ANN_FOULS)
        foul = page.locator("[data-pad-foul]")
        expect(foul).to_contain_text("legal order: A♠ A♦ A♣, J♥ Q♥ K♥, 2♠ 2♥ 5♦, 10♥ 8♦ 7♣")
        self.assert_targets_big_enough(".pad-foul")
        self.shoot("seat-foul")
        assert self.serious() == []
        self.tap(foul.get_by_role("button", name="Use this order"), "Use this order")
        expect(foul).to_be_hidden()
        expect(page.locator("#id_hand_0_1")).to_have_value("A♠ A♦ A♣")
        expect(page.locator("#id_hand_0_4")).to_have_value("10♥ 8♦ 7♣")
        expect(page.locator(".pad [data-pad-check]")).to_have_text("Ann: in order.")
        self.shoot("seat-in-order")
        self.send()
        assert self.taps == 14  # twelve cards, Use this order, and Send
        assert SeatHand.objects.get(player__name="Ann").entry == {"hands": {"Ann": ANN_LEGAL}}

    def test_a_foul_left_as_it_is_keeps_its_legal_order_a_tap_away(self):
        self.open_seat()
        page = self.page
        self.tap_cards(ANN_FOULS)
        self.tap(page.locator("[data-pad-foul] [data-foul-on]"), "Leave it like this")
        offer = page.locator(".pad-order")
        expect(page.locator(".pad [data-pad-check]")).to_contain_text("foul if left like this")
        self.shoot("seat-left")
        self.tap(offer, "Use this order")
        expect(offer).to_be_hidden()
        expect(page.locator(".pad [data-pad-check]")).to_have_text("Ann: in order.")
        self.send()
        assert SeatHand.objects.get(player__name="Ann").entry == {"hands": {"Ann": ANN_LEGAL}}

    def test_the_host_takes_a_players_legal_order_on_the_pad_and_goes_on(self):
        game = self.open_game("crash", {"preset": "classic"})
        page = self.page
        self.tap_cards(DEALS["Ann"] + " " + DEALS["Bob"] + " " + DEALS["Cy"])
        foul = page.locator(".pad [data-pad-foul]")
        expect(foul).to_contain_text("legal order: J♣ Q♣ K♣, J♦ Q♦ K♦, 8♣ 9♣ 10♣, 8♦ 9♦ 10♦")
        self.shoot("host-foul")
        self.tap(foul.get_by_role("button", name="Use this order"), "Use this order")
        # Cy's hands set so, and the pad on Di's first hand, as after a setting in order.
        expect(page.locator(".seat-entry:visible legend")).to_have_text("Di")
        expect(page.locator(".field.active #id_hand_3_1")).to_have_count(1)
        expect(page.locator("#id_hand_2_1")).to_have_value("J♣ Q♣ K♣")
        expect(page.locator("#id_hand_2_3")).to_have_value("8♣ 9♣ 10♣")
        expect(page.locator("[data-seat-steps] button", has_text="Cy")).not_to_have_class("seat-step is-foul")
        self.assert_hand_and_pad_on_screen()
        self.shoot("host-on-to-di")
        taps = self.taps
        self.tap_cards(DEALS["Di"])
        self.record()
        expect(page.locator(".pad .pad-note")).to_contain_text("Round 1 recorded")
        assert self.taps - taps == 13  # after Use this order: Di's twelve cards and Record round
        entry = Round.objects.get(game=game).entry
        assert entry["hands"]["Cy"] == ["JC QC KC", "JD QD KD", "8C 9C TC", "8D 9D TD"]  # each as it is written
        assert "fouled" not in page.locator(".last-round").inner_text()
