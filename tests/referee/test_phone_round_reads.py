"""A round at a table of phones reads the session once per change, for every screen: after
a change commits, the board, every seat's shared part, each connected seat's own part and
the answer to the phone that made the change all render from one read of the session as the
change left it (queries.SessionNow): no statement runs twice after the commit, and each
step stays within a bounded number of queries."""

import uuid
from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import SessionPlayer
from scoring.services import game_start, seat_seen, session_start

from ..pages import HX

pytestmark = pytest.mark.django_db(transaction=True)  # the changes commit, and so announce, for real

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
DEAL = {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "JH JD 4C", "Di": "2C 3D 5H"}


@pytest.fixture
def table(host, client, host_client):
    """An evening of Commerce with every seat's phone open (connected)."""
    session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=PLAYERS)
    game = game_start(session=session, kind="commerce", seat_names=PLAYERS, options={"stake": 0})
    tokens = dict(SessionPlayer.objects.filter(session=session).values_list("player__name", "seat_token"))
    for token in tokens.values():
        seat_seen(token)
    return session, game, tokens


def after_commit(read: CaptureQueriesContext) -> list[str]:
    """The statements run after the change's COMMIT."""
    statements = [query["sql"] for query in read.captured_queries]
    return statements[statements.index("COMMIT") + 1 :]


def repeated(statements: list[str]) -> list[str]:
    return [sql for sql, times in Counter(statements).items() if times > 1]


def send(client, game, tokens, name, number=1):
    fields = {"game": str(game.public_id), "number": str(number), "submission": str(uuid.uuid4())}
    return client.post(f"/seat/{tokens[name]}/", {**fields, "hand_0": DEAL[name]}, headers=HX)


def reveal(host_client, session, game):
    return host_client.post(f"{session.get_absolute_url()}games/{game.public_id}/reveal/", {"number": "1"}, headers=HX)


def test_a_hand_sent_is_told_to_the_board_every_seat_and_the_sender_from_one_read(client, table):
    session, game, tokens = table
    send(client, game, tokens, "Ann")
    with CaptureQueriesContext(connection) as read:
        response = send(client, game, tokens, "Bob")
    assert "Sent ✓" in response.content.decode()
    assert repeated(after_commit(read)) == []
    # the seat, the game, its replay; the turn, the checks, the hand, the submission; then the
    # round's hands and the seats' links, once for all, and the last round's senders
    assert len(read.captured_queries) <= 18


@pytest.fixture
def all_sent(client, table):
    """The table once every seat has sent its hand for round 1."""
    session, game, tokens = table
    for name in PLAYERS:
        send(client, game, tokens, name)
    return session, game


def test_a_reveal_is_shown_to_the_board_every_seat_and_the_host_from_one_read(host_client, all_sent):
    session, game = all_sent
    with CaptureQueriesContext(connection) as read:
        response = reveal(host_client, session, game)
    assert "Round 1 revealed" in response.content.decode()
    assert repeated(after_commit(read)) == []
    assert len(read.captured_queries) <= 19


def test_a_round_recorded_is_shown_to_the_board_every_seat_and_the_host_from_one_read(host_client, all_sent):
    session, game = all_sent
    reveal(host_client, session, game)
    fields = {f"hand_{i}": DEAL[name] for i, name in enumerate(PLAYERS)}
    with CaptureQueriesContext(connection) as read:
        response = host_client.post(
            f"{session.get_absolute_url()}?game={game.number}",
            {"number": "1", "submission": str(uuid.uuid4()), **fields},
            headers=HX,
        )
    assert "Round 1 recorded" in response.content.decode()
    assert repeated(after_commit(read)) == []
    assert len(read.captured_queries) <= 24
