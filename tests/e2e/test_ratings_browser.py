"""The ratings' pages on a 375x812 phone (and a TV): the league's ratings, a player's page and
two players compared fit without side-scrolling, a tap on a rating shows its skill ± its
uncertainty, and axe-core finds nothing serious. With SCREENSHOTS set, what the host sees is
saved there to look at."""

import datetime
import os

import pytest
from playwright.sync_api import expect

from scoring.services import session_start

from ..data import an_evening, hands, play
from ..factories import UserFactory
from .conftest import PHONE, TV, SharedLiveServer, log_in, opened, serious_violations

pytestmark = pytest.mark.browser

PHONE_WIDTH = 375
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees there, to look at


def a_season(user):
    """Three evenings of the three games, then a run of duels: ratings with nights to chart,
    a nemesis and a player out of the provisional. The last is 13 months before the day the
    test runs: the longest "how long ago" the pages say."""
    last = datetime.date.today() - datetime.timedelta(days=400)
    for weeks in (7, 5, 2):
        an_evening(user, last - datetime.timedelta(weeks=weeks))
    session = session_start(host=user, title="Duels", played_on=last, player_names=["Ann", "Bob"])
    for winner, loser in [("Bob", "Ann")] * 3 + [("Ann", "Bob")] * 2:
        play(
            session, "stop_the_bus", [hands(**{winner: "As Ks Qs", loser: "2c 3d 5h"})], seats=[winner, loser], tokens=1
        )


# A table whole in the screen ("fits"), or in a region a keyboard can focus and scroll, named
# for a screen reader, whose scrolling brings its last column into the screen ("scrolls").
FITS_OR_SCROLLS = """table => {
    const region = table.parentElement, screen = document.documentElement.clientWidth;
    const last = table.querySelector("thead tr > :last-child");
    const seen = () => {
        const box = last.getBoundingClientRect(), shown = region.getBoundingClientRect();
        return box.left >= -0.5 && box.right <= Math.min(screen, shown.right) + 0.5;
    };
    if (region.scrollWidth <= region.clientWidth && seen()) return "fits";
    const named = region.getAttribute("aria-label") || document.getElementById(region.getAttribute("aria-labelledby"));
    const focusable = region.tabIndex === 0 && region.getAttribute("role") === "region" && !!named;
    region.scrollLeft = region.scrollWidth;
    const reached = seen();
    region.scrollLeft = 0;
    const right = Math.round(last.getBoundingClientRect().right);
    return focusable && reached ? "scrolls" : `cut at ${right} px (focusable: ${focusable})`;
}"""


def longest(user):
    """Beside a_season: Christopher, a long name, loses 14 duels to Ann 13 months ago: two-digit
    games, a negative rating and its change, and the longest "how long ago"."""
    duels = session_start(
        host=user,
        title="Duels",
        played_on=datetime.date.today() - datetime.timedelta(days=400),
        player_names=["Christopher", "Ann"],
    )
    for _ in range(14):
        play(
            duels,
            "stop_the_bus",
            [hands(Ann="As Ks Qs", Christopher="2c 3d 5h")],
            seats=["Christopher", "Ann"],
            tokens=1,
        )


