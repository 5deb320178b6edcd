"""The host at the table, on a 375 px phone in Chromium: whole games, corrections, a double tap."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Round
from scoring.services import game_start, session_start

from ..data import an_evening
from ..factories import UserFactory
from .conftest import InBrowser, fill_hands, log_in, start_evening

pytestmark = pytest.mark.browser


class HostOnAPhone(InBrowser):
    def log_in(self):
        self.user = UserFactory(username="host")
        log_in(self.phone, self.live_server_url)

    def start(self, kind, options, players=("Ann", "Bob", "Cy")):
        session = session_start(host=self.user, title="Tonight", played_on="2026-11-22", player_names=players)
        game = game_start(session=session, kind=kind, seat_names=list(players), options=options)
        self.phone.goto(self.live_server_url + session.get_absolute_url())
        return session, game

    def record(self, number, **fields):
        page = self.phone
        expect(page.get_by_role("heading", name=f"Round {number}: enter the hands")).to_be_visible()
        fill_hands(page, fields)
        page.get_by_role("button", name="Record round").tap()

    def test_a_whole_stop_the_bus_game_of_three_players_to_a_winner(self):
        self.log_in()
        page = self.phone
        start_evening(page, "Friday", "Ann, Bob, Cy", tokens=1)
        expect(page.locator("#game")).to_contain_text("Next to deal: Ann")

        # Round 1 by tapping the picker: Ann's hand, then Bob's, then Cy's.
        for code in ("AS", "KS", "QS", "7C", "7D", "9S", "2C", "3D", "5H"):
            page.locator(f'[data-card="{code}"]').tap()
        expect(page.locator("#id_hand_2")).to_have_value("2♣ 3♦ 5♥")
        page.get_by_role("button", name="Record round").tap()
        expect(page.locator(".last-round")).to_contain_text("Cy has no tokens left: Cy is out")
        expect(page.locator("#game")).to_contain_text("Next to deal: Bob")

        self.record(2, hand_0="2c 3d 5h", hand_1="As Ks Qs")
        expect(page.locator(".winner")).to_have_text("Winner: Bob")
        expect(page.locator(".last-round")).to_contain_text("Bob is the last player with tokens: Bob wins")
        expect(page.get_by_role("link", name="Start another game")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375

    def test_a_classic_crash_round_with_a_foul_and_a_stick_up(self):
        self.log_in()
        self.start("crash", {"preset": "classic"})
        page = self.phone
        fill_hands(page, {"hand_0_1": "7c 7d 9s", "hand_0_2": "Ah Kh Qh"})
        expect(page.locator(".setting-check").first).to_contain_text(
            "Hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1"
        )
        self.record(
            1,
            hand_0_1="3s 3h 3d",
            hand_0_2="Ks Kh 9d",
            hand_1_1="As Ac 4d",
            hand_1_2="Kc Kd 9c",
            hand_2_1="5s 5h 9h",
            hand_2_2="Qc 8c 2c",
        )
        outcome = page.locator(".last-round")
        expect(outcome).to_contain_text(
            "Cy fouled, out of the game: hand 2 (Q♣ 8♣ 2♣, a flush) is stronger than hand 1 (5♠ 5♥ 9♥, a pair of 5s)"
        )
        expect(outcome).to_contain_text("Hand 1: Ann's prial of 3s is the best hand: Ann scores a point (1)")
        expect(outcome).to_contain_text("Hand 2: Ann's pair of kings and Bob's pair of kings tie: stick-up")
        expect(page.locator(".standings")).to_contain_text("out")

    def test_a_commerce_hand_with_a_split_pot(self):
        self.log_in()
        self.start("commerce", {"stake": 5})
        self.record(1, hand_0="Kh Kd 4c", hand_1="Ks Kc 4h", hand_2="2s 3d 7c")
        outcome = self.phone.locator(".last-round")
        expect(outcome).to_contain_text(
            "Ann and Bob tie for the best hand (pair of kings, 4 kicker): they split "
            "the pot of 15, 7 each, 1 stays in the pot"
        )
        expect(self.phone.locator("#game")).to_contain_text("In the pot: 1")

    def test_correcting_a_past_round(self):
        self.log_in()
        session, game = self.start("stop_the_bus", {"tokens": 2})
        page = self.phone
        self.record(1, hand_0="As Ks Qs", hand_1="2c 3d 5h", hand_2="7c 7d 9s")
        expect(page.locator(".last-round")).to_contain_text("Bob loses a token (1 left)")
        page.locator(".round-head").get_by_role("link", name="Correct").tap()
        page.fill("#id_hand_0", "2c 3d 5h")
        page.fill("#id_hand_1", "As Ks Qs")
        page.get_by_role("button", name="Review the correction").tap()
        expect(page.locator(".preview")).to_contain_text("Ann's 5 high (5-3-2) is the worst hand")
        page.get_by_role("button", name="Save the correction").tap()
        expect(page.locator(".standings")).to_contain_text("Ann")
        expect(page.locator(".round-list")).to_contain_text("corrected")
        expect(page.locator(".last-round")).to_contain_text("Ann loses a token (1 left)")
        assert Round.objects.get(game=game).revisions.count() == 1

    def test_a_double_tap_on_submit_records_one_round(self):
        self.log_in()
        session, game = self.start("stop_the_bus", {"tokens": 3})
        page = self.phone
        for field, value in {"hand_0": "As Ks Qs", "hand_1": "2c 3d 5h", "hand_2": "7c 7d 9s"}.items():
            page.fill(f"#id_{field}", value)
        page.get_by_role("button", name="Record round").dblclick()
        expect(page.locator(".last-round")).to_contain_text("Bob loses a token (2 left)")
        expect(page.get_by_role("heading", name="Round 2: enter the hands")).to_be_visible()
        assert Round.objects.filter(game=game).count() == 1
        assert page.locator(".round-list > li").count() == 1

    def test_looking_back_on_a_session_shows_a_chart_whose_text_carries_the_figures(self):
        self.log_in()
        session, game = self.start("stop_the_bus", {"tokens": 2})
        self.record(1, hand_0="As Ks Qs", hand_1="2c 3d 5h", hand_2="7c 7d 9s")
        expect(self.phone.locator(".last-round")).to_contain_text("Bob loses a token (1 left)")
        self.phone.get_by_role("link", name="Look back on this session").tap()
        chart = self.phone.get_by_role("img", name="Stop the Bus · game 1")
        expect(chart).to_be_visible()
        expect(self.phone.locator("figcaption")).to_have_text(
            "Tokens after each round. Ann: 2, 2; Bob: 2, 1; Cy: 2, 2."
        )
        assert self.phone.evaluate("document.documentElement.scrollWidth") <= 375

    def test_a_player_page_from_the_circle_shows_charts_whose_text_carries_the_figures(self):
        self.log_in()
        an_evening(self.user, "2026-11-13")
        an_evening(self.user, "2026-11-20")
        page = self.phone
        page.get_by_role("link", name="Circle").tap()
        expect(page.get_by_role("table").first).to_contain_text("Ann")
        page.get_by_role("link", name="Ann").first.tap()  # in each game's ratings and the league table
        expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
        charts = page.get_by_role("img", name="Ann's hands in")
        expect(charts).to_have_count(3)
        crash = page.get_by_role("img", name="Ann's hands in Crash")
        expect(crash).to_be_visible()
        expect(crash.locator("desc")).to_contain_text(
            "Categories of the 32 hands Ann showed, beside a random deal. prial: 6 (18.8%; a random deal gives 0.24%)"
        )
        page.get_by_role("link", name="Crash", exact=True).tap()
        expect(page.get_by_role("img", name="Ann's hands in")).to_have_count(1)
        expect(page.locator(".figures.positions div").nth(1)).to_have_text(re.compile(r"Hand 2\s*6"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
