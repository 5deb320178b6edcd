"""Every link, button, field, disclosure and checkbox or radio label a person taps is at least
44x44 CSS px on a 375x812 touch phone, on every page a user reaches (the TV's board is not
tapped, so it is left out)."""

import pytest
from playwright.sync_api import expect

from scoring.services import game_start, round_record, session_start

from ..data import BUS_ROUNDS, COMMERCE_ROUNDS, CRASH_ROUNDS, PLAYERS, an_evening
from ..factories import UserFactory
from .boxes import SMALL_TARGETS
from .conftest import PHONE, SharedLiveServer, log_in

pytestmark = pytest.mark.browser
TAP = 44


def assert_all_large(found: dict) -> None:
    offenders = [f"{path}: {', '.join(small)}" for path, small in found.items() if small]
    assert not offenders, "Tap targets under 44x44 px:\n" + "\n".join(offenders)


class TapTargets(SharedLiveServer):
    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser

    def small_targets(self, page) -> list[str]:
        return page.evaluate(SMALL_TARGETS, TAP)

    def visit(self, page, path: str, found: dict) -> None:
        page.goto(self.live_server_url + path)
        found[path] = self.small_targets(page)

    def test_every_target_an_anonymous_visitor_taps_is_44_px_square(self):
        context = self.browser.new_context(**PHONE)
        found = {}
        try:
            page = context.new_page()
            for path in ["/", "/crash-setting/", "/rules/", "/accounts/login/", "/accounts/signup/"]:
                self.visit(page, path, found)
            page.goto(self.live_server_url + "/")
            page.locator("#id_cards_1").fill("As Ks Qs")
            page.locator("#id_cards_2").fill("2c 3d 5h")
            page.get_by_role("button", name="Judge").tap()
            expect(page.locator(".verdict")).to_be_visible()
            found["/ (a verdict)"] = self.small_targets(page)
            page.goto(self.live_server_url + "/crash-setting/")
            page.locator("#id_cards").fill("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c")
            page.get_by_role("button", name="Best setting").tap()
            expect(page.get_by_role("heading", name="Best setting:")).to_be_visible()
            found["/crash-setting/ (a setting)"] = self.small_targets(page)
        finally:
            context.close()
        assert_all_large(found)

    def test_every_target_a_host_taps_is_44_px_square(self):
        host = UserFactory(username="host")
        an_evening(host, "2026-10-02")  # a past evening, for looking back
        session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=PLAYERS)
        games = {}  # one of each, with rounds; Commerce's over a page of them, so its pager shows
        for kind, rounds, options in [
            ("stop_the_bus", BUS_ROUNDS[:2], {"tokens": 3}),
            ("crash", CRASH_ROUNDS[:2], {"preset": "classic", "target": 15}),
            ("commerce", COMMERCE_ROUNDS * 4, {"stake": 2}),
        ]:
            game = games[kind] = game_start(session=session, kind=kind, seat_names=PLAYERS, options=options)
            for number, entry in enumerate(rounds, 1):
                round_record(game=game, number=number, entry=entry, by=host)
        s = f"/sessions/{session.public_id}"
        bus = f"{s}/games/{games['stop_the_bus'].public_id}"
        ann = host.players.get(name="Ann")
        paths = [
            "/sessions/",
            "/sessions/new/",
            "/sessions/import/",
            f"{s}/games/new/",
            *(f"{s}/?game={game.number}" for game in games.values()),
            f"{bus}/rounds/1/",
            f"{bus}/delete-last/",
            f"{bus}/end/",
            f"{s}/rotate-board/",
            f"{s}/history/",
            "/players/",
            f"/players/{ann.public_id}/",
            f"/players/{ann.public_id}/?game=crash",
            "/",
            "/crash-setting/",
            "/rules/",
        ]
        context = self.browser.new_context(**PHONE)
        found = {}
        try:
            page = context.new_page()
            log_in(page, self.live_server_url)
            for path in paths:
                self.visit(page, path, found)
            page.goto(self.live_server_url + f"{bus}/rounds/1/")
            page.get_by_role("button", name="Review the correction").tap()
            expect(page.get_by_role("button", name="Save the correction")).to_be_attached()
            found[f"{bus}/rounds/1/ (reviewed)"] = self.small_targets(page)
        finally:
            context.close()
        assert_all_large(found)
