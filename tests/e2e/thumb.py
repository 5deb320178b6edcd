"""What a thumb can reach on a 375x812 phone with the card pad docked, and what it sees: the
helpers of the thumb-entry browser tests (every tap counted, none of them a scroll)."""

import os
import re
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.services import game_start, session_start

from ..factories import UserFactory
from .conftest import PHONE, log_in

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees at each step, to look at
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
WIDTH, HEIGHT = PHONE["viewport"]["width"], PHONE["viewport"]["height"]
TAP = 44  # the smallest tap target, in CSS pixels
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


class Thumb:
    """Mixed into a SharedLiveServer: ``self.page`` is a phone, ``self.taps`` counts."""

    @pytest.fixture(autouse=True)
    def _phone(self, phone):
        self.page = phone
        self.taps = 0

    def open_game(self, kind, options, players=PLAYERS, rounds=()):
        """Log in, start a game (with ``rounds`` already recorded) and open its session page
        (``self.url``; ``self.user`` is its host, ``self.session`` the evening)."""
        from scoring.services import round_record

        self.user = user = UserFactory(username="host")
        log_in(self.page, self.live_server_url)
        self.session = session = session_start(host=user, title="Tonight", played_on="2026-11-23", player_names=players)
        game = game_start(session=session, kind=kind, seat_names=players, options=options)
        for number, entry in enumerate(rounds, 1):
            round_record(game=game, number=number, entry=entry, by=user)
        self.url = self.live_server_url + session.get_absolute_url()
        self.page.goto(self.url)
        expect(self.page.locator(".pad")).to_be_visible()
        self.assert_hand_and_pad_on_screen()
        return game

    # --- What a thumb can reach, and what it sees --------------------------------------------

    def box(self, locator):
        box = locator.bounding_box()
        assert box, f"{locator} is not on the page"
        return box

    def height(self):
        return self.page.viewport_size["height"]

    def pad_top(self):
        pad = self.box(self.page.locator(".pad"))
        assert pad["y"] + pad["height"] <= self.height() + 1 and pad["y"] >= 0, f"the pad is not on screen: {pad}"
        return pad["y"]

    def assert_on_screen(self, locator, what, settle: float = 2.0):
        """On screen, above the pad unless it is part of it: reached without scrolling. Measured
        again for up to ``settle`` s, as expect() waits: what the host sees is the page once
        its scripts have settled it (a line added to the pad, the hand brought back into view),
        and on a loaded machine a single measure may fall between the two."""
        deadline = time.monotonic() + settle
        while True:
            box = self.box(locator)
            in_pad = locator.evaluate("element => !!element.closest('.pad')")
            has_pad = self.page.locator(".pad:visible").count() > 0
            bottom = self.height() if in_pad or not has_pad else self.pad_top()
            width = self.page.viewport_size["width"]
            on_screen = (
                box["y"] >= 0
                and box["y"] + box["height"] <= bottom + 1
                and box["x"] >= 0
                and box["x"] + box["width"] <= width + 1
            )
            if on_screen or time.monotonic() > deadline:
                break
            self.page.wait_for_timeout(50)
        assert on_screen, f"{what} is off screen or under the pad: {box}, pad at {bottom}"

    def assert_not_hidden_by_sticky_steps(self, locator, what):
        steps = self.page.locator("[data-seat-steps]:visible")
        if steps.count():
            box, bar = self.box(locator), self.box(steps)
            assert box["y"] >= bar["y"] + bar["height"] - 1 or box["y"] + box["height"] <= bar["y"] + 1, (
                f"{what} is under the players' steps: {box}, steps {bar}"
            )

    def assert_hand_and_pad_on_screen(self):
        active = self.page.locator(":is(.field, .hand-row).active [data-hand]")
        expect(active).to_have_count(1)
        self.assert_on_screen(active, "the hand being filled")
        self.assert_not_hidden_by_sticky_steps(active, "the hand being filled")

    def tap(self, locator, what):
        """One tap of the thumb on something already on screen and big enough for it."""
        self.assert_on_screen(locator, what)
        box = self.box(locator)
        assert box["width"] >= TAP and box["height"] >= TAP, f"{what} is too small to tap: {box}"
        locator.tap()
        self.taps += 1

    def tap_cards(self, codes):
        for code in codes.split():
            self.tap(self.page.locator(f'[data-card="{code}"]'), code)
            # A Crash player's last card: the pad moves on once their setting is checked.
            expect(self.page.locator("[data-pad-into]")).not_to_have_text(re.compile("^Checking"))
            self.assert_hand_and_pad_on_screen()

    def tap_button(self, name, what=None):
        self.tap(self.page.get_by_role("button", name=name, exact=True), what or name)

    def record(self):
        self.tap(self.page.locator(".pad").get_by_role("button", name="Record round"), "Record round")

    def shoot(self, name):
        if not SHOTS:
            return
        self.page.screenshot(path=os.path.join(SHOTS, f"thumb-{name}.png"))

    def assert_targets_big_enough(self, scope=".entry"):
        """Every control of the entry and the pad is at least 44x44."""
        controls = self.page.locator(
            f"{scope} button:visible, {scope} input:visible, {scope} select:visible, {scope} summary:visible"
        )
        for index in range(controls.count()):
            control = controls.nth(index)
            box = self.box(control)
            label = control.get_attribute("aria-label") or control.inner_text() or control.get_attribute("id")
            assert box["width"] >= TAP and box["height"] >= TAP, f"{label} is {box['width']}x{box['height']}"

    def serious(self) -> list:
        """axe-core's serious and critical WCAG 2 A/AA violations on the page as it is now."""
        violations = Axe().run(self.page, options=WCAG_A_AA).response["violations"]
        return [
            (v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3])
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]
