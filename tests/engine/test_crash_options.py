"""Crash's house rules (docs/rules.md, Crash: Crash options): each option over either preset, each
situation written out by hand."""

from dataclasses import replace

import pytest
from hypothesis import given

from engine import EntryError, check_setting, game_settings, replay

from .referee import CLASSIC_CRASH, PLAYERS, Referee, described, hands, kinds
from .strategies import PROPERTY_SETTINGS, crash_games, played_games

REFEREE = Referee("crash")
play, refused = REFEREE.play, REFEREE.refused


# --- The presets expand as before, and every option is independent of them -------------------


def test_the_presets_mean_what_they_meant_and_each_option_overrides_its_preset():
    classic = play([]).options
    assert {name: classic[name] for name in CLASSIC_CRASH} == CLASSIC_CRASH
    arena = play([], preset="arena").options
    assert {name: arena[name] for name in ("out_of_order", "crash", "quads", "declarations", "ending")} == {
        "out_of_order": "sort",
        "crash": "bonus_point",
        "quads": "off",
        "declarations": False,
        "ending": "end_of_round",
    }
    assert play([], preset="arena", quads="bonus", target=15).options == {**arena, "quads": "bonus", "target": 15}


def test_a_replay_of_its_own_options_is_the_same_game():
    options = play(
        [], preset="arena", out_of_order="foul_round", stick_up="next_best", rules={"flush_over_run": True}
    ).options
    assert options["rules"] == {"top_prial": "threes", "ace_two_three": "top", "flush_over_run": True}
    assert play([], **options).settings == play([], **{**options, "rules": "brag:3TF"}).settings


# --- cards and declarations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"cards": 9},
            "declarations must be False when cards is 9: six pairs and the thirteen-card run use 13 cards "
            "(the classic preset plays declarations), got declarations=True with cards=9",
        ),
        (
            {"preset": "arena", "cards": 9, "declarations": True},
            "declarations must be False when cards is 9: six pairs and the thirteen-card run use 13 cards, "
            "got declarations=True with cards=9",
        ),
    ],
)
def test_declarations_are_refused_with_nine_cards_naming_both_options(options, message):
    error = refused([], **options)
    assert (str(error), error.field, error.round) == (message, "declarations", None)


def test_nine_cards_under_the_classic_preset_play_three_positions_for_up_to_five_players():
    players = ["Ann", "Bob", "Cy", "Di", "Ed"]
    round_ = hands(
        Ann=["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s"],
        Bob=["As Ac 4d", "Ks Kd 6c", "7h 7s 8h"],
        Cy=["2c 2d 5h"],
        Di=["4s 4h 9h"],
        Ed=["5s 5c 9c"],
    )
    game = play([round_], players=players, cards=9, declarations=False)
    assert kinds(game.rounds[0]) == ["scored", "scored", "scored", "crash", "won"]  # classic: a crash wins
    error = refused([], players=[*players, "Flo"], cards=9, declarations=False)
    assert str(error) == "Crash needs 2 to 5 players, got 6"


def test_declarations_on_under_the_arena_preset_void_the_deal_on_six_pairs():
    pairs = "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s"
    game = play(
        [{"hands": {"Ann": [], "Cy": []}, "declarations": {"Bob": ["six_pairs", pairs]}}],
        preset="arena",
        declarations=True,
    )
    assert game.rounds[0].void and kinds(game.rounds[0]) == ["six_pairs"]


def test_declarations_off_under_the_classic_preset_are_refused_as_entered():
    pairs = "2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s"
    error = refused(
        [{"hands": {"Ann": [], "Cy": []}, "declarations": {"Bob": ["six_pairs", pairs]}}], declarations=False
    )
    assert (str(error), error.field) == (
        "declarations are off in this game: six pairs and the thirteen-card run are not played",
        "declarations",
    )
    missing = refused([hands(Ann=[], Bob=[])], declarations=False)
    assert str(missing) == "Cy is still in the game but gave no hands"


