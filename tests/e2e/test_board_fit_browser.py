"""The TV board at the app's limits, on a 1080p and a 720p TV: thirty rounds with sixteen
players (Stop the Bus with twenty tokens each, Commerce), and a Crash game of four that ends
with hindsight to tell. The board never scrolls, "Tonight" stays on screen, the text meant
for the room is 28 px or more at 1080p, and 720p shows the same, scaled."""

import os

import pytest
from playwright.sync_api import expect

from ..factories import UserFactory
from ..referee.board_nights import FOUR, ROUNDS, SIX, SIXTEEN, crash_night, three_card_night, typical_evening
from .conftest import InBrowser, board_shown

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the TV shows there, to look at
HD, FULL_HD = {"width": 1280, "height": 720}, {"width": 1920, "height": 1080}
ROOM_TEXT = (
    "#board-head h1",
    ".summary",
    ".row .name",
    ".row .value",
    ".tag",
    ".dealer",
    ".pot",
    "#board-last h2",
    "#board-last li",
    ".hindsight-title",
    ".strip-line",
    "#board-tally h2",
    "#board-tally p",
    ".row-hand .card",
    ".hands th",
    ".hands .card",
)

# What the board shows, as the browser lays it out: the page's size, each room text's
# font size, the pips' size, the boxes of what must be on screen, and the strip's lines.
MEASURE = """(texts) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const shown = (el) => el.getClientRects().length > 0;
  const strip = document.getElementById("board-strip");
  const lines = [...strip.querySelectorAll(".strip-line")];
  return {
    scrollHeight: document.scrollingElement.scrollHeight, scrollWidth: document.scrollingElement.scrollWidth,
    innerHeight: innerHeight, innerWidth: innerWidth,
    fonts: Object.fromEntries(texts.map((s) => [s, [...document.querySelectorAll(s)].filter(shown)
      .map((el) => parseFloat(getComputedStyle(el).fontSize))])),
    pips: [...document.querySelectorAll(".pip")].map((el) => Math.min(el.offsetWidth, el.offsetHeight)),
    rows: [...document.querySelectorAll(".row")].map(box),
    onScreen: ["#board-tally h2", "#board-last", ".banner", ".hindsight"].filter((s) => document.querySelector(s))
      .map((s) => [s, box(document.querySelector(s))]),
    strip: box(strip), standings: box(document.getElementById("board-standings")),
    clipped: ["board-standings", "board-last", "board-tally"].map((id) => document.getElementById(id))
      .filter((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth).map((el) => el.id),
    lines: lines.filter(shown).map(box), sent: lines.length,
    cards: [...document.querySelectorAll("#board-standings .card")].filter(shown).map(box),
  };
}"""


class TvBoard(InBrowser):
    def board_at(self, session, viewport, waiting_for):
        context, page = board_shown(self.browser, self.live_server_url, session, viewport)
        expect(page.locator("#board-last")).to_contain_text(waiting_for)
        return context, page


class BoardFits(TvBoard):
    def measure(self, session, viewport, waiting_for, name):
        context, page = self.board_at(session, viewport, waiting_for)
        try:
            if SHOTS:
                page.screenshot(path=os.path.join(SHOTS, f"{name}-{viewport['height']}.png"))
            return page.evaluate(MEASURE, list(ROOM_TEXT))
        finally:
            context.close()

    def check_fits(self, shown):
        assert shown["scrollHeight"] <= shown["innerHeight"] and shown["scrollWidth"] <= shown["innerWidth"]
        for name, box in shown["onScreen"]:
            assert 0 <= box["top"] and box["bottom"] <= shown["innerHeight"], name
            assert 0 <= box["left"] and box["right"] <= shown["innerWidth"], name
        assert shown["clipped"] == []  # nothing cut off at the edge of its part of the board
        for row in shown["rows"]:
            assert shown["standings"]["top"] <= row["top"] and row["bottom"] <= shown["standings"]["bottom"]
        for line in shown["lines"]:  # whole lines only, inside the strip
            assert shown["strip"]["top"] <= line["top"] and line["bottom"] <= shown["strip"]["bottom"]
        for card in shown["cards"]:  # the last round's hands, whole, on the standings' side
            assert shown["standings"]["top"] <= card["top"] and card["bottom"] <= shown["standings"]["bottom"]
            assert shown["standings"]["left"] <= card["left"] and card["right"] <= shown["standings"]["right"]

    def check_the_evening(self, session, waiting_for, name, players, cards, earlier_rounds_shown=True):
        large = self.measure(session, FULL_HD, waiting_for, name)
        small = self.measure(session, HD, waiting_for, name)
        for shown in (large, small):
            self.check_fits(shown)
            assert len(shown["rows"]) == players
        too_small = {text: sizes for text, sizes in large["fonts"].items() if any(size < 28 for size in sizes)}
        assert too_small == {}
        assert all(size >= 28 for size in large["pips"])
        assert large["fonts"]["#board-tally h2"] and large["fonts"]["#board-last li"]  # there, and measured
        assert len(large["cards"]) == len(small["cards"]) == cards  # every hand of the last round
        assert (len(large["lines"]) > 0) == earlier_rounds_shown and len(large["lines"]) < large["sent"]
        # 720p shows the same board, two thirds the size
        assert len(small["lines"]) == len(large["lines"])
        assert small["fonts"] == {
            text: [pytest.approx(size * 2 / 3, abs=0.05) for size in sizes] for text, sizes in large["fonts"].items()
        }
        return large

    def test_thirty_rounds_of_stop_the_bus_for_sixteen_with_twenty_tokens_fit(self):
        session, _, outcome = three_card_night(UserFactory(), "stop_the_bus", {"tokens": 20})
        still_in = len(SIXTEEN) - len(outcome.out)
        shown = self.check_the_evening(session, f"Round {ROUNDS}", "stop-the-bus-16", len(SIXTEEN), 3 * still_in)
        assert len(shown["pips"]) == 16 * 20

    def test_thirty_rounds_of_commerce_for_sixteen_fit(self):
        session, _, _ = three_card_night(UserFactory(), "commerce", {}, title="Commerce night")
        self.check_the_evening(session, f"Round {ROUNDS}", "commerce-16", len(SIXTEEN), 3 * len(SIXTEEN))

    def test_a_crash_game_that_ends_shows_its_winner_large_and_the_last_rounds_hindsight(self):
        session, game, outcome = crash_night(UserFactory())
        last = len(outcome.rounds)
        # the winner, the last round and its hindsight leave no room for a Crash round's lines
        shown = self.check_the_evening(session, f"Round {last}", "crash-4", 4, 4 * 12, earlier_rounds_shown=False)
        assert dict(shown["onScreen"]).keys() >= {".banner", ".hindsight"}
        context, page = self.board_at(session, FULL_HD, f"Round {last}")
        try:
            expect(page.locator(".banner")).to_have_text(f"{outcome.winners[0]} wins!")
            assert page.locator(".banner").evaluate("el => parseFloat(getComputedStyle(el).fontSize)") >= 64
            told = page.locator("#board-last .hindsight li")
            expect(told).to_have_count(3)
            expect(told.first).to_contain_text("could have scored")
        finally:
            context.close()


