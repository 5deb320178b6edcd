"""The circle's ratings fed from its games: finished games of each kind in the order played, the
places of the league table (ties where its standings tie), derived afresh so that a correction,
a deletion, an ended game or an import in the middle of the history rates every game again in
order. Expected ratings are engine.ratings.rate of the places each test plays by hand."""

import datetime

import pytest

from engine.ratings import initial_rating, rate, win_chances
from scoring.exchange import export_sessions, import_sessions, to_json
from scoring.ratings import leagues
from scoring.services import game_end, round_correct, round_delete_last, session_start
from scoring.statistics import circle

from ..data import an_evening, hands, play
from ..factories import UserFactory

pytestmark = pytest.mark.django_db

WINS = "As Ks Qs"  # a running flush: beats LOSES
LOSES = "2c 3d 5h"
SPLITS = ("Ah Kd 9c", "As Kc 9d")  # level: a Commerce pot split


def evening(host, played_on, names=("Ann", "Bob", "Cy"), title="Friday"):
    return session_start(host=host, title=title, played_on=played_on, player_names=list(names))


def duel(session, winner, loser):
    """A finished game of Stop the Bus of two, one token each: ``winner`` first."""
    return play(session, "stop_the_bus", [hands(**{winner: WINS, loser: LOSES})], seats=[winner, loser], tokens=1)


def by_name(league) -> dict:
    return league.by_name()


def assert_rated_as(league, games):
    expected = rate(games)
    ratings = by_name(league)
    assert set(ratings) == set(expected)
    for name, rating in expected.items():
        assert ratings[name].mu == pytest.approx(rating.mu) and ratings[name].sigma == pytest.approx(rating.sigma)
        assert ratings[name].games == rating.games


def test_games_are_rated_in_the_order_played_not_the_order_entered(host):
    later = evening(host, "2026-11-20")
    duel(later, "Ann", "Bob")
    duel(later, "Cy", "Ann")
    earlier = evening(host, "2026-11-13")  # entered afterwards, played first
    duel(earlier, "Bob", "Ann")
    league = leagues(host)["stop_the_bus"]
    assert_rated_as(league, [[["Bob"], ["Ann"]], [["Ann"], ["Bob"]], [["Cy"], ["Ann"]]])
    assert [night.played_on for night in league.of(host.players.get(name="Ann")).nights] == [
        datetime.date(2026, 11, 13),
        datetime.date(2026, 11, 20),
    ]


def test_an_evenings_games_go_by_their_number_and_evenings_of_one_day_by_when_they_were_made(host):
    first = evening(host, "2026-11-20", title="Early table")
    second = evening(host, "2026-11-20", title="Late table")
    duel(second, "Bob", "Cy")
    duel(first, "Ann", "Bob")
    duel(first, "Bob", "Ann")
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Ann"], ["Bob"]], [["Bob"], ["Ann"]], [["Bob"], ["Cy"]]])


def test_the_places_of_the_league_table_with_its_ties(host):
    an_evening(host)  # Stop the Bus: Ann, Cy, Bob; Crash: Ann, Bob, Cy; Commerce: Ann, Cy, Bob
    tied = evening(host, "2026-11-21")
    game_end(game=play(tied, "commerce", [hands(Ann=SPLITS[0], Bob=SPLITS[1], Cy=LOSES)], stake=2))
    result = leagues(host)
    assert list(result) == ["stop_the_bus", "crash", "commerce"]
    assert_rated_as(result["stop_the_bus"], [[["Ann"], ["Cy"], ["Bob"]]])
    assert_rated_as(result["crash"], [[["Ann"], ["Bob"], ["Cy"]]])
    assert_rated_as(result["commerce"], [[["Ann"], ["Cy"], ["Bob"]], [["Ann", "Bob"], ["Cy"]]])


