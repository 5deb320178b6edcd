"""A player's own phone, 375x812 and touch, in Chromium: the seat link opens the player's page,
three taps and Send send their Stop the Bus hand, a reload mid-entry keeps the taps, the
ticks, the showdown and the outcome arrive by themselves as the other seats send and the
host reveals and records."""

import os
import uuid

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from scoring.models import SeatHand, SessionPlayer
from scoring.services import game_start, round_record, round_reveal, seat_hand_send, session_start

from ..factories import UserFactory
from .thumb import Thumb

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the player sees at each step, to look at
OPEN = """document.addEventListener("htmx:wsOpen", () => { document.documentElement.dataset.socket = "open"; });"""


class SeatPhone(Thumb, ChannelsLiveServerTestCase):
    serve_static = True

    def shoot(self, name):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"seat-{name}.png"))

    def test_a_player_taps_three_cards_and_send_keeps_them_over_a_reload_and_sees_the_round_through(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob", "Cy"])
        game = game_start(
            session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3}
        )
        bob = session.players.get(name="Bob")
        seat_hand_send(game=game, player=bob, number=1, entry={"hands": {"Bob": "7H 7D 9C"}}, submission=uuid.uuid4())
        token = SessionPlayer.objects.get(session=session, player__name="Ann").seat_token

        page = self.page
        page.add_init_script(OPEN)
        page.goto(f"{self.live_server_url}/seat/{token}/")
        expect(page.locator("html[data-socket=open]")).to_have_count(1)
        expect(page.locator("#seat-head")).to_contain_text("Round 1")
        expect(page.locator("#seat-ticks")).to_have_text("Ann … Bob ✓ Cy …")
        expect(page.locator(".pad")).to_be_visible()
        assert self.serious() == []
        self.shoot("entering")

        self.tap_cards("AS KS")
        page.reload()  # mid-entry: the taps come back
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠")
        expect(page.locator("html[data-socket=open]")).to_have_count(1)
        self.tap_cards("QS")
        self.tap(page.locator(".pad").get_by_role("button", name="Send my hand"), "Send my hand")
        expect(page.locator("#seat-mine")).to_contain_text("Sent ✓ — you can change it until the host reveals.")
        expect(page.locator("#seat-ticks")).to_have_text("Ann ✓ Bob ✓ Cy …")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")  # kept, to change it
        assert self.taps == 4  # three cards and Send
        assert SeatHand.objects.get(player__name="Ann").entry == {"hands": {"Ann": "AS KS QS"}}
        self.shoot("sent")

        # Cy sends from another phone: the tick arrives, the player's cards stay as they are.
        cy = session.players.get(name="Cy")
        seat_hand_send(game=game, player=cy, number=1, entry={"hands": {"Cy": "2C 3D 5H"}}, submission=uuid.uuid4())
        expect(page.locator("#seat-ticks")).to_have_text("Ann ✓ Bob ✓ Cy ✓")
        expect(page.locator("#seat-entry")).not_to_contain_text("2♣")

        round_reveal(game=game, number=1)
        expect(page.locator("#seat-showdown")).to_contain_text("The host is recording round 1.")
        expect(page.locator("#seat-showdown")).to_contain_text("Cy")
        expect(page.locator(".pad")).to_have_count(0)  # the page drew its entry area again: no form
        assert self.serious() == []
        self.shoot("revealed")

        round_record(
            game=game, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "7H 7D 9C", "Cy": "2C 3D 5H"}}, by=host
        )
        expect(page.locator("#seat-last")).to_contain_text("Cy loses a token (2 left)")
        expect(page.locator("#seat-head")).to_contain_text("Round 2")
        expect(page.locator("#id_hand_0")).to_have_value("")  # round 2's form, empty
        assert self.serious() == []
        self.shoot("outcome")
