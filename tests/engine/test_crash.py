"""Crash (Thirteen-Card Brag), classic and arena, each situation written out by hand
(docs/rules.md, Crash)."""

import pytest

from engine import CrashOptions, EntryError, check_setting, parse_cards
from engine.crash import best_quad, count_pairs

from .referee import Referee, described, hands

REFEREE = Referee("crash")
play, refused = REFEREE.play, REFEREE.refused

# A round of three players, every hand written out (36 different cards):
#   position 1: Ann prial of 3s,       Bob pair of aces,  Cy running flush 4-5-6  -> Ann
#   position 2: Ann running flush QKA, Bob pair of kings, Cy pair of queens       -> Ann
#   position 3: Ann pair of 7s (9),    Bob pair of 7s (9), Cy pair of 6s          -> stick-up
#   position 4: Ann pair of 2s,        Bob 8 high,        Cy jack high            -> Ann
ANN = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 5d"]
BOB = ["As Ac 4d", "Ks Kd 6c", "7h 7s 9h", "4c 5h 8s"]
CY = ["4s 5s 6s", "Qs Qc 2c", "6d 6h 4h", "Jh 9d 2d"]


def test_each_position_goes_to_the_single_highest_hand_and_a_tie_is_a_stick_up():
    game = play([hands(Ann=ANN, Bob=BOB, Cy=CY)])
    (first,) = game.rounds
    assert described(first) == [
        ("scored", ("Ann",), 1, "Hand 1: Ann's prial of 3s is the best hand: Ann scores a point (1)"),
        ("scored", ("Ann",), 2, "Hand 2: Ann's running flush Q-K-A is the best hand: Ann scores a point (2)"),
        (
            "stick_up",
            ("Ann", "Bob"),
            3,
            "Hand 3: Ann's pair of 7s and Bob's pair of 7s tie: stick-up, nobody scores",
        ),
        ("scored", ("Ann",), 4, "Hand 4: Ann's pair of 2s, 5 kicker is the best hand: Ann scores a point (3)"),
    ]
    assert first.deltas == {"Ann": 3, "Bob": 0, "Cy": 0}
    assert game.standings == {"Ann": 3, "Bob": 0, "Cy": 0}
    assert not game.finished and game.next_dealer == "Bob"


def test_classic_crash_wins_the_game_at_once_and_its_bonus_is_not_scored():
    ann = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 3c"]  # all four 3s, too
    bob = ["As Ac 4d", "Ks Kd 6c", "7h 7s 8h", "4c 5h 8s"]
    game = play([hands(Ann=ann, Bob=bob, Cy=CY)])
    events = described(game.rounds[0])
    assert [kind for kind, *_ in events] == ["scored", "scored", "scored", "scored", "crash", "won"]
    assert events[-2:] == [
        ("crash", ("Ann",), None, "Ann takes every position: crash"),
        ("won", ("Ann",), None, "A crash wins the game at once: Ann wins"),
    ]
    assert (game.finished, game.winners, game.standings["Ann"]) == (True, ("Ann",), 4)


def test_arena_crash_scores_one_extra_point_and_there_is_no_bonus():
    ann = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 3c"]
    bob = ["As Ac 4d", "Ks Kd 6c", "7h 7s 8h", "4c 5h 8s"]
    game = play([hands(Ann=ann, Bob=bob, Cy=CY)], preset="arena")
    events = described(game.rounds[0])
    assert events[-1] == ("crash", ("Ann",), None, "Ann takes every position: crash, one extra point (5)")
    assert game.standings == {"Ann": 5, "Bob": 0, "Cy": 0} and not game.finished


def test_the_four_of_a_kind_bonus_scores_after_position_4():
    ann = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 3c"]
    game = play([hands(Ann=ann, Bob=BOB, Cy=CY)])
    events = described(game.rounds[0])
    assert events[-1] == (
        "quad_bonus",
        ("Ann",),
        None,
        "Ann holds all four 3s: four-of-a-kind bonus, Ann scores a point (4)",
    )
    assert game.standings["Ann"] == 4