# --- ignore ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ignore", "expected"),
    [
        ("high_card", ["scored", "no_score"]),
        ("pair", ["no_score", "no_score"]),
        ("none", ["scored", "scored"]),
    ],
)
@pytest.mark.parametrize(
    ("preset", "bob"),
    # The arena sorts each player's hands itself: Bob's may come in any order.
    [("classic", ["Ks Qd 6c", "3c 4h 9c"]), ("arena", ["3c 4h 9c", "Ks Qd 6c"])],
    ids=["classic", "arena"],
)
def test_ignore_says_which_hands_cannot_score_under_either_preset(preset, bob, ignore, expected):
    game = play([hands(Ann=["2s 2h 5d", "As 9d 4c"], Bob=bob)], players=["Ann", "Bob"], preset=preset, ignore=ignore)
    assert kinds(game.rounds[0]) == expected


# --- out_of_order ---------------------------------------------------------------------------------

FOULING_BOB = ["5s 5h 9d", "Kc 8c 2c"]  # a pair left of a flush


def test_foul_round_the_player_scores_nothing_this_round_and_stays_in():
    ann, cy = ["Qs Qh 2d", "Js 9s 3h"], ["Jd Jh 4c", "10s 8h 6d"]
    game = play(
        [hands(Ann=ann, Bob=FOULING_BOB, Cy=cy), hands(Ann=[], Bob=["As Ah Ad"], Cy=[])], out_of_order="foul_round"
    )
    first, second = game.rounds
    assert described(first) == [
        (
            "foul",
            ("Bob",),
            1,
            "Bob fouled, no points this round: hand 2 (K♣ 8♣ 2♣, a flush) is stronger than hand 1 "
            "(5♠ 5♥ 9♦, a pair of 5s)",
        ),
        ("scored", ("Ann",), 1, "Hand 1: Ann's pair of queens, 2 kicker is the best hand: Ann scores a point (1)"),
        (
            "no_score",
            ("Ann",),
            2,
            "Hand 2: Ann's jack high (J-9-3) is the best hand but a high-card hand cannot score: nobody scores",
        ),
    ]
    assert (first.out, game.out, game.still_in) == ((), (), ("Ann", "Bob", "Cy"))
    assert second.deltas == {"Ann": 0, "Bob": 1, "Cy": 0}  # Bob sets hands again and scores
    assert ([r.dealer for r in game.rounds], game.next_dealer) == (["Ann", "Bob"], "Cy")  # Bob still deals


def test_foul_round_the_fouling_players_hands_take_no_part_in_the_bonus():
    bob = ["5s 5h 2d", "5c 5d 9c"]  # all four 5s, set out of order
    game = play([hands(Ann=["Qs Qh 2c", "Js 9s 3h"], Bob=bob, Cy=["Jd Jh 4c"])], out_of_order="foul_round")
    assert kinds(game.rounds[0]) == ["foul", "scored", "no_score"]
    assert game.standings["Bob"] == 0
    sorted_ = play([hands(Ann=["Qs Qh 2c", "Js 9s 3h"], Bob=bob, Cy=["Jd Jh 4c"])], out_of_order="sort")
    assert kinds(sorted_.rounds[0])[-1] == "quad_bonus"


