"""The TV board: its page, and its WebSocket through Channels' communicator."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import OperationalError

from engine.hindsight import round_hindsight
from referee.asgi import application
from referee.board import broadcast
from referee.board.render import RECENT_ROUNDS, render_board, session_group
from referee.sockets.live import LINK_REPLACED, PING, PONG
from scoring import queries
from scoring.services import (
    game_start,
    round_record,
    session_rotate_share_token,
    session_start,
)

from ..data import ANN_COULD, BOB_COULD, HINDSIGHT_ROUND
from ..pages import text_of
from .boards import ORIGIN, ROUND, connect, database_unreachable, evening_under_way, record

# --- The page ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_board_page_needs_no_login_and_shows_the_game_in_a_word(client):
    from ..factories import UserFactory

    session = session_start(host=UserFactory(), title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={"target": 7})
    response = client.get(f"/board/{session.share_token}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Crash, classic, to 7 · game 1" in text_of(html)
    assert f'ws-connect="/ws/board/{session.share_token}/"' in html and "hx-ws-2" in html
    assert "Next to deal: Ann" in text_of(html)


@pytest.mark.django_db
def test_an_unknown_board_token_is_a_404(client):
    assert client.get("/board/nope/").status_code == 404


@pytest.mark.django_db
def test_stop_the_bus_tokens_show_as_pips_and_the_winner_as_a_banner(client):
    from ..factories import UserFactory

    host = UserFactory()
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
    round_record(game=game, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}}, by=host)
    html = client.get(f"/board/{session.share_token}/").content.decode()
    assert 'aria-label="1 token"' in html and 'aria-label="0 tokens"' in html
    assert "Ann wins!" in text_of(html) and "Tonight Ann 1" in text_of(html)


@pytest.mark.django_db
def test_the_host_page_shows_the_board_link_as_a_qr_code(host_client, host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    html = host_client.get(session.get_absolute_url()).content.decode()
    assert f"http://testserver/board/{session.share_token}/" in html
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'class="qr"' in html


@pytest.mark.django_db
def test_rotating_the_board_link_asks_first_and_the_old_link_stops_working(host_client, host, client):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    old = session.share_token
    url = f"/sessions/{session.public_id}/rotate-board/"
    assert "Give the board a new link?" in text_of(host_client.get(url).content.decode())
    assert host_client.post(url).status_code == 302
    session.refresh_from_db()
    assert session.share_token != old
    assert client.get(f"/board/{old}/").status_code == 404
    assert client.get(f"/board/{session.share_token}/").status_code == 200


# --- The socket ------------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_connecting_gets_the_current_board():
    session, game = await evening_under_way()
    await record(game)
    communicator, connected = await connect(session.share_token)
    assert connected
    html = await communicator.receive_from()
    assert 'id="board-standings" hx-swap-oob="true"' in html
    assert "Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)" in text_of(html)
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_recorded_round_reaches_every_board_of_its_session_and_no_other():
    session, game = await evening_under_way()
    other, _ = await evening_under_way("Elsewhere")
    boards = [(await connect(session.share_token))[0] for _ in range(3)]
    stranger, _ = await connect(other.share_token)
    for communicator in [*boards, stranger]:
        await communicator.receive_from()  # the board as it was on connect
    await record(game)
    received = [await communicator.receive_from() for communicator in boards]
    assert len(set(received)) == 1 and "Bob loses a token (2 left)" in text_of(received[0])
    assert await stranger.receive_nothing()
    for communicator in [*boards, stranger]:
        assert await communicator.receive_nothing()  # one message a change
        await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_an_unknown_token_is_closed_as_a_replaced_link():
    """Accepted, then closed with a code of its own: a refused handshake would look like a
    dropped connection, and the board would try again forever."""
    communicator, connected = await connect("not-a-token")
    assert connected
    assert await communicator.receive_output() == {"type": "websocket.close", "code": LINK_REPLACED}


@pytest.mark.django_db(transaction=True)
async def test_a_rotated_token_is_closed_as_replaced_and_an_open_socket_on_it_too():
    session, game = await evening_under_way()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    old = await database_sync_to_async(session_rotate_share_token)(session=session)
    assert await communicator.receive_output() == {"type": "websocket.close", "code": LINK_REPLACED}
    again, connected = await connect(old)
    assert await again.receive_output() == {"type": "websocket.close", "code": LINK_REPLACED}
    fresh, connected = await connect(session.share_token)
    assert connected
    await fresh.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_bad_origin_is_refused():
    session, _ = await evening_under_way()
    _, connected = await connect(session.share_token, headers=[(b"origin", b"http://evil.example")])
    assert not connected


@pytest.mark.django_db(transaction=True)
async def test_a_message_from_the_client_changes_nothing():
    session, game = await evening_under_way()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    await communicator.send_to(text_data='{"hands": {"Ann": "AS KS QS"}}')
    assert await communicator.receive_nothing()
    assert await database_sync_to_async(game.rounds.count)() == 0
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_ping_is_answered_at_once_even_with_the_database_unreachable_and_changes_nothing():
    """The board's heartbeat: its socket carries as long as its pings are answered, and
    answering one reads nothing."""
    session, game = await evening_under_way()
    communicator, _ = await connect(session.share_token)
    assert "board-standings" in await communicator.receive_from()
    async with database_unreachable():
        with pytest.raises(OperationalError):  # the database is out of reach of that thread
            await record(game)
        await communicator.send_to(text_data=PING)
        assert await communicator.receive_from() == PONG
        assert await communicator.receive_nothing()  # the answer, and nothing else
    assert PONG == '<i id="live-pulse" hidden hx-swap-oob="true"></i>'  # the page's empty mark, swapped for itself
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_board_opening_while_the_database_is_not_answering_is_refused_to_try_again_later(caplog, settings):
    """Refused with a warning line, not a fault's traceback, and left in no group (the
    in-memory layer, whose groups can be read): the page keeps what it shows and tries again
    (board.js); once the database answers, it opens."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    session, game = await evening_under_way()
    async with database_unreachable():
        communicator = WebsocketCommunicator(application, f"/ws/board/{session.share_token}/", headers=ORIGIN)
        connected, _ = await communicator.connect()
        assert not connected
        await communicator.wait()
    assert not get_channel_layer().groups.get(session_group(session.pk))
    (line,) = [record for record in caplog.records if record.name == "referee.sockets.live"]
    assert line.levelname == "WARNING" and line.exc_info is None
    said = "A board could not open from -: the database is not answering (the database is unreachable)"
    assert line.getMessage() == said
    await record(game)
    again, connected = await connect(session.share_token)
    assert connected and "Bob loses a token (2 left)" in text_of(await again.receive_from())
    await again.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_board_that_comes_back_after_a_drop_gets_the_board_as_it_is_now():
    session, game = await evening_under_way()
    communicator, _ = await connect(session.share_token)
    assert "Waiting" not in text_of(await communicator.receive_from())
    await communicator.disconnect()  # the TV's Wi-Fi drops; meanwhile a round is recorded
    await record(game)
    again, _ = await connect(session.share_token)
    assert "Round 1 Bob's 5 high (5-3-2) is the worst hand" in text_of(await again.receive_from())
    await again.disconnect()