def test_only_finished_games_count_and_ending_one_rates_it(host):
    session = evening(host, "2026-11-20")
    duel(session, "Ann", "Bob")
    open_game = play(session, "commerce", [hands(Ann=LOSES, Bob=WINS, Cy=SPLITS[0])], stake=1)
    unfinished = play(session, "stop_the_bus", [hands(Ann=LOSES, Bob=WINS)], seats=["Ann", "Bob"], tokens=3)
    assert list(leagues(host)) == ["stop_the_bus"]
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Ann"], ["Bob"]]])
    game_end(game=open_game)
    assert_rated_as(leagues(host)["commerce"], [[["Bob"], ["Ann", "Cy"]]])  # the losers level on balance
    assert unfinished.performances.exists()  # kept figures, yet no rating until it ends


def test_a_correction_to_an_old_game_rates_everything_after_it_again(host):
    old = duel(evening(host, "2026-10-02"), "Ann", "Bob")
    later = evening(host, "2026-11-20")
    duel(later, "Bob", "Cy")
    duel(later, "Cy", "Ann")
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Ann"], ["Bob"]], [["Bob"], ["Cy"]], [["Cy"], ["Ann"]]])
    round_correct(round=old.rounds.get(number=1), by=host, entry=hands(Ann=LOSES, Bob=WINS))
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Bob"], ["Ann"]], [["Bob"], ["Cy"]], [["Cy"], ["Ann"]]])


def test_a_deleted_round_unrates_its_game(host):
    session = evening(host, "2026-11-20")
    duel(session, "Ann", "Bob")
    gone = duel(session, "Bob", "Ann")
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Ann"], ["Bob"]], [["Bob"], ["Ann"]]])
    round_delete_last(game=gone, number=1)
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Ann"], ["Bob"]]])


def test_an_import_in_the_middle_of_the_history_takes_its_place_in_order(host):
    duel(evening(host, "2026-10-01"), "Ann", "Bob")
    duel(evening(host, "2026-12-01"), "Cy", "Bob")
    elsewhere = UserFactory(username="elsewhere")
    duel(evening(elsewhere, "2026-11-01", title="At Di's"), "Bob", "Ann")
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Ann"], ["Bob"]], [["Cy"], ["Bob"]]])
    import_sessions(host, to_json(export_sessions(elsewhere)))
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Ann"], ["Bob"]], [["Bob"], ["Ann"]], [["Cy"], ["Bob"]]])


def test_a_period_rates_its_own_games_from_scratch(host):
    duel(evening(host, "2026-10-01"), "Ann", "Bob")
    duel(evening(host, "2026-11-01"), "Bob", "Cy")
    duel(evening(host, "2026-12-01"), "Cy", "Ann")
    assert_rated_as(
        leagues(host, since=datetime.date(2026, 11, 1))["stop_the_bus"], [[["Bob"], ["Cy"]], [["Cy"], ["Ann"]]]
    )
    assert_rated_as(
        leagues(host, until=datetime.date(2026, 11, 1))["stop_the_bus"], [[["Ann"], ["Bob"]], [["Bob"], ["Cy"]]]
    )
    assert leagues(host, since=datetime.date(2027, 1, 1)) == {}
    assert list(leagues(host, kind="crash")) == []


def test_win_chances_read_a_leagues_ratings_by_name(host):
    session = evening(host, "2026-11-20")
    duel(session, "Cy", "Bob")
    duel(session, "Cy", "Ann")
    ratings = leagues(host)["stop_the_bus"].by_name()
    chances = win_chances(ratings, ["Ann", "Cy", "Newcomer"])
    assert chances == win_chances(rate([[["Cy"], ["Bob"]], [["Cy"], ["Ann"]]]), ["Ann", "Cy", "Newcomer"])
    assert max(chances, key=chances.get) == "Cy"


def test_the_table_is_ordered_by_rating(host):
    session = evening(host, "2026-11-20")
    duel(session, "Cy", "Bob")
    duel(session, "Cy", "Ann")
    duel(session, "Ann", "Bob")
    table = leagues(host)["stop_the_bus"].table
    assert [line.player.name for line in table] == ["Cy", "Ann", "Bob"]
    assert table[0].rating.ordinal > table[1].rating.ordinal > table[2].rating.ordinal