def test_foul_round_with_every_player_fouling_voids_the_deal_and_the_same_dealer_deals_again():
    rounds = [
        hands(Ann=["5s 5h 9d", "Kc 8c 2c"], Bob=["2s 3h 9c", "Jd Jh 4c"]),
        hands(Ann=["Ks Kh 9d"], Bob=["2s 3h 9c"]),
    ]
    game = play(rounds, players=["Ann", "Bob"], out_of_order="foul_round", first_dealer=1)
    first, second = game.rounds
    assert first.void and first.out == () and first.deltas == {"Ann": 0, "Bob": 0}
    assert described(first) == [
        (
            "foul",
            ("Ann",),
            1,
            "Ann fouled: hand 2 (K♣ 8♣ 2♣, a flush) is stronger than hand 1 (5♠ 5♥ 9♦, a pair of 5s)",
        ),
        (
            "foul",
            ("Bob",),
            1,
            "Bob fouled: hand 2 (J♥ J♦ 4♣, a pair of jacks) is stronger than hand 1 (9♣ 3♥ 2♠, a high-card hand)",
        ),
        ("foul", ("Ann", "Bob"), None, "Every player fouled: the deal is void, nobody scores, and Bob deals again"),
    ]
    assert [r.dealer for r in game.rounds] == ["Bob", "Bob"]
    assert second.deltas == {"Ann": 1, "Bob": 0} and game.still_in == ("Ann", "Bob")


def test_foul_round_a_player_left_alone_scores_what_their_hands_can_score_and_that_is_no_crash():
    ann = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 5d"]
    cy = ["4s 6h 9h", "Jd Jh 4c"]  # a high-card hand left of a pair
    game = play([hands(Ann=ann, Bob=FOULING_BOB, Cy=cy)], out_of_order="foul_round")
    assert kinds(game.rounds[0]) == ["foul", "foul", "scored", "scored", "scored", "scored"]
    assert (game.finished, game.standings) == (False, {"Ann": 4, "Bob": 0, "Cy": 0})
    alone_with_high_card = play(
        [hands(Ann=["3s 3h 3d", "As Kd 9c"], Bob=FOULING_BOB, Cy=cy)], out_of_order="foul_round"
    )
    assert kinds(alone_with_high_card.rounds[0]) == ["foul", "foul", "scored", "no_score"]
    # foul_out: the same fouls leave Ann the only player, and she wins
    assert play([hands(Ann=ann, Bob=FOULING_BOB, Cy=cy)]).winners == ("Ann",)


def test_sort_under_the_classic_preset_plays_hands_sorted_and_nobody_fouls():
    game = play(
        [hands(Ann=["2s 2h 5d", "3s 3h 3d"], Bob=["As Ac 4d", "Ks Kd 6c"])], players=["Ann", "Bob"], out_of_order="sort"
    )
    assert [(e.kind, e.players) for e in game.rounds[0].events] == [("scored", ("Ann",)), ("scored", ("Bob",))]
    assert game.settings.sorts and game.out == ()


def test_foul_out_under_the_arena_preset_puts_the_player_out():
    game = play([hands(Ann=["Qs Qh 2d"], Bob=FOULING_BOB, Cy=["Jd Jh 4c"])], preset="arena", out_of_order="foul_out")
    assert game.out == ("Bob",)
    assert game.rounds[0].events[0].text == (
        "Bob fouled, out of the game: hand 2 (K♣ 8♣ 2♣, a flush) is stronger than hand 1 (5♠ 5♥ 9♦, a pair of 5s)"
    )


# --- stick_up -----------------------------------------------------------------------------------


def test_next_best_the_tied_hands_cancel_and_the_best_of_the_rest_scores():
    round_ = hands(Ann=["Ks Kh 9d"], Bob=["Kc Kd 9c"], Cy=["9s 9h 4c"])
    game = play([round_], stick_up="next_best")
    assert described(game.rounds[0]) == [
        (
            "stick_up",
            ("Ann", "Bob"),
            1,
            "Hand 1: Ann's pair of kings and Bob's pair of kings tie: stick-up, the tied hands cancel",
        ),
        (
            "scored",
            ("Cy",),
            1,
            "Hand 1: Ann and Bob's tie cancels; Cy's pair of 9s, 4 kicker scores: a point for Cy (1)",
        ),
    ]
    nobody = play([round_])
    assert described(nobody.rounds[0]) == [
        (
            "stick_up",
            ("Ann", "Bob"),
            1,
            "Hand 1: Ann's pair of kings and Bob's pair of kings tie: stick-up, nobody scores",
        )
    ]


