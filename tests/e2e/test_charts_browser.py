"""Looking back on a game in Chromium: the players' names at the lines' ends never overlap,
even where several lines end on the same figure, each player out is marked where they went
out, and the x axis counts the rounds."""

import pytest
from playwright.sync_api import expect

from scoring.services import round_record

from ..factories import a_game
from .boxes import overlaps
from .conftest import TV, InBrowser, log_in

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
# One token each: the worst hand of each round is out, and three players end on 0.
ROUNDS = [
    {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S", "Dee": "8H 8D 4C"},
    {"Ann": "AS KS QS", "Cy": "2C 3D 5H", "Dee": "8H 8D 4C"},
    {"Ann": "AS KS QS", "Dee": "2C 3D 5H"},
]


class ChartLabels(InBrowser):
    def a_finished_game(self):
        game = a_game(players=PLAYERS, tokens=1)
        session, user = game.session, game.session.host
        for number, hands in enumerate(ROUNDS, 1):
            round_record(game=game, number=number, entry={"hands": hands}, by=user)
        return session

    def look_back(self, page, session):
        log_in(page, self.live_server_url)
        page.goto(f"{self.live_server_url}/sessions/{session.public_id}/history/")
        expect(page.locator("figcaption")).to_have_text(
            "Tokens after each round. Ann: 1, 1, 1, 1; Bob: 1, 0, 0, 0; Cy: 1, 1, 0, 0; Dee: 1, 1, 1, 0."
            " Bob went out in round 1. Cy went out in round 2. Dee went out in round 3."
        )

    def check_the_chart(self, page):
        labels = page.locator(".chart .line-label")
        expect(labels).to_have_count(len(PLAYERS))
        boxes = [labels.nth(i).bounding_box() for i in range(len(PLAYERS))]
        for i, a in enumerate(boxes):
            for j, b in enumerate(boxes[i + 1 :], i + 1):
                assert not overlaps(a, b), (PLAYERS[i], PLAYERS[j])
        # each player who went out is marked on their line, at the round, clear of every name
        markers = page.locator(".chart .out-marker")
        expect(markers.locator("title")).to_have_text(["Bob out in round 1", "Cy out in round 2", "Dee out in round 3"])
        ticks = page.locator(".chart .x-tick")
        for i in range(3):
            marker, tick = markers.nth(i).bounding_box(), ticks.nth(i + 1).bounding_box()
            assert abs((marker["x"] + marker["width"] / 2) - (tick["x"] + tick["width"] / 2)) < 1
            assert not any(overlaps(marker, label) for label in boxes)
        assert page.locator(".chart .x-tick").all_text_contents() == ["0", "1", "2", "3"]
        ticks = [page.locator(".chart .x-tick").nth(i).bounding_box() for i in range(4)]
        assert all(a["x"] + a["width"] <= b["x"] for a, b in zip(ticks, ticks[1:]))

    def test_on_a_phone_the_end_labels_never_overlap_and_the_x_axis_counts_rounds(self):
        session = self.a_finished_game()
        self.look_back(self.phone, session)
        self.check_the_chart(self.phone)
        assert self.phone.evaluate("document.documentElement.scrollWidth") <= 375

    def test_on_a_wide_screen_the_end_labels_never_overlap(self):
        session = self.a_finished_game()
        context = self.browser.new_context(**TV)
        try:
            page = context.new_page()
            self.look_back(page, session)
            self.check_the_chart(page)
        finally:
            context.close()
