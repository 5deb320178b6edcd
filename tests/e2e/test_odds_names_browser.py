"""The odds on the TV name every player in full (issue 50, point 2), at 1280x720 and
1920x1080 in Chromium: six short names, all a guess, and eight of the longest names a player
may have, some rated, some provisional, some a guess; each name whole beside its share,
equal chances the same figure, clean under axe-core."""

import os

import pytest
from playwright.sync_api import expect

from engine.ratings import PROVISIONAL_GAMES
from scoring.models import Player
from scoring.services import game_start, round_record, seat_codes_show, session_start

from ..factories import UserFactory
from .boxes import ODDS
from .conftest import InBrowser, board_shown, serious_violations

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the TV shows there, to look at
SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
SHORT = ["Sam", "Ann", "Bob", "Cy", "Dee", "Eve"]
# Eight names of the most characters a name may have (Player.name's max_length, 24).
LONGEST = [
    "Bartholomew Fitzwilliams",
    "Maximiliana Featherstone",
    "Alexandrina Wolstenholme",
    "Wolfgang-Maximilian Wahl",
    "Mary-Kate Worthington-Wu",
    "Oluwaseun Adebayo-Waweru",
    "Guinevere Montgomery-Mae",
    "Montgomery Wolstenholmes",
]

# The note under the odds (what "provisional" and "a guess" mean), whole on the screen.
NOTE_SHOWN = "() => document.querySelector('.odds-note').getBoundingClientRect().bottom <= innerHeight"


def history(host, rated, provisional):
    """``rated`` players with PROVISIONAL_GAMES games of Stop the Bus each (the first the best),
    the ``provisional`` two with one."""
    past = session_start(host=host, title="Last week", played_on="2026-11-13", player_names=rated + provisional)
    pairs = [pair for _ in range(PROVISIONAL_GAMES) for pair in zip(rated, rated[1:])] + [provisional]
    for winner, loser in pairs:
        game = game_start(session=past, kind="stop_the_bus", seat_names=[winner, loser], options={"tokens": 1})
        round_record(game=game, number=1, by=host, entry={"hands": {winner: "AS KS QS", loser: "2C 3D 5H"}})


class OddsNamedInFull(InBrowser):
    def check_named_in_full(self, session, players, name):
        """Each of ``players`` named whole beside its share, on the screen at each size; returns
        the shares shown, top to bottom."""
        for viewport in SIZES:
            context, tv = board_shown(self.browser, self.live_server_url, session, viewport)
            try:
                expect(tv.locator("#board-last .odds li")).to_have_count(len(players))
                if SHOTS:
                    tv.screenshot(path=os.path.join(SHOTS, f"odds-{name}-{viewport['height']}.png"))
                lines, note_shown = tv.evaluate(ODDS), tv.evaluate(NOTE_SHOWN)
                assert serious_violations(tv) == []
            finally:
                context.close()
            assert sorted(line["name"] for line in lines) == sorted(players) and note_shown
            for line in lines:
                assert not line["cut"] and line["beside"] and line["inside"], (viewport, line)
        return [line["chance"] for line in lines]

    def test_six_short_names_all_a_guess(self):
        session = session_start(
            host=UserFactory(), title="Friday", played_on="2026-11-20", player_names=SHORT, show_odds=True
        )
        game_start(session=session, kind="stop_the_bus", seat_names=SHORT, options={"tokens": 3})
        seat_codes_show(session=session, shown=True)
        assert self.check_named_in_full(session, SHORT, "six-short") == ["17%"] * 6  # even chances, even figures

    def test_eight_of_the_longest_names(self):
        assert {len(name) for name in LONGEST} == {Player._meta.get_field("name").max_length}
        host = UserFactory()
        history(host, LONGEST[:3], LONGEST[3:5])
        session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=LONGEST, show_odds=True)
        game_start(session=session, kind="stop_the_bus", seat_names=LONGEST, options={"tokens": 3})
        self.check_named_in_full(session, LONGEST, "eight-longest")