def test_next_best_a_tie_under_the_tie_cancels_too():
    players = ["Ann", "Bob", "Cy", "Di", "Ed"]
    round_ = hands(Ann=["As Ad 4c"], Bob=["Ah Ac 4d"], Cy=["Ks Kd 5c"], Di=["Kh Kc 5d"], Ed=["Qs Qd 6c"])
    game = play([round_], players=players, preset="arena", cards=9, stick_up="next_best")
    assert described(game.rounds[0]) == [
        (
            "stick_up",
            ("Ann", "Bob"),
            1,
            "Hand 1: Ann's pair of aces and Bob's pair of aces tie: stick-up, the tied hands cancel",
        ),
        (
            "stick_up",
            ("Cy", "Di"),
            1,
            "Hand 1: Cy's pair of kings and Di's pair of kings tie: stick-up, the tied hands cancel",
        ),
        (
            "scored",
            ("Ed",),
            1,
            "Hand 1: Ann and Bob's tie cancels, then Cy and Di's; Ed's pair of queens, 6 kicker "
            "scores: a point for Ed (1)",
        ),
    ]


def test_next_best_when_every_hand_is_in_a_tie_nobody_scores():
    players = ["Ann", "Bob", "Cy", "Di"]
    round_ = hands(Ann=["As Ad 4c"], Bob=["Ah Ac 4d"], Cy=["Ks Kd 5c"], Di=["Kh Kc 5d"])
    game = play([round_], players=players, stick_up="next_best")
    assert [(e.kind, e.players) for e in game.rounds[0].events] == [
        ("stick_up", ("Ann", "Bob")),
        ("stick_up", ("Cy", "Di")),
    ]
    assert game.rounds[0].events[-1].text == (
        "Hand 1: Cy's pair of kings and Di's pair of kings tie: stick-up, the tied hands cancel and no hand "
        "is left: nobody scores"
    )
    assert game.standings == dict.fromkeys(players, 0)


@pytest.mark.parametrize(
    ("round_", "events"),
    [
        pytest.param(
            hands(Ann=["Ks Kh 9d"], Bob=["Kc Kd 9c"], Cy=["As Jd 4c"]),
            [
                (
                    "stick_up",
                    ("Ann", "Bob"),
                    1,
                    "Hand 1: Ann's pair of kings and Bob's pair of kings tie: stick-up, the tied hands cancel",
                ),
                (
                    "no_score",
                    ("Cy",),
                    1,
                    "Hand 1: Cy's ace high (A-J-4) is the best hand left but a high-card hand cannot score: "
                    "nobody scores",
                ),
            ],
            id="the-best-hand-left-cannot-score",
        ),
        pytest.param(
            hands(Ann=["As Kd 6c"], Bob=["Ah Kc 6d"], Cy=["Qs Jd 3c"]),
            [
                (
                    "no_score",
                    ("Ann", "Bob"),
                    1,
                    "Hand 1: the best hands (ace high (A-K-6)) tie but a high-card hand cannot score: nobody scores",
                )
            ],
            id="tied-hands-that-cannot-score-end-the-position-with-one-no-score",
        ),
    ],
)
def test_next_best_when_the_hands_left_cannot_score_nobody_scores(round_, events):
    game = play([round_], stick_up="next_best")
    assert described(game.rounds[0]) == events


def test_next_best_under_ignore_pair_a_cancelled_tie_over_tied_pairs():
    round_ = hands(Ann=["As Ks 2s"], Bob=["Ah Kh 2h"], Cy=["9s 9h 4c"], Di=["9d 9c 4d"])
    game = play([round_], players=["Ann", "Bob", "Cy", "Di"], ignore="pair", stick_up="next_best")
    assert described(game.rounds[0]) == [
        (
            "stick_up",
            ("Ann", "Bob"),
            1,
            "Hand 1: Ann's ace-high flush (A-K-2) and Bob's ace-high flush (A-K-2) "
            "tie: stick-up, the tied hands cancel",
        ),
        (
            "no_score",
            ("Cy", "Di"),
            1,
            "Hand 1: the best hands left (pair of 9s, 4 kicker) tie but pairs cannot score in this game: nobody scores",
        ),
    ]