# A typical evening on the TV: what the room reads from the sofa (the last round's verdict,
# or the odds, and the cards) grows with the screen, 3.5 % of its height or more, and the
# board fills the screen, never scrolling.
LEAST_SHARE = 0.035
FILLED_SHARE = 0.65  # the standings, the last round or the earlier rounds reach this far down
GROWN = """() => {
  const shown = (el) => el.getClientRects().length > 0;
  const all = (s) => [...document.querySelectorAll(s)].filter(shown);
  const content = all("#board-standings > *, #board-last > *, #board-strip > *");
  return {
    scrollHeight: document.scrollingElement.scrollHeight, innerHeight: innerHeight,
    scrollWidth: document.scrollingElement.scrollWidth, innerWidth: innerWidth,
    verdict: all("#board-last .events li, #board-last .odds li").map((el) => parseFloat(getComputedStyle(el).fontSize)),
    chips: all("#board-standings .card").map((el) => el.getBoundingClientRect().height),
    bottom: Math.max(...content.map((el) => el.getBoundingClientRect().bottom)),
    clipped: ["board-standings", "board-last", "board-tally"].map((id) => document.getElementById(id))
      .filter((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth).map((el) => el.id),
  };
}"""


class TypicalEvenings(TvBoard):
    def check_grown(self, session, waiting_for, name, chips):
        for viewport in (FULL_HD, HD):
            context, page = self.board_at(session, viewport, waiting_for)
            try:
                if SHOTS:
                    page.screenshot(path=os.path.join(SHOTS, f"{name}-{viewport['height']}.png"))
                shown = page.evaluate(GROWN)
            finally:
                context.close()
            height = viewport["height"]
            assert shown["scrollHeight"] <= height and shown["scrollWidth"] <= viewport["width"], shown
            assert shown["clipped"] == []
            assert shown["verdict"] and min(shown["verdict"]) >= LEAST_SHARE * height, shown["verdict"]
            assert len(shown["chips"]) == chips
            assert not shown["chips"] or min(shown["chips"]) >= LEAST_SHARE * height, shown["chips"]
            assert shown["bottom"] >= FILLED_SHARE * height, shown["bottom"]

    def test_crash_for_four_with_four_hands_each_fills_the_tv(self):
        session, _ = typical_evening(UserFactory(), "crash", FOUR, 2, {"target": 32, "crash": "bonus_point"})
        self.check_grown(session, "Round 2", "typical-crash-4", 4 * 12)

    def test_stop_the_bus_for_six_fills_the_tv(self):
        session, _ = typical_evening(UserFactory(), "stop_the_bus", SIX, 3, {"tokens": 3})
        self.check_grown(session, "Round 3", "typical-bus-6", 3 * 6)

    def test_stop_the_bus_starting_with_the_odds_fills_the_tv(self):
        session, _ = typical_evening(UserFactory(), "stop_the_bus", SIX, 0, {"tokens": 3}, show_odds=True)
        self.check_grown(session, "The odds", "typical-odds-6", 0)

    def test_commerce_for_five_fills_the_tv(self):
        session, _ = typical_evening(UserFactory(), "commerce", SIX[:5], 3)
        self.check_grown(session, "Round 3", "typical-commerce-5", 3 * 5)