def test_only_the_highest_four_of_a_kind_scores_and_4s_rank_highest():
    ann = ["Ah Ad Ac", "As Kd 9h"]  # four aces
    bob = ["4h 4d 4c", "4s Kc 9s"]  # four 4s
    game = play([hands(Ann=ann, Bob=bob)], players=["Ann", "Bob"])
    assert described(game.rounds[0]) == [
        ("scored", ("Ann",), 1, "Hand 1: Ann's prial of aces is the best hand: Ann scores a point (1)"),
        (
            "no_score",
            ("Ann",),
            2,
            "Hand 2: Ann's ace high (A-K-9) is the best hand but a high-card hand cannot score: nobody scores",
        ),
        ("quad_bonus", ("Bob",), None, "Bob holds all four 4s: four-of-a-kind bonus, Bob scores a point (1)"),
    ]


@pytest.mark.parametrize(
    ("quads", "expected"),
    [
        ({"Ann": ["As Ah Ad", "Ac 2c 3c"], "Bob": ["4s 4h 4d", "4c 5c 6c"]}, ("Bob", 4)),
        ({"Ann": ["As Ah Ad", "Ac 2c 3c"], "Bob": ["Ks Kh Kd", "Kc 5c 6c"]}, ("Ann", 14)),
        ({"Ann": ["3s 3h 3d", "3c 9c 7c"], "Bob": ["2s 2h 2d", "2c 5c 6c"]}, ("Ann", 3)),
        ({"Ann": ["5s 5h 5d", "5c 9c 7c"], "Bob": ["3s 3h 3d", "3c 6h 6c"]}, ("Ann", 5)),
        ({"Ann": ["Js Jh Jd"], "Bob": ["Jc 5c 6c"]}, None),
    ],
)
def test_best_quad(quads, expected):
    placed = {name: [parse_cards(h) for h in hands_] for name, hands_ in quads.items()}
    assert best_quad(placed) == expected


def test_a_foul_puts_the_player_out_of_the_game_and_their_hands_take_no_part():
    ann = ["Qs Qh 2d", "Js 9s 3h"]
    bob = ["5s 5h 9d", "Kc 8c 2c"]  # a pair left of a flush
    cy = ["Jd Jh 4c", "10s 8h 6d"]
    game = play([hands(Ann=ann, Bob=bob, Cy=cy)])
    first = game.rounds[0]
    assert described(first) == [
        (
            "foul",
            ("Bob",),
            1,
            "Bob fouled, out of the game: hand 2 (K♣ 8♣ 2♣, a flush) is stronger than hand 1 (5♠ 5♥ 9♦, a pair of 5s)",
        ),
        ("scored", ("Ann",), 1, "Hand 1: Ann's pair of queens, 2 kicker is the best hand: Ann scores a point (1)"),
        (
            "no_score",
            ("Ann",),
            2,
            "Hand 2: Ann's jack high (J-9-3) is the best hand but a high-card hand cannot score: nobody scores",
        ),
    ]
    assert (first.out, game.out, game.still_in) == (("Bob",), ("Bob",), ("Ann", "Cy"))
    error = refused([hands(Ann=ann, Bob=bob, Cy=cy), hands(Ann=ann, Bob=bob, Cy=cy)])
    assert (str(error), error.round, error.player) == ("Bob is out of the game (fouled) and gives nothing", 2, "Bob")


def test_the_deal_passes_over_a_player_who_fouled():
    ann, bob, cy = ["Qs Qh 2d"], ["Kc 8c 2c"], ["5s 5h 9d", "Ks Kh 4c"]  # Cy fouls
    game = play([hands(Ann=ann, Bob=bob, Cy=cy), hands(Ann=ann, Bob=bob)], first_dealer=1)
    assert [r.dealer for r in game.rounds] == ["Bob", "Ann"]
    assert game.next_dealer == "Bob"


def test_equal_hands_may_stand_in_either_order():
    game = play([hands(Ann=["As Kd Jc", "Ah Kc Js"], Bob=["2s 2h 3c"])], players=["Ann", "Bob"])
    assert game.out == () and [e.kind for e in game.rounds[0].events] == ["scored", "no_score"]


