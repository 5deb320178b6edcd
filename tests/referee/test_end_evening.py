""" "End the evening" with games still open: the host is asked first (which games, who leads
each), then ends them as they stand or keeps them open, and the story plays either way; the
answer sent twice ends them once; a wrong answer is told and ends nothing."""

import re
import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async

from scoring.models import Game
from scoring.services import game_start, round_record, session_start

from ..pages import HX, text_of
from .boards import connect

NAMES = ["Ann", "Bob", "Cy"]


def open_evening(host):
    """Stop the Bus (Ann leads with 3 tokens), then Crash (Ann and Bob share the lead with 1
    point each), both open; a third game of Stop the Bus won by Cy."""
    session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=NAMES)
    bus = game_start(session=session, kind="stop_the_bus", seat_names=NAMES, options={"tokens": 3})
    round_record(game=bus, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}, by=host)
    round_record(game=bus, number=2, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host)
    crash = game_start(session=session, kind="crash", seat_names=NAMES, options={"preset": "arena"})
    hands = {"Ann": ["AS AH 4D", "2C 3D 5H"], "Bob": ["KS KH 6C", "QS QH 9D"], "Cy": ["7S 8D 10C", "9C 10D 2H"]}
    round_record(game=crash, number=1, entry={"hands": hands}, by=host)
    won = game_start(session=session, kind="stop_the_bus", seat_names=NAMES, options={"tokens": 1})
    round_record(game=won, number=1, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "7C 7D 9S", "Cy": "AS KS QS"}}, by=host)
    round_record(game=won, number=2, entry={"hands": {"Bob": "2C 3D 5H", "Cy": "AS KS QS"}}, by=host)
    return session


def story_url(session):
    return f"/sessions/{session.public_id}/story/on-tv/"


def ended(session) -> dict[int, bool]:
    return dict(Game.objects.filter(session=session).values_list("number", "ended"))


def the_answer(html: str) -> dict:
    """The question's form as the host's phone would send it: its hidden fields."""
    fields = re.findall(r'<input type="hidden" name="(submission|game)" value="([^"]*)"', html)
    return {
        "submission": next(value for name, value in fields if name == "submission"),
        "game": [value for name, value in fields if name == "game"],
    }


@pytest.mark.django_db(transaction=True)
async def test_the_host_is_asked_first_then_ends_them_as_they_stand_and_the_story_plays(host_client, host):
    session = await database_sync_to_async(open_evening)(host)
    board, _ = await connect(session.share_token)
    await board.receive_from()
    asked = await sync_to_async(host_client.post)(story_url(session), {"action": "play"}, headers=HX)
    said = text_of(asked)
    assert "2 games are still open:" in said
    assert "Stop the Bus · game 1: Ann leads, with 3 tokens" in said
    assert "Crash · game 2: Ann and Bob share the lead, with 1 point each" in said
    assert "Stop the Bus · game 3" not in said  # won by Cy: not open
    assert await board.receive_nothing()  # nothing plays while the host is asked
    assert await database_sync_to_async(ended)(session) == {1: False, 2: False, 3: False}

    answer = {**the_answer(asked.content.decode()), "action": "end_open"}
    assert answer["game"] == ["1", "2"]
    played = await sync_to_async(host_client.post)(story_url(session), answer, headers=HX)
    assert "Ended as they stood: Stop the Bus · game 1, Crash · game 2." in text_of(played)
    assert "Play it again" in text_of(played)
    assert await database_sync_to_async(ended)(session) == {1: True, 2: True, 3: False}
    while 'id="board-finale"' not in (message := await board.receive_from()):  # first each game's end
        assert 'id="board-standings"' in message
    finale = text_of(message)
    for won in ("Ann won Stop the Bus · game 1", "Ann and Bob shared the win, with 1 point"):
        assert won in finale

    again = await sync_to_async(host_client.post)(story_url(session), answer, headers=HX)  # sent twice
    assert again.status_code == 200 and "Ended as they stood" not in text_of(again)
    assert await database_sync_to_async(ended)(session) == {1: True, 2: True, 3: False}
    await board.disconnect()


@pytest.mark.django_db
def test_kept_open_the_story_plays_as_they_stand(host_client, host):
    session = open_evening(host)
    asked = host_client.post(story_url(session), {"action": "play"}, headers=HX)
    answer = {**the_answer(asked.content.decode()), "action": "keep_open"}
    played = host_client.post(story_url(session), answer, headers=HX)
    assert "The night's story is playing on the TV" in text_of(played) and "Ended" not in text_of(played)
    assert ended(session) == {1: False, 2: False, 3: False}
    again = host_client.post(story_url(session), {"action": "again"}, headers=HX)  # "Play it again": no question
    assert "still open" not in text_of(again) and "Play it again" in text_of(again)


