"""The host's phone in WebKit (an iPhone's engine), 390x844, at the laptop's LAN name over
plain HTTP as the phones in the room open it: a Stop the Bus round tapped on the pad (a reload
keeping the taps), the hand being filled staying above the pad while the players' phones
panel grows over it, a classic Crash round with its setting check and a foul left as it is,
and a round kept while the server is stopped, sent by itself once it is back, the phone
saying what it did."""

import os
import uuid

import pytest

from scoring.models import Round, SessionPlayer
from scoring.services import game_start, host_plays_as, round_record, session_start

from ..factories import UserFactory
from . import webkit
from .seat_sending import send_hand
from .webkit import assert_hand_above_pad, log_in, tap_cards

pytestmark = [pytest.mark.browser, pytest.mark.webkit, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the phone sees, to look at
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
BUS_ROUND = "AS KS QS 7C 7D 9S 2C 3D 5H JH JD 4C"  # Cy's 5 high is the worst hand
LEAD_SAID = "Stop the Bus · game 1: Ann, Bob and Di share the lead, with 3 tokens each"  # after BUS_ROUND
# An answer of the End the evening question, on screen and not under the pad.
ANSWER_ON_SCREEN = """
const b = [...document.querySelectorAll('#story-switch button')].find((b) => b.textContent.trim() === arguments[0]);
const r = b.getBoundingClientRect();
const middle = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
return r.top >= 0 && r.bottom <= innerHeight && b.contains(middle);
"""


def shoot(window, name):
    if SHOTS:
        window.screenshot(os.path.join(SHOTS, f"webkit-{name}.png"))


@pytest.fixture
def phone(lan_server, webkit_window):
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


def test_a_stop_the_bus_round_on_the_pad_a_reload_keeping_the_taps(lan_server, phone):
    _, game = open_game(phone, lan_server, "stop_the_bus", {"tokens": 3})
    assert phone.js("return [isSecureContext, typeof crypto.randomUUID]") == [False, "undefined"]  # a LAN page
    tap_cards(phone, "AS KS QS 7C 7D")
    phone.reload()
    phone.wait_value("#id_hand_0", "A♠ K♠ Q♠")
    phone.wait_value("#id_hand_1", "7♣ 7♦")
    assert phone.count(".field.active #id_hand_1") == 1
    assert phone.js("return document.querySelector('[data-card=KS]').disabled")
    tap_cards(phone, BUS_ROUND.removeprefix("AS KS QS 7C 7D "))
    shoot(phone, "host-entering")
    phone.click_button("Record round", within=".pad")
    phone.wait_text(
        ".pad .pad-note", "Round 1 recorded: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)"
    )
    assert Round.objects.filter(game=game).count() == 1
    assert_hand_above_pad(phone)
    assert phone.overflow() == 0
    assert phone.errors() == []


def test_the_hand_being_filled_stays_above_the_pad_while_the_phones_panel_grows_over_it(lan_server, phone):
    """WebKit has no scroll anchoring: the page itself keeps the hand where it was."""
    session, game = open_game(phone, lan_server, "stop_the_bus", {"tokens": 3})
    tap_cards(phone, "AS KS QS 7C")
    before, pad = webkit.hand_and_pad(phone)
    panel = phone.box("#table-panel")["height"]
    for name in ("Ann", "Bob"):  # two players send from their phones: the panel shows their ticks
        token = SessionPlayer.objects.get(session=session, player__name=name).seat_token
        send_hand(f"http://127.0.0.1:{lan_server.daphne.port}", token, "2H 3H 4H")
    settled = "#table-panel:not(.is-idle):not(.htmx-settling) .table-tick.sent"  # htmx's swap settled
    phone.wait(f"return document.querySelectorAll('{settled}').length === 2", what="the ticks")
    assert phone.box("#table-panel")["height"] > panel + 100  # it grew, above the form
    assert_hand_above_pad(phone)
    after, pad_after = webkit.hand_and_pad(phone)
    grew = max(0, pad["y"] - pad_after["y"])  # the pad's own row of ticks and Reveal: the hand stays above it
    assert abs(after["y"] - before["y"]) <= 2 + grew, f"the hand moved from {before['y']} to {after['y']}"
    tap_cards(phone, "7D")
    assert phone.value("#id_hand_1") == "7♣ 7♦"
    assert phone.errors() == []


def test_the_hosts_own_hand_typed_reads_entered_and_the_pad_goes_past_a_hand_a_phone_sent(lan_server, phone):
    """Issue 50, point 3: the host plays as Ann; Bob's phone has sent his hand."""
    session, game = open_game(phone, lan_server, "stop_the_bus", {"tokens": 3})
    host_plays_as(session=session, player=session.players.get(name="Ann"))
    token = SessionPlayer.objects.get(session=session, player__name="Bob").seat_token
    send_hand(f"http://127.0.0.1:{lan_server.daphne.port}", token, "2H 3H 4H")
    phone.reload()
    phone.wait("return !document.querySelector('.pad').hidden", what="the pad shown")
    tap_cards(phone, "AS KS QS")
    phone.wait_text("#pad-table [data-tick='Ann'] [data-tick-mark]", "✓ by you")
    assert phone.js("return document.querySelector('#pad-table [data-tick=Ann] [data-tick-you]').hidden")
    assert phone.text("[data-pad-into]") == "Cy's hand: 0 of 3 cards"  # not Bob's: his phone sent it
    assert phone.value("#id_hand_1") == ""
    phone.wait(
        "return [...document.querySelectorAll('#table-panel [data-waiting]')]"
        ".filter((name) => !name.hidden).map((name) => name.dataset.waiting).join() === 'Cy,Di'",
        what="Ann out of 'Not sent yet'",
    )
    shoot(phone, "host-own-hand-typed")
    assert phone.errors() == []


def test_a_classic_crash_round_says_each_setting_check_and_asks_before_leaving_a_foul(lan_server, phone):
    _, game = open_game(phone, lan_server, "crash", {"preset": "classic"}, players=["Ann", "Bob"])
    tap_cards(phone, "7C 7D 9S AH KH QH")
    phone.wait_text(
        ".pad [data-pad-check]", "Ann: hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1", contains=True
    )
    tap_cards(phone, "2S 3S 5D 4C 6C 8H")  # Ann's last hand: checked before the pad moves on
    foul = "[data-pad-foul]"
    phone.wait(f"return !document.querySelector('{foul}').hidden", what="the foul's question")
    assert phone.text(f"{foul} [data-foul-on]") == "Leave it, go on to Bob"
    assert phone.count(".seat-entry:not([hidden])") == 1 and phone.text(".seat-entry:not([hidden]) legend") == "Ann"
    shoot(phone, "host-crash-foul")
    phone.click(f"{foul} [data-foul-on]")
    phone.wait_text(".seat-entry:not([hidden]) legend", "Bob")
    assert_hand_above_pad(phone)
    tap_cards(phone, "AS AD AC KS QS JS TH 9H 7H 6H 5H 4H")
    phone.click_button("Record round", within=".pad")
    phone.wait_text(".pad .pad-note", "Round 1 recorded", contains=True)
    assert phone.text(".last-round .event-foul").startswith("Ann")
    assert Round.objects.filter(game=game).count() == 1
    assert phone.errors() == []


def test_a_round_kept_while_the_server_is_stopped_goes_by_itself_once_it_is_back_and_says_what_it_did(
    lan_server, phone
):
    """The laptop's `make run` restarted, the Wi-Fi never dropped: nothing tells the page."""
    _, game = open_game(phone, lan_server, "stop_the_bus", {"tokens": 3})
    first_id = phone.value("input[name=submission]")
    tap_cards(phone, BUS_ROUND)
    lan_server.stop()
    try:
        phone.click_button("Record round", within=".pad")
        phone.wait_text(".pad [data-outbox-pad]", "1 round waiting to send")
        phone.wait_text("#entry-title", "Round 2: enter the hands")
        assert_hand_above_pad(phone)
        # A new submission id, made without crypto.randomUUID (missing on a LAN page over HTTP).
        second_id = phone.value("input[name=submission]")
        assert uuid.UUID(second_id).version == 4 and second_id != first_id
        assert not Round.objects.filter(game=game).exists()
        shoot(phone, "host-waiting")
    finally:
        lan_server.start()
    sent = "Round 1 sent: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)"
    phone.wait_text(".pad .pad-note.sent", sent, timeout=20)
    told, height = phone.box(".pad .pad-note.sent"), phone.viewport()[1]
    assert 0 <= told["y"] and told["y"] + told["height"] <= height, f"{told} is not in view"
    assert phone.count("[data-outbox-pad]") == 0 and phone.text("[data-outbox-count]") == ""
    phone.wait_text(".last-round", "Cy loses a token (2 left)", contains=True)
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1]
    shoot(phone, "host-sent")
    assert phone.errors() == []