def test_next_best_a_player_who_scores_every_position_crashes_even_after_a_cancelled_tie():
    ann = ["As Ad 4c", "2s 2h 5d", "9c 7d 6h", "8c 6d 3h"]
    bob = ["Ah Ac 4d", "3s 3c 5h", "9h 7s 5c", "8h 6s 4h"]
    cy = ["Ks Kd 2c", "Qs Qd 2d", "Js Jd 3d", "10s 10d 4s"]
    game = play([hands(Ann=ann, Bob=bob, Cy=cy)], stick_up="next_best")
    assert kinds(game.rounds[0]) == ["stick_up", "scored", "scored", "scored", "scored", "crash", "won"]
    assert game.winners == ("Cy",)
    assert kinds(play([hands(Ann=ann, Bob=bob, Cy=cy)]).rounds[0]) == ["stick_up", "scored", "scored", "scored"]


# --- crash, quads, target and ending -------------------------------------------------------------

# Ann takes every position; she holds all four 3s (existing classic and arena tests use them too).
CRASHING_ANN = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 3c"]
BOB = ["As Ac 4d", "Ks Kd 6c", "7h 7s 8h", "4c 5h 8s"]
CY = ["4s 5s 6s", "Qs Qc 2c", "6d 6h 4h", "Jh 9d 2d"]


def test_a_crash_scores_a_point_under_the_classic_preset_then_the_bonus():
    game = play([hands(Ann=CRASHING_ANN, Bob=BOB, Cy=CY)], crash="bonus_point")
    assert kinds(game.rounds[0]) == ["scored", "scored", "scored", "scored", "crash", "quad_bonus"]
    assert (game.finished, game.standings["Ann"]) == (False, 6)


def test_at_once_the_crash_point_can_reach_the_target_and_then_the_bonus_is_not_scored():
    game = play([hands(Ann=CRASHING_ANN, Bob=BOB, Cy=CY)], crash="bonus_point", target=5)
    assert described(game.rounds[0])[-2:] == [
        ("crash", ("Ann",), None, "Ann takes every position: crash, one extra point (5)"),
        ("won", ("Ann",), None, "Ann reaches 5 points, the target: Ann wins"),
    ]
    assert game.standings["Ann"] == 5


def test_a_crash_wins_the_game_under_the_arena_preset_whatever_ending_says():
    game = play([hands(Ann=CRASHING_ANN, Bob=BOB, Cy=CY)], preset="arena", crash="wins_game", quads="bonus")
    assert kinds(game.rounds[0])[-2:] == ["crash", "won"]  # and no bonus
    assert (game.finished, game.winners, game.standings["Ann"]) == (True, ("Ann",), 4)


def test_quads_off_under_the_classic_preset_and_bonus_under_the_arena_preset():
    ann = ["3s 3h 3d", "Ah Kh Qh", "7c 7d 9s", "2s 2h 3c"]
    off = play(
        [hands(Ann=ann, Bob=BOB, Cy=["4s 5s 6s", "Qs Qc 2c", "6d 6h 4h", "Jh 9d 2d"])], quads="off", crash="bonus_point"
    )
    assert "quad_bonus" not in kinds(off.rounds[0])
    bonus = play([hands(Ann=ann, Bob=BOB, Cy=CY)], preset="arena", quads="bonus")
    assert kinds(bonus.rounds[0])[-2:] == ["crash", "quad_bonus"] and bonus.standings["Ann"] == 6


