"""Commerce, rule by rule, each situation written out by hand (docs/rules.md, Commerce)."""

import pytest

from .referee import Referee, hands

REFEREE = Referee("commerce")
play, refused = REFEREE.play, REFEREE.refused


def test_every_hand_pays_the_stake_and_the_best_hand_takes_the_pot():
    game = play([hands(Ann="As Ks 6s", Bob="Qh Qd 2c", Cy="4s 5h 6c")], stake=5)
    (first,) = game.rounds
    assert first.deltas == {"Ann": 10, "Bob": -5, "Cy": -5}
    assert game.standings == {"Ann": 10, "Bob": -5, "Cy": -5} and game.pot == 0
    assert [(e.kind, e.players, e.text) for e in first.events] == [
        ("won_pot", ("Ann",), "Ann's flush, point 27 (A-K-6) is the best hand: Ann wins the pot of 15"),
    ]


def test_a_mixed_suit_run_is_only_a_point_hand_in_commerce():
    game = play([hands(Ann="4s 5h 6c", Bob="2c 2d 3h", Cy="As Kd 9c")], stake=1)
    assert game.rounds[0].events[0].players == ("Bob",)


def test_tied_best_hands_split_the_pot_and_the_remainder_stays_for_the_next_hand():
    rounds = [
        hands(Ann="Kh Kd 4c", Bob="Ks Kc 4h", Cy="2s 3d 7c"),
        hands(Ann="As Ah Ad", Bob="2s 3d 7c", Cy="4s 5h 9c"),
    ]
    game = play(rounds, stake=5)
    first, second = game.rounds
    assert first.deltas == {"Ann": 2, "Bob": 2, "Cy": -5} and first.pot == 1
    assert [(e.kind, e.players, e.text) for e in first.events] == [
        (
            "split_pot",
            ("Ann", "Bob"),
            "Ann and Bob tie for the best hand (pair of kings, 4 kicker): they split the pot of 15, 7 each, "
            "1 stays in the pot",
        ),
    ]
    assert second.deltas == {"Ann": 11, "Bob": -5, "Cy": -5} and second.pot == 0
    assert second.events[0].text == "Ann's tricon of aces is the best hand: Ann wins the pot of 16"
    assert game.standings == {"Ann": 13, "Bob": -3, "Cy": -10}
    assert sum(game.standings.values()) + game.pot == 0


def test_an_even_split_leaves_nothing_in_the_pot():
    game = play(
        [hands(Ann="Kh Kd 4c", Bob="Ks Kc 4h", Cy="2s 3d 7c", Di="2h 3c 8d")],
        players=["Ann", "Bob", "Cy", "Di"],
        stake=2,
    )
    assert game.rounds[0].deltas == {"Ann": 2, "Bob": 2, "Cy": -2, "Di": -2} and game.pot == 0
    assert game.rounds[0].events[0].text == (
        "Ann and Bob tie for the best hand (pair of kings, 4 kicker): they split the pot of 8, 4 each"
    )


def test_at_stake_zero_the_standings_count_hands_won_and_a_split_counts_for_each():
    rounds = [
        hands(Ann="As Ks 6s", Bob="Qh Qd 2c", Cy="4s 5h 6c"),
        hands(Ann="Kh Kd 4c", Bob="Ks Kc 4h", Cy="2s 3d 7c"),
    ]
    game = play(rounds)
    assert [r.deltas for r in game.rounds] == [{"Ann": 1, "Bob": 0, "Cy": 0}, {"Ann": 1, "Bob": 1, "Cy": 0}]
    assert game.standings == {"Ann": 2, "Bob": 1, "Cy": 0} and game.pot == 0
    assert [e.text for r in game.rounds for e in r.events] == [
        "Ann's flush, point 27 (A-K-6) is the best hand: Ann wins the hand",
        "Ann and Bob tie for the best hand (pair of kings, 4 kicker): each wins the hand",
    ]


def test_the_game_goes_on_until_the_host_ends_it_and_the_highest_balance_wins():
    rounds = [hands(Ann="As Ks 6s", Bob="Qh Qd 2c", Cy="4s 5h 6c")]
    going = play(rounds, stake=5)
    assert (going.finished, going.winners, going.next_dealer) == (False, (), "Bob")
    ended = play(rounds, stake=5, ended=True)
    assert (ended.finished, ended.winners, ended.next_dealer) == (True, ("Ann",), None)
    # With ended=True every round given was played before the end; refusing a round
    # entered after the end is the recording service's part (it knows the game ended).


def test_equal_highest_balances_share_the_win():
    game = play([hands(Ann="Kh Kd 4c", Bob="Ks Kc 4h", Cy="2s 3d 7c")], stake=4, ended=True)
    assert game.winners == ("Ann", "Bob") and game.pot == 0


