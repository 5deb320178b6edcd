"""The finale on the TV in Chromium: the host's phone taps "End the evening", and the TVs (at
1280x720 and 1920x1080) show the night's story a card at a time, advancing by themselves
(their clocks run on by hand), then the evening's standings, then the live board again; every
card fits the screen with eight players of the longest names, its type no smaller than the
board's own, and axe-core finds nothing serious. An evening of three games nobody ended:
the phone is asked first (its answers on screen, the pad folded), then the games are told
ended as they stood (on both TVs, the story page, its link and its picture's text, against
the standings worked out here) or as they stand. With SCREENSHOTS set (a folder), the cards
are saved there to look at."""

import datetime
import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from referee.board.finale import CARD_SECONDS, STANDINGS_SECONDS
from referee.story_picture import HEADLINE_LINES, MARGIN, WIDTH, headline_lines
from scoring.models import Game
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


def open_evening():
    """Three games nobody ended, as a real evening leaves them: Stop the Bus (Cy, then Bob,
    lose a token: Ann 3, Bob 2, Cy 2), Crash (one round: Bob takes positions 1, 2 and 4, the
    third a stick-up: Bob 3 points) and Commerce for 20 (Cy takes the pot of 60: Cy +40, Ann
    and Bob -20 each)."""
    host = UserFactory(username="host")
    names = ["Ann", "Bob", "Cy"]
    session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=names)
    bus = game_start(session=session, kind="stop_the_bus", seat_names=names, options={"tokens": 3})
    round_record(game=bus, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}})
    round_record(game=bus, number=2, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}})
    crash = game_start(session=session, kind="crash", seat_names=names, options={})
    bob = ["3S 3H 3D", "AH KH QH", "7C 7D 9S", "2S 2H 5D"]
    ann = ["AS AC 4D", "KS KD 6C", "7H 7S 9H", "4C 5H 8S"]
    cy = ["4S 5S 6S", "QS QC 2C", "6D 6H 4H", "JH 9D 2D"]
    round_record(game=crash, number=1, by=host, entry={"hands": {"Ann": ann, "Bob": bob, "Cy": cy}})
    commerce = game_start(session=session, kind="commerce", seat_names=names, options={"stake": 20})
    round_record(
        game=commerce, number=1, by=host, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "7C 7D 9S", "Cy": "AS KS QS"}}
    )
    return session


GAMES = ("Stop the Bus · game 1", "Crash · game 2", "Commerce · game 3")
# Each player's standing in each game, worked out above, and what it reads.
STANDS = {
    "Ann": ("3 tokens", "0 points", "\N{MINUS SIGN}20"),
    "Bob": ("2 tokens", "3 points", "\N{MINUS SIGN}20"),
    "Cy": ("2 tokens", "0 points", "+40"),
}
LEADS = {
    GAMES[0]: "Ann leads, with 3 tokens",
    GAMES[1]: "Bob leads, with 3 points",
    GAMES[2]: "Cy leads, with a balance of +40",
}


def standings_rows(won: dict[str, int]) -> list[str]:
    """The evening's standings as they read, a row a player: most games won first, then the
    games each leads (one each here), then by name."""
    order = sorted(STANDS, key=lambda name: (-won[name], name))
    return [" ".join((name, str(won[name]), *STANDS[name])) for name in order]


ON_TOP = """(element) => {
  const box = element.getBoundingClientRect();
  return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
}"""


