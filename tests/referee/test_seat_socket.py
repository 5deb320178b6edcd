"""A seat's WebSocket through Channels' communicator: its own fragments on connect and after
each change, never another seat's cards before the reveal, the showdown after it, the
heartbeat that tells the host the seat is connected, and a replaced link closed."""

import re
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from engine import parse_cards
from referee.asgi import application
from referee.board.consumer import LINK_REPLACED, PING
from referee.seats.consumer import PONG
from scoring import queries
from scoring.models import SessionPlayer
from scoring.services import game_start, round_record, round_reveal, seat_hand_send, seat_links_rotate, session_start

from ..pages import text_of

ORIGIN = [(b"origin", b"http://localhost")]
HANDS = {"Ann": "AS KS QS", "Bob": "7H 7D 9C", "Cy": "2C 3D 5H"}


@database_sync_to_async
def evening_under_way(title="Friday"):
    from ..factories import UserFactory

    session = session_start(host=UserFactory(), title=title, played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = game_start(
        session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3, "first_dealer": 0}
    )
    tokens = dict(SessionPlayer.objects.filter(session=session).values_list("player__name", "seat_token"))
    return session, game, tokens


@database_sync_to_async
def send(game, name, cards=None):
    player = game.session.players.get(name=name)
    entry = {"hands": {name: cards or HANDS[name]}}
    return seat_hand_send(game=game, player=player, number=1, entry=entry, submission=uuid.uuid4())


async def connect(token):
    communicator = WebsocketCommunicator(application, f"/ws/seat/{token}/", headers=ORIGIN)
    connected, _ = await communicator.connect()
    return communicator, connected


def shows_any_card_of(html: str, cards: str) -> bool:
    """Whether a frame holds any of these cards, as a code ("7H"), as a chip or as text ("7♥")."""
    return any(code in html for card in parse_cards(cards) for code in (card.code, str(card)))


@pytest.mark.django_db(transaction=True)
async def test_connecting_gets_this_seats_fragments_and_marks_the_seat_connected():
    session, game, tokens = await evening_under_way()
    ann, connected = await connect(tokens["Ann"])
    assert connected
    html = await ann.receive_from()
    assert 'id="seat-ticks" class="seat-ticks" hx-swap-oob="true"' in html and 'id="seat-stage"' in html
    assert "Ann … Bob … Cy …" in text_of(html) and "Round 1" in text_of(html)
    assert 'id="seat-entry"' not in html  # the form the player taps into is never swapped by the socket
    assert await database_sync_to_async(queries.seats_connected)(session) == {"Ann"}
    await ann.disconnect()
    assert await database_sync_to_async(queries.seats_connected)(session) == set()