def test_the_deal_passes_to_the_left_every_hand():
    rounds = [hands(Ann="As Ks 6s", Bob="Qh Qd 2c", Cy="4s 5h 6c")] * 4
    game = play(rounds, first_dealer=2)
    assert [r.dealer for r in game.rounds] == ["Cy", "Ann", "Bob", "Cy"]


def test_table_cards_and_knocker_are_checked():
    round_ = {"hands": {"Ann": "As Ks 6s", "Bob": "Qh Qd 2c", "Cy": "4s 5h 6c"}, "table": "2d 3d 4d", "knocker": "Bob"}
    assert play([round_]).rounds[0].events[0].players == ("Ann",)
    error = refused([{**round_, "table": "6s 3d 4d"}])
    assert (str(error), error.field) == ("6♠ is in Ann's hand and in the table cards", "table")
    error = refused([{**round_, "knocker": "Zed"}])
    assert (str(error), error.field) == ("the knocker, Zed, is not a player in this game", "knocker")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stake": -1}, "stake must be a whole number from 0 to 1000000, got -1"),
        ({"stake": 2.5}, "stake must be a whole number from 0 to 1000000, got 2.5"),
        ({"ended": "yes"}, "ended must be true or false, got 'yes'"),
        ({"first_dealer": -1}, "first_dealer must be a seat number from 0 to 2, got -1"),
        (
            {"target": 7},
            'unknown option "target" for Commerce: expected stake, first_dealer, ended, ace_two_three, '
            "flush_by, point_by",
        ),
        ({"ace_two_three": "top"}, "ace_two_three must be one of 'bottom', 'none', got 'top'"),
        ({"flush_by": "suit"}, "flush_by must be one of 'point', 'cards', got 'suit'"),
        ({"point_by": None}, "point_by must be one of 'sum_then_cards', 'sum', got None"),
        (
            {"rules": "commerce"},
            'unknown option "rules" for Commerce: expected stake, first_dealer, ended, '
            "ace_two_three, flush_by, point_by",
        ),
    ],
)
def test_options_out_of_range_are_refused_by_name(options, message):
    assert str(refused([], **options)) == message


def test_the_defaults():
    game = play([])
    assert game.options == {
        "stake": 0,
        "first_dealer": 0,
        "ended": False,
        "ace_two_three": "bottom",
        "flush_by": "point",
        "point_by": "sum_then_cards",
    }
    assert game.settings.rules == "commerce"


@pytest.mark.parametrize(
    ("round_", "message", "player"),
    [
        (hands(Ann="As Ks 6s", Bob="Qh Qd 2c"), "Cy is still in the game but gave no hand", "Cy"),
        (hands(Ann="As Ks 6s", Bob="As Qd 2c", Cy="4s 5h 6c"), "A♠ is in Ann's hand and in Bob's hand", "Bob"),
        (
            hands(Ann="As Ks 6s 7s", Bob="Qh Qd 2c", Cy="4s 5h 6c"),
            "Ann's hand: expected three cards, got 4: A♠ K♠ 6♠ 7♠",
            "Ann",
        ),
        (
            {"hands": {"Ann": "As Ks 6s", "Bob": "Qh Qd 2c", "Cy": "4s 5h 6c"}, "caller": "Ann"},
            'Commerce rounds have no "caller": expected hands, table, knocker',
            None,
        ),
    ],
)
def test_entry_mistakes_are_refused(round_, message, player):
    error = refused([round_])
    assert (str(error), error.round, error.player) == (message, 1, player)


def test_a_whole_game_ended_by_the_host():
    rounds = [
        hands(Ann="As Ks 6s", Bob="Qh Qd 2c", Cy="4s 5h 6c"),  # Ann +6, others -3
        hands(Ann="2s 3d 7c", Bob="Jh Jd Jc", Cy="4s 5h 9c"),  # Bob +6
        hands(Ann="Kh Kd 4c", Bob="Ks Kc 4h", Cy="2s 3d 7c"),  # Ann, Bob split 9: 4 each, 1 stays
        hands(Ann="2s 3d 7c", Bob="4s 5h 9c", Cy="Ah 2h 3h"),  # Cy takes 10
    ]
    game = play(rounds, stake=3, ended=True)
    assert [r.pot for r in game.rounds] == [0, 0, 1, 0]
    assert game.standings == {"Ann": 6 - 3 + 1 - 3, "Bob": -3 + 6 + 1 - 3, "Cy": -3 - 3 - 3 + 7}
    assert (game.finished, game.winners, game.pot) == (True, ("Ann", "Bob"), 0)
