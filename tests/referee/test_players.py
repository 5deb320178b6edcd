"""A player's page and the circle's page, through the test client as a host's browser sees them."""

import pytest

from scoring.services import game_start, round_record, session_start

from ..data import an_evening
from ..factories import UserFactory
from ..pages import text_of

pytestmark = pytest.mark.django_db


def player_page(client, host, name: str, query: str = ""):
    """The page of the host's player ``name``, with ``query`` ("?game=crash") when given."""
    return client.get(f"/players/{host.players.get(name=name).public_id}/{query}")


@pytest.fixture
def two_evenings(host):
    return an_evening(host, "2026-10-02"), an_evening(host, "2026-11-20")


def test_a_player_page_shows_every_games_figures_and_hand_chart(host_client, host, two_evenings):
    response = player_page(host_client, host, "Ann")
    text = text_of(response)
    assert "Games played 6 Won 6 Win rate 100.0%" in text
    assert (
        "Stop the Bus Games played 2 Won 2 Win rate 100.0% Rounds played 10 Tokens lost 2 Times worst hand 4 "
        "Rounds survived, per game 5.0"
    ) in text
    assert ("Points per round 2.5 Stick-ups 2 Fouls 0 Crashes 2 Four-of-a-kind bonuses 2 Declarations 0") in text
    assert "Hand 1 4 Hand 2 6 Hand 3 4 Hand 4 4" in text
    assert "Hands won 2 Pots split 2 Net balance +6" in text
    html = response.content.decode()
    assert html.count('<figure class="chart bars">') == 3 and html.count('<figure class="chart rating-chart">') == 3
    assert (
        '<desc id="chart-stop_the_bus-desc">Categories of the 10 hands Ann showed, beside a random deal. '
        "prial: 2 (20.0%; a random deal gives 0.24%); running flush: 2 (20.0%; a random deal gives 0.22%); "
        "run: 0 (0.0%; a random deal gives 3.3%); flush: 0 (0.0%; a random deal gives 5.0%); "
        "pair: 2 (20.0%; a random deal gives 16.9%); high card: 4 (40.0%; a random deal gives 74.4%).</desc>"
    ) in html


def test_a_commerce_record_says_what_hands_won_and_pots_split_count(host_client, host, two_evenings):
    text = text_of(player_page(host_client, host, "Ann", "?game=commerce"))
    assert (
        "Hands won 2 Pots split 2 Net balance +6 Hands won: rounds with the best hand alone, taking the "
        "whole pot. Pots split: rounds tied for the best hand, the pot shared; they are not counted in "
        "hands won. Net balance: in the stake's unit, over games played for a stake."
    ) in text


def test_a_player_page_filtered_by_game(host_client, host, two_evenings):
    text = text_of(player_page(host_client, host, "Bob", "?game=crash"))
    assert "Games played 2 Won 0 Win rate 0.0%" in text and "Declarations 2" in text
    assert "Tokens lost" not in text and "Hands won" not in text


def test_a_player_page_refuses_an_unknown_game_saying_what_it_expects(host_client, host, two_evenings):
    response = player_page(host_client, host, "Ann", "?game=poker")
    assert response.status_code == 400
    assert "Choose one of Stop the Bus, Crash or Commerce, or all games." in text_of(response)


def test_a_player_without_a_round_says_so(host_client, host):
    session_start(host=host, title="Soon", played_on="2026-11-20", player_names=["Ann", "Bob"])
    response = player_page(host_client, host, "Ann")
    assert response.status_code == 200 and "Ann has no recorded round yet." in text_of(response)


def test_the_player_page_runs_a_constant_number_of_queries(host_client, host, django_assert_max_num_queries):
    an_evening(host, "2026-10-02")
    url = f"/players/{host.players.get(name='Ann').public_id}/"
    # the record's, the ratings' (scoring.ratings: three) and the head-to-head's (two)
    with django_assert_max_num_queries(13) as captured:
        host_client.get(url)
    few = len(captured.captured_queries)
    for day in range(3, 9):
        an_evening(host, f"2026-10-{day:02}")
    with django_assert_max_num_queries(few):
        assert "Games played 21" in text_of(host_client.get(url))


def test_the_circle_page_has_the_league_table_and_head_to_head(host_client, two_evenings):
    text = text_of(host_client.get("/players/"))
    assert "1 Ann 6 6 100.0% 1.0 2 Cy 6 0 0.0% 2.3 3 Bob 6 0 0.0% 2.7" in text
    assert "Ann · 6–0 6–0 Cy 0–6 · 4–2 Bob 0–6 2–4 ·" in text


def test_the_circle_over_a_period_and_a_game(host_client, two_evenings):
    assert "1 Ann 3 3 100.0%" in text_of(host_client.get("/players/?since=2026-11-01&until="))
    assert "1 Ann 1 1 100.0%" in text_of(host_client.get("/players/?since=2026-11-01&game=commerce"))
    assert "No finished game in this period." in text_of(host_client.get("/players/?until=2026-09-30"))


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("since=2026-12-01&until=2026-01-01", "“From” must be on or before “to”."),
        ("since=last+friday", "Enter a date as year-month-day, like 2026-11-20."),
        ("game=snap", "Choose one of Stop the Bus, Crash or Commerce, or all games."),
    ],
)
def test_the_circle_refuses_a_wrong_period_or_game_saying_what_it_expects(host_client, two_evenings, query, message):
    response = host_client.get(f"/players/?{query}")
    assert response.status_code == 400
    text = text_of(response)
    assert message in text and "League table" not in text


def test_the_circle_page_runs_a_constant_number_of_queries(host_client, host, django_assert_max_num_queries):
    an_evening(host, "2026-10-02")
    # the league table's and head-to-head's, and the ratings' (scoring.ratings: four)
    with django_assert_max_num_queries(10) as captured:
        host_client.get("/players/")
    few = len(captured.captured_queries)
    for day in range(3, 9):
        an_evening(host, f"2026-10-{day:02}")
    with django_assert_max_num_queries(few):
        host_client.get("/players/")


def test_another_hosts_player_is_a_404_and_their_games_stay_out_of_my_circle(client, host, two_evenings):
    stranger = UserFactory(username="stranger")
    client.force_login(stranger)
    assert client.get(f"/players/{host.players.get(name='Ann').public_id}/").status_code == 404
    assert "No finished game in this period." in text_of(client.get("/players/"))


def test_looking_back_needs_a_login(client, host, two_evenings):
    for url in ("/players/", f"/players/{host.players.get(name='Ann').public_id}/"):
        assert client.get(url)["Location"].startswith("/accounts/login/")


def test_players_in_the_circle_without_a_finished_game_are_listed(host_client, host):
    session = session_start(host=host, title="Soon", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={})
    round_record(game=game, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}})
    assert "Also in the circle: Ann , Bob" in text_of(host_client.get("/players/"))


def test_the_session_pages_link_each_player_to_their_page(host_client, host):
    session = an_evening(host)
    ann = host.players.get(name="Ann")
    for url in (session.get_absolute_url(), f"/sessions/{session.public_id}/history/"):
        assert f'<a href="/players/{ann.public_id}/">Ann</a>' in host_client.get(url).content.decode()
