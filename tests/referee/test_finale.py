"""The finale on the TV: "End the evening" sends the night's story to every board of the
session through its socket, as cards then the evening's standings, a message beside the
boards' revisions; "Stop the story" takes it off; only the session's host may, by POST."""

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async

from referee.board.broadcast import CHANGE_BEHIND
from referee.board.finale import CARD_SECONDS, STANDINGS_SECONDS, render_finale
from scoring.services import game_start, round_record, session_start

from ..layers import BrokenLayer, use_layer
from ..pages import HX, text_of
from .boards import connect

LONG = "Maximiliana Featherstone"  # 24 characters: the longest a name may be


@database_sync_to_async
def evening_won(host):
    """Friday: Ann wins a game of Stop the Bus in two rounds; Bob and a long name lose."""
    names = ["Ann", "Bob", LONG]
    session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=names)
    game = game_start(session=session, kind="stop_the_bus", seat_names=names, options={"tokens": 1})
    hands = {"Ann": "AS KS QS", "Bob": "2C 3D 5H", LONG: "7C 7D 9S"}
    round_record(game=game, number=1, entry={"hands": hands}, by=host)
    round_record(game=game, number=2, entry={"hands": {"Ann": "AH KH QH", LONG: "2D 3S 5C"}}, by=host)
    return session


def story_url(session):
    return f"/sessions/{session.public_id}/story/on-tv/"


@pytest.mark.django_db(transaction=True)
async def test_end_the_evening_sends_the_story_then_the_standings_to_every_board_and_stop_takes_it_off(
    host_client, host
):
    session = await evening_won(host)
    board, connected = await connect(session.share_token)
    assert connected
    await board.receive_from()  # the board on connect
    answer = await sync_to_async(host_client.post)(story_url(session), {"action": "play"}, headers=HX)
    assert answer.status_code == 200
    assert "Play it again" in text_of(answer) and "Stop the story" in text_of(answer)
    finale = await board.receive_from()
    assert 'id="board-finale" hx-swap-oob="true"' in finale
    assert f'data-card-seconds="{CARD_SECONDS}"' in finale and f'data-standings-seconds="{STANDINGS_SECONDS}"' in finale
    text = text_of(finale)
    assert "The night's story Friday · 27 November 2026 Ann won Stop the Bus · game 1" in text  # the opening card
    for told in ("1 of 3 Stop the Bus · game 1 Ann won", "2 of 3 The hand of the night", "3 of 3 The night's ratings"):
        assert told in text
    assert finale.count('<section class="finale-card') == 5  # the opening, the story's three items, the standings
    standings = text.split("Tonight's standings")[1]  # games won, then each game's standing
    assert standings.strip() == f"Player Games won Stop the Bus · game 1 Ann 1 1 token Bob 0 0 tokens {LONG} 0 0 tokens"
    assert await board.receive_nothing()  # one message, not a board's revision besides

    answer = await sync_to_async(host_client.post)(story_url(session), {"action": "stop"}, headers=HX)
    assert "End the evening: show the story on the TV" in text_of(answer)
    stopped = await board.receive_from()
    assert 'id="board-finale"' in stopped and "finale-card" not in stopped and "data-card-seconds" not in stopped
    await board.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_story_is_played_over_whatever_revision_the_board_shows(host_client, host):
    """Not a revision: a board forwards it though the session has not changed since."""
    session = await evening_won(host)
    board, _ = await connect(session.share_token)
    await board.receive_from()
    for _ in range(2):  # "Play it again"
        await sync_to_async(host_client.post)(story_url(session), {"action": "play"}, headers=HX)
        assert "finale-card" in await board.receive_from()
    await board.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_tv_that_connects_while_the_story_plays_shows_the_live_board(host_client, host):
    """A show, not a record: nothing is stored for a board opened afterwards to replay."""
    session = await evening_won(host)
    await sync_to_async(host_client.post)(story_url(session), {"action": "play"}, headers=HX)
    late, _ = await connect(session.share_token)
    board = await late.receive_from()
    assert 'id="board-standings"' in board and "finale-card" not in board
    assert await late.receive_nothing()
    await late.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_another_sessions_board_is_not_sent_the_story(host_client, host):
    session = await evening_won(host)
    other = await database_sync_to_async(session_start)(
        host=host, title="Saturday", played_on="2026-11-28", player_names=["Ann", "Bob"]
    )
    stranger, _ = await connect(other.share_token)
    await stranger.receive_from()
    await sync_to_async(host_client.post)(story_url(session), {"action": "play"}, headers=HX)
    assert await stranger.receive_nothing()
    await stranger.disconnect()


@pytest.mark.django_db
def test_the_settling_up_card_shows_each_balance_before_who_pays_whom(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob", LONG])
    commerce = game_start(session=session, kind="commerce", seat_names=["Ann", "Bob", LONG], options={"stake": 2})
    hands = {"Ann": "AH KH QH", "Bob": "2S 5S 9D", LONG: "3C 4C 7H"}
    round_record(game=commerce, number=1, by=host, entry={"hands": hands})
    card = render_finale(session).split('class="finale-card recap-settle_up"')[1].split("</section>")[0]
    assert '<table class="finale-table"' in card
    told = text_of(card)
    balances = f"Player Balance Ann +4 Bob \u22122 {LONG} \u22122"
    assert f"Settling up 2 transfers settle the night {balances} {LONG} pays" in told


@pytest.mark.django_db
def test_the_session_page_offers_to_end_the_evening_on_the_tv_while_a_game_is_played(host_client, host, evening):
    game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
    html = host_client.get(evening.get_absolute_url()).content.decode()
    assert "End the evening: show the story on the TV" in text_of(html) and "Stop the story" not in text_of(html)
    assert f'action="{story_url(evening)}"' in html and "csrfmiddlewaretoken" in html


def test_without_htmx_the_host_is_back_on_the_session_page_told_so(host_client, evening):
    response = host_client.post(story_url(evening), {"action": "play"}, follow=True)
    assert response.redirect_chain[-1][0] == evening.get_absolute_url()
    assert "The night's story is playing on the TV" in text_of(response)


def test_someone_elses_session_is_a_404_and_a_visitor_is_sent_to_log_in(client, evening):
    from ..factories import UserFactory

    client.force_login(UserFactory(username="stranger"))
    assert client.post(story_url(evening), {"action": "play"}).status_code == 404
    client.logout()
    response = client.post(story_url(evening), {"action": "play"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_get_is_refused(host_client, evening):
    assert host_client.get(story_url(evening)).status_code == 405


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("action", ["play", "stop"])
def test_when_the_boards_cannot_be_told_the_host_hears_the_tv_may_be_behind(
    host_client, evening, settings, caplog, action
):
    use_layer(settings, BrokenLayer)
    response = host_client.post(story_url(evening), {"action": action}, headers=HX)
    assert response.status_code == 200 and CHANGE_BEHIND in text_of(response)
    assert any(str(evening.public_id) in r.getMessage() for r in caplog.records if r.name == "referee.board.finale")
    response = host_client.post(story_url(evening), {"action": action}, follow=True)
    assert CHANGE_BEHIND in text_of(response)
