"""The host's phone while the players send their own hands: the table panel ticks a seat the
moment its hand comes in (no reload), shows no card until the reveal, and two taps (Reveal,
Record round) record a round every seat sent. The TV shows the ticks, then the showdown, and
the seats' QR codes when the host shows them."""

import os
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.models import Round, SessionPlayer
from scoring.services import seat_codes_show

from .conftest import SharedLiveServer, board_shown
from .seat_sending import send_hand
from .thumb import SHOTS, Thumb

pytestmark = pytest.mark.browser
HANDS = {"Ann": "As Ks Qs", "Bob": "2c 3d 5h", "Cy": "7h 7d 9c", "Di": "Jh Jd 4c"}
CHIPS = ("A♠", "5♥", "9♣", "4♣")  # one card of each hand, as the pages show cards
FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}
SERIOUS = ("serious", "critical")
CRASH = {
    "Ann": ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 5d"],
    "Bob": ["As Ad Ac", "Js Qs Ks", "8c 8d 4s", "6h 6d 5c"],
    "Cy": ["9h 9c 4d", "10c 10d 10h", "Jc Jd 2c", "Qc Qd 3c"],
}
EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


class SeatHost(Thumb, SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser

    def send(self, game, name, cards=None, number=1):
        """A seat's hand, as the seat's own page sends it."""
        token = SessionPlayer.objects.get(session=game.session, player__name=name).seat_token
        send_hand(self.live_server_url, token, cards or HANDS[name], number)

    def board_shot(self, name, viewport=FULL_HD):
        context, page = board_shown(self.browser, self.live_server_url, self.session, viewport)
        try:
            if SHOTS:
                page.screenshot(path=os.path.join(SHOTS, f"seat-host-board-{name}-{viewport['height']}.png"))
            return page.content(), page.evaluate(
                "() => [document.scrollingElement.scrollHeight <= innerHeight,"
                " document.scrollingElement.scrollWidth <= innerWidth]"
            )
        finally:
            context.close()

    def panel_text(self):
        return self.page.locator("#table-panel").inner_text()

    def test_the_panel_ticks_each_seat_live_and_reveal_then_record_takes_two_taps(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        self.send(game, "Ann")
        expect(self.page.locator("#table-panel")).to_contain_text("Ann ✓")  # on the host's socket: no reload
        self.send(game, "Bob")
        self.send(game, "Cy")
        ticks = self.page.locator(".table-tick.sent")
        expect(ticks).to_have_count(3)
        expect(self.page.locator("#table-panel")).to_contain_text("Not sent yet: Di.")
        assert not any(chip in self.panel_text() for chip in CHIPS)
        values = self.page.locator(".seat-list input").evaluate_all("inputs => inputs.map((input) => input.value)")
        assert values == ["", "", "", ""]  # nothing of the seats' hands in the form before the reveal
        self.shoot("seat-host-ticks")
        assert self.serious() == []
        markup, fits = self.board_shot("ticks")
        assert "Round 1:" in markup and 'class="card suit' not in markup and fits == [True, True]

        self.send(game, "Di")
        expect(ticks).to_have_count(4)
        self.taps = 0
        self.tap(self.page.locator(".pad").get_by_role("button", name="Reveal", exact=True), "Reveal")  # in view
        expect(self.page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")  # as the pad types cards
        expect(self.page.locator("#id_hand_3")).to_have_value("J♥ J♦ 4♣")
        expect(self.page.locator("#table-panel")).to_contain_text("If you record these hands:")
        self.shoot("seat-host-revealed")
        assert self.serious() == []
        markup, fits = self.board_shot("showdown")
        assert all(chip in markup for chip in CHIPS) and fits == [True, True]
        self.record()
        expect(self.page.get_by_text("Round 1 recorded").first).to_be_visible()
        assert self.taps == 2
        assert Round.objects.get(game=game).entry["hands"]["Bob"] == "2C 3D 5H"
        expect(self.page.locator("#table-panel")).not_to_contain_text("Round 1")

    def test_a_seats_send_ticks_the_panel_within_a_second_and_the_page_asks_for_nothing(self):
        """Issue 52, point 2: the host's page hears of a seat's hand on its socket, at once,
        with no request of its own (no poll)."""
        game = self.open_game("stop_the_bus", {"tokens": 3})
        expect(self.page.locator("#host-live[data-live=open]")).to_have_count(1)
        asked = []
        self.page.on("request", lambda request: asked.append(request.url))
        for name in ("Ann", "Bob"):
            self.send(game, name)
            tick = self.page.locator(f'#table-panel .table-tick.sent[data-tick="{name}"]')
            expect(tick).to_have_count(1, timeout=1000)
            expect(self.page.locator(f'#pad-table .tick.sent[data-tick="{name}"]')).to_have_count(1, timeout=1000)
        assert asked == []
        expect(self.page.locator("#table-panel")).to_contain_text("Not sent yet: Cy, Di.")

    def test_a_dropped_socket_is_said_keeps_the_hand_being_filled_and_reads_the_panel_again(self):
        """The host's page's socket drops (a Wi-Fi blip): the page says the phones are not
        followed live and stays on the hand the host is filling; back, it reads the panel as
        it is now, with the hand a seat sent meanwhile."""
        sockets = []

        def through(socket):  # the page's socket, passed through to the server: closable here
            socket.connect_to_server()
            sockets.append(socket)

        self.page.route_web_socket(re.compile(r".*/ws/host/.*"), through)
        game = self.open_game("stop_the_bus", {"tokens": 3})
        expect(self.page.locator("#host-live[data-live=open]")).to_have_count(1)
        self.send(game, "Cy")
        expect(self.page.locator('#pad-table .tick.sent[data-tick="Cy"]')).to_have_count(1)
        self.tap_cards("2H 4D 6C")
        sockets[-1].close(code=1011, reason="a blip")
        status = self.page.locator("#host-status")
        expect(status).to_have_text("The players' phones are not followed live: reconnecting…")
        expect(self.page.locator("#pad-table [data-live-down]")).to_have_text(status.get_attribute("data-down"))
        self.shoot("seat-host-socket-down")
        assert self.serious() == []
        self.send(game, "Bob")  # meanwhile: told to no page of the host
        self.assert_hand_and_pad_on_screen()
        expect(status).to_have_text("", timeout=10_000)  # back, after its backoff
        expect(self.page.locator("#pad-table [data-live-down]")).to_have_count(0)
        expect(self.page.locator('#table-panel .table-tick.sent[data-tick="Bob"]')).to_have_count(1)
        assert len(sockets) == 2
        expect(self.page.locator("#id_hand_0")).to_have_value("2♥ 4♦ 6♣")  # the hand being filled, as it was

    def test_a_draft_kept_before_the_reveal_gives_way_to_the_revealed_hands(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        self.page.fill("#id_hand_0", "2h 4d 6c")  # the host starts typing Ann's hand, then she sends it
        self.page.reload()
        expect(self.page.locator("#id_hand_0")).to_have_value("2h 4d 6c")  # kept as a draft
        for name in HANDS:
            self.send(game, name)
        self.page.reload()
        self.page.locator("#table-panel").get_by_role("button", name="Reveal", exact=True).tap()
        expect(self.page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")
        self.page.fill("#id_hand_1", "Kc Kd 2s")  # the host fixes Bob's hand, then the page reloads
        self.page.reload()
        expect(self.page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")
        expect(self.page.locator("#id_hand_1")).to_have_value("Kc Kd 2s")
        self.page.locator(".pad").get_by_role("button", name="Record round").tap()
        expect(self.page.get_by_text("Round 1 recorded").first).to_be_visible()
        assert Round.objects.get(game=game).entry["hands"]["Bob"] == "KC KD 2S"
        # The form stays for round 2: a draft typed into it is not a fix of a revealed round.
        self.page.fill("#id_hand_0", "2h 4d 6c")
        for name in HANDS:
            self.send(game, name, number=2)
        self.page.locator("#table-panel").get_by_role(
            "button", name="Reveal", exact=True
        ).tap()  # on the host's socket: no reload
        expect(self.page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")

    def test_the_board_fits_with_eight_seats_ticks_and_with_their_codes(self):
        game = self.open_game("stop_the_bus", {"tokens": 3}, players=EIGHT)
        for name in EIGHT[:5]:
            self.send(game, name, ["As Ks Qs", "2c 3d 5h", "7h 7d 9c", "Jh Jd 4c", "8s 8d 6h"][EIGHT.index(name)])
        for viewport in (FULL_HD, HD):
            markup, fits = self.board_shot("eight-ticks", viewport)
            assert "Round 1:" in markup and fits == [True, True]
        seat_codes_show(session=self.session, shown=True)
        for viewport in (FULL_HD, HD):
            context, page = board_shown(self.browser, self.live_server_url, self.session, viewport)
            try:
                codes = page.locator(".code")
                expect(codes).to_have_count(8)
                if SHOTS:
                    page.screenshot(path=os.path.join(SHOTS, f"seat-host-board-codes-{viewport['height']}.png"))
                shown = page.evaluate(
                    """() => ({fits: document.scrollingElement.scrollHeight <= innerHeight
                                 && document.scrollingElement.scrollWidth <= innerWidth,
                               codes: [...document.querySelectorAll('.code svg')].map((svg) => {
                                 const r = svg.getBoundingClientRect();
                                 return {top: r.top, bottom: r.bottom, width: r.width};
                               }), height: innerHeight})"""
                )
                assert shown["fits"]
                serious = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in SERIOUS]
                assert serious == []
                for code in shown["codes"]:  # whole, on screen, and a sixth of the screen's height or more
                    assert 0 <= code["top"] and code["bottom"] <= shown["height"]
                    assert code["width"] >= shown["height"] / 6
            finally:
                context.close()

    def test_a_revealed_crash_round_without_a_seats_hands_takes_the_pad_to_that_seat(self):
        game = self.open_game("crash", {"preset": "classic"})
        for name, placed in CRASH.items():
            self.send(game, name, placed)
        expect(self.page.locator("#table-panel")).to_contain_text("Cy ✓")
        self.page.locator("#table-panel").get_by_role("button", name="Reveal", exact=True).tap()
        missing = "Not complete yet: Di is still in the game but gave no hands and no declaration"
        expect(self.page.locator("#table-panel")).to_contain_text(missing)
        expect(self.page.locator("#id_hand_2_2")).to_have_value("10♣ 10♦ 10♥")
        expect(self.page.locator(".active [data-hand]")).to_have_id("id_hand_3_1")  # Di's, for the host to fill
        self.shoot("seat-host-crash-revealed")
        markup, fits = self.board_shot("crash-showdown")
        assert missing in markup and markup.count('class="card suit') == 36 and fits == [True, True]

    def test_the_list_of_seats_without_a_phone_stays_open_as_ticks_come_in(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        self.send(game, "Ann")
        panel = self.page.locator("#table-panel")
        expect(panel).to_contain_text("Ann ✓")
        panel.locator("summary", has_text="A player without a phone?").tap()
        self.send(game, "Bob")
        expect(panel).to_contain_text("Bob ✓")  # the panel was drawn again
        expect(panel.locator("details.enter-for")).to_have_attribute("open", "")
        expect(panel.get_by_role("link", name="Enter for Cy's seat")).to_be_visible()
