"""A seat's WebSocket through Channels' communicator: its own fragments on connect and after
each change, never another seat's cards before the reveal, the showdown after it, the
heartbeat that tells the host the seat is connected, and a replaced link closed."""

import asyncio
import re
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from engine import parse_cards
from referee.asgi import application
from referee.sockets.live import LINK_REPLACED, PING, PONG
from scoring import queries
from scoring.models import SessionPlayer
from scoring.services import (
    game_start,
    round_record,
    round_reveal,
    seat_hand_send,
    seat_links_rotate,
    seat_seen,
    session_start,
)

from ..pages import text_of
from .boards import database_unreachable
from .seats import connect, frame, without_pad

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


async def seated(tokens, *names):
    """The sockets of the seats of ``names``, connected and past their first frames."""
    sockets = [(await connect(tokens[name]))[0] for name in names]
    for socket in sockets:
        await frame(socket)
    return sockets


def shows_any_card_of(html: str, cards: str) -> bool:
    """Whether a frame holds any of these cards, as a code ("7H"), as a chip or as text ("7♥")."""
    return any(code in html for card in parse_cards(cards) for code in (card.code, str(card)))


@pytest.mark.django_db(transaction=True)
async def test_connecting_gets_this_seats_fragments_and_marks_the_seat_connected():
    session, game, tokens = await evening_under_way()
    ann, connected = await connect(tokens["Ann"])
    assert connected
    html = await frame(ann)
    assert 'id="seat-ticks" class="seat-ticks" hx-swap-oob="true"' in html
    assert "Ann … Bob … Cy …" in text_of(html) and "Round 1" in text_of(html)
    # its entry area with its stage: the page swaps it in only for another stage than its own
    assert re.search(r'id="seat-entry" class="seat-entry-area" data-stage="[\w-]+:1:entering" hx-swap-oob', html)
    assert await database_sync_to_async(queries.seats_connected)(session) == {"Ann"}
    await ann.disconnect()
    assert await database_sync_to_async(queries.seats_connected)(session) == set()


