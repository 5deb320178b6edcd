"""A game left unfinished when a new one starts stays within reach: the session page lists
it with a link to continue it, shows it whole (standings, entry form, rounds, corrections)
and records into it; looking back links each game to where it is continued or corrected."""

import pytest

from scoring.models import Round
from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from ..pages import HX, said, sent, text_of

pytestmark = pytest.mark.django_db
FIRST = {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}


@pytest.fixture
def evening_of_two_games(host):
    """Game 1 (Stop the Bus) has one round and goes on; game 2 (Crash) was started after it."""
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 3})
    round_record(game=bus, number=1, by=host, entry={"hands": FIRST})
    game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
    return session


def test_the_session_page_lists_the_other_unfinished_games_with_a_link_to_continue_each(
    host_client, evening_of_two_games
):
    response = host_client.get(evening_of_two_games.get_absolute_url())
    text = text_of(response)
    assert "Crash · game 2" in text
    assert "Go back to a game not finished (the board and the phones follow): Stop the Bus · game 1, 1 round" in text
    bus = evening_of_two_games.games.get(number=1)
    assert f'action="/sessions/{evening_of_two_games.public_id}/games/{bus.public_id}/resume/"' in (
        response.content.decode()
    )


def test_an_unfinished_game_is_shown_whole_with_its_form_rounds_and_corrections(host_client, evening_of_two_games):
    bus = evening_of_two_games.games.get(number=1)
    response = host_client.get(evening_of_two_games.get_absolute_url(), {"game": 1})
    text, html = text_of(response), response.content.decode()
    assert "Stop the Bus · game 1" in text and "Round 2: enter the hands" in text
    assert "Bob loses a token (2 left)" in text
    assert f"/games/{bus.public_id}/rounds/1/" in html and f"/games/{bus.public_id}/delete-last/" in html
    assert f'hx-post="{evening_of_two_games.get_absolute_url()}?game=1"' in html
    assert "Go back to a game not finished (the board and the phones follow): Crash · game 2, no round yet" in text


def test_a_round_posted_for_an_unfinished_game_is_recorded_into_that_game(host_client, evening_of_two_games):
    url = f"{evening_of_two_games.get_absolute_url()}?game=1"
    data = sent({"number": "2", "hand_0": "2c 3d 5h", "hand_1": "As Ks Qs", "hand_2": "7c 7d 9s"})
    response = host_client.post(url, data, headers=HX)
    assert "Ann loses a token (2 left)" in text_of(response) and said(response)["next"]["number"] == 3
    assert [r.game.number for r in Round.objects.order_by("game__number", "number")] == [1, 1]
    without_htmx = host_client.post(url, sent({**data, "number": "3", "hand_0": "2c 3d 6h"}))
    assert without_htmx.status_code == 302 and without_htmx["Location"] == url


def test_a_game_that_is_not_this_hosts_or_not_there_is_a_404(client, host_client, evening_of_two_games):
    assert host_client.get(evening_of_two_games.get_absolute_url(), {"game": 9}).status_code == 404
    assert host_client.get(evening_of_two_games.get_absolute_url(), {"game": "x"}).status_code == 404
    client.force_login(UserFactory(username="stranger"))
    assert client.get(evening_of_two_games.get_absolute_url(), {"game": 1}).status_code == 404
    assert client.post(f"{evening_of_two_games.get_absolute_url()}?game=1", {"number": "2"}).status_code == 404


def test_a_correction_of_an_older_game_returns_to_that_game(host_client, evening_of_two_games):
    bus = evening_of_two_games.games.get(number=1)
    url = f"/sessions/{evening_of_two_games.public_id}/games/{bus.public_id}/rounds/1/"
    data = sent({"number": "1", "hand_0": "AS KS QS", "hand_1": "7C 7D 9S", "hand_2": "2C 3D 5H", "action": "confirm"})
    response = host_client.post(url, data)
    assert response.status_code == 302 and response["Location"] == f"{evening_of_two_games.get_absolute_url()}?game=1"


def test_looking_back_links_each_game_to_where_it_is_continued_or_corrected(host_client, host, evening_of_two_games):
    crash = evening_of_two_games.games.get(number=2)
    for number in range(1, 8):  # a point a round for Ann: the target of 7 wins game 2
        round_record(game=crash, number=number, by=host, entry={"hands": {"Ann": ["3S 3H 3D"], "Bob": ["2C 5D 9H"]}})
    html = host_client.get(f"/sessions/{evening_of_two_games.public_id}/history/").content.decode()
    bus = evening_of_two_games.games.get(number=1)
    assert f'action="/sessions/{evening_of_two_games.public_id}/games/{bus.public_id}/resume/"' in html
    assert "Continue Stop the Bus · game 1</button>" in html
    assert f'<a href="{evening_of_two_games.get_absolute_url()}?game=2">Correct a round of this game</a>' in html


def test_the_session_page_on_an_older_game_runs_a_constant_number_of_queries(
    host_client, host, evening_of_two_games, django_assert_max_num_queries
):
    # three of them for the players' own phones: the seats, their phones, the round's seat hands
    with django_assert_max_num_queries(15) as captured:
        host_client.get(evening_of_two_games.get_absolute_url(), {"game": 1})
    few = len(captured.captured_queries)
    for _ in range(3):
        game_start(session=evening_of_two_games, kind="commerce", seat_names=["Ann", "Bob"], options={})
    with django_assert_max_num_queries(few):
        host_client.get(evening_of_two_games.get_absolute_url(), {"game": 1})