def test_another_hosts_games_are_not_rated(host):
    duel(evening(UserFactory(), "2026-11-20"), "Ann", "Bob")
    assert leagues(host) == {}


def test_each_night_moves_a_rating_from_where_it_stood(host):
    first = evening(host, "2026-11-13", title="First")
    duel(first, "Ann", "Bob")
    duel(first, "Ann", "Cy")
    second = evening(host, "2026-11-20", title="Second")
    duel(second, "Bob", "Ann")
    third = evening(host, "2026-11-27", title="Third")
    duel(third, "Cy", "Bob")  # Ann sits this one out
    ann = leagues(host)["stop_the_bus"].of(host.players.get(name="Ann"))
    nights = ann.nights
    assert [(n.title, n.games) for n in nights] == [("First", 2), ("Second", 1)]
    assert nights[0].before == initial_rating()
    after_first = rate([[["Ann"], ["Bob"]], [["Ann"], ["Cy"]]])["Ann"]
    assert nights[0].after == after_first == nights[1].before
    assert nights[1].after == ann.rating
    assert nights[1].change == pytest.approx(ann.rating.ordinal - after_first.ordinal)
    assert ann.best_night is nights[0] and ann.worst_night is nights[1] and ann.last_night is nights[1]
    assert nights[0].session_id == str(first.public_id)


def test_four_queries_whatever_the_history_and_two_when_nothing_changed(host, django_assert_num_queries):
    an_evening(host, "2026-10-01")
    an_evening(host, "2026-11-20")
    with django_assert_num_queries(4):
        first = leagues(host)
    with django_assert_num_queries(2):
        again = leagues(host)
    assert again == first
    with django_assert_num_queries(4):  # another period is read anew
        leagues(host, since=datetime.date(2026, 11, 1))


def test_any_change_to_the_games_is_read_anew(host):
    session = evening(host, "2026-11-20")
    game = duel(session, "Ann", "Bob")
    before = leagues(host)
    session_start(host=host, title="Soon", played_on="2026-11-27", player_names=["Ann", "Bob"])
    assert leagues(host) == before  # nothing rated changed
    round_correct(round=game.rounds.get(number=1), by=host, entry=hands(Ann=LOSES, Bob=WINS))
    assert_rated_as(leagues(host)["stop_the_bus"], [[["Bob"], ["Ann"]]])


def test_the_nemesis_placed_above_most_often_in_five_games_or_more(host):
    session = evening(host, "2026-11-20", names=("Ann", "Bob", "Cy", "Di"))
    for _ in range(5):
        duel(session, "Bob", "Ann")
    for _ in range(4):
        duel(session, "Cy", "Ann")  # never behind Ann, but in too few games
    for _ in range(6):
        duel(session, "Di", "Ann")  # Di's 6 > Bob's 5
    duel(session, "Ann", "Di")
    result = circle(host)
    ann = host.players.get(name="Ann")
    nemesis, meeting = result.nemesis(ann)
    assert (nemesis.name, meeting.games, meeting.behind) == ("Di", 7, 6)
    assert result.nemesis(ann, least=8) is None
    assert result.nemesis(host.players.get(name="Di"))[0] == ann  # Ann placed above Di once, in 7 games
    assert result.nemesis(host.players.get(name="Bob")) is None  # no one ever placed above Bob
    assert [(other.name, m.games) for other, m in result.opponents(ann)] == [("Di", 7), ("Bob", 5), ("Cy", 4)]


def test_a_level_nemesis_goes_to_the_higher_share(host):
    session = evening(host, "2026-11-20")
    for _ in range(5):
        duel(session, "Bob", "Ann")
        duel(session, "Cy", "Ann")
    duel(session, "Ann", "Cy")
    nemesis, _ = circle(host).nemesis(host.players.get(name="Ann"))
    assert nemesis.name == "Bob"  # 5 of 5, Cy 5 of 6
