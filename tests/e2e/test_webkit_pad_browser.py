"""The host's card pad in WebKit (an iPhone's engine) at 320, 375 and 430 px wide (issue 50,
point 1): after a Crash reveal that leaves the player without a phone 13 spades, the grid of 52
whole on the screen, the cards used greyed out; then, in the same page, the pad put in every
number of cards left, 0 to 52 (tests/e2e/pad_fit.py). One window, a page load a width."""

import os

import pytest

from scoring.models import SessionPlayer
from scoring.services import game_start, session_start

from ..factories import UserFactory
from .pad_fit import EVERY_COUNT, SENT, WIDTHS
from .seat_sending import send_hand
from .webkit import log_in

pytestmark = [pytest.mark.browser, pytest.mark.webkit, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")
MEASURED = f"return ({EVERY_COUNT})(arguments[0], arguments[1], arguments[2])"


def test_the_pad_keeps_its_grid_on_the_screen_after_a_crash_reveal_and_at_every_count(lan_server, webkit_window):
    window = webkit_window()
    host = UserFactory(username="host")
    log_in(window, lan_server.url)
    session = session_start(host=host, title="Tonight", played_on="2026-11-28", player_names=["Ann", "Bob", "Cy", "Di"])
    game_start(session=session, kind="crash", seat_names=["Ann", "Bob", "Cy", "Di"], options={"preset": "classic"})
    for name, hands in SENT.items():
        token = SessionPlayer.objects.get(session=session, player__name=name).seat_token
        send_hand(f"http://127.0.0.1:{lan_server.daphne.port}", token, hands, 1)
    url = lan_server.url + session.get_absolute_url()
    for number, (width, height) in enumerate(WIDTHS):
        window.resize(width, height)
        window.goto(url)
        if number == 0:
            window.click_button("Reveal", within="#table-panel")
        # The revealed hands in the form (the pad is on Di before the reveal too: the others' phones sent theirs).
        window.wait("return document.querySelector('[name=hand_0_1]').value !== ''", what="the hands revealed")
        window.wait_text(".seat-entry:not([hidden]) legend", "Di")  # the pad moved to the player without a phone
        assert window.count(".pad [data-card]:enabled") == 16  # the 13 spades and three threes
        assert window.count(".pad [data-card]:disabled") == 36
        assert window.js(MEASURED, None, width, height) == []
        if SHOTS:
            window.screenshot(os.path.join(SHOTS, f"webkit-pad-revealed-{width}.png"))
        assert window.js(MEASURED, list(range(53)), width, height) == []
    assert window.errors() == []