@pytest.mark.django_db(transaction=True)
async def test_before_the_reveal_no_frame_to_a_seat_holds_another_seats_cards_then_the_showdown_arrives():
    session, game, tokens = await evening_under_way()
    sockets = {name: (await connect(tokens[name]))[0] for name in ("Ann", "Bob", "Cy")}
    frames = {name: [await socket.receive_from()] for name, socket in sockets.items()}
    for name in ("Ann", "Bob", "Cy"):
        await send(game, name)
        for each, socket in sockets.items():
            frames[each].append(await socket.receive_from())
    assert "Ann ✓ Bob ✓ Cy ✓" in text_of(frames["Ann"][-1])
    for name, seen in frames.items():
        for other, cards in HANDS.items():
            if other != name:
                assert not any(shows_any_card_of(frame, cards) for frame in seen), f"{name} saw {other}'s cards"
    await database_sync_to_async(round_reveal)(game=game, number=1)
    for socket in sockets.values():
        showdown = await socket.receive_from()
        assert "The host is recording round 1." in text_of(showdown)
        assert all(shows_any_card_of(showdown, cards) for cards in HANDS.values())
        assert await socket.receive_nothing()  # one frame a change
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_after_the_round_is_recorded_every_seat_sees_its_outcome():
    session, game, tokens = await evening_under_way()
    ann, _ = await connect(tokens["Ann"])
    await ann.receive_from()
    await database_sync_to_async(round_record)(
        game=game, number=1, entry={"hands": HANDS}, by=await database_sync_to_async(lambda: session.host)()
    )
    html = await ann.receive_from()
    assert "Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)" in text_of(html)
    assert "Round 2" in text_of(html)
    await ann.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_clash_is_told_to_no_seat_before_the_reveal_and_to_both_after_it():
    session, game, tokens = await evening_under_way()
    ann, _ = await connect(tokens["Ann"])
    bob, _ = await connect(tokens["Bob"])
    await ann.receive_from()
    await bob.receive_from()
    await send(game, "Ann")
    await ann.receive_from()
    await bob.receive_from()
    said = {}
    for bobs in ("AS 3D 5H", "JS 3D 5H"):  # with a card of Ann's, then without
        await send(game, "Bob", bobs)
        said[bobs] = re.sub(r'data-revision="\d+"', "", await ann.receive_from())
        await bob.receive_from()
    assert said["AS 3D 5H"] == said["JS 3D 5H"]  # Ann's phone cannot tell
    assert "both entered" not in said["AS 3D 5H"] and not shows_any_card_of(said["AS 3D 5H"], "3D 5H")
    await send(game, "Bob", "AS 3D 5H")
    await ann.receive_from()
    await bob.receive_from()
    await database_sync_to_async(round_reveal)(game=game, number=1)
    assert "You and Bob both entered A♠" in text_of(await ann.receive_from())
    assert "You and Ann both entered A♠" in text_of(await bob.receive_from())
    await ann.disconnect()
    await bob.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_rotated_seat_link_closes_its_open_socket_and_opens_no_new_one():
    session, game, tokens = await evening_under_way()
    ann, _ = await connect(tokens["Ann"])
    bob, _ = await connect(tokens["Bob"])
    await ann.receive_from()
    await bob.receive_from()
    ann_player = await database_sync_to_async(session.players.get)(name="Ann")
    await database_sync_to_async(seat_links_rotate)(session=session, players=[ann_player])
    assert await ann.receive_output() == {"type": "websocket.close", "code": LINK_REPLACED}
    assert await bob.receive_nothing()  # the other seats keep their links
    again, connected = await connect(tokens["Ann"])
    assert await again.receive_output() == {"type": "websocket.close", "code": LINK_REPLACED}
    await bob.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_ping_is_answered_and_anything_else_a_seat_sends_changes_nothing():
    session, game, tokens = await evening_under_way()
    ann, _ = await connect(tokens["Ann"])
    await ann.receive_from()
    await ann.send_to(text_data=PING)
    assert await ann.receive_from() == PONG
    await ann.send_to(text_data='{"hands": {"Ann": "AS KS QS"}}')
    assert await ann.receive_nothing()
    assert not await database_sync_to_async(game.seat_hands.exists)()
    await ann.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_note_no_newer_than_what_the_seat_shows_sends_nothing():
    """Notes of two changes can arrive out of order: the older one renders nothing again."""
    from channels.layers import get_channel_layer

    from referee.seats.render import seat_group

    session, game, tokens = await evening_under_way()
    ann, _ = await connect(tokens["Ann"])
    await ann.receive_from()
    revision = await database_sync_to_async(lambda: type(session).objects.get(pk=session.pk).revision)()
    await get_channel_layer().group_send(seat_group(session.pk), {"type": "seat.changed", "revision": revision})
    assert await ann.receive_nothing()
    await ann.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_seat_rides_out_a_database_stop_its_pings_answered_and_it_catches_up(caplog):
    """While the database does not answer, a seat opening is refused to try again (a warning,
    no traceback), an open seat's pings are still answered and a change it cannot read is
    given up with a warning; once the database answers, the next change reaches it."""
    from .test_board import database_unreachable

    session, game, tokens = await evening_under_way()
    seat, _ = await connect(tokens["Ann"])
    await seat.receive_from()
    async with database_unreachable():
        late = WebsocketCommunicator(application, f"/ws/seat/{tokens['Bob']}/", headers=ORIGIN)
        opened, _ = await late.connect()
        assert not opened
        await late.wait()
        await seat.send_to(text_data=PING)
        assert await seat.receive_from() == PONG
        await seat.send_json_to({"ignored": True})
        await seat.send_input({"type": "seat.changed", "revision": 10_000})  # a change it cannot read
        assert await seat.receive_nothing()
    said = [r for r in caplog.records if r.name == "referee.seats.consumer" and r.levelname != "INFO"]
    assert len(said) >= 2 and all(r.levelname == "WARNING" and r.exc_info is None for r in said)
    assert any("could not open" in r.getMessage() for r in said) and any("missed" in r.getMessage() for r in said)
    await send(game, "Bob")
    assert "Bob ✓" in text_of(await seat.receive_from())
    await seat.disconnect()