def test_fouls_that_leave_one_player_make_that_player_the_winner():
    game = play([hands(Ann=["Qs Qh 2d"], Bob=["5s 5h 9d", "Kc 8c 2c"], Cy=["2s 3h 9c", "Jd Jh 4c"])])
    events = described(game.rounds[0])
    assert [kind for kind, *_ in events] == ["foul", "foul", "won"]
    assert events[-1] == ("won", ("Ann",), None, "Fouls leave Ann the only player: Ann wins")
    assert (game.finished, game.winners, game.out) == (True, ("Ann",), ("Bob", "Cy"))


def test_when_every_player_fouls_the_deal_is_void_and_the_same_dealer_deals_again():
    rounds = [hands(Ann=["5s 5h 9d", "Kc 8c 2c"], Bob=["2s 3h 9c", "Jd Jh 4c"])]
    game = play(rounds, players=["Ann", "Bob"])
    first = game.rounds[0]
    assert first.void and first.out == () and game.out == ()
    assert described(first)[-1] == (
        "foul",
        ("Ann", "Bob"),
        None,
        "Every player fouled: the deal is void, nobody is out, and Ann deals again",
    )
    assert game.standings == {"Ann": 0, "Bob": 0} and game.next_dealer == "Ann"


def test_a_player_who_placed_fewer_hands_does_not_compete_for_the_missing_positions():
    game = play([hands(Ann=["2s 2h 5d"], Bob=["4s 4h 5h", "3s 3h 5c"], Cy=[])])
    assert described(game.rounds[0]) == [
        ("scored", ("Bob",), 1, "Hand 1: Bob's pair of 4s, 5 kicker is the best hand: Bob scores a point (1)"),
        ("scored", ("Bob",), 2, "Hand 2: Bob's pair of 3s, 5 kicker is the best hand: Bob scores a point (2)"),
    ]
    assert game.out == ()


def test_a_lower_hand_left_of_a_higher_one_is_a_foul_even_with_few_hands():
    game = play([hands(Ann=["2s 2h 5d"], Bob=["3s 3h 5c", "4s 4h 5h"], Cy=["Ks Kh 2c"])])
    assert game.rounds[0].events[0].text == (
        "Bob fouled, out of the game: hand 2 (4♠ 4♥ 5♥, a pair of 4s) is stronger than hand 1 (3♠ 3♥ 5♣, a pair of 3s)"
    )


def test_a_foul_between_hands_of_one_kind_names_them_in_full():
    game = play([hands(Ann=["2s 2h 5d", "2c 2d 9h"], Bob=["Ks Kh 3c"])], players=["Ann", "Bob"])
    assert game.rounds[0].events[0].text == (
        "Ann fouled, out of the game: hand 2 (2♦ 2♣ 9♥) is a higher pair of 2s than hand 1 (2♠ 2♥ 5♦)"
    )


def test_classic_target_wins_at_once_and_nothing_further_is_scored():
    ann = ["3s 3h 3d", "Qs Qd 9h", "Jc Jd 9s", "2s 2h 5d"]
    bob = ["As Ac 4d", "Ks Kd 6c", "7h 7s 8h", "4c 5h 8s"]
    game = play([hands(Ann=ann, Bob=bob)], players=["Ann", "Bob"], target=2)
    assert described(game.rounds[0]) == [
        ("scored", ("Ann",), 1, "Hand 1: Ann's prial of 3s is the best hand: Ann scores a point (1)"),
        ("scored", ("Bob",), 2, "Hand 2: Bob's pair of kings, 6 kicker is the best hand: Bob scores a point (1)"),
        ("scored", ("Ann",), 3, "Hand 3: Ann's pair of jacks, 9 kicker is the best hand: Ann scores a point (2)"),
        ("won", ("Ann",), None, "Ann reaches 2 points, the target: Ann wins"),
    ]
    assert game.standings == {"Ann": 2, "Bob": 1} and game.winners == ("Ann",)
    error = refused([hands(Ann=ann, Bob=bob), hands(Ann=ann, Bob=bob)], players=["Ann", "Bob"], target=2)
    assert (str(error), error.round) == ("the game is over: Ann won", 2)


