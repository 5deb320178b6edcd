"""A table in WebKit (an iPhone's engine), each device at the laptop's LAN name over plain HTTP
as in the room: a player's phone (390x844) sends its own hand, the TV (1280x720) and the
player's phone follow the round live as the host records it; a hand sent while the server is
stopped is kept on the phone and sent by itself once it is back; and no page of the evening
scrolls sideways on a phone."""

import os

import pytest

from scoring.models import SeatHand, SessionPlayer
from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from . import webkit
from .webkit import assert_hand_above_pad, log_in, tap_cards

pytestmark = [pytest.mark.browser, pytest.mark.webkit, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what each device shows, to look at
PLAYERS = ["Ann", "Bob", "Cy"]
SOCKET_OPEN = "document.documentElement.dataset.socket === 'open'"
# Put in after load (WebKitGTK's driver runs nothing before the page's own scripts): marks the
# socket open once htmx's ws extension has opened it, or at once when it already has.
WATCH_SOCKET = """
document.addEventListener("htmx:wsOpen", () => { document.documentElement.dataset.socket = "open"; });
const main = document.querySelector("[ws-connect]");
const socket = main && main["htmx-internal-data"] && main["htmx-internal-data"].webSocket;
if (socket && socket.socket && socket.socket.readyState === 1) document.documentElement.dataset.socket = "open";
"""


def shoot(window, name):
    if SHOTS:
        window.screenshot(os.path.join(SHOTS, f"webkit-{name}.png"))


def evening(kind="stop_the_bus", options=None):
    user = UserFactory(username="host")
    session = session_start(host=user, title="Friday", played_on="2026-11-27", player_names=PLAYERS)
    game = game_start(session=session, kind=kind, seat_names=PLAYERS, options=options or {"tokens": 3})
    return user, session, game


def seat_url(server, session, name):
    return f"{server.url}/seat/{SessionPlayer.objects.get(session=session, player__name=name).seat_token}/"


def open_seat(window, server, session, name):
    window.goto(seat_url(server, session, name))
    window.js(WATCH_SOCKET)
    window.wait("return !document.querySelector('.pad').hidden", what="the pad shown")
    assert_hand_above_pad(window)


def test_a_seat_sends_its_hand_and_the_tv_and_the_seat_follow_the_round_live(lan_server, webkit_window):
    user, session, game = evening()
    tv = webkit_window(webkit.TV)
    tv.goto(f"{lan_server.url}/board/{session.share_token}/")
    tv.wait_text("#board-head", "Stop the Bus, 3 tokens · game 1", contains=True)
    assert tv.overflow() == 0

    ann = webkit_window()
    open_seat(ann, lan_server, session, "Ann")
    ann.wait_text("#seat-ticks", "Ann … Bob … Cy …")
    tap_cards(ann, "AS KS QS")
    shoot(ann, "seat-entering")
    ann.click_button("Send my hand", within=".pad")
    ann.wait_text("#seat-mine", "Sent ✓", contains=True)
    ann.wait_text("#seat-ticks", "Ann ✓ Bob … Cy …")
    assert SeatHand.objects.get(player__name="Ann").entry == {"hands": {"Ann": "AS KS QS"}}
    shoot(ann, "seat-sent")

    # The host records the round from the host's phone: the TV and Ann's phone show it, live.
    host = webkit_window()
    log_in(host, lan_server.url)
    host.goto(lan_server.url + session.get_absolute_url())
    host.wait_text("#table-panel", "Ann", contains=True)
    shoot(host, "host-session")
    host.type("#id_hand_1", "2c 3d 5h")
    host.type("#id_hand_2", "7c 7d 9s")
    host.type("#id_hand_0", "As Ks Qs")
    host.click_button("Record round", within=".pad")
    outcome = "Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)"
    tv.wait_text("#board-last", outcome, contains=True)
    ann.wait_text("#seat-last", "Bob loses a token (2 left)", contains=True, timeout=15)
    ann.wait_text("#seat-game", "Round 2", contains=True)
    shoot(tv, "tv")
    shoot(ann, "seat-outcome")
    assert tv.overflow() == 0 and ann.overflow() == 0
    assert tv.errors() == [] and ann.errors() == [] and host.errors() == []


def test_a_hand_sent_while_the_server_is_stopped_is_kept_and_goes_by_itself_once_it_is_back(lan_server, webkit_window):
    _, session, game = evening()
    ann = webkit_window()
    open_seat(ann, lan_server, session, "Ann")
    tap_cards(ann, "AS KS QS")
    kept_id = ann.value("#seat-form input[name=submission]")
    lan_server.stop()
    try:
        ann.click_button("Send my hand", within=".pad")
        ann.wait_text(
            ".pad .pad-note.kept",
            "No connection to the server: your hand is kept on this phone and sent by itself when the connection "
            "is back.",
        )
        ann.wait_text(".pad [data-outbox-pad]", "1 hand waiting to send")
        assert ann.count(".request-failure") == 0  # not "try again": it goes by itself
        assert ann.value("#id_hand_0") == "A♠ K♠ Q♠"
        assert not SeatHand.objects.exists()
        shoot(ann, "seat-kept")
    finally:
        lan_server.start()
    ann.wait_text(".pad .pad-note.sent", "Your hand for round 1 was sent ✓", timeout=20)
    told, height = ann.box(".pad .pad-note.sent"), ann.viewport()[1]
    assert 0 <= told["y"] and told["y"] + told["height"] <= height
    assert ann.count("[data-outbox-pad]") == 0
    ann.wait_text("#seat-mine", "Sent ✓", contains=True)
    assert SeatHand.objects.get(player__name="Ann").entry == {"hands": {"Ann": "AS KS QS"}}
    # Sent once, with the id the form was made with; the form has a new one for a change.
    assert [str(id_) for id_ in game.submissions.values_list("id", flat=True)] == [kept_id]
    assert ann.value("#seat-form input[name=submission]") != kept_id
    assert ann.errors() == []


def test_no_page_of_the_evening_scrolls_sideways_on_a_phone(lan_server, webkit_window):
    user, session, game = evening()
    round_record(
        game=game, number=1, by=user, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
    )
    ann = session.players.get(name="Ann")
    phone = webkit_window()
    pages = ["/", "/rules/", "/crash-setting/", "/accounts/login/", "/accounts/signup/"]
    for path in pages:
        phone.goto(lan_server.url + path)
        assert phone.overflow() == 0, f"{path} scrolls sideways by {phone.overflow()} px"
    phone.goto(seat_url(lan_server, session, "Bob"))
    assert phone.overflow() == 0, "the seat's page scrolls sideways"
    phone.goto(f"{lan_server.url}/board/{session.share_token}/")
    assert phone.overflow() == 0, "the board scrolls sideways on a phone"
    log_in(phone, lan_server.url)
    for path in [
        "/sessions/",
        session.get_absolute_url(),
        f"/sessions/{session.public_id}/games/new/",
        f"/sessions/{session.public_id}/history/",
        f"/sessions/{session.public_id}/games/{game.public_id}/rounds/1/",
        "/players/",
        f"/players/{ann.public_id}/",
        "/players/compare/",
        "/players/seasons/",
        "/sessions/new/",
    ]:
        phone.goto(lan_server.url + path)
        assert phone.text("h1") not in (None, "Nothing here"), f"{path} did not open"
        assert phone.overflow() == 0, f"{path} scrolls sideways by {phone.overflow()} px"
    assert phone.errors() == []