@pytest.mark.django_db
def test_not_yet_ends_nothing_and_plays_nothing(host_client, host):
    session = open_evening(host)
    answer = host_client.post(story_url(session), {"action": "cancel"}, headers=HX)
    assert "End the evening: show the story on the TV" in text_of(answer) and "still open" not in text_of(answer)
    assert ended(session) == {1: False, 2: False, 3: False}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("answer", "told"),
    [
        ({"game": ["1", "9"]}, "A game named here is not one of this session's: ask again."),
        ({"game": ["one"]}, "A game named here is not one of this session's: ask again."),
        ({}, "No game was named to end: ask again."),
        ({"game": ["1"], "submission": "garbage"}, "reload"),
    ],
)
def test_a_wrong_answer_is_told_and_ends_nothing(host_client, host, answer, told):
    session = open_evening(host)
    sent = {"submission": str(uuid.uuid4()), **answer, "action": "end_open"}
    response = host_client.post(story_url(session), sent, headers=HX)
    assert response.status_code == 200 and told.lower() in text_of(response).lower()
    assert "2 games are still open:" in text_of(response)  # asked again
    assert ended(session) == {1: False, 2: False, 3: False}


@pytest.mark.django_db
def test_without_htmx_the_question_is_a_page_and_the_answer_goes_back_to_the_session(host_client, host):
    session = open_evening(host)
    asked = host_client.post(story_url(session), {"action": "play"})
    assert asked.status_code == 200 and "End the evening" in text_of(asked)
    assert "2 games are still open:" in text_of(asked)
    answer = {**the_answer(asked.content.decode()), "action": "end_open"}
    response = host_client.post(story_url(session), answer, follow=True)
    assert response.redirect_chain[-1][0] == session.get_absolute_url()
    assert "Ended as they stood: Stop the Bus · game 1, Crash · game 2." in text_of(response)
    assert ended(session) == {1: True, 2: True, 3: False}


@pytest.mark.django_db
def test_a_game_ended_so_can_be_gone_back_to_from_looking_back(host_client, host):
    session = open_evening(host)
    asked = host_client.post(story_url(session), {"action": "play"}, headers=HX)
    host_client.post(story_url(session), {**the_answer(asked.content.decode()), "action": "end_open"}, headers=HX)
    history = host_client.get(f"/sessions/{session.public_id}/history/").content.decode()
    game = Game.objects.get(session=session, number=1)
    resume = f"/sessions/{session.public_id}/games/{game.public_id}/resume/"
    assert f'action="{resume}"' in history
    response = host_client.post(resume, follow=True)
    assert "Now playing: Stop the Bus · game 1" in text_of(response)
    assert ended(session) == {1: False, 2: True, 3: False}


@pytest.mark.django_db
def test_kept_open_the_public_link_and_its_picture_say_who_leads_each(client, host):
    """Cy won the one game finished, so comes first; Ann leads two, Bob shares the lead of one."""
    session = open_evening(host)
    page = client.get(f"/story/{session.story_token}/").content.decode()
    leads = (
        "Cy won Stop the Bus · game 3; Ann leads Stop the Bus · game 1, with 3 tokens; "
        "Ann and Bob share the lead of Crash · game 2, with 1 point each"
    )
    assert leads in text_of(page)
    alt = re.search(r'<meta property="og:image:alt" content="([^"]*)"', page).group(1)
    assert alt.replace("&#x27;", "'").startswith(leads)  # the picture's text: its headline
    standings = text_of(page).split("Tonight's standings")[1].strip()
    assert standings.startswith(
        "Player Games won Stop the Bus · game 1 Crash · game 2 Stop the Bus · game 3 "
        "Cy 1 2 tokens 0 points 1 token Ann 0 3 tokens 1 point 0 tokens Bob 0 2 tokens 1 point 0 tokens"
    )
    picture = client.get(f"/story/{session.story_token}/picture.png")
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"


@pytest.mark.django_db
def test_an_unknown_action_asks_as_end_the_evening_does(host_client, host):
    session = open_evening(host)
    answer = host_client.post(story_url(session), {"action": "garbage"}, headers=HX)
    assert "2 games are still open:" in text_of(answer)
    assert ended(session) == {1: False, 2: False, 3: False}
