"""Names and dates whole on a 375x812 phone (issue 43, point 8): the history's chart shows
every player's name at its line's end inside the chart, none on another; the rating chart
after one evening shows its date whole, the hands chart its categories; the league tables
never break a name mid-word, and fit the phone with the longest "how long ago" they say."""

import datetime
import os

import pytest
from playwright.sync_api import expect

from scoring.services import session_start

from ..data import hands, play
from ..factories import UserFactory
from .boxes import overlaps
from .conftest import SharedLiveServer, log_in, serious_violations
from .thumb import Thumb

pytestmark = pytest.mark.browser

WIDTH = 375
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees there, to look at
PLAYERS = ["Maggie", "Christopher", "Bo", "Ann"]
# Long enough ago that the league says the longest of its "how long ago"s ("13 months ago"),
# whatever day the test runs: a fixed day read "today" on it and "yesterday" the next.
PLAYED_ON = datetime.date.today() - datetime.timedelta(days=400)
# One token each: Christopher, Bo and Ann go out in turn, all on 0, Maggie wins on 1.
ROUNDS = [
    hands(Maggie="AS KS QS", Christopher="2C 3D 5H", Bo="7C 7D 9S", Ann="8H 8D 4C"),
    hands(Maggie="AS KS QS", Bo="2C 3D 5H", Ann="8H 8D 4C"),
    hands(Maggie="AS KS QS", Ann="2C 3D 5H"),
]


def inside(inner: dict, outer: dict) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


# The lines a text is laid out on: one for a one-word name kept whole.
LINES = """e => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return new Set([...range.getClientRects()].map(box => Math.round(box.top))).size;
}"""


class NamesWhole(Thumb, SharedLiveServer):
    def setUp(self):
        super().setUp()
        self.user = UserFactory(username="host")
        self.session = session_start(host=self.user, title="Friday", played_on=PLAYED_ON, player_names=PLAYERS)
        play(self.session, "stop_the_bus", ROUNDS, seats=PLAYERS, tokens=1)

    def shoot_parts(self, name: str, selector: str) -> None:
        for n, part in enumerate(self.page.locator(selector).all() if SHOTS else []):
            part.screenshot(path=os.path.join(SHOTS, f"names-{name}-{n}.png"))

    def test_the_history_chart_shows_every_name_whole_and_apart(self):
        log_in(self.page, self.live_server_url)
        self.page.goto(f"{self.live_server_url}/sessions/{self.session.public_id}/history/")
        chart = self.page.locator("figure.chart svg").first.bounding_box()
        labels = self.page.locator(".chart .line-label")
        expect(labels).to_have_text(PLAYERS)
        boxes = [labels.nth(i).bounding_box() for i in range(len(PLAYERS))]
        for name, box in zip(PLAYERS, boxes):
            assert inside(box, chart), f"{name} is cut at the chart's edge: {box} in {chart}"
        ticks = self.page.locator(".chart .x-tick")
        for i, a in enumerate(boxes):
            assert not any(overlaps(a, b) for b in boxes[i + 1 :]), PLAYERS[i]
            assert not any(overlaps(a, ticks.nth(k).bounding_box()) for k in range(ticks.count())), PLAYERS[i]
        assert self.page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        self.shoot_parts("history", "figure.chart")

    def test_the_rating_chart_after_one_evening_shows_its_date_whole(self):
        log_in(self.page, self.live_server_url)
        maggie = self.user.players.get(name="Maggie")
        self.page.goto(self.live_server_url + maggie.get_absolute_url())
        chart = self.page.locator("figure.rating-chart svg").first
        ticks = chart.locator(".x-tick")
        expect(ticks).to_have_text([f"{PLAYED_ON.day} {PLAYED_ON:%b %y}"])
        assert inside(ticks.first.bounding_box(), chart.bounding_box()), "the date is cut at the chart's edge"
        bars = self.page.locator("figure.bars svg").first
        categories = bars.locator(".tick")
        expect(categories.filter(has_text="Running flush")).to_have_count(1)  # the longest
        for index in range(categories.count()):
            box = categories.nth(index).bounding_box()
            assert inside(box, bars.bounding_box()), f"{categories.nth(index).inner_text()} is cut"
        self.shoot_parts("rating", "figure.rating-chart")

    def test_the_league_tables_never_break_a_name(self):
        log_in(self.page, self.live_server_url)
        self.page.goto(self.live_server_url + "/players/")
        names = self.page.locator("table.rated tbody th a, table.league tbody th a")
        assert names.count() == 2 * len(PLAYERS)
        for index in range(names.count()):
            name = names.nth(index)
            assert name.evaluate(LINES) == 1, f"{name.inner_text()!r} is broken over lines"
        when = f"{PLAYED_ON.day} {PLAYED_ON:%b}, 13 months ago"  # the longest it says
        expect(self.page.locator("table.rated .when").first).to_have_text(when)
        parts = self.page.locator("table.rated .when > span").all()  # the day, and how long ago
        assert len(parts) == 2 * self.page.locator("table.rated tbody tr").count() > 0
        for part in parts:  # broken after the comma only
            assert part.evaluate(LINES) == 1, f"{part.inner_text()!r} is broken over lines"
        self.shoot_parts("league", ".scroll")
        for table in self.page.locator("table.rated, table.league").all():  # whole, not scrolled
            assert table.evaluate("e => e.parentElement.scrollWidth <= e.parentElement.clientWidth")
        assert self.page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        assert serious_violations(self.page) == []
