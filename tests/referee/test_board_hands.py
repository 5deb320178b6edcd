"""The TV board shows the hands of the last round as card faces: in a three-card game each
player's hand beside their standing, in Crash a line a player under "Hand 1" ... "Hand 4".
Numbers mean one thing: rounds are numbered, standings are ranked without a number."""

import re

import pytest
from channels.testing import WebsocketCommunicator

from referee.asgi import application
from referee.board.render import render_board
from scoring.services import game_start, round_record, session_start

from ..data import HINDSIGHT_ROUND
from ..pages import text_of

ORIGIN = [(b"origin", b"http://localhost")]
ROUND = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}


def standings_of(html: str) -> list[tuple[str, list[str]]]:
    """Each row of the standings, top first: the player and the cards shown beside them."""
    standings = html[html.index('id="board-standings"') : html.index('id="board-last"')]
    return [
        (re.search(r'class="who">([^<]*)<', row).group(1), re.findall(r'class="card suit-\w">([^<]*)<', row))
        for row in re.findall(r'<li class="row[^"]*">(.*?)</li>', standings, re.S)
    ]


def hands_table_of(html: str) -> list[list[str]]:
    """The Crash table of hands: its header, then each player's line, as cell texts (a
    cell's cards joined by spaces)."""
    table = re.search(r'<table class="hands".*?</table>', html, re.S).group(0)
    return [
        [" ".join(re.findall(r'class="card suit-\w">([^<]*)<', cell)) or text_of(cell).strip() for cell in cells]
        for cells in (
            re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr, re.S) for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S)
        )
    ]


def a_stop_the_bus_game(host, tokens=3):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": tokens})
    return session, game


@pytest.mark.django_db(transaction=True)
async def test_a_board_connecting_gets_the_last_rounds_hands_as_cards_beside_the_standings_best_first():
    from channels.db import database_sync_to_async

    from ..factories import UserFactory

    @database_sync_to_async
    def evening():
        host = UserFactory()
        session, game = a_stop_the_bus_game(host)
        round_record(game=game, number=1, entry=ROUND, by=host)
        round_record(
            game=game, number=2, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS", "Cy": "JH JD 4C"}}, by=host
        )
        return session

    session = await evening()
    communicator = WebsocketCommunicator(application, f"/ws/board/{session.share_token}/", headers=ORIGIN)
    connected, _ = await communicator.connect()
    assert connected
    html = await communicator.receive_from()
    await communicator.disconnect()
    # Ann and Bob have 2 tokens left, Cy 3: Cy first, then Ann and Bob in seat order
    assert standings_of(html) == [
        ("Cy", ["J♥", "J♦", "4♣"]),
        ("Ann", ["5♥", "3♦", "2♣"]),
        ("Bob", ["Q♠", "K♠", "A♠"]),
    ]
    assert "<ol" not in html  # no list numbers beside the round numbers
    assert "Round 2" in text_of(html) and "Round 1 Bob's 5 high" in text_of(html)


@pytest.mark.django_db
def test_a_player_out_has_no_hand_shown_and_ranks_last(host):
    session, game = a_stop_the_bus_game(host, tokens=1)
    round_record(game=game, number=1, entry=ROUND, by=host)
    round_record(game=game, number=2, entry={"hands": {"Ann": "2C 3D 5H", "Cy": "JH JD 4C"}}, by=host)
    html = render_board(session).html
    assert standings_of(html) == [("Cy", ["J♥", "J♦", "4♣"]), ("Ann", ["5♥", "3♦", "2♣"]), ("Bob", [])]
    assert re.search(
        r'<li class="row out">\s*<span class="name"><span class="who">Bob</span> <span class="tag">out', html
    )


@pytest.mark.django_db
def test_a_crash_round_shows_each_players_hands_under_hand_1_to_hand_4(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
    round_record(game=game, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
    html = render_board(session).html
    assert hands_table_of(html) == [
        ["Player", "Hand 1", "Hand 2", "Hand 3", "Hand 4"],
        ["Ann", "2♠ 2♥ 2♦", "J♣ Q♣ K♣", "A♠ A♥ 9♦", "6♦ 4♥ 3♠"],
        ["Bob", "7♥ 7♦ 7♣", "8♠ 9♠ 10♠", "5♦ 5♣ 3♥", "J♦ 4♣ 2♣"],
    ]
    assert standings_of(html) == [("Ann", []), ("Bob", [])]  # the hands are in the table, not twice


@pytest.mark.django_db
def test_a_crash_declaration_shows_its_thirteen_cards_across_the_hands(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
    six_pairs = "7H 7D 5C 5D TS TH 8S 8H 9S 9H JS JH QD"
    entry = {"hands": {"Ann": HINDSIGHT_ROUND["Ann"]}, "declarations": {"Bob": ["six_pairs", six_pairs]}}
    round_record(game=game, number=1, entry=entry, by=host)
    html = render_board(session).html
    rows = hands_table_of(html)
    assert rows[2][0] == "Bob" and len(rows[2]) == 2 and len(rows[2][1].split()) == 13
    assert 'colspan="4"' in html and "declared six pairs" in text_of(html)


@pytest.mark.django_db
def test_the_table_cards_of_the_last_round_are_shown_with_it(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    game = game_start(session=session, kind="commerce", seat_names=["Ann", "Bob", "Cy"], options={})
    round_record(game=game, number=1, entry={**ROUND, "table": "4D 9H JC"}, by=host)
    html = render_board(session).html
    last = html[html.index('id="board-last"') : html.index('id="board-strip"')]
    table = re.search(r'<p class="table-cards">Table (.*?)</p>', last, re.S).group(1)
    # As its label writes it: highest first.
    assert re.findall(r'class="card suit-\w">([^<]*)<', table) == ["J♣", "9♥", "4♦"]