def test_classic_bonus_can_reach_the_target():
    ann = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 3c"]
    game = play([hands(Ann=ann, Bob=BOB, Cy=CY)], target=4)
    assert [e.kind for e in game.rounds[0].events][-2:] == ["quad_bonus", "won"]
    assert game.winners == ("Ann",)


def test_arena_scores_the_whole_round_then_the_highest_score_past_the_target_wins():
    ann = ["3s 3h 3d", "Qs Qd 9h", "Jc Jd 9s", "2s 2h 5d"]
    bob = ["As Ac 4d", "Ks Kd 6c", "7h 7s 8h", "4c 5h 8s"]
    game = play([hands(Ann=ann, Bob=bob)], players=["Ann", "Bob"], preset="arena", target=2)
    assert [(e.kind, e.players) for e in game.rounds[0].events] == [
        ("scored", ("Ann",)),
        ("scored", ("Bob",)),
        ("scored", ("Ann",)),
        ("scored", ("Ann",)),
        ("won", ("Ann",)),
    ]
    assert game.rounds[0].events[-1].text == "The target of 2 is reached: Ann wins with 3 points"
    assert game.standings == {"Ann": 3, "Bob": 1}


def test_arena_equal_highest_scores_share_the_win():
    ann = ["3s 3h 3d", "2c 2d 9h"]
    bob = ["As Ac 4d", "Ks Kd 6c"]
    game = play([hands(Ann=ann, Bob=bob)], players=["Ann", "Bob"], preset="arena", target=1)
    assert (game.finished, game.winners) == (True, ("Ann", "Bob"))
    assert game.rounds[0].events[-1].text == "The target of 1 is reached: Ann and Bob share the win with 1 points"


def test_arena_sorts_hands_before_scoring_so_nobody_fouls():
    game = play(
        [hands(Ann=["2s 2h 5d", "3s 3h 3d"], Bob=["As Ac 4d", "Ks Kd 6c"])], players=["Ann", "Bob"], preset="arena"
    )
    assert [(e.kind, e.players, e.position) for e in game.rounds[0].events] == [
        ("scored", ("Ann",), 1),
        ("scored", ("Bob",), 2),
    ]
    assert [r.label for r in game.rounds[0].hands["Ann"]] == ["Prial of 3s", "Pair of 2s, 5 kicker"]


def test_arena_pairs_that_cannot_score_say_so():
    game = play([hands(Ann=["2s 2h 5d"], Bob=["3c 4h 9c"])], players=["Ann", "Bob"], preset="arena", ignore="pair")
    assert game.rounds[0].events[0].text == (
        "Hand 1: Ann's pair of 2s, 5 kicker is the best hand but pairs cannot score in this game: nobody scores"
    )


def test_tied_hands_that_cannot_score_are_no_score_not_a_stick_up():
    game = play([hands(Ann=["As Kd 6c"], Bob=["Ah Kc 6d"])], players=["Ann", "Bob"])
    assert described(game.rounds[0]) == [
        (
            "no_score",
            ("Ann", "Bob"),
            1,
            "Hand 1: the best hands (ace high (A-K-6)) tie but a high-card hand cannot score: nobody scores",
        )
    ]


def test_arena_with_nine_cards_plays_three_positions_and_a_crash_takes_all_three():
    ann = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s"]
    bob = ["As Ac 4d", "Ks Kd 6c", "7h 7s 8h"]
    cy, di, ed = ["2c 2d 5h"], ["4s 4h 9h"], ["5s 5c 9c"]
    game = play(
        [hands(Ann=ann, Bob=bob, Cy=cy, Di=di, Ed=ed)],
        players=["Ann", "Bob", "Cy", "Di", "Ed"],
        preset="arena",
        cards=9,
    )
    assert [e.kind for e in game.rounds[0].events] == ["scored", "scored", "scored", "crash"]
    assert game.standings["Ann"] == 4


