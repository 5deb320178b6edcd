"""The TV board: its page, and its WebSocket through Channels' communicator."""

import asyncio
import re
import time
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from referee import board, handover
from referee.asgi import application
from scoring.services import (
    game_start,
    round_record,
    session_rotate_share_token,
    session_start,
)

ORIGIN = [(b"origin", b"http://localhost")]
ROUND = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


@database_sync_to_async
def evening(title="Friday", host=None):
    from ..factories import UserFactory

    host = host or UserFactory()
    session = session_start(host=host, title=title, played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
    return session, game


@database_sync_to_async
def record(game, number=1, entry=ROUND):
    return round_record(game=game, number=number, entry=entry, by=game.session.host)


async def connect(token, headers=ORIGIN):
    communicator = WebsocketCommunicator(application, f"/ws/board/{token}/", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


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
    session, game = await evening()
    await record(game)
    communicator, connected = await connect(session.share_token)
    assert connected
    html = await communicator.receive_from()
    assert 'id="board-standings" hx-swap-oob="true"' in html
    assert "Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)" in text_of(html)
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_recorded_round_reaches_every_board_of_its_session_and_no_other():
    session, game = await evening()
    other, _ = await evening("Elsewhere")
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
async def test_the_fragments_are_rendered_once_per_change_however_many_boards_are_connected():
    session, game = await evening()
    boards = [(await connect(session.share_token))[0] for _ in range(5)]
    for communicator in boards:
        await communicator.receive_from()
    with mock.patch.object(board, "render_board", wraps=board.render_board) as render:
        await record(game)
        for communicator in boards:
            await communicator.receive_from()
    assert render.call_count == 1
    for communicator in boards:
        await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_an_unknown_token_is_refused():
    communicator, connected = await connect("not-a-token")
    assert not connected


@pytest.mark.django_db(transaction=True)
async def test_a_rotated_token_is_refused_and_an_open_socket_on_it_is_closed():
    session, game = await evening()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    old = await database_sync_to_async(session_rotate_share_token)(session=session)
    assert (await communicator.receive_output())["type"] == "websocket.close"
    _, connected = await connect(old)
    assert not connected
    fresh, connected = await connect(session.share_token)
    assert connected
    await fresh.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_bad_origin_is_refused():
    session, _ = await evening()
    _, connected = await connect(session.share_token, headers=[(b"origin", b"http://evil.example")])
    assert not connected


@pytest.mark.django_db(transaction=True)
async def test_a_message_from_the_client_changes_nothing():
    session, game = await evening()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    await communicator.send_to(text_data='{"hands": {"Ann": "AS KS QS"}}')
    assert await communicator.receive_nothing()
    assert await database_sync_to_async(game.rounds.count)() == 0
    await communicator.disconnect()


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


def announced(change):
    """What the services announced of a change (its on-commit hooks run): session_changed's
    arguments."""
    from django.db import transaction

    from scoring.services import session_changed

    heard = []
    session_changed.connect(lambda sender, **kwargs: heard.append(kwargs), weak=False, dispatch_uid="test")
    try:
        with mock.patch.object(transaction, "on_commit", lambda hook, **kwargs: hook()):
            change()
    finally:
        session_changed.disconnect(dispatch_uid="test")
    return heard[-1]


@pytest.mark.django_db
def test_the_broadcast_of_a_change_to_the_current_game_reads_only_the_tally(host):
    """The service hands over the game, its replay and the session's revision as its change
    left them: the board reads nothing else again."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    session, _, game = _evening_of_three_games(host)
    change = announced(lambda: round_record(game=game, number=1, entry=ROUND, by=host))
    assert change["game"] == game
    with CaptureQueriesContext(connection) as queries:
        shown = board.render_board(session, change["game"], change["outcome"], change["revision"])
    assert len(queries) == 1, [q["sql"] for q in queries]  # the evening's tally
    assert shown == board.render_board(session)  # the revision and HTML a board connecting now is sent
    assert "Bob loses a token (2 left)" in text_of(shown.html) and "Tonight Ann 1" in text_of(shown.html)


@pytest.mark.django_db
def test_a_correction_to_an_earlier_game_shows_the_latest_game_and_the_new_tally(host):
    from scoring.services import round_correct

    session, first, game = _evening_of_three_games(host)
    round_record(game=game, number=1, entry=ROUND, by=host)
    change = announced(lambda: round_correct(round=first.rounds.get(), by=host,
                                             entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS"}}))
    assert change["game"] is None  # not the game the room is playing
    shown = board.render_board(session, change["game"], change["outcome"], change["revision"])
    assert shown == board.render_board(session) and shown.revision == change["revision"]
    assert "Stop the Bus, 3 tokens · game 3" in text_of(shown.html)
    assert "Bob loses a token (2 left)" in text_of(shown.html)
    assert "Tonight Bob 1" in text_of(shown.html) and "Ann 1" not in text_of(shown.html)


@pytest.mark.django_db
def test_a_change_to_an_earlier_game_overtaken_before_its_broadcast_sends_nothing(host):
    """Its board is read anew after the commit; if a later change has committed meanwhile,
    the later one's broadcast brings the newer board."""
    from scoring.services import round_correct

    session, first, game = _evening_of_three_games(host)
    correction = announced(lambda: round_correct(round=first.rounds.get(), by=host,
                                                 entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS"}}))
    round_record(game=game, number=1, entry=ROUND, by=host)  # committed before the correction's hook runs
    with mock.patch.object(board, "send_to_group") as sent:
        board.broadcast_board(**correction)
    assert correction["game"] is None and not sent.called


@pytest.mark.django_db
def test_the_tally_from_the_kept_figures_is_the_tally_of_the_replays(host):
    from scoring import queries

    session, first, game = _evening_of_three_games(host)
    second_win = game_start(session=session, kind="stop_the_bus", seat_names=["Bob", "Cy"], options={"tokens": 1})
    round_record(game=second_win, number=1, entry={"hands": {"Bob": "AS KS QS", "Cy": "2C 3D 5H"}}, by=host)
    tally = queries.tally_of(session)
    assert tally == queries.evening_tally(queries.games_of(session)) == {"Ann": 1, "Bob": 1}
    assert list(tally) == ["Ann", "Bob"]  # most wins first, then by name


@pytest.mark.django_db(transaction=True)
async def test_the_boards_are_handed_the_change_before_the_hosts_page_is_rendered():
    """The sender (a view's thread, through the services' on-commit hook) waits until this
    process's boards of the session have forwarded the change: its rendering of the host's
    page would otherwise hold the interpreter while the room waits."""
    session, game = await evening()
    other, _ = await evening("Elsewhere")
    boards = [(await connect(session.share_token))[0] for _ in range(4)]
    stranger, _ = await connect(other.share_token)
    for communicator in [*boards, stranger]:
        await communicator.receive_from()
    with mock.patch.object(handover, "WAIT_AT_MOST", 60):  # the boards' receipts end the wait, not time
        await asyncio.wait_for(handover.send_and_wait(board.session_group(session.pk),
                                                      {"type": "board.html", "html": "<p>new</p>",
                                                       "revision": 10**6}), 10)
    assert [communicator.output_queue.qsize() for communicator in boards] == [1, 1, 1, 1]
    for communicator in boards:
        assert await communicator.receive_from() == "<p>new</p>"
    for communicator in [*boards, stranger]:
        await communicator.disconnect()
    assert handover.boards_here(board.session_group(session.pk)) == 0


@pytest.mark.django_db(transaction=True)
async def test_a_board_that_has_gone_keeps_the_sender_waiting_a_moment_at_most():
    group = "board-session-gone"
    handover.joined(group)  # a board counted here that will never forward anything
    try:
        start = time.monotonic()
        await handover.send_and_wait(group, {"type": "board.html", "html": "<p>new</p>", "revision": 1})
        assert time.monotonic() - start < handover.WAIT_AT_MOST + 0.5
    finally:
        handover.left(group)


@pytest.mark.django_db(transaction=True)
async def test_a_board_forwards_a_change_without_waiting_for_a_worker_thread():
    """Channels' consumers close stale database connections in a worker thread before
    every message; the board reads nothing to forward one, so it doesn't queue behind
    the thread (here: the one still busy with the write that sent the change)."""
    session, game = await evening()
    boards = [(await connect(session.share_token))[0] for _ in range(4)]
    for communicator in boards:
        await communicator.receive_from()
    await record(game)
    assert [communicator.output_queue.qsize() for communicator in boards] == [1, 1, 1, 1]
    for communicator in boards:
        await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_board_is_waited_for_only_once_it_shows_a_board():
    """A connecting board renders its first board on the worker thread that a change's view
    holds while it waits for the boards (asgi.py): waited for before then, it would hold
    every change up for the whole wait."""
    from referee import consumers

    session, _ = await evening()
    group = board.session_group(session.pk)
    counted_while_rendering = []

    def rendering(*args):
        counted_while_rendering.append(handover.boards_here(group))
        return board.render_board(*args)

    with mock.patch.object(consumers, "render_board", rendering):
        communicator, _ = await connect(session.share_token)
        await communicator.receive_from()
    assert counted_while_rendering == [0] and handover.boards_here(group) == 1
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_board_that_crashes_while_connecting_is_not_waited_for():
    session, _ = await evening()
    with mock.patch("referee.consumers.render_board", side_effect=RuntimeError("the database went away")):
        communicator = WebsocketCommunicator(application, f"/ws/board/{session.share_token}/", headers=ORIGIN)
        await communicator.connect()
        with pytest.raises(RuntimeError):
            await communicator.wait(1)
    assert handover.boards_here(board.session_group(session.pk)) == 0


@pytest.mark.django_db(transaction=True)
async def test_closing_the_boards_of_a_rotated_link_waits_for_nothing():
    session, _ = await evening()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    with mock.patch.object(handover, "WAIT_AT_MOST", 60):
        await asyncio.wait_for(handover.send_and_wait(board.token_group(session.share_token), {"type": "board.close"}),
                               10)
    assert (await communicator.receive_output())["type"] == "websocket.close"


@pytest.mark.django_db(transaction=True)
async def test_a_change_overtaken_by_a_later_one_changes_no_board():
    """Two changes commit at once: the first one's hook runs after the second has committed.
    Its replay is out of date, and the second's broadcast brings the newer board."""
    session, game = await evening()
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
    await database_sync_to_async(board.broadcast_board)(**heard[0])  # round 1's hook, late
    assert await communicator.receive_nothing()
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_board_forwards_only_what_is_newer_than_what_it_shows():
    session, game = await evening()
    communicator, _ = await connect(session.share_token)
    await communicator.receive_from()
    await record(game)
    newest = await communicator.receive_from()
    shown = (await database_sync_to_async(board.render_board)(session)).revision
    group = board.session_group(session.pk)
    for revision in (shown - 1, shown):  # an older board arriving late, and the same one again
        await handover.send_and_wait(group, {"type": "board.html", "html": "<p>old</p>", "revision": revision})
    assert await communicator.receive_nothing()
    await handover.send_and_wait(group, {"type": "board.html", "html": "<p>newer</p>", "revision": shown + 1})
    assert await communicator.receive_from() == "<p>newer</p>"
    assert "Bob loses a token" in text_of(newest)
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_board_connects_without_looking_up_a_session_or_a_user():
    """The board needs no login: a TV (or fifty, after a restart) connecting costs no session
    or user lookups."""
    import channels.auth
    import channels.sessions

    session, _ = await evening()
    wrapper = channels.sessions.InstanceSessionWrapper
    with mock.patch("channels.auth.get_user", wraps=channels.auth.get_user) as get_user, \
            mock.patch.object(wrapper, "resolve_session", autospec=True, side_effect=wrapper.resolve_session) as load:
        communicator, connected = await connect(session.share_token)
        assert connected and "board-standings" in await communicator.receive_from()
        await communicator.disconnect()
    assert not get_user.called and not load.called
