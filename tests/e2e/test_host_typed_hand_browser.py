"""A host who plays types their own hand on the host's page (issue 50, point 3): the pad's
ticks and the panel say it is entered ("Ann ✓ by you"), "Not sent yet" leaves it out, and
the pad, once that hand is full, never moves into a seat whose own phone sent its hand (one
more tap would have typed over it). The fresh ticks the host's socket brings keep saying so."""

import pytest
from playwright.sync_api import expect

from scoring.models import SessionPlayer
from scoring.services import host_plays_as

from .conftest import SharedLiveServer
from .seat_sending import send_hand
from .thumb import Thumb

pytestmark = pytest.mark.browser


class HostTypesOwnHand(Thumb, SharedLiveServer):
    def send(self, name, cards):
        """A seat's hand, as the seat's own phone sends it."""
        token = SessionPlayer.objects.get(session=self.session, player__name=name).seat_token
        send_hand(self.live_server_url, token, cards, 1)

    def test_the_hosts_typed_hand_reads_entered_and_the_pad_skips_a_hand_sent_by_its_phone(self):
        self.open_game("stop_the_bus", {"tokens": 3})
        host_plays_as(session=self.session, player=self.session.players.get(name="Ann"))
        self.send("Bob", "2c 3d 5h")
        self.page.reload()
        pad_ticks, panel = self.page.locator("#pad-table"), self.page.locator("#table-panel")
        expect(pad_ticks).to_contain_text("Ann (you) …", use_inner_text=True)
        expect(pad_ticks).to_contain_text("Bob ✓", use_inner_text=True)
        expect(panel).to_contain_text("Not sent yet: Ann, Cy, Di.", use_inner_text=True)

        self.tap_cards("AS KS QS")
        expect(pad_ticks).to_contain_text("Ann ✓ by you", use_inner_text=True)
        expect(panel.locator("[data-tick='Ann']")).to_contain_text("Ann ✓ by you", use_inner_text=True)
        expect(panel).to_contain_text("Not sent yet: Cy, Di.", use_inner_text=True)
        # Bob's phone sent his hand: the pad goes past it, to Cy's.
        expect(self.page.locator("[data-pad-into]")).to_have_text("Cy's hand: 0 of 3 cards")
        assert self.page.locator("input[name='hand_1']").input_value() == ""

        self.send("Cy", "7h 7d 9c")  # the socket brings fresh ticks: what was typed still reads entered
        expect(pad_ticks).to_contain_text("Cy ✓", use_inner_text=True)
        expect(pad_ticks).to_contain_text("Ann ✓ by you", use_inner_text=True)
        expect(panel).to_contain_text("Not sent yet: Di.", use_inner_text=True)
        self.shoot("host-typed-own-hand")
        assert self.serious() == []

        self.page.locator("input[name='hand_0']").tap()  # back to Ann's hand, and its last card taken back
        self.tap(self.page.locator("[data-picker-undo]"), "Undo")
        expect(pad_ticks).to_contain_text("Ann (you) …", use_inner_text=True)  # no longer entered
        expect(panel).to_contain_text("Not sent yet: Ann, Di.", use_inner_text=True)
