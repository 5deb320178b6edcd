"""Crash hindsight on the host's 375 px phone: the round is recorded by tapping Record round,
and the page says who could have done better, on screen, readable, and clean under axe-core;
looking back shows it too."""

import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.services import game_start, session_start

from ..data import ANN_COULD, BOB_COULD, HINDSIGHT_ROUND
from ..factories import UserFactory
from .conftest import PHONE, TV, SharedLiveServer, fill_hands, log_in

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees there, to look at
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


class HindsightOnAPhone(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _phone(self, phone):
        self.page = phone

    def serious(self) -> list:
        violations = Axe().run(self.page, options=WCAG_A_AA).response["violations"]
        return [
            (v["id"], [node["target"] for node in v["nodes"]][:3])
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]

    def shoot(self, name):
        if not SHOTS:
            return
        self.page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
        self.page.set_viewport_size(TV["viewport"])
        self.page.screenshot(path=os.path.join(SHOTS, f"{name}-tv.png"), full_page=True)
        self.page.set_viewport_size(PHONE["viewport"])

    def test_after_the_round_the_host_reads_who_could_have_done_better(self):
        user = UserFactory(username="host")
        log_in(self.page, self.live_server_url)
        session = session_start(host=user, title="Tonight", played_on="2026-11-23", player_names=["Ann", "Bob"])
        game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
        page = self.page
        page.goto(self.live_server_url + session.get_absolute_url())
        fill_hands(
            page,
            {
                f"hand_{seat}_{position}": cards
                for seat, hands in enumerate(HINDSIGHT_ROUND.values())
                for position, cards in enumerate(hands, 1)
            },
        )
        page.get_by_role("button", name="Record round").tap()
        told = page.locator(".last-round .hindsight")
        expect(told).to_contain_text("With hindsight")
        expect(told.locator("li")).to_have_text([ANN_COULD, BOB_COULD])
        told.scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375  # long sentences wrap
        assert self.serious() == []
        self.shoot("hindsight-host")

        page.get_by_role("link", name="Look back on this session").tap()
        expect(page.locator(".round-list .hindsight li")).to_have_text([ANN_COULD, BOB_COULD])
        assert self.serious() == []
        self.shoot("hindsight-history")
