"""A club night's pages as people see them, in Chromium: the organiser's event page and its new-event
form, a player's own link on a phone, and the big screen at 1280x720 and 1920x1080, each clean under
axe-core; the phone pages never scroll sideways, and the big screen shows the whole night on one screen
without scrolling, its text large enough to read across the room."""

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services

from ..club_nights import club_night, play_table
from ..factories import UserFactory
from .conftest import InBrowser, log_in, opened, serious_violations

pytestmark = pytest.mark.browser
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo", "Ned", "Oz", "Pia"]
SIDEWAYS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
SCROLLS = "document.documentElement.scrollHeight - document.documentElement.clientHeight"
# The smallest text on the screen, in CSS pixels (a TV's 720p or 1080p read from the sofa).
SMALLEST_TEXT = """
[...document.querySelectorAll('main *')].filter(e => e.childElementCount === 0 && e.textContent.trim()
  && e.offsetParent !== null).map(e => parseFloat(getComputedStyle(e).fontSize)).reduce((a, b) => Math.min(a, b), 99)
"""


def a_night_between_rounds():
    """Sixteen players at four tables: round 1 played and confirmed but at table 4."""
    event = club_night(UserFactory(username="host"), PLAYERS, rounds=3)
    first = services.event_draw(event=event)
    services.event_round_start(event_round=first)
    for table in first.tables.order_by("number"):
        play_table(table)
        if table.number != 4:
            services.event_result_confirm(table=table, entrant=None)
    return event


def at_table_one(event) -> str:
    """A player of round 1's table 1 (its result confirmed: their link shows their next table first)."""
    return event.event_rounds.get(number=1).tables.get(number=1).seats.order_by("position")[1].entrant.token


FITTED = """() => {
  const shown = document.querySelectorAll("#screen-standings tbody tr:not([hidden])").length;
  const more = document.querySelector("#screen-standings .more");
  return !!more && more.textContent.trim().startsWith(`… and ${60 - shown} more`);
}"""


class ClubNightScreens(InBrowser):
    def test_the_organisers_pages_pass_axe_on_a_phone_and_never_scroll_sideways(self):
        event = a_night_between_rounds()
        log_in(self.phone, self.live_server_url)
        results = reverse("event-results", kwargs={"event_id": event.public_id})
        story = reverse("event-story", kwargs={"event_id": event.public_id})
        for path in (event.get_absolute_url(), "/events/new/", "/events/", results, story):
            self.phone.goto(self.live_server_url + path)
            assert serious_violations(self.phone) == [], path
            assert self.phone.evaluate(SIDEWAYS) == 0, path

    def test_a_players_link_passes_axe_on_a_phone_and_never_scrolls_sideways(self):
        event = a_night_between_rounds()
        services.event_draw(event=event)
        token = at_table_one(event)
        self.phone.goto(f"{self.live_server_url}/night/{token}/")
        expect(self.phone.locator("main.night")).to_have_attribute("data-live", "open")
        expect(self.phone.locator("#night-own h2").first).to_contain_text("Next: round 2")
        assert serious_violations(self.phone) == []
        assert self.phone.evaluate(SIDEWAYS) == 0

    def test_the_big_screen_holds_the_night_on_one_screen_at_720p_and_1080p(self):
        event = a_night_between_rounds()
        services.event_draw(event=event)
        for size, smallest in (((1280, 720), 14), ((1920, 1080), 21)):
            context, page = opened(self.browser, {"viewport": {"width": size[0], "height": size[1]}})
            try:
                page.goto(f"{self.live_server_url}/screen/{event.screen_token}/")
                expect(page.locator("main.screen")).to_have_attribute("data-live", "open")
                expect(page.locator("#screen-tables .table-state")).to_have_count(4)
                expect(page.locator("#screen-draw")).to_contain_text("Next: round 2")
                expect(page.locator("#screen-standings tbody tr")).to_have_count(len(PLAYERS))
                assert page.evaluate(SCROLLS) == 0 and page.evaluate(SIDEWAYS) == 0, size
                for row in page.locator("#screen-standings tbody tr, .draw-tables li, .table-state").all():
                    box = row.bounding_box()
                    assert box["y"] + box["height"] <= size[1] + 0.5, (size, row.inner_text())
                assert page.evaluate(SMALLEST_TEXT) >= smallest, size
                assert serious_violations(page) == [], size
            finally:
                context.close()

    def test_a_big_night_on_the_screen_keeps_the_top_rows_that_fit_and_says_how_many_more(self):
        event = club_night(UserFactory(), [f"Player {n}" for n in range(1, 61)], table_size=6)
        services.event_round_start(event_round=services.event_draw(event=event))
        context, page = opened(self.browser, {"viewport": {"width": 1280, "height": 720}})
        try:
            page.goto(f"{self.live_server_url}/screen/{event.screen_token}/")
            expect(page.locator("#screen-tables .table-state")).to_have_count(10)
            more = page.locator("#screen-standings .more")
            expect(more).to_be_visible()
            # The rows are fitted again as the socket's parts swap in: count them once the count
            # and the words agree, not halfway through.
            page.wait_for_function(FITTED)
            shown = page.locator("#screen-standings tbody tr:not([hidden])").count()
            assert 10 <= shown < 60
            expect(more).to_have_text(f"… and {60 - shown} more: each player's place is on their phone")
            assert page.evaluate(SCROLLS) == 0
            box = more.bounding_box()
            assert box["y"] + box["height"] <= 720
        finally:
            context.close()


@pytest.mark.webkit
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_and_a_players_link_in_webkit(lan_server, webkit_window):
    """An iPhone's engine: a player's link at 390x844 and the big screen at 1280x720, as the room
    opens them (at the laptop's LAN name over plain HTTP)."""
    from . import webkit

    event = a_night_between_rounds()
    services.event_draw(event=event)
    screen = webkit_window(webkit.TV)
    screen.goto(f"{lan_server.url}/screen/{event.screen_token}/")
    screen.wait_text("#screen-draw h2", "Next: round 2")
    assert screen.overflow() == 0
    assert screen.js(f"return {SCROLLS}") == 0
    phone = webkit_window()
    token = at_table_one(event)
    phone.goto(f"{lan_server.url}/night/{token}/")
    phone.wait_text("#night-own h2", "Next: round 2", contains=True)
    assert phone.overflow() == 0
    name = event.entrants.get(token=token).player.name
    phone.wait_text("#night-shared tr.is-you th", name)  # their own row in the standings, marked
    if os.environ.get("SCREENSHOTS"):  # a folder: save what each shows, to look at
        screen.screenshot(os.path.join(os.environ["SCREENSHOTS"], "webkit-club-night-screen.png"))
        phone.screenshot(os.path.join(os.environ["SCREENSHOTS"], "webkit-club-night-phone.png"))
    assert screen.errors() == [] and phone.errors() == []
