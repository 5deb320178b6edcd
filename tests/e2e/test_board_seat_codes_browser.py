"""The seats' QR codes on the TV, at 1280x720 and 1920x1080: they fill the last round's place
while the board has nothing else to show there, and shrink to the top right corner once it
has (the first round's verdict, the odds, a Crash round's four hands) or every seat's phone
is open; whatever they share the screen with stays on it, whole, and the board stays clean
under axe-core."""

import os

import pytest
from playwright.sync_api import expect

from scoring import queries
from scoring.services import game_start, host_plays_as, seat_codes_show, session_start

from ..factories import UserFactory
from ..referee.board_nights import FOUR, SIX, typical_evening
from .conftest import InBrowser, board_shown, serious_violations

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the TV shows there, to look at
SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
LEAST_SHARE = 0.035  # the verdict's text, of the screen's height
# Every code as small as the corner has them (large ones are a sixth of the screen's height or more).
IN_CORNER = (
    "() => [...document.querySelectorAll('.code')].every((el) => el.getBoundingClientRect().width < innerHeight / 6)"
)

# The boxes of the codes and of what the room reads beside them, as the browser lays them out.
LAID_OUT = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const shown = (s) => [...document.querySelectorAll(s)].filter((el) => el.getClientRects().length > 0);
  return {
    scrollHeight: document.scrollingElement.scrollHeight, scrollWidth: document.scrollingElement.scrollWidth,
    codes: shown(".code").map(box),
    results: shown("#board-last .events li, #board-last .odds li").map(box),
    fonts: shown("#board-last .events li, #board-last .odds li").map((el) => parseFloat(getComputedStyle(el).fontSize)),
    standings: shown("#board-standings .row, #board-standings .card").map(box),
  };
}"""


def overlap(a, b) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


class SeatCodesOnTheTV(InBrowser):
    def phone_opened(self, context, seat):
        """A seat's own page opened on a phone, its socket open (it says so: data-live)."""
        phone = context.new_page()
        phone.goto(f"{self.live_server_url}/seat/{seat.seat_token}/")
        expect(phone.locator("main.seat[data-live=open]")).to_have_count(1)

    def board_with_codes(self, session, viewport, name):
        """The board at ``viewport`` once its codes are in: what it lays out, and the page."""
        context, page = board_shown(self.browser, self.live_server_url, session, viewport)
        expect(page.locator(".code")).to_have_count(len(queries.seats_of(session)))
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"codes-{name}-{viewport['height']}.png"))
        return context, page, page.evaluate(LAID_OUT)

    def check_beside(self, session, name, results):
        """The codes in the corner, and ``results`` lines of the last round (or odds) beside
        them, large, every one whole on the screen and none under another."""
        for viewport in SIZES:
            context, page, shown = self.board_with_codes(session, viewport, name)
            try:
                assert serious_violations(page) == []
            finally:
                context.close()
            width, height = viewport["width"], viewport["height"]
            assert shown["scrollHeight"] <= height and shown["scrollWidth"] <= width
            assert len(shown["results"]) == results
            assert min(shown["fonts"]) >= LEAST_SHARE * height
            for box in shown["codes"] + shown["results"] + shown["standings"]:
                assert 0 <= box["top"] and box["bottom"] <= height and 0 <= box["left"] and box["right"] <= width
            for code in shown["codes"]:
                assert code["bottom"] <= height / 4  # in the top corner
                assert not any(overlap(code, box) for box in shown["results"] + shown["standings"])

    def test_the_codes_fill_the_last_rounds_place_before_the_first_round(self):
        session, _ = typical_evening(UserFactory(), "stop_the_bus", SIX, 0, {"tokens": 3})
        seat_codes_show(session=session, shown=True)
        for viewport in SIZES:
            context, page, shown = self.board_with_codes(session, viewport, "before")
            try:
                assert serious_violations(page) == []
            finally:
                context.close()
            assert shown["results"] == []  # nothing else to show there yet
            for code in shown["codes"]:  # large enough to scan from the sofa
                assert code["right"] - code["left"] >= viewport["height"] / 6

    def test_the_first_rounds_verdict_shows_beside_the_codes(self):
        session, _ = typical_evening(UserFactory(), "stop_the_bus", SIX, 1, {"tokens": 3})
        seat_codes_show(session=session, shown=True)
        self.check_beside(session, "first-round", 1)

    def test_the_odds_show_beside_the_codes(self):
        session, _ = typical_evening(UserFactory(), "stop_the_bus", SIX, 0, {"tokens": 3}, show_odds=True)
        seat_codes_show(session=session, shown=True)
        self.check_beside(session, "odds", len(SIX))

    def test_a_crash_round_with_four_hands_each_shows_beside_the_codes(self):
        session, _ = typical_evening(UserFactory(), "crash", FOUR, 1, {"target": 32, "crash": "bonus_point"})
        seat_codes_show(session=session, shown=True)
        self.check_beside(session, "crash", 4)

    def test_the_codes_go_to_their_corner_once_every_seat_has_its_phone_open(self):
        session, _ = typical_evening(UserFactory(), "stop_the_bus", SIX[:4], 0, {"tokens": 3})
        seat_codes_show(session=session, shown=True)
        seats = queries.seats_of(session)
        phones = self.browser.new_context()  # the players' own phones
        context, page, _ = self.board_with_codes(session, SIZES[0], "some-phones")
        try:
            for seat in seats[:-1]:
                self.phone_opened(phones, seat)
            assert not page.evaluate(IN_CORNER)  # one phone is still missing
            self.phone_opened(phones, seats[-1])
            page.wait_for_function(IN_CORNER, timeout=3_000)  # told by the phone's opening: nothing asks
            expect(page.locator(".code")).to_have_count(4)
        finally:
            context.close()
        try:
            for viewport in SIZES:  # a board opened now shows them in the corner at once
                context, page, shown = self.board_with_codes(session, viewport, "all-phones")
                try:
                    assert page.evaluate(IN_CORNER)
                finally:
                    context.close()
                assert all(code["bottom"] <= viewport["height"] / 4 for code in shown["codes"])
        finally:
            phones.close()

    def test_only_the_seats_in_the_game_being_played_have_codes_none_for_the_host_who_plays(self):
        session = session_start(host=UserFactory(), title="Friday", played_on="2026-11-27", player_names=SIX)
        host = SIX[0]  # plays from the host's page
        host_plays_as(session=session, player=session.players.get(name=host))
        seated = [host, SIX[1], SIX[3], SIX[5]]  # SIX[2] and SIX[4] sit this game out
        game_start(session=session, kind="crash", seat_names=seated, options={})
        seat_codes_show(session=session, shown=True)
        for viewport in SIZES:
            context, page = board_shown(self.browser, self.live_server_url, session, viewport)
            try:
                codes = page.locator(".code")
                expect(codes).to_have_count(3)
                assert page.locator(".code-name").all_inner_texts() == seated[1:]
                titles = page.locator(".code svg title").all_text_contents()
                assert titles == [f"Scan to open {name}'s seat" for name in seated[1:]]
                if SHOTS:
                    page.screenshot(path=os.path.join(SHOTS, f"codes-sitting-out-{viewport['height']}.png"))
                shown = page.evaluate(LAID_OUT)
                assert serious_violations(page) == []
            finally:
                context.close()
            width, height = viewport["width"], viewport["height"]
            assert shown["scrollHeight"] <= height and shown["scrollWidth"] <= width
            for code in shown["codes"]:  # large enough to scan from the sofa, whole on the screen
                assert code["right"] - code["left"] >= height / 6
                assert 0 <= code["top"] and code["bottom"] <= height and 0 <= code["left"] and code["right"] <= width