def read_rows(page) -> list[str]:
    """The story page's standings, a row a player, as they read (a cell a word or more)."""
    expect(page.locator(".recap-standings")).to_be_visible()
    return [" ".join(row.split()) for row in page.locator(".recap-standings tbody tr").all_inner_texts()]


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
    """The finale after an evening of finished games, then after one of three games nobody
    ended: "End the evening" asks first, then tells them ended as they stood, or as they stand
    (one class: one live server)."""

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
            expect(standings.locator("tbody tr").first).to_contain_text(NAMES[0])
            expect(standings.locator("tbody tr")).to_have_count(len(NAMES))
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

    def ask_to_end_the_evening(self, session):
        phone = self.phone
        log_in(phone, self.live_server_url)
        phone.goto(f"{self.live_server_url}{session.get_absolute_url()}")
        phone.get_by_role("button", name="End the evening: show the story on the TV").tap()
        question = phone.locator("#story-switch .end-evening")
        expect(question).to_contain_text("3 games are still open:")
        for game in GAMES:
            expect(question.locator(".still-open")).to_contain_text(f"{game}: {LEADS[game]}")
        for answer in ("End them and show the story", "Keep them open and show the story", "Not yet"):
            button = phone.get_by_role("button", name=answer)  # on screen, the pad folded away from it
            expect(button).to_be_in_viewport()
            assert button.evaluate(ON_TOP), f"{answer} is covered"
        assert serious_violations(phone) == []
        if SHOTS:
            phone.screenshot(path=os.path.join(SHOTS, "end-evening-question.png"), full_page=False)
        return phone

    def play_through(self, tv, height: int) -> list[str]:
        """Every card of the finale, each checked to fit the screen with type a sofa reads: their
        texts, the standings last."""
        cards = tv.locator("#board-finale .finale-card")
        expect(tv.locator("#board-finale .finale-opening")).to_be_visible()
        told = []
        for index in range(cards.count()):
            expect(cards.nth(index)).to_be_visible()
            shown = tv.evaluate(FITS)
            if SHOTS:
                tv.screenshot(path=os.path.join(SHOTS, f"open-{height}-{index}.png"), animations="disabled")
            assert shown["fits"], f"{height}p: {shown['card']} is larger than the screen"
            assert shown["smallest"] >= shown["base"], f"{height}p: {shown['card']} has {shown['smallest']} px type"
            told.append(" ".join(cards.nth(index).inner_text().split()))
            if index < cards.count() - 1:
                next_card(tv, index, at_least=CARD_SECONDS * 1000)
        return told

    def test_ended_as_they_stand_the_story_tells_their_winners_everywhere(self):
        session = open_evening()
        tvs = [self.tv_at(session, viewport) for viewport in TVS]
        phone = self.ask_to_end_the_evening(session)
        phone.get_by_role("button", name="End them and show the story").tap()
        expect(phone.locator("#story-switch").get_by_role("status")).to_contain_text(
            f"Ended as they stood: {', '.join(GAMES)}."
        )
        assert dict(Game.objects.filter(session=session).values_list("number", "ended")) == {1: True, 2: True, 3: True}
        rows = standings_rows({"Ann": 1, "Bob": 1, "Cy": 1})
        headline = (
            f"Ann won {GAMES[0]}; Bob won {GAMES[1]}; Cy won {GAMES[2]}; the hand of the night: Bob's prial of 3s"
        )
        for tv in tvs:
            told = self.play_through(tv, tv.viewport_size["height"])
            assert told[0].startswith(f"The night's story Friday · 27 November 2026 {headline}")
            winners = zip(GAMES, ("Ann", "Bob", "Cy"), ("3 tokens", "3 points", "a balance of +40"), strict=True)
            for game, winner, standing in winners:  # each game's card: its winner, the host's end said
                assert f"{game} {winner} won, with {standing} The host ended the game after" in " | ".join(told), told
            assert told[-1] == " ".join(["The night's story Tonight's standings Player Games won", *GAMES, *rows])

        phone.goto(f"{self.live_server_url}/sessions/{session.public_id}/story/")  # the host's page
        expect(phone.locator(".recap-headline")).to_contain_text(headline)
        assert read_rows(phone) == rows
        assert serious_violations(phone) == []
        public = self.browser.new_page()  # the link in the group chat, logged in nowhere
        self.addCleanup(public.close)
        public.goto(f"{self.live_server_url}/story/{session.story_token}/")
        expect(public.locator(".recap-headline")).to_contain_text(headline)
        assert read_rows(public) == rows
        said = public.locator('meta[property="og:image:alt"]').get_attribute("content")  # the picture's text
        assert said.startswith(headline)
        face, lines = headline_lines(said, WIDTH - 2 * MARGIN)
        assert len(lines) <= HEADLINE_LINES and " ".join(lines).startswith(f"Ann won {GAMES[0]}; Bob won")
        picture = public.request.get(f"{self.live_server_url}/story/{session.story_token}/picture.png")
        assert picture.ok and picture.headers["content-type"] == "image/png"

    def test_kept_open_the_story_tells_who_leads_each_as_they_stand(self):
        session = open_evening()
        tv = self.tv_at(session, TVS[0])
        phone = self.ask_to_end_the_evening(session)
        phone.get_by_role("button", name="Keep them open and show the story").tap()
        expect(phone.get_by_role("button", name="Play it again")).to_be_visible()
        assert not Game.objects.filter(session=session, ended=True).exists()
        told = self.play_through(tv, 720)
        leads = "; ".join(
            (
                "Ann leads Stop the Bus · game 1, with 3 tokens",
                "Bob leads Crash · game 2, with 3 points",
                "Cy leads Commerce · game 3, with a balance of +40",
            )
        )
        assert told[0].startswith(f"The night's story Friday · 27 November 2026 No game was finished: {leads};")
        for game in GAMES:
            assert any(text.endswith(f"{game} Not finished: {LEADS[game]}") for text in told), told
        rows = standings_rows({"Ann": 0, "Bob": 0, "Cy": 0})
        assert told[-1] == " ".join(["The night's story Tonight's standings Player Games won", *GAMES, *rows])
        assert "0 0 0" not in told[-1]  # nobody reads as if nothing happened