def test_six_pairs_voids_the_deal_and_the_same_dealer_deals_again():
    bob = "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s"
    ann, cy = ["Ks Kh 2c", "Qs Qh 2d"], ["9s 9h 3c", "Js Jh 3d"]  # Cy also fouled: nothing of the round counts
    cy_fouled = ["9s 9h 3c", "Js Jh 3d"]
    game = play([{"hands": {"Ann": ann, "Cy": cy_fouled}, "declarations": {"Bob": ["six_pairs", bob]}}], first_dealer=2)
    first = game.rounds[0]
    assert described(first) == [
        ("six_pairs", ("Bob",), None, "Bob declares six pairs: the deal is void, nobody scores, and Cy deals again")
    ]
    assert first.void and game.out == () and game.standings == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert game.next_dealer == "Cy"
    assert cy == cy_fouled


def test_six_pairs_counts_three_of_a_rank_as_one_pair_and_four_as_two():
    assert count_pairs(parse_cards("2s 2h 2d 3s 3h 3d 3c 4s 4h 5s 5h 6s 7s")) == 1 + 2 + 1 + 1
    error = refused(
        [
            {
                "hands": {"Ann": [], "Cy": []},
                "declarations": {"Bob": ["six_pairs", "2s 2h 2d 3s 3h 3d 3c 4s 4h 5s 5h 6s 7s"]},
            }
        ]
    )
    assert (str(error), error.player, error.field) == ("Bob's 13 cards hold 5 pairs, not 6", "Bob", "declarations")


def test_a_thirteen_card_run_wins_the_game_at_once_whatever_else_was_entered():
    run = "As Kd Qc Jh 10s 9d 8c 7h 6s 5d 4c 3h 2s"
    pairs = "Ah Ad Kh Kc Qh Qd Jc Js 10h 10d 9c 9h 8d"
    game = play(
        [{"hands": {"Ann": ["3s 3d 3c"]}, "declarations": {"Bob": ["six_pairs", pairs], "Cy": ["thirteen_run", run]}}]
    )
    assert described(game.rounds[0]) == [
        ("thirteen_run", ("Cy",), None, "Cy declares a thirteen-card run, ace down to 2"),
        ("won", ("Cy",), None, "A thirteen-card run wins the game at once: Cy wins"),
    ]
    assert (game.finished, game.winners) == (True, ("Cy",))


def test_a_thirteen_card_run_that_does_not_verify_names_the_missing_ranks():
    error = refused(
        [
            {
                "hands": {"Ann": [], "Bob": []},
                "declarations": {"Cy": ["thirteen_run", "As Kd Qc Jh 10s 9d 8c 8h 6s 5d 4c 3h 3s"]},
            }
        ]
    )
    assert str(error) == "Cy's 13 cards are not a thirteen-card run: no 7 and no 2"


def test_the_setting_check_finds_hands_out_of_order_and_gives_a_legal_order():
    check = check_setting(["7c 7d 9s", "Ah Kh Qh", "2s 2h 5d"])
    assert (check.in_order, check.lower, check.higher) == (False, 1, 2)
    assert check.text == (
        "hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (7♦ 7♣ 9♠, a pair of 7s): foul if left "
        "like this; legal order: Q♥ K♥ A♥, 7♦ 7♣ 9♠, 2♠ 2♥ 5♦"
    )
    assert [list(map(str, hand)) for hand in check.legal_order] == [
        ["Q♥", "K♥", "A♥"],
        ["7♦", "7♣", "9♠"],
        ["2♠", "2♥", "5♦"],
    ]


def test_the_arena_setting_check_says_the_hands_will_be_played_sorted_not_a_foul():
    check = check_setting(["7c 7d 9s", "Ah Kh Qh", "2s 2h 5d"], sorts=True)
    assert (check.in_order, check.sorts, check.lower, check.higher) == (False, True, 1, 2)
    assert check.text == (
        "hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (7♦ 7♣ 9♠, a pair of 7s): no foul in "
        "this game, the hands will be played sorted, best first: Q♥ K♥ A♥, 7♦ 7♣ 9♠, 2♠ 2♥ 5♦"
    )


