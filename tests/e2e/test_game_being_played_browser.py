"""Issue 33's first evening, in Chromium: the host (a 375 px phone) plays three rounds of Stop
the Bus, starts a Crash game and plays two rounds, then goes back to the Stop the Bus game
and plays it to its end. The TV (1920x1080) shows each round of the game being played, says
when the game switches, and shows the winner; the phone says which game is being played."""

import os

import pytest
from playwright.sync_api import expect

from scoring.services import game_start, session_start

from ..data import CY_FOULS_FIELDS
from ..factories import UserFactory
from .conftest import PHONE, TV, SharedLiveServer, fill_hands, log_in

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host and the TV see there, to look at
BUS_BEFORE = [  # tokens=2: Bob, then Cy, then Ann lose a token
    {"hand_0": "As Ks Qs", "hand_1": "2c 3d 5h", "hand_2": "7c 7d 9s"},
    {"hand_0": "As Ks Qs", "hand_1": "7c 7d 9s", "hand_2": "2c 3d 5h"},
    {"hand_0": "2c 3d 5h", "hand_1": "As Ks Qs", "hand_2": "7c 7d 9s"},
]
CRASH_ROUNDS = [  # Cy fouls and is out; then Ann and Bob
    CY_FOULS_FIELDS,
    {"hand_0_1": "3s 3h 3d", "hand_0_2": "Ks Kh 9d", "hand_1_1": "As Ac 4d", "hand_1_2": "Kc Kd 9c"},
]


class TheTVFollowsTheGameBeingPlayed(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _devices(self, phone, tv):
        self.phone, self.tv = phone, tv

    def shoot(self, name, page=None, wide=False):
        """What a screen shows (its first screenful); the phone's page also as a TV-sized
        screen would show it."""
        if not SHOTS:
            return
        page = page or self.phone
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))
        if wide:
            page.set_viewport_size(TV["viewport"])
            page.screenshot(path=os.path.join(SHOTS, f"{name}-wide.png"))
            page.set_viewport_size(PHONE["viewport"])

    def record(self, number, fields):
        phone = self.phone
        expect(phone.get_by_role("heading", name=f"Round {number}: enter the hands")).to_be_visible()
        fill_hands(phone, fields)
        phone.get_by_role("button", name="Record round").tap()
        expect(phone.get_by_role("heading", name=f"Round {number} recorded")).to_be_visible()

    def test_back_to_the_first_game_the_tv_shows_each_of_its_rounds_and_its_winner(self):
        user = UserFactory(username="host")
        session = session_start(host=user, title="Friday", played_on="2026-11-22", player_names=["Ann", "Bob", "Cy"])
        game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
        tv, phone = self.tv, self.phone
        tv.goto(f"{self.live_server_url}/board/{session.share_token}/")
        head, banner, last = tv.locator("#board-head"), tv.locator("#board-banner"), tv.locator("#board-last")
        expect(head).to_contain_text("Stop the Bus, 2 tokens · game 1")
        log_in(phone, self.live_server_url)
        phone.goto(self.live_server_url + session.get_absolute_url())
        expect(phone.locator(".now-playing")).to_have_text("Now playing, on the board too: Stop the Bus · game 1")
        for number, fields in enumerate(BUS_BEFORE, 1):
            self.record(number, fields)
            expect(last.get_by_role("heading")).to_have_text(f"Round {number}")
        expect(last).to_contain_text("Ann loses a token (1 left)")

        phone.get_by_role("link", name="New game").tap()
        note = phone.get_by_role("note")
        expect(note).to_contain_text("Stop the Bus · game 1 is not finished: it stays open to continue.")
        expect(note.get_by_role("button")).to_have_text("Continue Stop the Bus · game 1")
        self.shoot("new-game", wide=True)
        phone.get_by_label("Crash", exact=True).check()
        phone.get_by_role("button", name="Start the game").tap()
        expect(banner).to_have_text("Now playing: Crash · game 2")
        expect(head).to_contain_text("· game 2")
        for number, fields in enumerate(CRASH_ROUNDS, 1):
            self.record(number, fields)
            expect(last.get_by_role("heading")).to_have_text(f"Round {number}")
            expect(banner).to_be_empty()  # the game goes on: nothing switched
        self.shoot("tv-crash", tv)

        phone.goto(f"{self.live_server_url}{session.get_absolute_url()}?game=1")  # opened, as "Correct a round" does
        expect(phone.locator(".now-playing")).to_contain_text(
            "Open here: Stop the Bus · game 1. The board shows Crash · game 2, the game being played."
        )
        self.shoot("session-open-here", wide=True)
        switch = phone.locator("#entry-switch")  # said again beside the hands, which the pad leaves in view
        expect(switch).to_have_text(
            "The board shows Crash · game 2: recording here makes Stop the Bus · game 1 the game being played."
        )
        expect(head).to_contain_text("· game 2")  # opening a game changes nothing on the TV
        self.record(4, {"hand_0": "As Ks Qs", "hand_1": "2c 3d 5h", "hand_2": "7c 7d 9s"})
        expect(banner).to_have_text("Now playing: Stop the Bus · game 1")
        expect(head).to_contain_text("Stop the Bus, 2 tokens · game 1")
        expect(last.get_by_role("heading")).to_have_text("Round 4")
        expect(last).to_contain_text("Bob has no tokens left: Bob is out")
        self.shoot("tv-switched", tv)
        expect(switch).to_be_empty()  # this game is the one being played now
        expect(phone.locator(".now-playing")).to_have_text("Now playing, on the board too: Stop the Bus · game 1")
        self.shoot("session-now-playing", wide=True)

        self.record(5, {"hand_0": "As Ks Qs", "hand_1": "2c 3d 5h"})
        expect(last.get_by_role("heading")).to_have_text("Round 5")
        expect(banner).to_have_text("Ann wins!")
        expect(tv.locator("#board-tally")).to_contain_text("Ann 1")
        self.shoot("tv-winner", tv)
        assert tv.evaluate("document.scrollingElement.scrollHeight") <= 1080

        phone.locator(".round-head").first.get_by_role("link", name="Correct").tap()
        expect(phone.get_by_role("heading", level=1)).to_have_text("Correct round 5 of Stop the Bus · game 1")
        self.shoot("correct-round", wide=True)
        phone.go_back()
        phone.get_by_role("link", name="Delete the last round").tap()
        expect(phone.get_by_role("heading", level=1)).to_have_text("Delete round 5 of Stop the Bus · game 1?")
        self.shoot("confirm-delete", wide=True)
        phone.get_by_role("link", name="Keep it").tap()
        expect(phone.locator("#standings-title")).to_have_text("Stop the Bus · game 1")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 375
