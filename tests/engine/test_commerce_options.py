"""Commerce's house rules (docs/rules.md, Commerce: Commerce options), each situation written out by hand."""

from .referee import Referee, hands

REFEREE = Referee("commerce")
play = REFEREE.play


def won(game):
    return [(e.kind, e.players, e.text) for e in game.rounds[0].events]


def test_ace_two_three_none_makes_a_suited_a_2_3_a_flush():
    round_ = hands(Ann="Ah 2h 3h", Bob="Ks 9s 4s", Cy="Qd Qc 2c")
    assert won(play([round_])) == [("won_pot", ("Ann",), "Ann's sequence A-2-3 is the best hand: Ann wins the hand")]
    assert won(play([round_], ace_two_three="none")) == [
        ("won_pot", ("Bob",), "Bob's flush, point 23 (K-9-4) is the best hand: Bob wins the hand")
    ]
    assert play([round_], ace_two_three="none").rounds[0].hands["Ann"][0].label == "Flush, point 16 (A-3-2)"


def test_flush_by_cards_compares_flushes_card_by_card_and_ignores_the_point():
    round_ = hands(Ann="As 4s 2s", Bob="Kh Qh 9h", Cy="Qd Qc 2c")
    assert won(play([round_], stake=5))[0][1] == ("Bob",)  # point 29 beats point 17
    assert won(play([round_], stake=5, flush_by="cards")) == [
        ("won_pot", ("Ann",), "Ann's ace-high flush (A-4-2) is the best hand: Ann wins the pot of 15")
    ]


def test_point_by_sum_ties_equal_points_and_they_split_the_pot():
    round_ = hands(Ann="Ah 9d 2c", Bob="Kd Qc 2s", Cy="4s 5h 9c")
    assert won(play([round_], stake=5))[0][:2] == ("won_pot", ("Ann",))  # same point; the ace decides
    game = play([round_], stake=5, point_by="sum")
    assert won(game) == [
        (
            "split_pot",
            ("Ann", "Bob"),
            "Ann and Bob tie for the best hand (point 22 each, as equal points tie): "
            "they split the pot of 15, 7 each, 1 stays in the pot",
        )
    ]
    assert game.rounds[0].deltas == {"Ann": 2, "Bob": 2, "Cy": -5} and game.pot == 1


def test_point_by_sum_leaves_hands_of_the_same_cards_described_as_they_are():
    game = play([hands(Ann="Ah 9d 2c", Bob="As 9c 2d", Cy="4s 5h 9h")], point_by="sum")
    assert won(game)[0][2] == "Ann and Bob tie for the best hand (point 22 (A-9-2)): each wins the hand"


def test_the_options_compose_one_ranking_kept_with_the_game():
    game = play(
        [hands(Ann="Ah 2h 3h", Bob="Ks 9s 4s", Cy="Qd Qc 2c")], ace_two_three="none", flush_by="cards", point_by="sum"
    )
    assert game.settings.rules == "commerce:NCS"
    assert game.rounds[0].hands["Bob"][0].rules == "commerce:NCS"
    assert game.options == {
        "stake": 0,
        "first_dealer": 0,
        "ended": False,
        "ace_two_three": "none",
        "flush_by": "cards",
        "point_by": "sum",
    }