@pytest.mark.django_db(transaction=True)
async def test_before_the_reveal_no_frame_to_a_seat_holds_another_seats_cards_then_the_showdown_arrives():
    session, game, tokens = await evening_under_way()
    sockets = {name: (await connect(tokens[name]))[0] for name in ("Ann", "Bob", "Cy")}
    frames = {name: [await frame(socket)] for name, socket in sockets.items()}
    for name in ("Ann", "Bob", "Cy"):
        await send(game, name)
        for each, socket in sockets.items():
            frames[each].append(await frame(socket))
    assert "Ann ✓ Bob ✓ Cy ✓" in text_of(frames["Ann"][-1])
    for name, seen in frames.items():
        for other, cards in HANDS.items():
            if other != name:
                assert not any(shows_any_card_of(frame, cards) for frame in seen), f"{name} saw {other}'s cards"
    await database_sync_to_async(round_reveal)(game=game, number=1)
    for socket in sockets.values():
        showdown = await socket.receive_from()  # what every seat sees: rendered once for them all
        assert "The host is recording round 1." in text_of(showdown)
        assert all(shows_any_card_of(showdown, cards) for cards in HANDS.values())
        own = await socket.receive_from()  # then its own part: its entry area for the reveal
        assert "your hand can no longer change" in text_of(own) and "seat-showdown" not in own
        assert await socket.receive_nothing()  # two frames a change
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_after_the_round_is_recorded_every_seat_sees_its_outcome():
    session, game, tokens = await evening_under_way()
    [ann] = await seated(tokens, "Ann")
    await database_sync_to_async(round_record)(
        game=game, number=1, entry={"hands": HANDS}, by=await database_sync_to_async(lambda: session.host)()
    )
    html = await frame(ann)
    assert "Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)" in text_of(html)
    assert "Round 2" in text_of(html)
    await ann.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_clash_is_told_to_no_seat_before_the_reveal_and_to_both_after_it():
    session, game, tokens = await evening_under_way()
    ann, bob = await seated(tokens, "Ann", "Bob")
    await send(game, "Ann")
    await frame(ann)
    await frame(bob)
    said = {}
    for bobs in ("AS 3D 5H", "JS 3D 5H"):  # with a card of Ann's, then without
        await send(game, "Bob", bobs)
        said[bobs] = await frame(ann)
        await frame(bob)
    assert said["AS 3D 5H"] == said["JS 3D 5H"]  # Ann's phone cannot tell
    assert "both entered" not in said["AS 3D 5H"] and not shows_any_card_of(said["AS 3D 5H"], "3D 5H")
    await send(game, "Bob", "AS 3D 5H")
    await frame(ann)
    await frame(bob)
    await database_sync_to_async(round_reveal)(game=game, number=1)
    assert "You and Bob both entered A♠" in text_of(await frame(ann))
    assert "You and Ann both entered A♠" in text_of(await frame(bob))
    await ann.disconnect()
    await bob.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_rotated_seat_link_closes_its_open_socket_and_opens_no_new_one():
    session, game, tokens = await evening_under_way()
    ann, bob = await seated(tokens, "Ann", "Bob")
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
    [ann] = await seated(tokens, "Ann")
    await ann.send_to(text_data=PING)
    assert await ann.receive_from() == PONG
    await ann.send_to(text_data='{"hands": {"Ann": "AS KS QS"}}')
    assert await ann.receive_nothing()
    assert not await database_sync_to_async(game.seat_hands.exists)()
    await ann.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_change_no_newer_than_what_the_seat_shows_is_not_forwarded():
    """Two changes' messages can arrive out of order: the older one is not shown over the newer."""
    from channels.layers import get_channel_layer

    from referee.seats.render import seat_group, seat_token_group

    session, game, tokens = await evening_under_way()
    [ann] = await seated(tokens, "Ann")
    revision = await database_sync_to_async(lambda: type(session).objects.get(pk=session.pk).revision)()
    layer = get_channel_layer()
    # What the seat shows now: this revision (its phone's opening may have counted one past its page).
    await layer.group_send(seat_group(session.pk), {"type": "seat.shared", "html": "<i>now</i>", "revision": revision})
    await layer.group_send(
        seat_token_group(tokens["Ann"]), {"type": "seat.own", "html": "<i>now</i>", "revision": revision}
    )
    assert [await ann.receive_from(), await ann.receive_from()] == ["<i>now</i>"] * 2
    await layer.group_send(seat_group(session.pk), {"type": "seat.shared", "html": "<i>old</i>", "revision": revision})
    await layer.group_send(
        seat_token_group(tokens["Ann"]), {"type": "seat.own", "html": "<i>old</i>", "revision": revision}
    )
    assert await ann.receive_nothing()
    await layer.group_send(
        seat_group(session.pk), {"type": "seat.shared", "html": "<i>new</i>", "revision": revision + 1}
    )
    assert await ann.receive_from() == "<i>new</i>"
    await ann.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_seat_rides_out_a_database_stop_its_pings_answered_and_it_catches_up(caplog):
    """While the database does not answer, a seat opening is refused to try again (a warning,
    no traceback) and an open seat's pings are still answered (a socket reads nothing on a
    change: what it forwards was rendered when the change was made); once the database
    answers, the next change reaches it."""

    session, game, tokens = await evening_under_way()
    [seat] = await seated(tokens, "Ann")
    async with database_unreachable():
        late = WebsocketCommunicator(application, f"/ws/seat/{tokens['Bob']}/", headers=ORIGIN)
        opened, _ = await late.connect()
        assert not opened
        await late.wait()
        await seat.send_to(text_data=PING)
        assert await seat.receive_from() == PONG
        await seat.send_json_to({"ignored": True})
        assert await seat.receive_nothing()
    said = [r for r in caplog.records if r.name == "referee.sockets.live" and r.levelname != "INFO"]
    assert len(said) >= 1 and all(r.levelname == "WARNING" and r.exc_info is None for r in said)
    assert any("A seat could not open" in r.getMessage() for r in said)
    await send(game, "Bob")
    assert "Bob ✓" in text_of(await frame(seat))
    await seat.disconnect()