STORAGE_FULL = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};"""


def test_storage_that_refuses_is_said_and_a_waiting_round_still_goes_from_the_page(lan_server, phone):
    _, game = open_game(phone, lan_server, "stop_the_bus", {"tokens": 3})
    phone.js(STORAGE_FULL)
    tap_cards(phone, "AS")
    phone.wait_text(
        "[data-storage-refused=draft]",
        "This phone cannot keep the cards as they are tapped (its storage is full or turned off): a reload or a "
        "closed tab would lose them.",
    )
    tap_cards(phone, BUS_ROUND.removeprefix("AS "))
    assert phone.count("[data-storage-refused]") == 1  # said once
    lan_server.stop()
    try:
        phone.click_button("Record round", within=".pad")
        phone.wait_text(".pad [data-outbox-pad]", "1 round waiting to send")
        phone.wait_text("[data-storage-refused=round]", "keep it open until the count goes", contains=True)
        shoot(phone, "host-storage-refused")
    finally:
        lan_server.start()
    phone.wait_text(".pad .pad-note.sent", "Round 1 sent", contains=True, timeout=20)
    assert Round.objects.filter(game=game).count() == 1
    assert phone.errors() == []


# What env(safe-area-inset-*) gives on an iPhone 14 opened from the home screen, upright and
# turned: the status bar and the notch, the home bar (WebKitGTK has none: app.css reads them
# through these properties, set here as the phone would).
UPRIGHT = {"--safe-top": "47px", "--safe-bottom": "34px", "--safe-left": "0px", "--safe-right": "0px"}
TURNED = {"--safe-top": "0px", "--safe-bottom": "21px", "--safe-left": "47px", "--safe-right": "47px"}
INSETS = (
    "Object.entries(arguments[0]).forEach(([name, value]) => document.documentElement.style.setProperty(name, value))"
)


def test_the_notch_and_the_home_bar_are_kept_clear_of_the_pad_and_the_record_button(lan_server, phone):
    open_game(phone, lan_server, "stop_the_bus", {"tokens": 3})
    phone.js(INSETS, UPRIGHT)
    tap_cards(phone, "AS KS")
    width, height = phone.viewport()
    for part in (".pad .pad-submit", ".pad [data-card='2C']", ".pad .pad-undo"):
        box = phone.box(part)
        assert box["y"] + box["height"] <= height - 34, f"{part} is over the home bar: {box}"
    brand = phone.js("return document.querySelector('.top .brand').getBoundingClientRect().top + scrollY")
    assert brand >= 47, "the page's top is under the status bar"
    assert_hand_above_pad(phone)
    shoot(phone, "host-safe-area")

    url = phone.driver.current_url
    phone.resize(844, 390)  # turned: the notch on one side
    phone.goto(url)
    phone.js(INSETS, TURNED)
    width, height = phone.viewport()
    for part in (".pad .pad-submit", ".pad [data-card='AC']", ".pad [data-card='2D']", ".pad .pad-undo", "h1"):
        box = phone.box(part)
        assert 47 <= box["x"] and box["x"] + box["width"] <= width - 47, f"{part} is under the notch: {box}"
    record = phone.box(".pad .pad-submit")
    assert record["y"] + record["height"] <= height - 21
    assert phone.overflow() == 0


def test_end_the_evening_asks_about_the_open_game_its_answers_on_screen_above_the_pad(lan_server, phone):
    session, game = open_game(phone, lan_server, "stop_the_bus", {"tokens": 3})
    hands = {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H", "Di": "JH JD 4C"}  # Cy loses a token
    round_record(game=game, number=1, by=session.host, entry={"hands": hands})
    phone.reload()
    phone.wait("return !document.querySelector('.pad').hidden", what="the pad shown")
    phone.js("document.querySelector('#story-switch button').scrollIntoView({block: 'start'})")
    phone.click_button("End the evening: show the story on the TV", within="#story-switch")
    phone.wait_text(
        "#story-switch .still-open",
        "Stop the Bus · game 1: Ann, Bob and Di share the lead, with 3 tokens each",
        contains=True,
    )
    for answer in ("End it and show the story", "Keep it open and show the story", "Not yet"):
        assert phone.js(ANSWER_ON_SCREEN, answer), f"{answer} is not on screen, or the pad covers it"
    shoot(phone, "end-evening-question")
    phone.click_button("End it and show the story", within="#story-switch")
    phone.wait_text("#story-switch [role=status]", "Ended as they stood: Stop the Bus · game 1.", contains=True)
    game.refresh_from_db()
    assert game.ended and phone.errors() == []