def test_the_setting_check_accepts_hands_in_order_and_equal_hands_either_way():
    assert check_setting(["Ah Kh Qh", "7c 7d 9s"]).in_order
    assert check_setting(["As Kd Jc", "Ah Kc Js"]).in_order
    assert check_setting([]).in_order


def test_the_setting_check_refuses_what_is_not_a_hand():
    with pytest.raises(EntryError, match=r"^hand 2: expected three cards, got 2: A♥ K♥$"):
        check_setting(["7c 7d 9s", "Ah Kh"])


# --- Options and entry checks ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"preset": "pro"}, "preset must be one of 'classic', 'arena', got 'pro'"),
        ({"target": 0}, "target must be a whole number from 1 to 99, got 0"),
        ({"target": 100}, "target must be a whole number from 1 to 99, got 100"),
        ({"cards": 10}, "cards must be one of 13, 9, got 10"),
        ({"cards": 13.0}, "cards must be one of 13, 9, got 13.0"),
        ({"preset": "arena", "ignore": "flush"}, "ignore must be one of 'high_card', 'pair', 'none', got 'flush'"),
        (
            {"tokens": 3},
            'unknown option "tokens" for Crash: expected preset, target, cards, ignore, first_dealer, '
            "out_of_order, stick_up, crash, quads, declarations, ending, rules, coach, ended",
        ),
    ],
)
def test_options_out_of_range_are_refused_by_name(options, message):
    assert str(refused([], **options)) == message


def test_the_defaults():
    assert play([]).options == {
        "preset": "classic",
        "target": 7,
        "cards": 13,
        "ignore": "high_card",
        "first_dealer": 0,
        "out_of_order": "foul_out",
        "stick_up": "nobody",
        "crash": "wins_game",
        "quads": "bonus",
        "declarations": True,
        "ending": "at_once",
        "rules": "brag",
        "coach": False,
    }


def test_the_replay_exposes_its_options_typed_with_the_defaults_filled_in():
    settings = play([], preset="arena", cards=9).settings
    assert settings == CrashOptions(
        preset="arena",
        target=7,
        cards=9,
        ignore="high_card",
        first_dealer=0,
        out_of_order="sort",
        stick_up="nobody",
        crash="bonus_point",
        quads="off",
        declarations=False,
        ending="end_of_round",
        rules="brag",
        coach=False,
    )
    assert (settings.positions, settings.classic, settings.sorts) == (3, False, True)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (["Ann"], {}, "Crash needs 2 to 4 players, got 1"),
        (["A", "B", "C", "D", "E"], {}, "Crash needs 2 to 4 players, got 5"),
        (["A", "B", "C", "D", "E"], {"preset": "arena"}, "Crash needs 2 to 4 players, got 5"),
        (["A", "B", "C", "D", "E", "F"], {"preset": "arena", "cards": 9}, "Crash needs 2 to 5 players, got 6"),
    ],
)
def test_player_counts(players, options, message):
    assert str(refused([], players=players, **options)) == message