class RatingsOnAPhone(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _devices(self, phone, browser):
        self.page, self.browser = phone, browser

    def shot(self, page, name: str) -> None:
        if SHOTS:  # a screen at a time, as the phone shows it
            height = page.evaluate("document.documentElement.scrollHeight")
            for n, top in enumerate(range(0, height, 812)):
                clip = {"x": 0, "y": top, "width": PHONE_WIDTH, "height": min(812, height - top)}
                page.screenshot(path=os.path.join(SHOTS, f"{name}-{n}.png"), full_page=True, clip=clip)

    def fits(self, page) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
        for table in page.locator("table.rated").all():
            for cell in table.locator("thead th").all():
                box = cell.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH + 0.5, cell.inner_text()
        assert serious_violations(page) == []

    def test_the_league_player_and_compare_pages_on_a_phone(self):
        user = UserFactory(username="host")
        a_season(user)
        ann = user.players.get(name="Ann")
        bob = user.players.get(name="Bob")
        page = self.page
        log_in(page, self.live_server_url)

        page.goto(self.live_server_url + "/players/")
        ratings = page.get_by_role("region", name="Stop the Bus")
        expect(ratings.get_by_role("row").nth(1)).to_contain_text("Ann")
        skill = ratings.locator("details.rating").first
        expect(skill.locator(".skill")).to_be_hidden()
        skill.locator("summary").tap()
        expect(skill.locator(".skill")).to_be_visible()
        expect(skill.locator(".skill")).to_contain_text("skill")
        self.shot(page, "ratings-league")
        self.fits(page)

        page.goto(self.live_server_url + ann.get_absolute_url())
        expect(page.get_by_role("img", name="Ann's rating in Stop the Bus")).to_be_visible()
        chart = page.locator("figure.rating-chart svg").first.bounding_box()
        assert chart["width"] <= PHONE_WIDTH and chart["height"] > 100
        expect(page.locator(".nemesis")).to_contain_text("Nemesis: Bob")
        self.shot(page, "ratings-player")
        self.fits(page)

        page.goto(self.live_server_url + "/players/compare/")
        page.select_option("#id_first", label="Ann")
        page.select_option("#id_second", label="Bob")
        page.get_by_role("button", name="Compare").tap()
        expect(page.get_by_role("heading", name="Ann and Bob")).to_be_visible()
        expect(page.get_by_role("region", name="Crash", exact=True)).to_contain_text("Games rated")
        self.shot(page, "ratings-compare")
        self.fits(page)
        assert page.url.endswith(f"?first={ann.public_id}&second={bob.public_id}&game=")

    def test_the_league_and_player_pages_on_a_tv(self):
        user = UserFactory(username="host")
        a_season(user)
        context = self.browser.new_context(**TV)
        try:
            page = context.new_page()
            log_in(page, self.live_server_url)
            for name, path in [
                ("ratings-league-tv", "/players/"),
                ("ratings-player-tv", user.players.get(name="Ann").get_absolute_url()),
            ]:
                page.goto(self.live_server_url + path)
                assert page.evaluate("document.documentElement.scrollWidth") <= TV["viewport"]["width"]
                assert serious_violations(page) == []
                if SHOTS:
                    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
        finally:
            context.close()

    def test_every_league_table_fits_a_phone_or_scrolls_in_a_region_of_its_own(self):
        """Issue 50, point 9: at 375 px the league's tables fit whole with the longest names and
        figures; at 320 px, and the head-to-head grid, what is wider scrolls in a region a
        keyboard reaches; the page itself never scrolls sideways."""
        user = UserFactory(username="host")
        a_season(user)
        longest(user)
        ann, christopher = (user.players.get(name=name) for name in ("Ann", "Christopher"))
        pages = {
            "league": "/players/",
            "compare": f"/players/compare/?first={ann.public_id}&second={christopher.public_id}",
            "player": christopher.get_absolute_url(),
        }
        for width in (375, 320):
            context, page = opened(self.browser, {**PHONE, "viewport": {"width": width, "height": 812}})
            try:
                log_in(page, self.live_server_url)
                for name, path in pages.items():
                    page.goto(self.live_server_url + path)
                    expect(page.locator("main")).to_contain_text("Christopher")
                    shown = [
                        (table.get_attribute("class"), table.evaluate(FITS_OR_SCROLLS))
                        for table in page.locator("table.standings").all()
                    ]
                    assert {how for _, how in shown} <= {"fits", "scrolls"}, (width, name, shown)
                    if width == 375:  # whole: only a big circle's head-to-head grid may scroll
                        assert [kind for kind, how in shown if how != "fits" and "head-to-head" not in kind] == []
                    assert page.evaluate("document.documentElement.scrollWidth") <= width, (width, name)
                    assert serious_violations(page) == []
                    if SHOTS:
                        page.screenshot(path=os.path.join(SHOTS, f"league-{name}-{width}.png"), full_page=True)
            finally:
                context.close()