# --- What the board shows ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_strip_holds_the_rounds_before_the_last_newest_first_as_many_as_a_tv_can_show(host):
    from .board_nights import ROUNDS, three_card_night

    session, _, _ = three_card_night(host, "stop_the_bus", {"tokens": 20})
    html = render_board(session).html
    strip = html[html.index('id="board-strip"') : html.index('id="board-tally"')]
    numbers = [int(line.split("</strong>")[0]) for line in strip.split('<p class="strip-line"><strong>Round ')[1:]]
    assert numbers == list(range(ROUNDS - 1, ROUNDS - 1 - RECENT_ROUNDS, -1))
    assert "--rows: 16" in html and 'class="standings many"' in html  # sixteen rows: the board's tall layout


@pytest.mark.django_db
def test_the_last_round_of_a_crash_game_shows_its_hindsight(host):
    from .board_nights import crash_night

    session, game, outcome = crash_night(host)
    text = text_of(render_board(session).html)
    assert "wins!" in text and f"Round {len(outcome.rounds)}" in text
    entries = list(game.rounds.order_by("number").values_list("entry", flat=True))
    told = [found.text for found in round_hindsight(outcome, entries, len(outcome.rounds)).values() if found.better]
    assert len(told) == 3 and "With hindsight" in text  # the engine's own hindsight of the round
    assert all(line in text for line in told)


