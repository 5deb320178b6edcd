"""Players typed in seat order stay in it, on a 375x812 phone: the session page lists them
so and the new game seats them so."""

import pytest
from playwright.sync_api import expect

from ..factories import UserFactory
from .conftest import InBrowser, log_in

pytestmark = pytest.mark.browser
TYPED = ["Sam", "Helen", "Ann", "Bob"]  # round the table, not by name


class SeatOrder(InBrowser):
    def test_players_typed_round_the_table_keep_that_order(self):
        UserFactory(username="host")
        log_in(self.phone, self.live_server_url)
        page = self.phone
        page.get_by_role("link", name="New session", exact=True).tap()
        page.fill("#id_title", "Tonight")
        page.fill("#id_new_players", "\n".join(TYPED))
        page.get_by_role("button", name="Start the session").tap()
        expect(page.get_by_role("list", name="Players").get_by_role("link")).to_have_text(TYPED)
        page.get_by_role("link", name="Start the first game").tap()
        labels = page.locator("label[for^=id_seat_]")
        expect(labels).to_have_text(TYPED)
        for seat, name in enumerate(TYPED, 1):
            expect(page.get_by_label(name, exact=True)).to_have_value(str(seat))
