"""The host's card pad in WebKit (an iPhone's engine) at 320, 375 and 430 px wide (issue 50,
point 1): after a Crash reveal that leaves the player without a phone 13 spades, the grid of 52
whole on the screen, the cards used greyed out; then, in the same page, the pad put in every
number of cards left, 0 to 52 (tests/e2e/pad_fit.py). One window, a page load a width."""

import os

import pytest

from scoring.models import Round, SessionPlayer
from scoring.services import game_start, session_start

from ..factories import UserFactory
from .pad_fit import EVERY_COUNT, FOUL_ROUND, NEXT_ROUND, SENT, WIDTHS
from .seat_sending import send_hand
from .webkit import log_in, tap_cards

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


def test_the_pad_stays_open_through_a_crash_round_after_a_round_with_a_foul(lan_server, webkit_window):
    """The players' phones panel follows the seats on the host's page's socket; what it swaps in
    (two phones opening mid-hand) is the panel, not the round's answer: the pad stays as the
    host left it."""
    window = webkit_window()
    host = UserFactory(username="host")
    log_in(window, lan_server.url)
    session = session_start(host=host, title="Tonight", played_on="2026-11-28", player_names=["Ann", "Bob", "Cy", "Di"])
    game = game_start(
        session=session, kind="crash", seat_names=["Ann", "Bob", "Cy", "Di"], options={"preset": "classic"}
    )
    window.goto(lan_server.url + session.get_absolute_url())
    tap_cards(window, " ".join((FOUL_ROUND["Ann"], FOUL_ROUND["Bob"], FOUL_ROUND["Cy"])))
    window.click_button("Leave it, go on to Di", within=".pad")
    tap_cards(window, FOUL_ROUND["Di"])
    window.click_button("Record round", within=".pad")
    window.wait_text(".last-round.just-recorded .event-foul", "Cy fouled", contains=True)
    window.click_button("Enter the next round", within=".pad")
    folded = "return document.querySelector('.pad').classList.contains('folded')"
    window.wait(f"return !({folded.removeprefix('return ')})", what="the pad open")
    for number, (name, cards) in enumerate(NEXT_ROUND.items()):
        tap_cards(window, " ".join(cards.split()[:8]))
        if number < 2:  # twice, mid-hand: a player's phone opens and the host's panel changes
            token = SessionPlayer.objects.get(session=session, player__name=name).seat_token
            webkit_window().goto(f"{lan_server.url}/seat/{token}/")
            window.wait(
                "return [...document.querySelectorAll('#table-panel .table-tick')]"
                ".some((tick) => tick.dataset.tick === arguments[0] && tick.querySelector('.phone-on'))",
                name,
                what=f"{name}'s phone shown open",
            )
        assert not window.js(folded), f"the pad folded in {name}'s hands"
        tap_cards(window, " ".join(cards.split()[8:]))
        assert not window.js(folded), f"the pad folded after {name}'s hands"
    window.click_button("Record round", within=".pad")
    window.wait_text(".last-round", "Round 2 recorded", contains=True)
    assert Round.objects.filter(game=game).count() == 2
    assert window.errors() == []
