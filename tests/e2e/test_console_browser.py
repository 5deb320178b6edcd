"""A whole evening on a phone logs no error to the browser's console and throws none: rounds of
each game (Crash with its live setting check), a correction, looking back, and the two tools."""

import pytest
from playwright.sync_api import expect

from scoring.services import game_start, session_start

from ..data import CY_FOULS_FIELDS
from ..factories import UserFactory
from .conftest import SharedLiveServer, fill_hands, log_in

pytestmark = pytest.mark.browser
PLAYERS = ["Ann", "Bob", "Cy"]


class NoConsoleErrors(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _phone(self, phone):
        self.page = phone
        self.logged = []
        phone.on(
            "console", lambda message: message.type == "error" and self.logged.append(f"{phone.url}: {message.text}")
        )
        phone.on("pageerror", lambda error: self.logged.append(f"{phone.url}: {error}"))

    def record(self, number: int, fields: dict, says: str) -> None:
        page = self.page
        expect(page.get_by_role("heading", name=f"Round {number}: enter the hands")).to_be_visible()
        fill_hands(page, fields)
        page.get_by_role("button", name="Record round").tap()
        expect(page.locator(".last-round")).to_contain_text(says)

    def test_an_evening_of_each_game_and_the_tools_logs_no_error(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Tonight", played_on="2026-11-22", player_names=PLAYERS)
        games = [
            game_start(session=session, kind=kind, seat_names=PLAYERS, options=options)
            for kind, options in [
                ("stop_the_bus", {"tokens": 3}),
                ("crash", {"preset": "classic"}),
                ("commerce", {"stake": 5}),
            ]
        ]
        page = self.page
        log_in(page, self.live_server_url)
        session_url = self.live_server_url + session.get_absolute_url()

        page.goto(f"{session_url}?game={games[0].number}")
        for code in ("AS", "KS", "QS", "7C", "7D", "9S", "2C", "3D", "5H"):  # by the pad
            page.locator(f'[data-card="{code}"]').tap()
        page.get_by_role("button", name="Record round").tap()
        expect(page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")

        page.goto(f"{session_url}?game={games[1].number}")
        fill_hands(page, {"hand_0_1": "7c 7d 9s", "hand_0_2": "Ah Kh Qh"})
        expect(page.locator(".setting-check").first).to_contain_text(
            "Hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1"
        )
        self.record(
            1,
            CY_FOULS_FIELDS,
            "Cy fouled, out of the game: hand 2 (Q♣ 8♣ 2♣, a flush) is stronger than hand 1 (5♠ 5♥ 9♥, a pair of 5s)",
        )

        page.goto(f"{session_url}?game={games[2].number}")
        self.record(
            1, {"hand_0": "Kh Kd 4c", "hand_1": "Ks Kc 4h", "hand_2": "2s 3d 7c"}, "Ann and Bob tie for the best hand"
        )

        page.locator(".round-head").get_by_role("link", name="Correct").tap()
        page.fill("#id_hand_2", "2s 3d 8c")
        page.get_by_role("button", name="Review the correction").tap()
        page.get_by_role("button", name="Save the correction").tap()
        expect(page.locator(".round-list")).to_contain_text("corrected")

        page.goto(session_url + "history/")
        expect(page.get_by_role("heading", name="Tonight, looking back")).to_be_visible()
        page.get_by_role("link", name="Circle").tap()
        page.get_by_role("link", name="Ann", exact=True).tap()
        expect(page.get_by_role("heading", name="Ann")).to_be_visible()

        page.get_by_role("link", name="Hand judge").tap()
        for code in ("AS", "KS", "QS", "4S", "5D", "6C"):
            page.locator(f'[data-card="{code}"]').tap()
        page.get_by_role("button", name="Judge").tap()
        expect(page.locator(".verdict")).to_contain_text("Running flush Q-K-A")
        page.get_by_role("link", name="Crash setting").tap()
        page.locator("#id_cards").fill("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c")
        page.get_by_role("button", name="Best setting").tap()
        expect(page.get_by_role("heading", name="Best setting:")).to_be_visible()

        assert not self.logged, "Logged to the console:\n" + "\n".join(self.logged)
