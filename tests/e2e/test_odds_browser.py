"""The odds on the TV in Chromium at 1920x1080: a game started on the host's phone while the
board is open shows
each player's chance to win it without a reload, on one screen, in type the room can read,
clean under axe-core; and the option switched on from the host's phone."""

import os

import pytest
from playwright.sync_api import expect

from engine.ratings import PROVISIONAL_GAMES
from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from .conftest import TV, InBrowser, board_shown, log_in, serious_violations

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the TV shows there, to look at
ROOM_TEXT_PX = 28  # 0.875rem at 1080p: the least the board gives the room (board.css)


def a_circle(host):
    """Ann, Bob and Di with PROVISIONAL_GAMES games of Stop the Bus each, every one won by Bob,
    Ann second and Di last; Cy new to it."""
    past = session_start(host=host, title="Last week", played_on="2026-11-13", player_names=["Ann", "Bob", "Cy", "Di"])
    for _ in range(PROVISIONAL_GAMES):
        game = game_start(session=past, kind="stop_the_bus", seat_names=["Ann", "Bob", "Di"], options={"tokens": 1})
        entry = {"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Di": "2C 3D 5H"}}
        round_record(game=game, number=1, by=host, entry=entry)
        second = {"hands": {"Bob": "AH KH QH", "Ann": "8C 8D 9H"}}  # Bob and Ann play on: Ann out
        round_record(game=game, number=2, by=host, entry=second)
    return past


class OddsOnTheTV(InBrowser):
    def test_a_game_starting_shows_the_odds_live_on_one_screen(self):
        host = UserFactory(username="host")
        a_circle(host)
        session = session_start(
            host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy", "Di"], show_odds=True
        )
        context, tv = board_shown(self.browser, self.live_server_url, session, TV["viewport"])
        try:
            expect(tv.locator("#board-standings")).to_contain_text("Waiting for the first game")
            phone = self.phone  # the host starts the game, as at the table: the server tells the TV
            log_in(phone, self.live_server_url)
            phone.goto(self.live_server_url + session.get_absolute_url())
            phone.get_by_role("link", name="Start the first game").tap()
            phone.get_by_role("button", name="Start the game").tap()
            odds = tv.locator("#board-last .odds li")
            expect(odds).to_have_count(4)  # live: no reload
            names = [line.locator(".who").inner_text() for line in odds.all()]
            chances = [int(line.locator(".chance").inner_text().rstrip("%")) for line in odds.all()]
            assert chances == sorted(chances, reverse=True) and sum(chances) == 100  # as shown
            assert names[0] == "Bob" and names[-1] == "Di"  # first and last in every game
            cy = tv.locator("#board-last .odds li", has_text="Cy").locator(".tag")
            expect(cy).to_have_text("a guess: no game yet")  # new to the game: the odds say they are a guess
            expect(tv.locator("#board-last .odds .tag")).to_have_count(1)
            if SHOTS:
                tv.screenshot(path=os.path.join(SHOTS, "odds-1080.png"))
            shown = tv.evaluate(
                """() => ({
                  scrollHeight: document.scrollingElement.scrollHeight, innerHeight: innerHeight,
                  scrollWidth: document.scrollingElement.scrollWidth, innerWidth: innerWidth,
                  fonts: [...document.querySelectorAll('#board-last .odds li > *, .odds-note')]
                    .map((el) => parseFloat(getComputedStyle(el).fontSize)),
                  bars: [...document.querySelectorAll('.odds-bar span')].map((el) => el.getBoundingClientRect().width),
                })"""
            )
            assert shown["scrollHeight"] <= shown["innerHeight"] and shown["scrollWidth"] <= shown["innerWidth"]
            assert min(shown["fonts"]) >= ROOM_TEXT_PX
            assert shown["bars"] == sorted(shown["bars"], reverse=True) and shown["bars"][0] > shown["bars"][-1]
            assert serious_violations(tv) == []
        finally:
            context.close()

    def test_the_host_switches_the_odds_on_from_the_phone_and_the_tv_shows_them(self):
        host = UserFactory(username="host")
        a_circle(host)
        session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
        game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={})
        context, tv = board_shown(self.browser, self.live_server_url, session, TV["viewport"])
        try:
            expect(tv.locator("#board-last .odds")).to_have_count(0)
            phone = self.phone
            log_in(phone, self.live_server_url)
            phone.goto(self.live_server_url + session.get_absolute_url())
            phone.get_by_role("button", name="Show the odds").tap()
            expect(phone.locator(".messages")).to_contain_text("The TV shows the odds as each game starts.")
            expect(tv.locator("#board-last .odds li")).to_have_count(3)
            if SHOTS:
                phone.get_by_role("button", name="Hide pad").tap()  # the pad stands over the page's foot
                phone.locator(".board-link").screenshot(path=os.path.join(SHOTS, "odds-switch-375.png"))
        finally:
            context.close()
