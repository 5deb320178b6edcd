"""The session option "Show the odds": as a game starts, the TV board shows each player's
chance to win it (OpenSkill's win prediction over the circle's ratings of that game, all
time), marked provisional under PROVISIONAL_GAMES rated games; off by default."""

import re

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.ratings import PROVISIONAL_GAMES, rate, win_chances
from referee.board.render import render_board
from referee.forms.sessions import ODDS_HELP
from scoring.models import Session
from scoring.odds import whole_percents
from scoring.services import game_start, round_record, session_show_odds, session_start

from ..pages import text_of
from .boards import connect

BEST, MIDDLE, WORST = "AS KS QS", "7C 7D 9S", "2C 3D 5H"
# Ann has beaten Bob in every game of Stop the Bus; Cy has never played one.
PAST = PROVISIONAL_GAMES + 2


def a_history(host):
    """PAST games of Stop the Bus in which Ann finished above Bob, and one of Crash."""
    past = session_start(host=host, title="Last week", played_on="2026-11-13", player_names=["Ann", "Bob", "Cy"])
    for _ in range(PAST):
        game = game_start(session=past, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
        round_record(game=game, number=1, by=host, entry={"hands": {"Ann": BEST, "Bob": WORST}})
    return past


def tonight(host, show_odds=True, seats=("Ann", "Bob", "Cy")):
    session = session_start(
        host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"], show_odds=show_odds
    )
    game = game_start(session=session, kind="stop_the_bus", seat_names=list(seats), options={"tokens": 2})
    return session, game


def expected_odds(seats):
    """What the board must say, from the engine alone: the same games rated afresh."""
    chances = win_chances(rate([[["Ann"], ["Bob"]]] * PAST), list(seats))
    likeliest = sorted(seats, key=lambda name: -chances[name])
    percents = dict(zip(likeliest, whole_percents([chances[name] for name in likeliest])))
    assert sum(percents.values()) == 100
    return percents


def odds_shown(html: str) -> list[tuple[str, int, str]]:
    """The board's odds, as the room reads them: (name, percent, its tag: "provisional", "a guess:
    no game yet" or none), top to bottom."""
    section = re.search(r'<ul class="odds">(.*?)</ul>', html, re.S)
    if section is None:
        return []
    lines = re.findall(
        r'<span class="who">([^<]*)</span>.*?<span class="chance">(\d+)%</span>(.*?)</li>', section.group(1), re.S
    )
    return [(name, int(percent), text_of(rest).strip()) for name, percent, rest in lines]


@pytest.mark.django_db
def test_a_game_starting_shows_each_players_chance_to_win_it_provisional_where_so(host, client):
    a_history(host)
    session, _ = tonight(host)
    html = client.get(f"/board/{session.share_token}/").content.decode()
    expected = expected_odds(["Ann", "Bob", "Cy"])
    assert expected["Ann"] > expected["Cy"] > expected["Bob"]  # a newcomer sits between the two
    assert odds_shown(html) == [
        ("Ann", expected["Ann"], ""),
        ("Cy", expected["Cy"], "a guess: no game yet"),  # a newcomer's odds say they are a guess
        ("Bob", expected["Bob"], ""),
    ]
    text = text_of(html)
    assert "The odds" in text
    assert (
        f"Each player's chance to win this game, from their ratings in Stop the Bus; provisional: fewer than "
        f"{PROVISIONAL_GAMES} rated games; a guess: none yet, so the player counts as an average one."
    ) in text


@pytest.mark.django_db
def test_a_player_under_the_provisional_count_is_marked_so(host, client):
    past = session_start(host=host, title="Last week", played_on="2026-11-13", player_names=["Ann", "Bob"])
    for _ in range(PROVISIONAL_GAMES - 1):
        game = game_start(session=past, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
        round_record(game=game, number=1, by=host, entry={"hands": {"Ann": BEST, "Bob": WORST}})
    session, _ = tonight(host, seats=("Ann", "Bob"))
    shown = odds_shown(client.get(f"/board/{session.share_token}/").content.decode())
    assert [tag for _, _, tag in shown] == ["provisional", "provisional"]


@pytest.mark.django_db
def test_the_odds_are_off_by_default(host, client):
    a_history(host)
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    assert session.show_odds is False
    game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 2})
    html = client.get(f"/board/{session.share_token}/").content.decode()
    assert odds_shown(html) == [] and "The odds" not in text_of(html)


@pytest.mark.django_db
def test_the_first_round_takes_the_odds_place(host, client):
    a_history(host)
    session, game = tonight(host)
    round_record(game=game, number=1, by=host, entry={"hands": {"Ann": BEST, "Bob": MIDDLE, "Cy": WORST}})
    html = client.get(f"/board/{session.share_token}/").content.decode()
    assert odds_shown(html) == [] and "Cy loses a token" in text_of(html)


@pytest.mark.django_db
def test_the_odds_come_from_the_games_own_kind(host, client):
    """Ann's wins at Stop the Bus say nothing of Crash: everyone is a newcomer there."""
    a_history(host)
    session = session_start(
        host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"], show_odds=True
    )
    game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
    assert odds_shown(client.get(f"/board/{session.share_token}/").content.decode()) == [
        ("Ann", 50, "a guess: no game yet"),
        ("Bob", 50, "a guess: no game yet"),
    ]


