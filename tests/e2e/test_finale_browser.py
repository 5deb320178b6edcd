"""The finale on the TV in Chromium: the host's phone taps "End the evening", and the TVs (at
1280x720 and 1920x1080) show the night's story a card at a time, advancing by themselves
(their clocks run on by hand), then the evening's standings, then the live board again; every
card fits the screen with eight players of the longest names, its type no smaller than the
board's own, and axe-core finds nothing serious. With SCREENSHOTS set (a folder), the cards
are saved there to look at."""

import datetime
import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from referee.board.finale import CARD_SECONDS, STANDINGS_SECONDS
from scoring.services import game_end, game_start, round_record, session_start

from ..factories import UserFactory
from .conftest import WCAG_A_AA, InBrowser, log_in, opened, serious, serious_violations

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save the cards there, to look at

# Eight players, their names as long as a name may be (24), best hand first: each round of
# Stop the Bus the last of those still in loses their one token.
NAMES = [
    "Alexandra Wolfeschlegel",
    "Bartholomew Fitzwilliams",
    "Christabel Montmorency",
    "Dimitrios Papadopoulos",
    "Evangelina Castellanos",
    "Fitzgerald Worthingtons",
    "Gwendolyn Featherstonee",
    "Hieronymus Bartholomeus",
]
HANDS = ["AS KH 9D", "AH QD 8C", "KS JH 7D", "KD 10C 6S", "QS 9H 5D", "JS 8H 4D", "10S 7H 3D", "9S 6H 2D"]
TVS = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})
# What a card shows, whether it fits (the page does not scroll, and the card is no taller and
# no wider than the screen) and its smallest type, to read from a sofa: none of it (its kicker
# aside) smaller than the board's own 1rem (32 px at 1080p).
FITS = """() => {
  const card = [...document.querySelectorAll('#board-finale .finale-card')].find((c) => !c.hidden);
  const page = document.scrollingElement;
  const told = [...card.querySelectorAll("*")].filter((e) => !e.closest(".finale-kicker")
    && [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()));
  return {card: card ? card.className : null,
    base: parseFloat(getComputedStyle(document.documentElement).fontSize),
    smallest: Math.min(...told.map((e) => parseFloat(getComputedStyle(e).fontSize))),
    fits: page.scrollHeight <= innerHeight && page.scrollWidth <= innerWidth
      && card.scrollHeight <= card.clientHeight && card.scrollWidth <= card.clientWidth
      && card.getBoundingClientRect().bottom <= innerHeight};
}"""


def long_evening():
    """Eight players: a game of Stop the Bus won by the first, then Commerce for a stake."""
    host = UserFactory(username="host")
    session = session_start(host=host, title="Friday at Alexandra's", played_on="2026-11-27", player_names=NAMES)
    bus = game_start(session=session, kind="stop_the_bus", seat_names=NAMES, options={"tokens": 1})
    for number in range(1, len(NAMES)):
        still_in = NAMES[: len(NAMES) - number + 1]
        round_record(game=bus, number=number, by=host, entry={"hands": dict(zip(still_in, HANDS, strict=False))})
    commerce = game_start(session=session, kind="commerce", seat_names=NAMES, options={"stake": 2})
    round_record(game=commerce, number=1, by=host, entry={"hands": dict(zip(NAMES, HANDS, strict=True))})
    game_end(game=commerce)
    return session


AXE_STARTED = """(options) => {
  window.axeFound = null;
  axe.run(document, options).then((results) => { window.axeFound = results.violations; });
}"""


def shown_index(tv) -> int:
    """Which card of the finale the TV shows (-1: none)."""
    return tv.evaluate("[...document.querySelectorAll('#board-finale .finale-card')].findIndex((c) => !c.hidden)")


def next_card(tv, index: int, at_least: int) -> None:
    """Run the TV's clock on until the card after ``index`` shows: within a card's time, and
    not before ``at_least`` ms."""
    waited = 0
    while shown_index(tv) == index:
        tv.clock.run_for(100)
        waited += 100
        assert waited <= CARD_SECONDS * 1000, f"card {index} still shown after {waited} ms"
    assert shown_index(tv) == index + 1 and waited >= at_least, (index, waited)


def axe_checked(tv) -> int:
    """axe-core on what the TV shows, its clock held: axe waits on the page's timers, so the
    clock runs on a millisecond at a time until axe is done, however long axe takes on a busy
    machine. Returns how many ms of the card's time that took."""
    tv.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")  # the card's fade in
    tv.evaluate(Axe().axe_script)
    tv.evaluate(AXE_STARTED, WCAG_A_AA)
    taken = 0
    while (violations := tv.evaluate("window.axeFound")) is None:
        tv.clock.run_for(1)
        taken += 1
        assert taken < 1000, "axe-core did not finish within a second of the TV's time"
    assert serious(violations) == []
    return taken


