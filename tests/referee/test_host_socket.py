"""The host's page's WebSocket through Channels' communicator (issue 52, point 2): the page's
table panel, its pad's ticks and its list of phones sent when they change, with no poll (a
seat's send, the reveal, a phone opening or closing, new links), the panel as it is on every
(re)connect, and nobody but the session's host let in."""

import re
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from referee.asgi import application
from referee.sockets.live import LINK_REPLACED, PING, PONG
from scoring import queries
from scoring.models import Session, SessionPlayer
from scoring.services import round_reveal, seat_codes_show, seat_hand_send, seat_links_rotate

from ..pages import text_of
from .boards import ORIGIN, evening_under_way
from .boards import connect as board_socket
from .seats import connect as seat_socket
from .seats import frame

WITHIN = 3  # seconds: what a message may take under load; each change sends one


@database_sync_to_async
def cookie_of(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


async def host_socket(session, user=None):
    """The socket the host's page opens, logged in as ``user`` (the session's host by default)."""
    cookie = await cookie_of(user or session.host) if user is not False else b""
    headers = ORIGIN + ([(b"cookie", cookie)] if cookie else [])
    communicator = WebsocketCommunicator(application, f"/ws/host/{session.public_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@database_sync_to_async
def send(game, name, cards):
    player = game.session.players.get(name=name)
    entry = {"hands": {name: cards}}
    return seat_hand_send(game=game, player=player, number=1, entry=entry, submission=uuid.uuid4())


@database_sync_to_async
def tokens_of(session) -> dict[str, str]:
    return dict(SessionPlayer.objects.filter(session=session).values_list("player__name", "seat_token"))


@database_sync_to_async
def phone_ids(session) -> dict[str, str]:
    return {seat.player.name: str(seat.player.public_id) for seat in queries.seats_of(session)}


def panel_of(html: str) -> str:
    return re.search(r'<section id="table-panel".*?</section>', html, re.S).group(0)


def phones_in(html: str, ids: dict[str, str]) -> dict[str, str]:
    """Each seat's phone as the list of seat links says it ("connected", "not connected")."""
    said = {}
    for name, public_id in ids.items():
        found = re.search(rf'<span id="phone-{public_id}" class="badge[^"]*" hx-swap-oob="true"[^>]*>([^<]*)<', html)
        said[name] = found[1] if found else None
    return said


@pytest.mark.django_db(transaction=True)
async def test_the_socket_opens_with_the_panel_the_pad_ticks_and_the_phones_as_they_are():
    session, game = await evening_under_way()
    await send(game, "Ann", "AS KS QS")
    host = await host_socket(session)
    html = await host.receive_from(WITHIN)
    assert re.search(r'<section id="table-panel"[^>]* hx-swap-oob="true" data-game="' + str(game.public_id), html)
    assert f'id="pad-table" class="pad-table" hx-swap-oob="true" data-game="{game.public_id}"' in html
    assert re.search(r"Ann ✓ .*Bob … .*Cy …", text_of(panel_of(html)))
    assert "AS KS QS" not in html and "A♠" not in html  # ticks, never a seat's cards before the reveal
    ids = await phone_ids(session)
    assert phones_in(html, ids) == {"Ann": "not connected", "Bob": "not connected", "Cy": "not connected"}
    await host.send_to(text_data=PING)
    assert await host.receive_from(WITHIN) == PONG
    await host.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_seats_send_ticks_the_hosts_panel_without_the_page_asking():
    session, game = await evening_under_way()
    host = await host_socket(session)
    first = await host.receive_from(WITHIN)
    assert "table-panel is-idle" in first  # a host-only evening so far: no panel shown
    await send(game, "Bob", "2C 3D 5H")
    ticked = await host.receive_from(WITHIN)
    assert re.search(r"Ann … .*Bob ✓ .*Cy …", text_of(panel_of(ticked)))
    assert "Not sent yet: Ann , Cy ." in text_of(panel_of(ticked)) and "Reveal" in text_of(ticked)
    assert re.search(r'<span class="tick sent" data-tick="Bob" data-sent>', ticked)  # in the pad too
    await database_sync_to_async(round_reveal)(game=game, number=1)
    revealed = await host.receive_from(WITHIN)
    assert "Round 1 from the players' phones: revealed" in text_of(panel_of(revealed))
    assert await host.receive_nothing(0.1)  # one message a change
    await host.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_phone_opening_and_closing_is_told_to_the_host_at_once():
    """Issue 50, point 9, on the live path: the host's list of seat links and its panel say a
    phone is connected as its socket opens, and no longer once it closes."""
    session, game = await evening_under_way()
    ids, tokens = await phone_ids(session), await tokens_of(session)
    host = await host_socket(session)
    await host.receive_from(WITHIN)
    ann, _ = await seat_socket(tokens["Ann"])
    await frame(ann)
    opened = await host.receive_from(WITHIN)
    assert phones_in(opened, ids) == {"Ann": "connected", "Bob": "not connected", "Cy": "not connected"}
    assert "Ann … ● phone connected" in text_of(panel_of(opened))
    await ann.disconnect()
    closed = await host.receive_from(WITHIN)
    assert phones_in(closed, ids)["Ann"] == "not connected"
    assert "phone connected" not in text_of(panel_of(closed))
    await host.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_new_links_for_everyone_tell_the_host_the_phones_are_gone():
    session, game = await evening_under_way()
    ids, tokens = await phone_ids(session), await tokens_of(session)
    bob, _ = await seat_socket(tokens["Bob"])
    await frame(bob)
    host = await host_socket(session)
    assert phones_in(await host.receive_from(WITHIN), ids)["Bob"] == "connected"
    await database_sync_to_async(seat_links_rotate)(session=session)
    assert phones_in(await host.receive_from(WITHIN), ids)["Bob"] == "not connected"
    assert (await bob.receive_output(WITHIN))["type"] == "websocket.close"
    await host.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_reconnected_page_reads_the_panel_as_it_is_now():
    session, game = await evening_under_way()
    host = await host_socket(session)
    await host.receive_from(WITHIN)
    await host.disconnect()
    await send(game, "Cy", "7C 7D 9S")  # while the page's socket is down
    again = await host_socket(session)
    assert re.search(r"Cy ✓", text_of(panel_of(await again.receive_from(WITHIN))))
    await again.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_nobody_but_the_sessions_host_is_let_in():
    from ..factories import UserFactory

    session, game = await evening_under_way()
    another = await database_sync_to_async(UserFactory)(username="another")
    for user in (False, another):  # logged out; another host
        socket = await host_socket(session, user)
        closed = await socket.receive_output(WITHIN)
        assert closed == {"type": "websocket.close", "code": LINK_REPLACED}
    await send(game, "Ann", "AS KS QS")  # and nothing is sent to them


@pytest.mark.django_db(transaction=True)
async def test_a_phone_opening_tells_the_board_where_the_seat_codes_go():
    """The board's seat codes shrink to a corner once every phone they are of is open: told
    by the phone's opening, not asked for every few seconds."""
    session, game = await evening_under_way()
    await database_sync_to_async(seat_codes_show)(session=session, shown=True)
    tokens = await tokens_of(session)
    board, _ = await board_socket(session.share_token)
    assert 'class="seats-slot large"' in await board.receive_from(WITHIN)
    phones = []
    for name in ("Ann", "Bob", "Cy"):
        phone, _ = await seat_socket(tokens[name])
        await frame(phone)
        phones.append(phone)
        told = await board.receive_from(WITHIN)
        assert told.startswith('<section id="board-seats"')  # the codes' place alone
        assert ('class="seats-slot corner"' in told) == (name == "Cy")
    await phones[0].disconnect()
    assert 'class="seats-slot large"' in await board.receive_from(WITHIN)
    for phone in phones[1:]:
        await phone.disconnect()
    await board.disconnect()


@pytest.mark.django_db
def test_the_hosts_page_opens_its_socket_and_polls_nothing(host_client, evening, bus):
    page = host_client.get(evening.get_absolute_url()).content.decode()
    assert f'ws-connect="/ws/host/{evening.public_id}/"' in page
    assert 'hx-trigger="every' not in page and "/table/" not in page and "/phones/" not in page
    assert Session.objects.filter(pk=evening.pk).exists()


@pytest.mark.django_db
def test_every_live_page_gives_its_script_the_sockets_close_code_and_ping(host_client, evening, bus):
    """Issue 52, point 5: live.js restates nothing of the protocol; each page hands it over."""
    seat = SessionPlayer.objects.filter(session=evening).first()
    pages = [
        host_client.get(evening.get_absolute_url()),
        Client().get(f"/board/{evening.share_token}/"),
        Client().get(f"/seat/{seat.seat_token}/"),
    ]
    for page in pages:
        socket = re.search(r"<[^>]* ws-connect=[^>]*>", page.content.decode()).group(0)
        assert f'data-link-replaced="{LINK_REPLACED}"' in socket and f'data-ping="{PING}"' in socket
    script = (settings.BASE_DIR / "static" / "js" / "live.js").read_text()
    assert str(LINK_REPLACED) not in script and f'"{PING}"' not in script