@pytest.mark.django_db
def test_a_crash_rounds_broadcast_reads_only_the_tally_and_the_last_round_and_shows_its_kept_hindsight(
    host, django_assert_num_queries, django_capture_on_commit_callbacks
):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
    change = announced(
        django_capture_on_commit_callbacks,
        lambda: round_record(game=game, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host),
    )
    with django_assert_num_queries(3):  # the evening's tally, the last round, the seats' hands of the next
        shown = render_board(session, change["game"], change["outcome"], change["revision"])
    assert ANN_COULD in text_of(shown.html) and BOB_COULD in text_of(shown.html)
    assert shown == render_board(session)  # as a board connecting now is sent it


# --- One render a change, from the service's replay ------------------------------------------------


def _evening_of_three_games(host):
    """Stop the Bus won by Ann, a Commerce ended before any hand, a Stop the Bus under way."""
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    first = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
    round_record(game=first, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}}, by=host)
    empty = game_start(session=session, kind="commerce", seat_names=["Ann", "Bob", "Cy"], options={})
    from scoring.services import game_end

    game_end(game=empty)
    current = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
    return session, first, current


def announced(capture_on_commit_callbacks, change):
    """What the services announced of a change, its on-commit hooks run (pytest-django's
    django_capture_on_commit_callbacks): session_changed's arguments."""
    from scoring.services import session_changed

    heard = []
    session_changed.connect(lambda sender, **kwargs: heard.append(kwargs), weak=False, dispatch_uid="test")
    try:
        with capture_on_commit_callbacks(execute=True):
            change()
    finally:
        session_changed.disconnect(dispatch_uid="test")
    return heard[-1]


@pytest.mark.django_db
def test_the_broadcast_of_a_change_to_the_current_game_reads_only_the_tally_and_the_last_round(
    host, django_assert_num_queries, django_capture_on_commit_callbacks
):
    """The service hands over the game, its replay and the session's revision as its change
    left them: the board reads nothing else again but the tally and the last round's cards."""
    session, _, game = _evening_of_three_games(host)
    change = announced(
        django_capture_on_commit_callbacks, lambda: round_record(game=game, number=1, entry=ROUND, by=host)
    )
    assert change["game"] == game
    with django_assert_num_queries(3):  # the evening's tally, the last round, the seats' hands of the next
        shown = render_board(session, change["game"], change["outcome"], change["revision"])
    assert shown == render_board(session)  # the revision and HTML a board connecting now is sent
    assert "Bob loses a token (2 left)" in text_of(shown.html) and "Tonight Ann 1" in text_of(shown.html)


@pytest.mark.django_db
def test_a_correction_to_an_earlier_game_shows_that_game_as_the_one_played_now_and_the_new_tally(
    host, django_capture_on_commit_callbacks
):
    from scoring.services import round_correct

    session, first, game = _evening_of_three_games(host)
    round_record(game=game, number=1, entry=ROUND, by=host)
    change = announced(
        django_capture_on_commit_callbacks,
        lambda: round_correct(
            round=first.rounds.get(), by=host, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS"}}
        ),
    )
    assert change["game"] == first and change["switched"]
    shown = render_board(session, change["game"], change["outcome"], change["revision"], change["switched"])
    assert "Now playing: Stop the Bus · game 1" in text_of(shown.html)
    assert "Stop the Bus, 1 token · game 1" in text_of(shown.html) and "Bob wins!" in text_of(shown.html)
    assert "Tonight Bob 1" in text_of(shown.html) and "Ann 1" not in text_of(shown.html)
    connecting = render_board(session)  # a board connecting now: the same game, not told it switched
    assert connecting.revision == shown.revision and "Bob wins!" in text_of(connecting.html)
    assert "Now playing" not in text_of(connecting.html)