class TheFinaleOnTheTv(InBrowser):
    def tv_at(self, session, viewport, **device):
        """A TV on the session's board, its clock held (the finale's cards move on only when
        the test runs it on), once the socket's first board is in."""
        context, page = opened(self.browser, {"viewport": viewport, **device})
        self.addCleanup(context.close)
        page.clock.install()
        page.add_init_script("document.addEventListener('htmx:wsAfterMessage', () => { window.boardsIn = true; })")
        page.goto(f"{self.live_server_url}/board/{session.share_token}/")
        page.wait_for_function("window.boardsIn === true")
        page.clock.pause_at(datetime.datetime.fromtimestamp(page.evaluate("Date.now()") / 1000 + 1))
        return page

    def test_end_the_evening_plays_the_story_then_the_standings_on_each_tv(self):
        session = long_evening()
        tvs = [self.tv_at(session, viewport) for viewport in TVS]
        phone = self.phone
        log_in(phone, self.live_server_url)
        phone.goto(f"{self.live_server_url}{session.get_absolute_url()}")
        phone.get_by_role("button", name="End the evening: show the story on the TV").tap()
        expect(phone.get_by_role("button", name="Play it again")).to_be_visible()
        expect(phone.get_by_role("button", name="Stop the story")).to_be_visible()
        expect(phone.locator("#story-switch").get_by_role("status")).to_contain_text(
            "The night's story is playing on the TV"
        )
        assert serious_violations(phone) == []
        if SHOTS:
            phone.locator("#story-switch").screenshot(path=os.path.join(SHOTS, "finale-phone.png"))

        for tv in tvs:
            height = tv.viewport_size["height"]
            finale = tv.locator("#board-finale")
            cards = finale.locator(".finale-card")
            expect(finale.locator(".finale-opening")).to_be_visible()
            expect(tv.locator("#board-standings")).to_be_hidden()  # the board behind, hidden while it plays
            count, kinds = cards.count(), []
            for index in range(count):
                expect(cards.nth(index)).to_be_visible()
                shown = tv.evaluate(FITS)
                kinds.append(shown["card"])
                if SHOTS:
                    tv.screenshot(path=os.path.join(SHOTS, f"finale-{height}-{index}.png"), animations="disabled")
                assert shown["fits"], f"{height}p: {shown['card']} is larger than the screen"
                assert shown["smallest"] >= shown["base"], f"{height}p: {shown['card']} has {shown['smallest']} px type"
                checked = index in (0, count - 1) or "ratings" in shown["card"] or "settle_up" in shown["card"]
                taken = axe_checked(tv) if checked else 0
                if index < count - 1:  # a card's time, less what axe took of it
                    next_card(tv, index, at_least=CARD_SECONDS * 1000 - taken)
            assert "recap-ratings" in " ".join(kinds) and "recap-settle_up" in " ".join(kinds)
            standings = finale.locator(".finale-standings")
            expect(standings).to_contain_text("Tonight's standings")
            expect(standings.locator(".finale-row").first).to_contain_text(NAMES[0])
            expect(standings.locator(".finale-row")).to_have_count(len(NAMES))
            tv.clock.run_for(STANDINGS_SECONDS * 1000)
            expect(finale.locator(".finale-card")).to_have_count(0)  # the live board is back
            expect(tv.locator("#board-standings")).to_be_visible()

    def test_the_host_plays_it_again_and_stops_it(self):
        session = long_evening()
        tv = self.tv_at(session, TVS[0], reduced_motion="reduce")
        phone = self.phone
        log_in(phone, self.live_server_url)
        phone.goto(f"{self.live_server_url}{session.get_absolute_url()}")
        phone.get_by_role("button", name="End the evening: show the story on the TV").tap()
        opening = tv.locator("#board-finale .finale-opening")
        expect(opening).to_be_visible()
        assert opening.evaluate("card => getComputedStyle(card).animationName") == "none"  # no motion asked for
        tv.clock.run_for(CARD_SECONDS * 1000 - 100)
        expect(opening).to_be_visible()
        tv.clock.run_for(100)
        expect(opening).to_be_hidden()  # the same timing all the same
        cards = tv.locator("#board-finale .finale-card")
        tv.clock.run_for(CARD_SECONDS * 1000 * (cards.count() - 2))  # from the second card to the standings
        standings = tv.locator("#board-finale .finale-standings")
        expect(standings).to_be_visible()
        tv.clock.run_for(STANDINGS_SECONDS * 1000 - 100)
        expect(standings).to_be_visible()
        tv.clock.run_for(100)
        expect(cards).to_have_count(0)  # the live board is back
        phone.get_by_role("button", name="Play it again").tap()
        expect(opening).to_be_visible()  # from its first card again
        phone.get_by_role("button", name="Stop the story").tap()
        expect(tv.locator("#board-finale .finale-card")).to_have_count(0)
        expect(tv.locator("#board-standings")).to_be_visible()
        expect(phone.get_by_role("button", name="End the evening: show the story on the TV")).to_be_visible()
