"""The night's story, the host's page of an evening (sessions/<id>/story/): its items as cards,
escaped names, nothing to tell told plainly, and nobody's but the host's."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.services import game_end, game_start, round_correct, round_record, session_start

from ..factories import UserFactory
from ..pages import text_of

pytestmark = pytest.mark.django_db


def _story(client, session):
    return client.get(f"/sessions/{session.public_id}/story/")


@pytest.fixture
def friday(evening, host):
    """Stop the Bus, aces high, won by Ann (a round corrected), then Commerce for a stake of 2, ended."""
    bus = game_start(
        session=evening,
        kind="stop_the_bus",
        seat_names=["Ann", "Bob", "Cy"],
        options={"tokens": 1, "rules": "brag-ace-high"},
    )
    first, _ = round_record(
        game=bus, number=1, by=host, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS", "Cy": "7C 7D 9S"}}
    )
    round_correct(round=first, by=host, entry={"hands": {"Ann": "AS AH AD", "Bob": "3S 3H 3D", "Cy": "2C 4D 7H"}})
    round_record(game=bus, number=2, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}})
    commerce = game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob", "Cy"], options={"stake": 2})
    round_record(
        game=commerce, number=1, by=host, entry={"hands": {"Ann": "2S 5S 9D", "Bob": "AH KH QH", "Cy": "3C 4C 7H"}}
    )
    game_end(game=commerce)
    return evening


def test_the_story_tells_each_item_as_a_card(host_client, friday):
    response = _story(host_client, friday)
    assert response.status_code == 200
    text = text_of(response)
    assert "The night's story" in text and "Friday · 20 November 2026" in text
    titles = re.findall(r'<h2 class="recap-title">(.*?)</h2>', response.content.decode())
    assert titles == [
        "Stop the Bus · game 1",
        "Commerce · game 2",
        "The hand of the night",
        "The night&#x27;s ratings",
        "Settling up",
    ]
    assert "Ann's prial of aces, round 1 of Stop the Bus · game 1" in text  # round 1 as corrected
    assert (
        "Ann's prial of aces beat Bob's prial of 3s, as under these rules prials go by rank" in text
    )  # the house rule
    assert '<span class="card suit-s">A♠</span>' in response.content.decode()
    assert "Ann pays Bob 2" in text and "Cy pays Bob 2" in text
    assert "provisional" in text


def test_the_nights_ratings_are_a_table_a_row_a_player_a_column_a_game(host_client, friday):
    html = _story(host_client, friday).content.decode()
    ratings = html[html.index('class="recap-item recap-ratings"') :].split("</li>")[0]
    headings = re.findall(r'<th scope="col">(.*?)</th>', ratings)
    assert headings == ["Player", "Stop the Bus", "Commerce"]
    assert sorted(re.findall(r'<th scope="row">(.*?)</th>', ratings)) == ["Ann", "Bob", "Cy"]
    rows = re.findall(r'<tr><th scope="row">[^<]*</th>((?:<td>[^<]*</td>)+)</tr>', ratings)
    assert len(rows) == 3 and all(len(re.findall(r"<td>-?\d+\.\d \([+-]\d+\.\d\)\*</td>", row)) == 2 for row in rows)
    assert "* provisional: fewer than 10 rated games" in text_of(ratings)


def test_settling_up_shows_each_balance_before_who_pays_whom(host_client, friday):
    html = _story(host_client, friday).content.decode()
    settle = html[html.index('class="recap-item recap-settle_up"') :].split("</ul>")[0]
    assert re.findall(r'<th scope="col">(.*?)</th>', settle) == ["Player", "Balance"]
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th><td>([^<]*)</td></tr>', settle)
    assert rows == [("Bob", "+4"), ("Ann", "\u22122"), ("Cy", "\u22122")]  # the biggest credit first
    assert "Ann pays Bob 2" in settle and settle.index("</table>") < settle.index(" pays ")


def test_the_session_page_and_looking_back_link_to_the_story(host_client, friday):
    link = f'href="/sessions/{friday.public_id}/story/"'
    for page in ("", "history/"):
        html = host_client.get(f"/sessions/{friday.public_id}/{page}").content.decode()
        assert re.search(link + r"[^>]*>The night's story</a>", html)


def test_an_evening_with_no_finished_game_says_so(host_client, evening, host):
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
    round_record(game=bus, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}})
    response = _story(host_client, evening)
    assert "No game was finished: Ann and Bob share the lead of Stop the Bus · game 1, with 3 tokens each" in text_of(
        response
    )
    titles = re.findall(r'<h2 class="recap-title">(.*?)</h2>', response.content.decode())
    assert titles == ["Stop the Bus · game 1", "The hand of the night"]  # who leads it; no ratings: nothing finished


def test_an_evening_with_no_round_has_nothing_to_tell(host_client, evening):
    response = _story(host_client, evening)
    assert response.status_code == 200
    assert "Nothing to tell yet: no round was played this evening." in text_of(response)
    assert 'class="recap-items"' not in response.content.decode()


def test_names_with_markup_are_escaped(host_client, host):
    session = session_start(
        host=host, title="<i>Friday</i>", played_on="2026-11-20", player_names=["<b>Ann</b>", "Bob"]
    )
    bus = game_start(session=session, kind="stop_the_bus", seat_names=["<b>Ann</b>", "Bob"], options={"tokens": 1})
    round_record(game=bus, number=1, by=host, entry={"hands": {"<b>Ann</b>": "AS KS QS", "Bob": "2C 4D 7H"}})
    html = _story(host_client, session).content.decode()
    assert "<b>Ann</b>" not in html and "<i>Friday</i>" not in html
    assert "&lt;b&gt;Ann&lt;/b&gt; won" in html


def test_only_its_host_sees_the_story(client, friday):
    assert _story(client, friday).status_code == 302  # to log in
    client.force_login(UserFactory(username="someone-else"))
    assert _story(client, friday).status_code == 404


def test_the_story_reads_in_as_many_queries_however_long_the_evening(host_client, friday, host):
    with CaptureQueriesContext(connection) as short:
        _story(host_client, friday)
    bus = game_start(session=friday, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
    for number in range(1, 4):
        round_record(
            game=bus, number=number, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}
        )
    with CaptureQueriesContext(connection) as longer:
        _story(host_client, friday)
    assert len(longer) == len(short)


def test_a_game_ended_before_a_hand_a_player_gone_and_thirty_rounds_of_eight_tell_a_sensible_story(host_client, host):
    eight = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    session = session_start(host=host, title="Long", played_on="2026-11-20", player_names=eight)
    early = game_start(session=session, kind="commerce", seat_names=eight[:3], options={"stake": 1})
    game_end(game=early)  # ended before a hand was played: nobody won it
    commerce = game_start(session=session, kind="commerce", seat_names=eight, options={"stake": 3})
    deck = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "SHDC"]
    for number in range(1, 31):
        cards = deck[number % 4 :] + deck[: number % 4]
        hands = {name: " ".join(cards[3 * i : 3 * i + 3]) for i, name in enumerate(eight)}
        round_record(game=commerce, number=number, by=host, entry={"hands": hands})
    game_end(game=commerce)
    later = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={"tokens": 1})
    round_record(
        game=later, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}}
    )  # the rest gone
    response = _story(host_client, session)
    assert response.status_code == 200
    html = response.content.decode()
    titles = re.findall(r'<h2 class="recap-title">(.*?)</h2>', html)
    assert "Commerce · game 1" not in titles and titles[:2] == ["Commerce · game 2", "Stop the Bus · game 3"]
    settle = html.split('class="recap-item recap-settle_up"')[1]
    assert 0 < settle.count(" pays ") <= 8  # eight balances and what stayed in the pot, settled
