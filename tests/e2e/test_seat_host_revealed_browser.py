"""The host's phone (375x812, touch) once the seats' hands are revealed (issue 43): the hands in
the form as the pad types cards ("10♣", never "TC"); a seat's Crash foul, sent after "Leave it
like this", shown as a foul on the panel and on its player's step above the pad; the cards
left over when Crash deals the whole deck offered in the pad's grid, the others greyed out;
and a round recorded with two hands missing refused naming both."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round, SessionPlayer

from .conftest import PHONE, SharedLiveServer, serious_violations
from .seat_sending import send_hand
from .thumb import Thumb

pytestmark = pytest.mark.browser
# Classic Crash deals the whole deck: 12 cards placed each, one left over (4 on the host's pad).
CRASH = {
    "Ann": ["3S 3H 3D", "AH KH QH", "7C 7D 9S", "2S 2H 5D"],
    "Bob": ["AS AD AC", "JS QS KS", "8C 8D 4S", "6H 6D 5C"],
    "Cy": ["9H 9C 4D", "TC TD TH", "JC JD 2C", "QC QD 3C"],  # hand 2 beats hand 1: a foul
    "Di": ["KD KC 2D", "8S 8H 4H", "6S 6C 4C", "5S 5H 9D"],
}


class SeatHostRevealed(Thumb, SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser

    def send(self, game, name, cards):
        """A seat's hand as its phone sends it ("TC" for 10♣)."""
        token = SessionPlayer.objects.get(session=game.session, player__name=name).seat_token
        send_hand(self.live_server_url, token, cards, 1)

    def send_foul_from_phone(self, name, hands):
        """The player taps their hands on their own phone, is warned of the foul, taps "Leave it
        like this", then Send."""
        context = self.browser.new_context(**PHONE)
        self.addCleanup(context.close)
        phone = context.new_page()
        token = SessionPlayer.objects.get(session=self.session, player__name=name).seat_token
        phone.goto(f"{self.live_server_url}/seat/{token}/")
        expect(phone.locator(".pad")).to_be_visible()
        for code in " ".join(hands).split():
            phone.locator(f'[data-card="{code}"]').tap()
            expect(phone.locator("[data-pad-into]")).not_to_have_text("Checking…")
        warning = phone.locator("[data-pad-foul]")
        expect(warning).to_be_visible()
        warning.get_by_role("button", name="Leave it like this").tap()
        phone.locator(".pad").get_by_role("button", name="Send my hand").tap()
        expect(phone.locator("#seat-mine")).to_contain_text("Sent ✓")

    def reveal(self):
        self.page.locator("#table-panel").get_by_role("button", name="Reveal", exact=True).tap()
        expect(self.page.locator("#table-panel")).to_contain_text("revealed")

    def test_revealed_hands_read_as_cards_and_a_round_missing_two_hands_names_both(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        self.send(game, "Ann", "QS JD TC")
        self.send(game, "Bob", "TH TD 9C")
        expect(self.page.locator("#table-panel")).to_contain_text("Bob ✓")
        self.reveal()
        expect(self.page.locator("#id_hand_0")).to_have_value("Q♠ J♦ 10♣")
        expect(self.page.locator("#id_hand_1")).to_have_value("10♥ 10♦ 9♣")
        self.shoot("revealed-bus")
        assert serious_violations(self.page) == []

        self.record()
        alert = self.page.locator(".pad-note.error")
        expect(alert).to_have_text("Not recorded: Cy's and Di's hands are missing: enter the three cards of each.")
        self.assert_on_screen(alert, "the refusal")
        self.shoot("revealed-bus-refused")
        assert serious_violations(self.page) == []
        assert not Round.objects.filter(game=game).exists()

    def test_a_seats_foul_reads_as_a_foul_and_the_cards_left_are_offered_in_the_grid(self):
        game = self.open_game("crash", {"preset": "classic"})
        self.send_foul_from_phone("Cy", CRASH["Cy"])
        for name in ("Ann", "Bob", "Di"):
            self.send(game, name, CRASH[name])
        expect(self.page.locator(".table-tick.sent")).to_have_count(4)
        self.reveal()
        panel = self.page.locator("#table-panel")
        expect(panel.locator(".table-tick", has_text="Cy")).to_contain_text("Cy ✗ foul")
        expect(panel.locator(".table-tick", has_text="Cy").locator(".tick-mark")).to_have_text("✗ foul")
        expect(panel.locator(".table-tick", has_text="Bob").locator(".tick-mark")).to_have_text("✓")
        step = self.page.get_by_role("button", name="Cy foul", exact=True)  # read aloud without the ✗
        expect(step).to_have_text("Cy ✗ foul")
        expect(step).to_have_class("seat-step is-foul")
        expect(self.page.get_by_role("button", name="Bob ✓", exact=True)).not_to_have_class("seat-step is-foul")
        expect(self.page.locator("#id_hand_2_2")).to_have_value("10♣ 10♦ 10♥")
        panel.scroll_into_view_if_needed()
        self.shoot("revealed-crash-panel")

        # Every hand in: the pad offers the four cards nobody placed, in the grid of 52.
        self.page.get_by_role("button", name="Di ✓", exact=True).tap()  # the host checks Di's hands
        expect(self.page.locator(".field.active #id_hand_3_1")).to_have_count(1)
        expect(self.page.locator(".pad .pick:enabled")).to_have_count(4)
        expect(self.page.locator(".pad .pick:disabled")).to_have_count(48)  # greyed out, in their places
        for code in ("TS", "7S", "JH", "7H"):
            expect(self.page.locator(f'.pad [data-card="{code}"]')).to_be_enabled()
            expect(self.page.locator(f'.pad [data-card="{code}"]')).to_be_in_viewport(ratio=1)
        self.shoot("revealed-crash-foul")
        assert serious_violations(self.page) == []
