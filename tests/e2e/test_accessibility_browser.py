"""Every page passes axe-core's WCAG 2 A/AA rules with no serious or critical violation, at a
phone's size and a TV's."""

import pytest

from scoring.services import game_end, game_start, round_correct, round_record, session_start

from ..factories import PASSWORD, UserFactory
from .conftest import PHONE, TV, InBrowser, serious_violations

pytestmark = pytest.mark.browser


class EveryPage(InBrowser):
    def evening(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-22", player_names=["Ann", "Bob", "Cy"])
        crash = game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
        commerce = game_start(session=session, kind="commerce", seat_names=["Ann", "Bob"], options={"stake": 2})
        round_record(game=commerce, number=1, by=host, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C"}})
        game_end(game=commerce)
        bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
        first, _ = round_record(
            game=bus, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}
        )
        round_correct(round=first, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}})
        return session, bus, crash  # the board shows the Stop the Bus game, tokens as pips

    def pages(self, session, bus, crash) -> list[str]:
        players = list(session.players.order_by("name"))
        s, player = f"/sessions/{session.public_id}", players[0]
        return [
            "/",
            "/rules/",
            "/accounts/signup/",
            "/sessions/",
            "/sessions/new/",
            "/sessions/import/",
            f"{s}/",
            f"{s}/?game=1",
            f"{s}/games/new/",
            f"{s}/games/{bus.public_id}/rounds/1/",
            f"{s}/games/{bus.public_id}/delete-last/",
            f"{s}/games/{crash.public_id}/end/",
            f"{s}/rotate-board/",
            f"{s}/history/",
            "/players/",
            f"/players/{player.public_id}/",
            "/players/compare/",
            f"/players/compare/?first={player.public_id}&second={players[1].public_id}",
            f"/board/{session.share_token}/",
        ]

    def check_at(self, device):
        session, bus, crash = self.evening()
        context = self.browser.new_context(**device)
        found = {}
        try:
            page = context.new_page()
            page.goto(self.live_server_url + "/accounts/login/")
            found["/accounts/login/"] = self.serious(page)
            page.fill("#id_username", "host")
            page.fill("#id_password", PASSWORD)
            page.get_by_role("button", name="Log in").click()
            page.wait_for_url("**/sessions/")
            for path in self.pages(session, bus, crash):
                page.goto(self.live_server_url + path)
                found[path] = self.serious(page)
        finally:
            context.close()
        assert {path: problems for path, problems in found.items() if problems} == {}

    @staticmethod
    def serious(page) -> list:
        return serious_violations(page)

    def test_every_page_passes_axe_on_a_phone(self):
        self.check_at(PHONE)

    def test_every_page_passes_axe_on_a_tv(self):
        self.check_at(TV)