@pytest.mark.django_db
def test_a_change_to_no_game_overtaken_before_its_broadcast_sends_nothing(
    host, django_capture_on_commit_callbacks, settings
):
    """Its board is read anew after the commit; if a later change has committed meanwhile,
    the later one's broadcast brings the newer board. A board listens on the session's group
    of the in-memory channel layer (this process's own, whatever REDIS_URL says)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    start = announced(
        django_capture_on_commit_callbacks,
        lambda: session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"]),
    )
    session = start["session"]
    layer = get_channel_layer()
    board = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(session_group(session.pk), board)
    with django_capture_on_commit_callbacks(execute=True):  # committed before the new session's hook runs
        game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 3})
    assert "Now playing: Stop the Bus · game 1" in text_of(async_to_sync(layer.receive)(board)["html"])
    broadcast.broadcast_board(**start)
    assert start["game"] is None and nothing_waiting(layer, board)


def nothing_waiting(layer, channel) -> bool:
    """No message waits on the channel (the in-memory layer queues a group's message as it is
    sent, so a short look is enough)."""
    try:
        async_to_sync(asyncio.wait_for)(layer.receive(channel), 0.1)
    except TimeoutError:
        return True
    return False


@pytest.mark.django_db
def test_the_evenings_tally_counts_each_finished_games_winners_most_first(host):

    session, first, game = _evening_of_three_games(host)  # Ann won; a Commerce ended before any hand
    second_win = game_start(session=session, kind="stop_the_bus", seat_names=["Bob", "Cy"], options={"tokens": 1})
    round_record(game=second_win, number=1, entry={"hands": {"Bob": "AS KS QS", "Cy": "2C 3D 5H"}}, by=host)
    shared = game_start(session=session, kind="commerce", seat_names=["Bob", "Cy"], options={})
    round_record(game=shared, number=1, entry={"hands": {"Bob": "AS KS QS", "Cy": "AH KH QH"}}, by=host)
    from scoring.services import game_end

    game_end(game=shared)  # a pot split: both won
    assert queries.tally_of(session) == {"Bob": 2, "Ann": 1, "Cy": 1}
    assert list(queries.tally_of(session)) == ["Bob", "Ann", "Cy"]  # most wins first, then by name


@pytest.mark.django_db(transaction=True)
async def test_a_change_overtaken_by_a_later_one_changes_no_board():
    """Two changes commit at once: the first one's hook runs after the second has committed.
    Its replay is out of date, and the second's broadcast brings the newer board."""
    session, game = await evening_under_way()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    heard = []

    def keep(sender, **announced):
        heard.append(announced)

    from scoring.services import session_changed

    session_changed.connect(keep, weak=False, dispatch_uid="test")
    try:
        await record(game, 1)
        await record(game, 2, {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}})
    finally:
        session_changed.disconnect(dispatch_uid="test")
    assert "Round 1 Bob's 5 high" in text_of(await communicator.receive_from())
    assert "Round 2 Bob's 5 high" in text_of(await communicator.receive_from())
    await database_sync_to_async(broadcast.broadcast_board)(**heard[0])  # round 1's hook, late
    assert await communicator.receive_nothing()
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_board_forwards_only_what_is_newer_than_what_it_shows():
    session, game = await evening_under_way()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    await record(game)
    newest = await communicator.receive_from()
    shown = (await database_sync_to_async(render_board)(session)).revision
    group, layer = session_group(session.pk), get_channel_layer()
    for revision in (shown - 1, shown):  # an older board arriving late, and the same one again
        await layer.group_send(group, {"type": "board.html", "html": "<p>old</p>", "revision": revision})
    assert await communicator.receive_nothing()
    await layer.group_send(group, {"type": "board.html", "html": "<p>newer</p>", "revision": shown + 1})
    assert await communicator.receive_from() == "<p>newer</p>"
    assert "Bob loses a token" in text_of(newest)
    await communicator.disconnect()
