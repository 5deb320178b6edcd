"""The small things of a first evening, on a 375x812 phone: the nav whole on the screen, a stray tap
on Record recording nothing, a void deal asked first and recorded once, the pad hidden while
reading and brought back, sign-up's fields evenly spaced."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round

from ..factories import UserFactory
from .conftest import TV, SharedLiveServer, log_in
from .thumb import Thumb

pytestmark = pytest.mark.browser
DOUBLE_TAP_GAP_MS = 150  # the second tap of a double tap, as a wet thumb makes it


class SmallScreens(Thumb, SharedLiveServer):
    def nav_items(self):
        return self.page.locator("nav.nav > a, nav.nav > form button")

    def nav_rows(self) -> set[float]:
        """The tops of the main nav's links and buttons: one value, one row."""
        items = self.nav_items()
        tops = set()
        for index in range(items.count()):
            box = self.box(items.nth(index))
            assert box["height"] >= 44, f"{items.nth(index).inner_text()} is {box['height']} high"
            tops.add(round(box["y"]))
        return tops

    def assert_nav_fits_the_screen(self):
        """Every item of the nav whole on the screen (no word cut, nothing to swipe to), each a
        target of at least 44x44 px, and nothing scrolls sideways."""
        width = self.page.viewport_size["width"]
        items = self.nav_items()
        assert items.count() >= 5
        for index in range(items.count()):
            item = items.nth(index)
            name, box = item.inner_text(), self.box(item)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{name!r} is off screen: {box}"
            assert box["width"] >= 44 and box["height"] >= 44, f"{name!r} is {box['width']}x{box['height']}"
            assert item.evaluate("e => e.scrollWidth <= e.clientWidth"), f"{name!r} is cut"
            expect(item).to_be_in_viewport(ratio=1)
        nav_scrolls = self.page.locator("nav.nav").evaluate("e => e.scrollWidth > e.clientWidth")
        page_scrolls = self.page.evaluate("document.documentElement.scrollWidth > innerWidth")
        assert not nav_scrolls and not page_scrolls, "the nav scrolls sideways"

    def test_the_nav_fits_375_px_logged_out_and_in(self):
        self.page.goto(self.live_server_url + "/")
        self.assert_nav_fits_the_screen()
        self.shoot("nav-logged-out")
        UserFactory(username="host")
        log_in(self.page, self.live_server_url)
        self.assert_nav_fits_the_screen()
        expect(self.page.get_by_role("button", name="Log out", exact=True)).to_be_in_viewport(ratio=1)
        assert self.serious() == []
        self.shoot("nav-logged-in")

    def test_the_nav_is_one_row_on_the_tv_too(self):
        self.page.set_viewport_size(TV["viewport"])
        UserFactory(username="host")
        log_in(self.page, self.live_server_url)
        assert len(self.nav_rows()) == 1

    def test_sign_up_has_no_gap_before_password_confirmation(self):
        self.page.goto(self.live_server_url + "/accounts/signup/")
        rules = self.box(self.page.locator("#id_password1 ~ .help"))
        confirmation = self.box(self.page.get_by_text("Password confirmation", exact=True))
        assert confirmation["y"] - (rules["y"] + rules["height"]) <= 24

    def test_an_empty_record_in_crash_records_nothing(self):
        game = self.open_game("crash", {})
        self.record()
        expect(self.page.locator(".pad .pad-note")).to_have_text("Nothing entered yet.")
        expect(self.page.get_by_role("heading", name="Round 1: enter the hands")).to_be_visible()
        assert not Round.objects.filter(game=game).exists()

    def test_the_pad_hides_stays_hidden_and_comes_back(self):
        self.open_game("crash", {})
        self.tap_button("Hide pad")
        expect(self.page.locator(".pad-cards")).to_be_hidden()
        show = self.page.get_by_role("button", name="Show pad", exact=True)
        expect(show).to_be_visible()
        assert self.box(self.page.locator(".pad"))["height"] < 120  # a bar, not 430 px of cards
        self.shoot("pad-hidden")
        self.page.reload()  # remembered
        expect(show).to_be_visible()
        expect(self.page.locator(".pad-cards")).to_be_hidden()
        self.page.goto(self.live_server_url + "/")  # the hand judge, before its result
        expect(self.page.locator(".pad-cards")).to_be_hidden()
        self.tap(show, "Show pad")
        expect(self.page.locator(".pad-cards")).to_be_visible()
        self.page.goto(self.url)
        expect(self.page.locator(".pad-cards")).to_be_visible()
        expect(self.page.get_by_role("button", name="Hide pad", exact=True)).to_be_visible()
        self.assert_targets_big_enough(".pad")

    def test_a_void_deal_is_asked_first_and_recorded_once_though_tapped_twice(self):
        game = self.open_game("crash", {}, rounds=[{"hands": {"Ann": ["AS KS QS"], "Bob": [], "Cy": [], "Di": []}}])
        self.tap_button("Hide pad")
        other = self.page.locator(".entry-other summary")
        other.scroll_into_view_if_needed()
        self.tap(other, "Other")
        void = self.page.get_by_role("link", name="Void deal", exact=True)
        void.scroll_into_view_if_needed()
        self.tap(void, "Void deal")
        expect(self.page.get_by_role("heading", level=1)).to_have_text(
            "Record round 2 of Crash · game 1 as a void deal: nobody scores and Bob deals again?"
        )
        self.shoot("void-deal-asked")
        assert Round.objects.filter(game=game).count() == 1
        box = self.box(self.page.get_by_role("button", name="Record the void deal"))
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.touchscreen.tap(x, y)
        self.page.wait_for_timeout(DOUBLE_TAP_GAP_MS)  # the gap between the two taps is the scenario
        self.page.touchscreen.tap(x, y)
        expect(self.page.get_by_text("Round 2 recorded as a void deal.").first).to_be_visible()
        expect(self.page.locator(".last-round")).to_contain_text("A void deal: nobody scores, and Bob deals again")
        assert Round.objects.filter(game=game).count() == 2
        assert Round.objects.get(game=game, number=2).entry["void"] is True
        self.shoot("void-deal-recorded")
