"""The night's story in Chromium, at a phone's size and a TV's: every item a card with its
cards as chips, nothing wider than the screen, and axe-core clean. With SCREENSHOTS set (a
folder), the pages are saved there to look at."""

import os

import pytest
from playwright.sync_api import expect

from scoring.services import game_end, game_start, round_correct, round_record, session_start

from ..factories import UserFactory
from .conftest import InBrowser, log_in, serious_violations

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees there, to look at

CRASH = {  # Ann takes every position: a crash
    "Ann": ["AS AH AD", "KS QS JS", "9H 9C 4D", "7D 7C 2H"],
    "Bob": ["QH QC 5S", "8S 8H 3C", "6S 6H 2C", "TS JH 3D"],
}


class StoryOfTheNight(InBrowser):
    def evening(self):
        host = UserFactory(username="host")
        names = ["Priya", "Tom", "<b>Cy</b>"]
        session = session_start(host=host, title="Friday at Priya's", played_on="2026-11-27", player_names=names)
        bus = game_start(session=session, kind="stop_the_bus", seat_names=names, options={"tokens": 1})
        first, _ = round_record(
            game=bus,
            number=1,
            by=host,
            entry={"hands": {"Priya": "2C 4D 7H", "Tom": "KS KH KD", "<b>Cy</b>": "AS 9D 5C"}},
        )
        round_correct(
            round=first, by=host, entry={"hands": {"Priya": "3S 3H 3D", "Tom": "KS KH KD", "<b>Cy</b>": "2C 4D 7H"}}
        )
        round_record(game=bus, number=2, by=host, entry={"hands": {"Priya": "2C 4D 7H", "Tom": "2D 4C 7S"}})
        round_record(game=bus, number=3, by=host, entry={"hands": {"Priya": "AS KS QS", "Tom": "2D 4C 7S"}})
        crash = game_start(session=session, kind="crash", seat_names=["Priya", "Tom"], options={})
        round_record(game=crash, number=1, by=host, entry={"hands": {"Priya": CRASH["Ann"], "Tom": CRASH["Bob"]}})
        commerce = game_start(session=session, kind="commerce", seat_names=names, options={"stake": 2})
        round_record(
            game=commerce,
            number=1,
            by=host,
            entry={"hands": {"Priya": "2S 5S 9D", "Tom": "AH KH QH", "<b>Cy</b>": "3C 4C 7H"}},
        )
        game_end(game=commerce)
        return session

    def test_the_story_reads_as_cards_on_a_phone_and_a_tv(self):
        session = self.evening()
        path = f"{self.live_server_url}/sessions/{session.public_id}/story/"
        for name, page in (("story-phone", self.phone), ("story-tv", self.tv)):
            log_in(page, self.live_server_url)
            page.goto(path)
            expect(page.get_by_role("heading", name="The night's story")).to_be_visible()
            for title in ("The hand of the night", "The biggest crash", "The luckiest escape", "Settling up"):
                expect(page.get_by_role("heading", name=title)).to_be_visible()
            expect(page.locator(".recap-hand_of_the_night .card")).to_have_count(3)
            assert "<b>Cy</b>" in page.locator(".recap-settle_up").inner_text()  # the name as typed, not markup
            wider = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert wider <= 0, f"{name}: the page is {wider}px wider than the screen"
            assert serious_violations(page) == []
            if SHOTS:
                page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