@pytest.mark.django_db
def test_the_new_session_form_has_the_option_off_and_its_one_line_of_help(host_client, host):
    page = host_client.get("/sessions/new/").content.decode()
    box = re.search(r'<input type="checkbox" name="show_odds"[^>]*>', page).group(0)
    assert 'aria-describedby="id_show_odds_helptext"' in box and "checked" not in box
    assert '<p class="help" id="id_show_odds_helptext">' in page
    assert ODDS_HELP == "As each game starts, the TV shows each player's chance to win it, from their ratings."
    assert ODDS_HELP in text_of(page)
    host_client.post(
        "/sessions/new/", {"title": "Friday", "played_on": "2026-11-20", "new_players": "Ann, Bob", "show_odds": "on"}
    )
    host_client.post("/sessions/new/", {"title": "Saturday", "played_on": "2026-11-21", "new_players": "Ann, Bob"})
    assert dict(Session.objects.values_list("title", "show_odds")) == {"Friday": True, "Saturday": False}


@pytest.mark.django_db
def test_the_session_page_switches_the_odds_on_and_off(host_client, host, client):
    a_history(host)
    session, _ = tonight(host, show_odds=False)
    page = host_client.get(session.get_absolute_url())
    assert "Show the odds" in text_of(page) and ODDS_HELP in text_of(page)
    response = host_client.post(f"/sessions/{session.public_id}/odds/", {"shown": "1"}, follow=True)
    assert "The TV shows the odds as each game starts." in text_of(response)
    assert "Stop showing the odds" in text_of(response)
    assert odds_shown(client.get(f"/board/{session.share_token}/").content.decode())
    host_client.post(f"/sessions/{session.public_id}/odds/", {"shown": "0"})
    session.refresh_from_db()
    assert session.show_odds is False
    assert not odds_shown(client.get(f"/board/{session.share_token}/").content.decode())


@pytest.mark.django_db
def test_another_hosts_session_odds_cannot_be_switched(client, host):
    from ..factories import UserFactory

    session, _ = tonight(host, show_odds=False)
    client.force_login(UserFactory(username="stranger"))
    assert client.post(f"/sessions/{session.public_id}/odds/", {"shown": "1"}).status_code == 404
    assert client.get(f"/sessions/{session.public_id}/odds/").status_code in (404, 405)
    session.refresh_from_db()
    assert session.show_odds is False


# --- Live ------------------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_the_odds_reach_the_tv_when_a_game_starts():
    from ..factories import UserFactory

    host = await database_sync_to_async(UserFactory)()
    await database_sync_to_async(a_history)(host)
    session = await database_sync_to_async(session_start)(
        host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"], show_odds=True
    )
    board, connected = await connect(session.share_token)
    assert connected
    assert odds_shown(await board.receive_from()) == []  # no game yet
    await database_sync_to_async(game_start)(
        session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2}
    )
    expected = expected_odds(["Ann", "Bob", "Cy"])
    shown = odds_shown(await board.receive_from())
    guess = "a guess: no game yet"
    assert shown == [("Ann", expected["Ann"], ""), ("Cy", expected["Cy"], guess), ("Bob", expected["Bob"], "")]
    assert await board.receive_nothing()
    await board.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_switching_the_odds_on_reaches_the_tv_at_once():
    from ..factories import UserFactory

    host = await database_sync_to_async(UserFactory)()
    await database_sync_to_async(a_history)(host)
    session, _ = await database_sync_to_async(tonight)(host, show_odds=False)
    board, _ = await connect(session.share_token)
    assert odds_shown(await board.receive_from()) == []
    await database_sync_to_async(session_show_odds)(session=session, shown=True)
    assert [name for name, _, _ in odds_shown(await board.receive_from())] == ["Ann", "Cy", "Bob"]
    await board.disconnect()


@pytest.mark.django_db
def test_a_board_without_the_odds_reads_no_ratings(host):
    """The option off, a board's render is what it was: the ratings are not read."""
    a_history(host)
    session, _ = tonight(host, show_odds=False)

    def places_read() -> int:
        with CaptureQueriesContext(connection) as read:
            render_board(Session.objects.get(pk=session.pk))
        return len([query for query in read.captured_queries if '"scoring_performance"."place"' in query["sql"]])

    assert places_read() == 0
    session_show_odds(session=session, shown=True)
    assert places_read() == 1


@pytest.mark.django_db
def test_the_odds_shown_add_up_to_100(host, client):
    """Three newcomers have a third each: 34, 33 and 33 on the board, not 33 three times."""
    session = session_start(
        host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"], show_odds=True
    )
    game_start(session=session, kind="crash", seat_names=["Ann", "Bob", "Cy"], options={})
    shown = odds_shown(client.get(f"/board/{session.share_token}/").content.decode())
    assert [percent for _, percent, _ in shown] == [34, 33, 33]


def test_whole_percents_add_up_to_100_by_largest_remainder():
    assert whole_percents([1 / 3, 1 / 3, 1 / 3]) == [34, 33, 33]
    assert whole_percents([0.335, 0.335, 0.33]) == [34, 33, 33]  # one by one: 34 + 34 + 33 = 101
    assert whole_percents([0.666, 0.167, 0.167]) == [66, 17, 17]  # one by one: 67 + 17 + 17 = 101
    assert whole_percents([0.5, 0.5]) == [50, 50]
    for chances in ([0.2049, 0.2049, 0.2049, 0.3853], [0.0149, 0.9851], [0.7, 0.1, 0.1, 0.1]):
        assert sum(whole_percents(chances)) == 100