@database_sync_to_async
def seat_seen_of(session, name):
    return SessionPlayer.objects.get(session=session, player__name=name).seat_seen


@pytest.mark.django_db(transaction=True)
async def test_a_heartbeat_writes_nothing_the_seat_is_connected_from_its_opening():
    session, game, tokens = await evening_under_way()
    [ann] = await seated(tokens, "Ann")
    opened = await seat_seen_of(session, "Ann")
    assert opened is not None and await database_sync_to_async(queries.seats_connected)(session) == {"Ann"}
    for _ in range(3):
        await ann.send_to(text_data=PING)
        assert await ann.receive_from() == PONG
    assert await seat_seen_of(session, "Ann") == opened  # no write a ping
    await ann.disconnect()
    assert await seat_seen_of(session, "Ann") is None


class Listener:
    """A channel of the test's own in a group: every message a change sent that group."""

    def __init__(self, layer, group):
        self.layer, self.group = layer, group

    async def __aenter__(self):
        self.channel = await self.layer.new_channel()
        await self.layer.group_add(self.group, self.channel)
        return self

    async def __aexit__(self, *exc):
        await self.layer.group_discard(self.group, self.channel)

    async def heard(self) -> list[dict]:
        found = []
        while True:
            try:
                found.append(await asyncio.wait_for(self.layer.receive(self.channel), 0.3))
            except TimeoutError:
                return found


@pytest.mark.django_db(transaction=True)
async def test_each_change_is_rendered_once_for_all_seats_and_a_seats_own_part_only_for_it(settings):
    """What a change sends: one message to the seats group, holding no seat's cards before the
    reveal; a seat's own part only to that seat's link, and only to the seat whose own data
    changed (a hand sent), to every seat for any other change; nothing to a seat whose phone
    is not open (Cy's), and nothing at all while no phone is."""
    from channels.layers import get_channel_layer

    from referee.seats.render import seat_group, seat_token_group

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    session, game, tokens = await evening_under_way()
    layer = get_channel_layer()
    listeners = [Listener(layer, seat_group(session.pk))]
    listeners += [Listener(layer, seat_token_group(tokens[name])) for name in HANDS]
    for listener in listeners:
        await listener.__aenter__()
    everyone, *own = listeners
    await send(game, "Cy", "2C 3D 5H")  # no phone open yet: nothing rendered, nothing sent
    assert [await listener.heard() for listener in listeners] == [[], [], [], []]
    for name in ("Ann", "Bob"):  # their phones open (Cy's stays off)
        await database_sync_to_async(seat_seen)(tokens[name])
    for name in HANDS:
        await send(game, name)
        shared = await everyone.heard()
        assert [message["type"] for message in shared] == ["seat.shared"]  # rendered once for every seat
        assert not any(shows_any_card_of(shared[0]["html"], cards) for cards in HANDS.values())
        heard = {other: await listener.heard() for other, listener in zip(HANDS, own, strict=True)}
        expected = {other: int(other == name and other != "Cy") for other in HANDS}
        assert {other: len(messages) for other, messages in heard.items()} == expected
        for mine in heard[name]:
            mine = without_pad(mine["html"])
            assert not any(shows_any_card_of(mine, cards) for other, cards in HANDS.items() if other != name)
    await database_sync_to_async(round_reveal)(game=game, number=1)
    (shared,) = await everyone.heard()
    assert all(shows_any_card_of(shared["html"], cards) for cards in HANDS.values())  # the showdown, once
    assert [len(await listener.heard()) for listener in own] == [1, 1, 0]
    for listener in listeners:
        await listener.__aexit__()
