"""The session option "Show the odds": as a game starts, the TV board shows each player's
chance to win it (OpenSkill's win prediction over the circle's ratings of that game, all
time), marked provisional under PROVISIONAL_GAMES rated games; off by default."""

import itertools
import re

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given
from hypothesis import strategies as st

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
    section = re.search(r'<ul class="odds"[^>]*>(.*?)</ul>', html, re.S)
    if section is None:
        return []
    shown = []
    for line in re.findall(r"<li>(.*?)</li>", section.group(1), re.S):
        name = re.search(r'<span class="who">([^<]*)</span>', line).group(1)
        percent = re.search(r'<span class="chance">(\d+)%</span>', line).group(1)
        tag = re.search(r'<span class="tag">([^<]*)</span>', line)
        shown.append((name, int(percent), tag.group(1) if tag else ""))
    return shown


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
def test_six_newcomers_show_the_same_figure(host, client):
    """Six players new to the game have a sixth each: 17 % each on the board, none 16 as if less
    likely; three have 33 % each."""
    six = ["Sam", "Ann", "Bob", "Cy", "Dee", "Eve"]
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=six, show_odds=True)
    game_start(session=session, kind="crash", seat_names=six[:3], options={})
    shown = odds_shown(client.get(f"/board/{session.share_token}/").content.decode())
    assert [percent for _, percent, _ in shown] == [33, 33, 33]
    game_start(session=session, kind="stop_the_bus", seat_names=six, options={"tokens": 3})
    shown = odds_shown(client.get(f"/board/{session.share_token}/").content.decode())
    assert shown == [(name, 17, "a guess: no game yet") for name in six]  # in seat order


@pytest.mark.django_db
def test_newcomers_beside_rated_players_show_the_same_figure(host, client):
    a_history(host)
    seats = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=seats, show_odds=True)
    game_start(session=session, kind="stop_the_bus", seat_names=seats, options={"tokens": 2})
    shown = odds_shown(client.get(f"/board/{session.share_token}/").content.decode())
    assert [name for name, _, _ in shown] == ["Ann", "Cy", "Di", "Ed", "Flo", "Bob"]
    assert len({percent for name, percent, _ in shown if name not in ("Ann", "Bob")}) == 1


def test_whole_percents_show_equal_chances_alike_and_add_up_to_100_when_they_can():
    assert whole_percents([1 / 6] * 6) == [17] * 6  # nearest: 102 in all, none 16 as if less likely
    assert whole_percents([1 / 3, 1 / 3, 1 / 3]) == [33, 33, 33]  # 99 in all
    assert whole_percents([0.335, 0.335, 0.33]) == [34, 34, 33]  # the tie rounded alike: 101
    assert whole_percents([0.2049, 0.2049, 0.2049, 0.3853]) == [20, 20, 20, 39]  # 99
    assert whole_percents([0.666, 0.167, 0.167]) == [66, 17, 17]  # the tie takes the two points left
    assert whole_percents([0.5, 0.5]) == [50, 50]
    assert whole_percents([0.7, 0.1, 0.1, 0.1]) == [70, 10, 10, 10]
    # Unequal chances: largest remainder, adding up to 100 (one by one, 34 + 33 + 34 = 101).
    assert whole_percents([0.335, 0.331, 0.334]) == [34, 33, 33]
    assert whole_percents([0.0149, 0.9851]) == [1, 99]


@given(st.lists(st.integers(min_value=1, max_value=50), min_size=2, max_size=16))
def test_whole_percents_keep_ties_and_order_and_add_up_to_100_without_ties(weights):
    chances = [weight / sum(weights) for weight in weights]
    percents = whole_percents(chances)
    for a, b in itertools.combinations(range(len(chances)), 2):
        if weights[a] == weights[b]:
            assert percents[a] == percents[b]
        elif weights[a] > weights[b]:
            assert percents[a] >= percents[b]
        assert abs(percents[a] - chances[a] * 100) < 1
    if len(set(weights)) == len(weights):
        assert sum(percents) == 100