def test_end_of_round_under_the_classic_preset_scores_the_round_in_full():
    ann = ["3s 3h 3d", "Qs Qd 9h", "Jc Jd 9s", "2s 2h 5d"]
    bob = ["As Ac 4d", "Ks Kd 6c", "7h 7s 8h", "4c 5h 8s"]
    game = play([hands(Ann=ann, Bob=bob)], players=["Ann", "Bob"], target=2, ending="end_of_round")
    assert kinds(game.rounds[0]) == ["scored", "scored", "scored", "scored", "won"]
    assert game.rounds[0].events[-1].text == "The target of 2 is reached: Ann wins with 3 points"
    at_once = play([hands(Ann=ann, Bob=bob)], players=["Ann", "Bob"], preset="arena", target=2, ending="at_once")
    assert kinds(at_once.rounds[0]) == ["scored", "scored", "scored", "won"]
    assert at_once.standings == {"Ann": 2, "Bob": 1}


# --- rules: the Brag ranking of a Crash game ----------------------------------------------------


def test_a_crash_game_ranks_its_hands_under_the_brag_ranking_it_picks():
    round_ = hands(Ann=["As Js 4s"], Bob=["4d 5c 6h"])
    assert play([round_], players=["Ann", "Bob"]).rounds[0].events[0].players == ("Bob",)
    flush_first = play([round_], players=["Ann", "Bob"], rules={"flush_over_run": True})
    assert flush_first.rounds[0].events[0].text == (
        "Hand 1: Ann's ace-high flush (A-J-4) is the best hand: Ann scores a point (1)"
    )
    assert flush_first.settings.rules == "brag:3TF"


def test_the_ranking_decides_what_is_a_foul_and_the_setting_check_agrees():
    placed = ["4s 5d 6c", "Kc 8c 2c"]  # a run left of a flush
    round_ = hands(Ann=placed, Bob=["Qs Qh 2d"])
    assert play([round_], players=["Ann", "Bob"]).out == ()
    assert play([round_], players=["Ann", "Bob"], rules={"flush_over_run": True}).out == ("Ann",)
    assert check_setting(placed).in_order
    assert not check_setting(placed, rules={"flush_over_run": True}).in_order


def test_a_crash_game_refuses_a_commerce_ranking():
    error = refused([], rules={"game": "commerce"})
    assert error.field == "rules" and str(error).startswith("rules must be a Brag ranking")
    with pytest.raises(EntryError):
        replay("crash", PLAYERS, [], rules="brag-ace-high", ignore="all")


# --- coach: what a player's own phone may offer, which no result depends on ----------------------


def test_coaching_is_off_unless_the_host_turns_it_on_and_no_preset_turns_it_on():
    assert play([]).settings.coach is False
    assert play([], preset="arena").settings.coach is False
    assert play([], coach=True).settings.coach is True
    assert play([], preset="arena", coach=True).options["coach"] is True
    assert game_settings("crash", PLAYERS, coach=True).coach is True


@pytest.mark.parametrize("value", [1, "true", None])
def test_coaching_takes_true_or_false_only(value):
    error = refused([], coach=value)
    assert (str(error), error.field) == (f"coach must be one of False, True, got {value!r}", "coach")


@pytest.mark.parametrize("game", ["stop_the_bus", "commerce"])
def test_only_crash_coaches_the_other_games_refuse_it_as_any_unknown_option(game):
    for refusing in (replay, game_settings):
        with pytest.raises(EntryError, match='^unknown option "coach" for ') as error:
            refusing(game, PLAYERS, coach=True)
        assert error.value.field == "coach"


@PROPERTY_SETTINGS
@given(played_games(crash_games()))
def test_a_game_replays_the_same_with_coaching_on_or_off(played):
    _, players, options, rounds = played
    on = replay("crash", players, rounds, **{**options, "coach": True})
    off = replay("crash", players, rounds, **{**options, "coach": False})
    assert (on.settings.coach, off.settings.coach) == (True, False)
    assert replace(on, settings=off.settings) == off
