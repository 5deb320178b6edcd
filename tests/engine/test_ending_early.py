"""A game the host ends as it stands (``ended``, docs/rules.md, Ending a game as it stands): the highest
standing of the players still in wins, equal highest share; a game its rules finished is left
as they finished it."""

import pytest

from engine import EntryError, replay

from .referee import hands

PLAYERS = ["Ann", "Bob", "Cy"]
# Crash, one round: Ann scores 3 (positions 1, 2 and 4), the third a stick-up.
ANN = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 5d"]
BOB = ["As Ac 4d", "Ks Kd 6c", "7h 7s 9h", "4c 5h 8s"]
CY = ["4s 5s 6s", "Qs Qc 2c", "6d 6h 4h", "Jh 9d 2d"]


def test_stop_the_bus_ended_is_won_by_the_most_tokens_left():
    rounds = [
        hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c"),
        hands(Ann="As Ks Qs", Bob="2c 3d 5h", Cy="4d 4h 9c"),
        hands(Ann="Ah Kh Qh", Bob="9c 9d 5s", Cy="2d 3h 6s"),
    ]
    open_ = replay("stop_the_bus", PLAYERS, rounds)
    assert (open_.finished, open_.standings) == (False, {"Ann": 3, "Bob": 2, "Cy": 1})
    ended = replay("stop_the_bus", PLAYERS, rounds, ended=True)
    assert (ended.finished, ended.winners, ended.next_dealer) == (True, ("Ann",), None)
    assert ended.standings == open_.standings and ended.rounds == open_.rounds
    assert ended.options["ended"] is True and "ended" not in open_.options


def test_equal_highest_standings_share_the_win():
    rounds = [hands(Ann="As Ks Qs", Bob="Ah Kd Jc", Cy="Ac Kh Js")]  # Bob and Cy each lose a token
    ended = replay("stop_the_bus", PLAYERS, rounds, ended=True)
    assert ended.winners == ("Ann",)
    rounds = [hands(Ann="2s 3h 5c", Bob="Ah Kd Jc", Cy="Ac Kh Js")]  # Ann alone loses one
    assert replay("stop_the_bus", PLAYERS, rounds, ended=True).winners == ("Bob", "Cy")


def test_crash_ended_is_won_by_the_most_points_of_those_still_in():
    first = hands(Ann=ANN, Bob=BOB, Cy=CY)  # Ann 3
    ann_fouls = hands(Ann=["2s 2h 5d", "Ah Kh Qh"], Bob=["As Ac 4d", "Ks Kd 6c"], Cy=["Qs Qc 2c", "Jh 9d 3d"])
    ended = replay("crash", PLAYERS, [first, ann_fouls], ended=True)
    assert ended.out == ("Ann",)  # fouled out with the most points: out of the game, so not its winner
    assert ended.standings == {"Ann": 3, "Bob": 2, "Cy": 0}
    assert (ended.finished, ended.winners) == (True, ("Bob",))


def test_commerce_ended_as_before():
    rounds = [hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c")]
    ended = replay("commerce", PLAYERS, rounds, stake=5, ended=True)
    assert (ended.finished, ended.winners, ended.standings) == (True, ("Ann",), {"Ann": 10, "Bob": -5, "Cy": -5})


def test_a_game_its_rules_finished_is_left_as_they_finished_it():
    rounds = [hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c"), hands(Ann="2s 3h 5c", Bob="Ac Kh Js")]
    won = replay("stop_the_bus", PLAYERS, rounds, tokens=1)
    assert won.winners == ("Bob",)
    ended = replay("stop_the_bus", PLAYERS, rounds, tokens=1, ended=True)
    assert (ended.finished, ended.winners, ended.rounds) == (True, ("Bob",), won.rounds)


@pytest.mark.parametrize("game", ["stop_the_bus", "crash", "commerce"])
def test_ended_is_true_or_false(game):
    with pytest.raises(EntryError) as refused:
        replay(game, PLAYERS, [], ended="yes")
    assert (str(refused.value), refused.value.field) == ("ended must be true or false, got 'yes'", "ended")
