"""A player's own phone, 375x812 and touch, in Chromium: the seat link opens the player's page,
three taps and Send send their Stop the Bus hand, a reload mid-entry keeps the taps, and the
ticks and the outcome arrive by themselves as another seat sends and the host records.
(Changes reach the phone's socket only from the live server's process: the other seat and
the host act through their own pages, in browser contexts of their own.)"""

import os
import uuid

import pytest
from playwright.sync_api import expect

from scoring.models import SeatHand, SessionPlayer, Submission
from scoring.services import game_start, seat_hand_send, session_start

from ..factories import UserFactory
from .conftest import PHONE, SharedLiveServer, log_in
from .thumb import Thumb

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the player sees at each step, to look at
HAND_KEPT = (
    "No connection to the server: your hand is kept on this phone and sent by itself when the connection is back."
)
OPEN = """document.addEventListener("htmx:wsOpen", () => { document.documentElement.dataset.socket = "open"; });"""


class SeatPhone(Thumb, SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser

    def shoot(self, name):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"seat-{name}.png"))

    def another_phone(self):
        context = self.browser.new_context(**PHONE)
        self.addCleanup(context.close)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    def seat_url(self, session, name):
        return (
            f"{self.live_server_url}/seat/{SessionPlayer.objects.get(session=session, player__name=name).seat_token}/"
        )

    def test_a_player_taps_three_cards_and_send_keeps_them_over_a_reload_and_sees_the_round_through(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob", "Cy"])
        game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
        bob = session.players.get(name="Bob")
        seat_hand_send(game=game, player=bob, number=1, entry={"hands": {"Bob": "7H 7D 9C"}}, submission=uuid.uuid4())

        page = self.page
        logged = []
        page.on("console", lambda message: message.type == "error" and logged.append(message.text))
        page.on("pageerror", lambda error: logged.append(str(error)))
        page.add_init_script(OPEN)
        page.goto(self.seat_url(session, "Ann"))
        expect(page.locator("html[data-socket=open]")).to_have_count(1)
        expect(page.locator("#seat-game")).to_contain_text("Round 1")
        expect(page.locator("#seat-ticks")).to_have_text("Ann … Bob ✓ Cy …")
        expect(page.locator(".pad")).to_be_visible()
        self.assert_hand_and_pad_on_screen()
        assert self.serious() == []
        self.shoot("entering")

        self.tap_cards("AS KS")
        # Cy sends from Cy's phone while Ann is mid-entry: the tick arrives live, the page
        # is not drawn again and Ann's taps stay as they are.
        page.evaluate("() => { window.notReloaded = true; }")
        cy = self.another_phone()
        cy.goto(self.seat_url(session, "Cy"))
        cy.fill("#id_hand_0", "2c 3d 5h")
        cy.locator(".pad").get_by_role("button", name="Send my hand").tap()
        expect(cy.locator("#seat-mine")).to_contain_text("Sent ✓")
        expect(page.locator("#seat-ticks")).to_have_text("Ann … Bob ✓ Cy ✓")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠")
        assert page.evaluate("() => window.notReloaded === true")

        page.reload()  # mid-entry: the taps come back
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠")
        expect(page.locator("html[data-socket=open]")).to_have_count(1)
        self.tap_cards("QS")
        self.tap(page.locator(".pad").get_by_role("button", name="Send my hand"), "Send my hand")
        expect(page.locator("#seat-mine")).to_contain_text("Sent ✓ — you can change it until the host reveals.")
        expect(page.locator("#seat-ticks")).to_have_text("Ann ✓ Bob ✓ Cy ✓")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")  # kept, to change it
        assert self.taps == 4  # three cards and Send
        assert SeatHand.objects.get(player__name="Ann").entry == {"hands": {"Ann": "AS KS QS"}}
        self.shoot("sent")
        # No card of another seat anywhere on Ann's page (the pad's 52 buttons aside).
        said = page.evaluate(
            "() => Array.from(document.querySelectorAll('main > :not(#seat-entry)')).map(e => e.textContent).join(' ')"
            " + Array.from(document.querySelectorAll('#seat-entry input')).map(e => e.value).join(' ')"
        )
        assert "A♠ K♠ Q♠" in said
        assert not any(card in said for card in ("2♣", "3♦", "5♥", "7♥", "7♦", "9♣"))

        # The host taps Reveal on the host's page: Ann's page draws itself again, live.
        hosting = self.another_phone()
        log_in(hosting, self.live_server_url)
        hosting.goto(self.live_server_url + session.get_absolute_url())
        hosting.locator("#table-panel").get_by_role("button", name="Reveal", exact=True).tap()
        expect(page.locator("#seat-showdown")).to_contain_text("The host is recording round 1.")
        expect(page.locator("#seat-showdown")).to_contain_text("2♣")
        expect(page.locator(".pad")).to_have_count(0)
        assert self.serious() == []
        self.shoot("revealed")

        # The host records the round on the host's page: the outcome reaches Ann's phone live.
        expect(hosting.locator("#id_hand_2")).to_have_value("2♣ 3♦ 5♥")  # revealed, as the pad types cards
        hosting.fill("#id_hand_0", "As Ks Qs")
        hosting.fill("#id_hand_1", "7h 7d 9c")
        hosting.fill("#id_hand_2", "2c 3d 5h")
        hosting.locator(".pad").get_by_role("button", name="Record round").tap()
        expect(page.locator("#seat-last")).to_contain_text("Cy loses a token (2 left)", timeout=15_000)
        expect(page.locator("#seat-game")).to_contain_text("Round 2")
        expect(page.locator("#id_hand_0")).to_have_value("")  # round 2's form, drawn again, empty
        self.assert_hand_and_pad_on_screen()
        assert self.serious() == []
        self.shoot("outcome")
        assert logged == []  # nothing thrown or logged as an error on the player's phone
        expect(hosting.locator("#last-round")).to_contain_text("Cy loses a token")  # no request still running

    def test_a_crash_seat_sets_twelve_cards_hears_of_its_foul_sends_it_anyway_in_fourteen_taps(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob"])
        game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={"target": 99})
        page = self.page
        page.add_init_script(OPEN)
        page.goto(self.seat_url(session, "Ann"))
        expect(page.locator("html[data-socket=open]")).to_have_count(1)
        self.tap_cards("2S 2H 5D AS AD AC 7C 8D TH KH QH")
        self.tap(page.locator('[data-card="JH"]'), "JH")  # the last card: the setting is checked
        foul = page.locator("[data-pad-foul]")
        expect(foul).to_be_visible()
        expect(foul).to_contain_text("Ann: ")
        self.shoot("crash-foul")
        self.tap(foul.locator("[data-foul-on]"), "leave it")
        self.tap(page.locator(".pad").get_by_role("button", name="Send my hand"), "Send my hand")
        expect(page.locator("#seat-mine")).to_contain_text("Sent ✓")
        assert self.taps == 14  # twelve cards, the foul left as it is, and Send
        assert SeatHand.objects.get(player__name="Ann").entry == {
            "hands": {"Ann": ["2S 2H 5D", "AS AD AC", "7C 8D TH", "KH QH JH"]}
        }
        assert self.serious() == []
        self.shoot("crash-sent")

    def test_the_host_enters_a_seats_hand_on_the_hosts_phone_and_is_back_on_the_session(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob"])
        game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
        page = self.page
        log_in(page, self.live_server_url)
        bob = session.players.get(name="Bob")
        page.goto(f"{self.live_server_url}/sessions/{session.public_id}/seats/{bob.public_id}/hand/")
        expect(page.get_by_role("heading", name="Bob's seat")).to_be_visible()
        self.tap_cards("JH JD 3C")
        self.shoot("host-enters")
        expect(page.get_by_role("heading", name="Round 1: Bob's hand")).to_be_visible()
        self.tap(page.locator(".pad").get_by_role("button", name="Send Bob's hand"), "Send Bob's hand")
        expect(page).to_have_url(self.live_server_url + session.get_absolute_url())
        hand = SeatHand.objects.get(player__name="Bob")
        assert hand.by_host and hand.entry == {"hands": {"Bob": "JH JD 3C"}}

    def test_a_send_that_fails_says_so_keeps_the_cards_and_sent_again_counts_once(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob"])
        game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
        page = self.page
        url = self.seat_url(session, "Ann")
        page.goto(url)
        self.tap_cards("AS KS QS")
        send = page.locator(".pad").get_by_role("button", name="Send my hand")
        answers = iter(["error", "lost"])

        def fail_once_each(route):
            if route.request.method != "POST":
                return route.continue_()
            what = next(answers, None)
            if what == "error":
                return route.fulfill(status=500, body="Server Error")
            if what == "lost":  # kept by the server, its answer lost on the way back
                route.fetch()
                return route.abort("internetdisconnected")
            return route.continue_()

        page.route(url, fail_once_each)
        send.tap()
        failure = page.locator(".request-failure")
        expect(failure).to_have_text("The hand was not sent (error 500). The cards are kept here: send them again.")
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")
        send.tap()  # no answer: the hand is kept on the phone, and sent again by itself
        expect(page.locator(".pad .pad-note.kept")).to_have_text(HAND_KEPT)
        expect(failure).to_have_count(0)
        # The same form again, by itself: kept once, and said.
        expect(page.locator(".pad .pad-note.sent")).to_have_text("Your hand for round 1 was sent ✓")
        expect(page.locator("#seat-mine")).to_contain_text("Sent ✓")
        expect(page.locator("[data-outbox-pad]")).to_have_count(0)
        assert SeatHand.objects.get(player__name="Ann").entry == {"hands": {"Ann": "AS KS QS"}}
        assert page.evaluate("Object.keys(localStorage).filter(key => key.startsWith('brag:outbox:'))") == []
        assert Submission.objects.filter(action="hand").count() == 1