@pytest.mark.parametrize(
    ("round_", "options", "message", "player", "field"),
    [
        (
            hands(Ann=["2s 2h 5d", "3s 3h 5c", "4s 4h 5h", "6s 6h 5s", "7s 7h 8c"], Bob=[], Cy=[]),
            {},
            "Ann placed 5 hands (15 cards): a deal of 13 cards allows at most 4",
            "Ann",
            "hands",
        ),
        (
            hands(Ann=["2s 2h 5d", "3s 3h 5c", "4s 4h 5h", "6s 6h 5s"], Bob=[], Cy=[]),
            {"preset": "arena", "cards": 9},
            "Ann placed 4 hands (12 cards): a deal of 9 cards allows at most 3",
            "Ann",
            "hands",
        ),
        (
            hands(Ann=["2s 2h 5d", "Qh 3h 5c"], Bob=["Qh Kd 2c"], Cy=[]),
            {},
            "Q♥ is in Ann's hand 2 and in Bob's hand 1",
            "Bob",
            "hands",
        ),
        (hands(Ann=["2s 2h"], Bob=[], Cy=[]), {}, "Ann's hand 1: expected three cards, got 2: 2♠ 2♥", "Ann", "hands"),
        (
            hands(Ann="2s 2h 5d", Bob=[], Cy=[]),
            {},
            "Ann's hands must be a list of hands in the order placed",
            "Ann",
            "hands",
        ),
        (hands(Ann=[], Bob=[]), {}, "Cy is still in the game but gave no hands and no declaration", "Cy", "hands"),
        (hands(Ann=[], Bob=[]), {"preset": "arena"}, "Cy is still in the game but gave no hands", "Cy", "hands"),
        (hands(Ann=[], Bob=[], Cy=[], Dan=[]), {}, "Dan is not a player in this game", "Dan", "hands"),
        (
            {"hands": {"Ann": [], "Bob": [], "Cy": []}, "declarations": {"Bob": ["six_pairs", "2s"]}},
            {},
            "Bob gave hands and a declaration: a player gives one or the other",
            "Bob",
            "declarations",
        ),
        (
            {
                "hands": {"Ann": [], "Cy": []},
                "declarations": {"Bob": ["six_pairs", "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h"]},
            },
            {},
            "Bob's declared cards: expected 13 cards, got 12",
            "Bob",
            "declarations",
        ),
        (
            {"hands": {"Ann": [], "Cy": []}, "declarations": {"Bob": ["seven_pairs", "2s"]}},
            {},
            "Bob's declaration must be six_pairs or thirteen_run, got 'seven_pairs'",
            "Bob",
            "declarations",
        ),
        (
            {
                "hands": {"Ann": ["2s 2d 9c"], "Cy": []},
                "declarations": {"Bob": ["six_pairs", "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s"]},
            },
            {},
            "2♠ is in Ann's hand 1 and in Bob's declared cards",
            "Bob",
            "declarations",
        ),
        (
            {"hands": {"Ann": [], "Bob": [], "Cy": []}, "declarations": {"Bob": ["six_pairs", "2s"]}},
            {"preset": "arena"},
            "declarations are off in this game: six pairs and the thirteen-card run are not played",
            None,
            "declarations",
        ),
        (
            {"hands": {"Ann": [], "Bob": [], "Cy": []}, "table": "2s 3s 4s"},
            {},
            'Crash rounds have no "table": expected hands, declarations, void',
            None,
            "table",
        ),
    ],
)
def test_entry_mistakes_are_refused_saying_what_and_where(round_, options, message, player, field):
    error = refused([round_], **options)
    assert (str(error), error.round, error.player, error.field) == (message, 1, player, field)


def test_a_whole_classic_game_to_the_target():
    rounds = [
        hands(Ann=ANN, Bob=BOB, Cy=CY),  # Ann 3
        {
            "hands": {"Ann": [], "Cy": []},
            "declarations": {"Bob": ["six_pairs", "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s"]},
        },
        hands(Ann=["5s 5h 9d", "Kc 8c 2c"], Bob=["Qs Qh 2d"], Cy=["Jd Jh 4c"]),  # Ann fouls; Bob 1
        hands(
            Bob=["As Ah Ad", "Ks Kh Kd", "Qs Qh Qd", "Js Jh Jd"], Cy=["5s 5h 5d", "4s 4h 4d", "2s 2h 2d", "6s 7h 9c"]
        ),
    ]
    game = play(rounds)
    assert [r.dealer for r in game.rounds] == ["Ann", "Bob", "Bob", "Cy"]
    assert game.rounds[3].events[-1].text == "A crash wins the game at once: Bob wins"
    assert game.standings == {"Ann": 3, "Bob": 5, "Cy": 0}
    assert (game.finished, game.winners, game.out) == (True, ("Bob",), ("Ann",))


def test_a_stick_up_reads_as_the_table_would_say_it():
    game = play([hands(Ann=["As Ah Ad", "Ks Kh 9d"], Bob=["Qs Qh Qd", "Kc Kd 9c"])], players=["Ann", "Bob"])
    assert game.rounds[0].events[1].text == (
        "Hand 2: Ann's pair of kings and Bob's pair of kings tie: stick-up, nobody scores"
    )


