"""The host's phone in WebKit (an iPhone's engine), 390x844, at the laptop's LAN name over
plain HTTP as the phones in the room open it: a Stop the Bus round tapped on the pad (a reload
keeping the taps), the hand being filled staying above the pad while the players' phones
panel grows over it, a classic Crash round with its setting check and a foul left as it is,
and a round kept while the server is stopped, sent by itself once it is back, the phone
saying what it did."""

import os
import uuid

import pytest

from scoring.models import Round
from scoring.services import game_start, seat_hand_send, session_start

from ..factories import UserFactory
from . import webkit
from .webkit import assert_hand_above_pad, log_in, tap_cards

pytestmark = [pytest.mark.browser, pytest.mark.webkit, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees, to look at
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
BUS_ROUND = "AS KS QS 7C 7D 9S 2C 3D 5H JH JD 4C"  # Cy's 5 high is the worst hand


def shoot(window, name):
    if SHOTS:
        window.screenshot(os.path.join(SHOTS, f"webkit-{name}.png"))


@pytest.fixture
def host(lan_server, webkit_window):
    """The host's phone, logged in."""
    window = webkit_window()
    UserFactory(username="host")
    log_in(window, lan_server.url)
    return window


def open_game(window, server, kind, options, players=PLAYERS):
    from django.contrib.auth.models import User

    session = session_start(
        host=User.objects.get(username="host"), title="Tonight", played_on="2026-11-27", player_names=players
    )
    game = game_start(session=session, kind=kind, seat_names=players, options=options)
    window.goto(server.url + session.get_absolute_url())
    window.wait("return !document.querySelector('.pad').hidden", what="the pad shown")
    assert_hand_above_pad(window)
    return session, game


def test_a_stop_the_bus_round_on_the_pad_a_reload_keeping_the_taps(lan_server, host):
    _, game = open_game(host, lan_server, "stop_the_bus", {"tokens": 3})
    assert host.js("return [isSecureContext, typeof crypto.randomUUID]") == [False, "undefined"]  # a LAN page
    tap_cards(host, "AS KS QS 7C 7D")
    host.reload()
    host.wait_value("#id_hand_0", "A♠ K♠ Q♠")
    host.wait_value("#id_hand_1", "7♣ 7♦")
    assert host.count(".field.active #id_hand_1") == 1
    assert host.js("return document.querySelector('[data-card=KS]').disabled")
    tap_cards(host, BUS_ROUND.removeprefix("AS KS QS 7C 7D "))
    shoot(host, "host-entering")
    host.click_button("Record round", within=".pad")
    host.wait_text(
        ".pad .pad-note", "Round 1 recorded: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)"
    )
    assert Round.objects.filter(game=game).count() == 1
    assert_hand_above_pad(host)
    assert host.overflow() == 0
    assert host.errors() == []


def test_the_hand_being_filled_stays_above_the_pad_while_the_phones_panel_grows_over_it(lan_server, host):
    """WebKit has no scroll anchoring: the page itself keeps the hand where it was."""
    session, game = open_game(host, lan_server, "stop_the_bus", {"tokens": 3})
    tap_cards(host, "AS KS QS 7C")
    before = webkit.hand_and_pad(host)[0]
    panel = host.box("#table-panel")["height"]
    for name in ("Ann", "Bob"):  # two players send from their phones: the panel shows their ticks
        player, entry = session.players.get(name=name), {"hands": {name: "2H 3H 4H"}}
        seat_hand_send(game=game, player=player, number=1, entry=entry, submission=uuid.uuid4())
    host.wait("return document.querySelectorAll('#table-panel .table-tick.sent').length === 2", what="the ticks")
    assert host.box("#table-panel")["height"] > panel + 100  # it grew, above the form
    assert_hand_above_pad(host)
    after = webkit.hand_and_pad(host)[0]
    assert abs(after["y"] - before["y"]) <= 2, f"the hand moved from {before['y']} to {after['y']}"
    tap_cards(host, "7D")
    assert host.value("#id_hand_1") == "7♣ 7♦"
    assert host.errors() == []
