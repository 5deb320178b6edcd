"""A whole table on its own phones, in Chromium: the host, who plays as Ann, three players'
phones (Bob, Cy, Di) and the TV, five browser contexts (375x812 touch phones, a 1920x1080 TV),
through a Stop the Bus round, a classic Crash round (Cy sends a foul after its warning; Di's
phone is off, so the host enters Di's hand) and a Commerce round.

Until each reveal no seat's cards appear on another seat's page or in its socket's frames,
on the host's page (Ann's are the host's own, entered on a page of their own) or on the board,
page or frames; each tap is counted: the host taps at most 2 per round beyond their own hand
when every seat sent its own, a seat at most 4 in Stop the Bus and 14 in classic Crash."""

import os
import re

import pytest
from playwright.sync_api import expect

from scoring.models import Round, SessionPlayer
from scoring.services import game_start, host_plays_as, round_record, session_start

from ..factories import UserFactory
from ..referee.seats import without_pad
from .conftest import PHONE, TV, InBrowser, log_in

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: what each of the five sees at each step
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
PHONES = ["Bob", "Cy", "Di"]
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# What a page shows of the cards outside the card pad (which shows all 52 to tap).
TEXT_OUTSIDE_THE_PAD = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll(".pad, [data-picker], script, template").forEach((e) => e.remove());
  const typed = [...document.querySelectorAll("input, textarea")].filter((e) => !e.closest(".pad"));
  return copy.textContent + " " + typed.map((e) => e.value).join(" ");
}"""
MEASURE = "(e) => { const box = e.getBoundingClientRect(); return [box.width, box.height]; }"
PLACEHOLDER = re.compile(r'placeholder="[^"]*"')
SOCKET_OPEN = """document.addEventListener("htmx:wsOpen", () => {
  document.documentElement.dataset.socket = "open";
});"""

BUS = {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7H 7D 9C", "Di": "JH JD 4C"}
CRASH = {  # classic: 13 cards each, the whole deck; 12 placed in four hands, one left over
    "Ann": ["3S 3H 3D", "AH KH QH", "7C 7D 9S", "2S 2H 5D"],
    "Bob": ["AS AD AC", "JS QS KS", "8C 8D 4S", "6H 6D 5C"],
    "Cy": ["9H 9C 4D", "TC TD TH", "JC JD 2C", "QC QD 3C"],  # hand 2 beats hand 1: a foul
    "Di": ["KD KC 2D", "8S 8H 4H", "6S 6C 4C", "5S 5H 9D"],
}
COMMERCE = {"Ann": "QH QD 2S", "Bob": "9S 9H 9D", "Cy": "4S 5S 6S", "Di": "AC KC 3H"}


def shown(code: str) -> str:
    """A card as the pages show it: "TH" is "10♥"."""
    return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def cards_of(hand) -> list[str]:
    return " ".join([hand] if isinstance(hand, str) else hand).split()


class Person:
    """One browser context: a phone or the TV, the frames its sockets received, its taps."""

    def __init__(self, browser, name: str, size: dict):
        self.name = name
        self.context = browser.new_context(**size)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.page.add_init_script(SOCKET_OPEN)
        self.frames: list[str] = []
        self.page.on("websocket", lambda socket: socket.on("framereceived", self.heard))
        self.page.on("load", self.loaded)
        self.taps = 0
        self.loads = 0  # pages loaded: a seat's moves from round to round and game to game by swaps

    def heard(self, payload):
        """A frame as the player sees it: its entry area's pad shows all 52 cards to tap, and
        its empty fields an example ("e.g. As 10h Q♣")."""
        frame = without_pad(payload if isinstance(payload, str) else payload.decode(errors="replace"))
        self.frames.append(PLACEHOLDER.sub("", frame))

    def loaded(self, page):
        self.loads += 1

    def tap(self, locator):
        # Measured in the page in one step: a panel its socket swaps in may replace the element
        # between two calls from here, and Playwright then waits for the new copy. A copy
        # measured as nothing (0x0: swapped out as it was measured) is measured again.
        for _ in range(3):
            expect(locator).to_be_visible()
            width, height = locator.evaluate(MEASURE)
            if width and height:
                break
        assert width >= 44 and height >= 44, f"{self.name}: {locator} is {width}x{height} px, too small to tap"
        locator.tap()
        self.taps += 1

    def tap_cards(self, hands):
        for code in cards_of(hands):
            self.tap(self.page.locator(f'[data-card="{code}"]'))
            expect(self.page.locator("[data-pad-into]")).not_to_have_text("Checking…")

    def text(self) -> str:
        return self.page.evaluate(TEXT_OUTSIDE_THE_PAD)

    def socket_open(self):
        expect(self.page.locator("html[data-socket=open]")).to_have_count(1)

    def shoot(self, step: str):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"table-{step}-{self.name.lower()}.png"))


class TableOfPhones(InBrowser):
    def person(self, name, size):
        person = Person(self.browser, name, size)
        self.addCleanup(person.context.close)
        return person

    def seat_url(self, name):
        token = SessionPlayer.objects.get(session=self.session, player__name=name).seat_token
        return f"{self.live_server_url}/seat/{token}/"

    def start(self, kind, options):
        """The host starts the next game as the new-game form sends it, logged in, to the server
        the browsers use: its announcement reaches the board and the seats from there."""
        url = f"{self.live_server_url}/sessions/{self.session.public_id}/games/new/"
        request = self.hosting.context.request
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', request.get(url).text()).group(1)
        seats = {f"seat_{i}": str(i + 1) for i in range(len(PLAYERS))}
        chosen = {f"{kind}-{name}": str(value) for name, value in options.items()}
        form = {"csrfmiddlewaretoken": token, "kind": kind, **seats, "first_dealer": PLAYERS[0], **chosen}
        assert request.post(url, form=form).ok
        game = self.session.games.latest("number")
        assert game.kind == kind and options.items() <= game.options.items(), game.options
        return game

    # --- What each of the five does ----------------------------------------------------------

    def send_from_phone(self, name, hands, foul=False):
        """The player taps their own cards and Send; a foul's warning is left as it is."""
        phone = self.phones[name]
        phone.taps = 0
        expect(phone.page.locator(".pad")).to_be_visible()
        phone.tap_cards(hands)
        if foul:
            warning = phone.page.locator("[data-pad-foul]")
            expect(warning).to_be_visible()
            expect(warning).to_contain_text(f"{name}: ")
            phone.shoot("foul-warned")
            phone.tap(warning.locator("[data-foul-on]"))
        phone.tap(phone.page.locator(".pad").get_by_role("button", name="Send my hand"))
        expect(phone.page.locator("#seat-mine")).to_contain_text("Sent ✓")
        return phone.taps

    def host_enters_own_hand(self, hands):
        """From the table panel, "Your hand": Ann's own seat, entered on a page of its own."""
        host = self.hosting
        host.tap(host.page.locator("#table-panel").get_by_role("link", name="Your hand"))
        expect(host.page.locator(".pad")).to_be_visible()
        host.tap_cards(hands)
        host.tap(host.page.locator(".pad").get_by_role("button", name="Send Ann's hand"))
        expect(host.page.locator("#table-panel")).to_contain_text("Ann (you) ✓")

    def host_enters_for(self, name, hands):
        """A player without a phone: the host enters their hand for their seat."""
        host = self.hosting
        panel = host.page.locator("#table-panel")
        host.tap(panel.locator("summary", has_text="A player without a phone?"))
        host.tap(panel.get_by_role("link", name=f"Enter for {name}'s seat"))
        expect(host.page.locator(".pad")).to_be_visible()
        host.tap_cards(hands)
        foul = host.page.locator("[data-pad-foul]")
        if foul.is_visible():
            host.tap(foul.locator("[data-foul-on]"))
        host.tap(host.page.locator(".pad").get_by_role("button", name=f"Send {name}'s hand"))
        expect(panel).to_contain_text(f"{name} ✓")

    def reveal_and_record(self, number, hands, step) -> int:
        """Every hand in: Reveal (the showdown on the TV and every phone: the very check that
        found none of them before finds them all now), then Record round. Returns the
        host's taps for it."""
        host = self.hosting
        host.taps = 0
        panel = host.page.locator("#table-panel")
        expect(panel.locator(".table-tick.sent")).to_have_count(4)  # polled in, no reload
        host.tap(panel.get_by_role("button", name="Reveal", exact=True))
        expect(panel).to_contain_text("If you record these hands:")
        every_card = [shown(code) for hand in hands.values() for code in cards_of(hand)]
        for person in [self.tv, *self.phones.values()]:
            expect(person.page.locator("body")).to_contain_text(every_card[-1])  # the showdown arrived
            seen = person.text()
            assert [card for card in every_card if card not in seen] == [], person.name
        self.shoot_all(f"{step}-revealed")
        host.tap(host.page.locator(".pad").get_by_role("button", name="Record round"))
        expect(host.page.get_by_text(f"Round {number} recorded").first).to_be_visible()
        return host.taps

    def shoot_all(self, step):
        for person in [self.hosting, *self.phones.values(), self.tv]:
            person.shoot(step)

    def open_pages(self, phones=PHONES):
        """The host's page, these phones on their seats' links and the TV on the board; the
        phones already open follow the host by themselves, without a page load."""
        self.hosting.page.goto(self.live_server_url + self.session.get_absolute_url())
        expect(self.hosting.page.locator("#table-panel")).to_be_attached()
        for name in phones:
            self.phones[name].page.goto(self.seat_url(name))
            self.phones[name].socket_open()
        self.tv.page.goto(f"{self.live_server_url}/board/{self.session.share_token}/")
        self.tv.socket_open()
        for phone in self.phones.values():
            phone.loads = 0

    def assert_no_page_loads(self):
        """A round (and a new game) cost no seat a page load: everything came over its socket."""
        assert {name: phone.loads for name, phone in self.phones.items()} == dict.fromkeys(self.phones, 0)

    # --- What nobody may see before the reveal ------------------------------------------------

    def assert_private(self, hands: dict):
        """No seat's cards anywhere but its own page (and Ann's on the host's, which is hers)."""
        leaks = []
        for name, hand in hands.items():
            cards = [shown(code) for code in cards_of(hand)]
            texts = [" ".join(cards_of(hand)), *(text.title() for text in ([hand] if isinstance(hand, str) else hand))]
            for other in [*self.phones.values(), self.tv, self.hosting]:
                if other.name == name or other is self.hosting and name == "Ann":
                    continue
                seen = other.text()
                leaks += [f"{name}'s {card} on {other.name}'s page" for card in cards if card in seen]
                frames = " ".join(other.frames)
                leaks += [f"{name}'s {card} in {other.name}'s socket" for card in cards if card in frames]
                leaks += [f"{name}'s {text!r} in {other.name}'s socket" for text in texts if text in frames]
        assert leaks == []

    # --- The evening ---------------------------------------------------------------------------

    def test_a_host_who_plays_three_phones_and_a_tv_play_a_round_of_each_game(self):
        host_user = UserFactory(username="host")
        self.session = session_start(host=host_user, title="Friday", played_on="2026-11-27", player_names=PLAYERS)
        host_plays_as(session=self.session, player=self.session.players.get(name="Ann"))
        game = game_start(session=self.session, kind="stop_the_bus", seat_names=PLAYERS, options={"tokens": 3})
        self.hosting = self.person("Host", PHONE)
        log_in(self.hosting.page, self.live_server_url)
        self.phones = {name: self.person(name, PHONE) for name in PHONES}
        self.tv = self.person("TV", TV)
        self.open_pages()

        # Stop the Bus: three phones send, the host enters their own hand, then two taps.
        seat_taps = {name: self.send_from_phone(name, BUS[name]) for name in PHONES}
        assert seat_taps == {"Bob": 4, "Cy": 4, "Di": 4}
        self.host_enters_own_hand(BUS["Ann"])
        expect(self.tv.page.locator("body")).to_contain_text("Di ✓")
        self.shoot_all("round1-sent")
        self.assert_private(BUS)
        assert self.reveal_and_record(1, BUS, "round1") == 2
        assert Round.objects.get(game=game).entry["hands"] == {name: hand for name, hand in BUS.items()}
        for phone in self.phones.values():
            expect(phone.page.locator("#seat-last")).to_contain_text("Bob loses a token")
            expect(phone.page.locator("#entry-title")).to_have_text("Round 2: your hand")  # the next round's form
        expect(self.tv.page.locator("body")).to_contain_text("Bob loses a token")
        self.shoot_all("round1-recorded")
        self.assert_no_page_loads()

        # Classic Crash: Cy sends a foul after its warning; Di's phone is off, the host enters Di's.
        self.phones.pop("Di").context.close()
        for person in [self.hosting, *self.phones.values(), self.tv]:
            person.frames.clear()
        crash = self.start("crash", {"preset": "classic"})
        self.open_pages(phones=[])  # Bob's and Cy's phones move to Crash by themselves
        for phone in self.phones.values():
            expect(phone.page.locator("#seat-game")).to_contain_text("Crash")
        assert self.send_from_phone("Bob", CRASH["Bob"]) == 13
        assert self.send_from_phone("Cy", CRASH["Cy"], foul=True) == 14
        self.host_enters_own_hand(CRASH["Ann"])
        self.host_enters_for("Di", CRASH["Di"])
        self.shoot_all("round2-sent")
        self.assert_private(CRASH)
        assert self.reveal_and_record(1, CRASH, "round2") == 2
        entry = Round.objects.get(game=crash).entry
        assert entry["hands"]["Cy"] == CRASH["Cy"] and entry["hands"]["Di"] == CRASH["Di"]
        expect(self.phones["Cy"].page.locator("#seat-last")).to_contain_text("Cy fouled")
        expect(self.tv.page.locator("body")).to_contain_text("Cy fouled")
        self.shoot_all("round2-recorded")
        self.assert_no_page_loads()

        # Commerce: Di's phone is back on.
        self.phones["Di"] = self.person("Di", PHONE)
        for person in [self.hosting, *self.phones.values(), self.tv]:
            person.frames.clear()
        commerce = self.start("commerce", {"stake": 1})
        self.open_pages(phones=["Di"])
        seat_taps = {name: self.send_from_phone(name, COMMERCE[name]) for name in PHONES}
        assert seat_taps == {"Bob": 4, "Cy": 4, "Di": 4}
        self.host_enters_own_hand(COMMERCE["Ann"])
        self.assert_private(COMMERCE)
        assert self.reveal_and_record(1, COMMERCE, "round3") == 2
        assert Round.objects.get(game=commerce).entry["hands"] == COMMERCE
        for phone in self.phones.values():
            expect(phone.page.locator("#seat-last")).to_contain_text("Bob")
        self.shoot_all("round3-recorded")
        self.assert_no_page_loads()
        expect(self.hosting.page.locator("#last-round")).to_contain_text("Round 1")  # no request left running

    def test_the_phones_follow_the_game_the_host_goes_back_to(self):
        """Stop the Bus left unfinished for Crash, then resumed from the host's page (issue 43,
        point 1): every phone and the TV move to it at once, each saying "Now playing", with
        no page load; a phone's hand reaches the host's panel; a phone reloaded shows it."""
        host_user = UserFactory(username="host")
        self.session = session_start(host=host_user, title="Friday", played_on="2026-11-27", player_names=PLAYERS)
        bus = game_start(session=self.session, kind="stop_the_bus", seat_names=PLAYERS, options={"tokens": 3})
        round_record(game=bus, number=1, entry={"hands": BUS}, by=host_user)
        game_start(session=self.session, kind="crash", seat_names=PLAYERS, options={"preset": "classic"})
        self.hosting = self.person("Host", PHONE)
        log_in(self.hosting.page, self.live_server_url)
        self.phones = {name: self.person(name, PHONE) for name in ["Bob", "Cy"]}
        self.tv = self.person("TV", TV)
        self.open_pages(phones=["Bob", "Cy"])
        for phone in self.phones.values():
            expect(phone.page.locator("#seat-game")).to_contain_text("Crash")
        self.shoot_all("resume-before")

        host = self.hosting
        host.tap(host.page.get_by_role("button", name="Stop the Bus · game 1, 1 round"))
        expect(host.page.locator(".now-playing")).to_have_text("Now playing, on the board too: Stop the Bus · game 1")
        for phone in self.phones.values():
            expect(phone.page.locator("#seat-entry .now-playing")).to_have_text("Now playing: Stop the Bus · game 1")
            expect(phone.page.locator("#entry-title")).to_have_text("Round 2: your hand")
        expect(self.tv.page.locator("#board-banner")).to_have_text("Now playing: Stop the Bus · game 1")
        self.shoot_all("resume-after")
        self.assert_no_page_loads()

        assert self.send_from_phone("Bob", BUS["Bob"]) == 4
        expect(host.page.locator("#table-panel")).to_contain_text("Bob ✓")  # polled in: the phones are on it
        self.phones["Cy"].page.reload()
        expect(self.phones["Cy"].page.locator("#seat-game")).to_contain_text("Stop the Bus")
        expect(self.phones["Cy"].page.locator("#entry-title")).to_have_text("Round 2: your hand")
        self.shoot_all("resume-sent")

    def test_the_host_taps_their_own_hand_on_the_pad_and_reveals_from_it_without_scrolling(self):
        """The host who plays taps their own cards on the round form's pad and Reveal in the
        pad, beside the ticks (issue 43, points 2 and 4): nothing tapped is wiped, and neither
        the ticks nor Reveal need a scroll on a 375x812 phone."""
        host_user = UserFactory(username="host")
        self.session = session_start(host=host_user, title="Friday", played_on="2026-11-27", player_names=PLAYERS)
        host_plays_as(session=self.session, player=self.session.players.get(name="Ann"))
        game_start(session=self.session, kind="stop_the_bus", seat_names=PLAYERS, options={"tokens": 3})
        self.hosting = self.person("Host", PHONE)
        log_in(self.hosting.page, self.live_server_url)
        self.phones = {name: self.person(name, PHONE) for name in PHONES}
        self.tv = self.person("TV", TV)
        self.open_pages()
        for name in PHONES:
            self.send_from_phone(name, BUS[name])

        host = self.hosting
        pad = host.page.locator(".pad")
        expect(pad.locator("#pad-table")).to_contain_text("Di ✓")  # polled into the pad, no reload
        expect(pad.locator("[data-pad-into]")).to_contain_text("Ann's hand")
        host.taps = 0
        host.tap_cards(BUS["Ann"])
        reveal = pad.get_by_role("button", name="Reveal", exact=True)
        box, height = reveal.bounding_box(), host.page.viewport_size["height"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, "Reveal is out of view"
        self.shoot_all("pad-reveal")
        host.tap(reveal)
        panel = host.page.locator("#table-panel")
        expect(panel).to_contain_text("If you record these hands:")
        assert "Not complete yet" not in panel.inner_text()
        expect(self.tv.page.locator("body")).to_contain_text("Q♠")  # Ann's, revealed with the rest
        host.tap(host.page.locator(".pad").get_by_role("button", name="Record round"))
        expect(host.page.get_by_text("Round 1 recorded").first).to_be_visible()
        assert host.taps == 3 + 2  # Ann's three cards, Reveal, Record round
        assert Round.objects.get(game__session=self.session).entry["hands"] == BUS
        self.shoot_all("pad-recorded")
