"""The TV shows the last round's hands as card faces, at 1080p and 720p: each chip on
screen and large enough for the room, a player out struck through by name only (never
through the "out" pill), and the board still clean under axe-core."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.services import round_record

from ..data import HINDSIGHT_ROUND
from ..factories import UserFactory, a_game
from .conftest import InBrowser, board_shown

pytestmark = pytest.mark.browser
SIZES = [({"width": 1920, "height": 1080}, 28), ({"width": 1280, "height": 720}, 18)]  # least font px

# Where the line-through is drawn: the elements whose own style asks for it.
STRUCK = """(row) => [row, ...row.querySelectorAll("*")]
  .filter((el) => getComputedStyle(el).textDecorationLine.includes("line-through"))
  .map((el) => ({cls: el.className, text: el.textContent, hasTag: !!el.querySelector(".tag")}))"""
ON_SCREEN = """(cards) => cards.map((el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
    && parseFloat(getComputedStyle(el).fontSize);
})"""


class BoardHands(InBrowser):
    def board(self, session, viewport):
        return board_shown(self.browser, self.live_server_url, session, viewport)

    def check_cards(self, page, count, least):
        cards = page.locator("#board-standings .card")
        expect(cards).to_have_count(count)
        sizes = cards.evaluate_all(ON_SCREEN)
        assert all(sizes) and min(sizes) >= least, sizes
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
        violations = Axe().run(page).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")] == []
        assert [v["id"] for v in violations if v["id"] in ("aria-allowed-attr", "aria-prohibited-attr")] == []

    def test_stop_the_bus_hands_beside_the_standings_and_the_out_pill_not_struck_through(self):
        game = a_game(host=UserFactory(), tokens=1)
        session, host = game.session, game.session.host
        round_record(
            game=game, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host
        )
        for viewport, least in SIZES:
            context, page = self.board(session, viewport)
            try:
                self.check_cards(page, 9, least)  # Bob's hand put him out: shown beside his struck name
                expect(page.locator(".row").last).to_contain_text("Bob")
                out = page.locator(".row.out")
                expect(out.locator(".tag", has_text="out")).to_be_visible()
                assert out.evaluate(STRUCK) == [{"cls": "who", "text": "Bob", "hasTag": False}]
            finally:
                context.close()

    def test_crash_hands_line_up_under_hand_1_to_hand_4(self):
        game = a_game("crash", ["Ann", "Bob"], host=UserFactory())
        session, host = game.session, game.session.host
        round_record(game=game, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
        for viewport, least in SIZES:
            context, page = self.board(session, viewport)
            try:
                self.check_cards(page, 24, least)
                headers = page.locator(".hands thead th")
                expect(headers).to_have_text(["Player", "Hand 1", "Hand 2", "Hand 3", "Hand 4"])
                lefts = [headers.nth(i).bounding_box()["x"] for i in range(1, 5)]
                firsts = [
                    page.locator(".hands tbody tr").nth(1).locator("td").nth(i).bounding_box()["x"] for i in range(4)
                ]
                assert lefts == pytest.approx(firsts, abs=1)  # each hand under its number
            finally:
                context.close()
