"""After a Wi-Fi blip or a restart, a thousand TVs and phones must not come back in lockstep:
the board's and the seat's pages wait a random while before each reconnect, growing with
the tries and capped, so a storm of them spreads out (issue 32)."""

import pytest

from scoring.models import SessionPlayer

from ..factories import UserFactory, a_game
from .conftest import InBrowser

pytestmark = pytest.mark.browser
# The delays the page's reconnect would wait, 200 draws after each number of tries.
DELAYS = "[0, 1, 2, 3, 6].map((tries) => Array.from({length: 200}, () => htmx.config.wsReconnectDelay(tries)))"


class Reconnects(InBrowser):
    def test_the_board_and_the_seat_reconnect_after_a_jittered_capped_backoff(self):
        session = a_game(players=["Ann", "Bob"], played_on="2026-11-27", host=UserFactory(), tokens=3).session
        seat = SessionPlayer.objects.filter(session=session).first().seat_token
        self.tv.goto(f"{self.live_server_url}/board/{session.share_token}/")
        self.phone.goto(f"{self.live_server_url}/seat/{seat}/")
        for page in (self.tv, self.phone):
            by_tries = page.evaluate(DELAYS)
            for delays in by_tries:
                assert 500 <= min(delays) and max(delays) <= 4500
                assert len(set(delays)) > 150  # spread, not one delay for every page
            first, later = by_tries[0], by_tries[-1]
            assert max(first) <= 1000 < max(later)  # the first try comes soon, later ones further apart
            assert sum(later) / len(later) > 2 * sum(first) / len(first)