def test_a_whole_arena_game_of_nine_cards_to_the_target():
    rounds = [
        # Ann takes all three positions: 3 points and a crash point
        hands(Ann=["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s"], Bob=["As Ac 4d", "Ks Kd 6c", "7h 7s 8h"]),
        # Bob takes positions 1 and 3; position 2 is a stick-up
        hands(Ann=["Qs Qh 2d", "Js Jh 3c", "4s 5d 9c"], Bob=["Ks Kh 2c", "Jd Jc 3d", "6s 6h 8d"]),
        # Bob's hands come sorted before scoring; he takes all three: 3 points and a crash point
        hands(Ann=["2s 2h 5c", "3s 4d 9h", "6c 8c 10d"], Bob=["9s 9d 4h", "As Ad Ah", "Ks Kd Kc"]),
    ]
    game = play(rounds, players=["Ann", "Bob"], preset="arena", cards=9, target=6)
    assert [r.deltas for r in game.rounds] == [{"Ann": 4, "Bob": 0}, {"Ann": 0, "Bob": 2}, {"Ann": 0, "Bob": 4}]
    assert (game.finished, game.winners, game.standings) == (True, ("Bob",), {"Ann": 4, "Bob": 6})
    assert game.rounds[1].events[1].kind == "stick_up"


def test_an_entry_error_in_a_crash_hand_says_which_position():
    clash = refused([hands(Ann=["2s 2h 5d", "Qh 3h 5c"], Bob=["4s 4h 9c", "Qh Kd 2c"], Cy=[])])
    assert (clash.player, clash.field, clash.position) == ("Bob", "hands", 2)
    bad = refused([hands(Ann=["2s 2h 5d", "Qh 3h"], Bob=[], Cy=[])])
    assert (str(bad), bad.player, bad.position) == ("Ann's hand 2: expected three cards, got 2: Q♥ 3♥", "Ann", 2)


def void_deal(*players):
    """The host's void deal: every player still in named, with no hands."""
    return {"hands": {name: [] for name in players}, "void": True}


def test_a_void_deal_scores_nothing_and_the_same_dealer_deals_again():
    game = play([void_deal("Ann", "Bob", "Cy"), hands(Ann=ANN, Bob=BOB, Cy=CY)])
    first, second = game.rounds
    assert first.void and first.out == () and first.deltas == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert described(first) == [("void_deal", (), None, "A void deal: nobody scores, and Ann deals again")]
    assert second.dealer == "Ann" and game.next_dealer == "Bob"


@pytest.mark.parametrize(
    "options", [{"preset": "classic"}, {"preset": "arena", "out_of_order": "foul_round"}, {"declarations": True}]
)
def test_a_void_deal_is_taken_wherever_the_options_can_void_a_deal(options):
    assert play([void_deal("Ann", "Bob", "Cy")], **options).rounds[0].void


def test_arena_has_no_void_deal_a_deal_is_void_only_by_six_pairs_or_every_player_fouling():
    error = refused([void_deal("Ann", "Bob", "Cy")], preset="arena")
    assert str(error) == (
        "a deal cannot be void in this game: with hands out of order sorted and no declarations, no rule voids a deal"
    )
    assert (error.round, error.field) == (1, "void")


def test_a_void_deal_has_no_cards_and_names_every_player_still_in():
    with_hands = refused([{"hands": {"Ann": [], "Bob": ["2s 3h 9c"], "Cy": []}, "void": True}])
    assert (str(with_hands), with_hands.player) == ("a void deal has no hands, got Bob's", "Bob")
    assert str(refused([{**void_deal("Ann", "Bob", "Cy"), "void": "yes"}])) == (
        "\"void\" must be true (a void deal), got 'yes'"
    )
    assert (
        str(refused([{"hands": {"Ann": [], "Bob": []}, "void": True}]))
        == "Cy is still in the game but gave no hands and no declaration"
    )
