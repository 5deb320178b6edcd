"""Stop the Bus, rule by rule, each situation written out by hand (docs/rules.md, Stop the Bus)."""

import pytest

from engine.cards import EXPECTED_CARD

from .referee import Referee, hands

REFEREE = Referee("stop_the_bus")
play, refused = REFEREE.play, REFEREE.refused


def test_the_worst_hand_loses_a_token():
    game = play([hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 5h 6c")])
    (first,) = game.rounds
    assert first.deltas == {"Ann": 0, "Bob": -1, "Cy": 0}
    assert game.standings == {"Ann": 3, "Bob": 2, "Cy": 3} == first.standings
    assert [(e.kind, e.players, e.text) for e in first.events] == [
        ("lost_token", ("Bob",), "Bob's pair of 7s, 5 kicker is the worst hand: Bob loses a token (2 left)"),
    ]
    assert (game.finished, game.winners, game.pot) == (False, (), 0)


def test_the_sentence_names_the_worst_hand_as_players_say_it():
    game = play([hands(Ann="As Ks Qs", Bob="7c 7d 7h", Cy="4s 5h 6c")], tokens=2)
    assert game.rounds[0].events[0].text == "Cy's run 4-5-6 is the worst hand: Cy loses a token (1 left)"


def test_tied_worst_hands_each_lose_a_token():
    game = play([hands(Ann="As Ks Qs", Bob="Ah Kd Jc", Cy="Ac Kh Js")])
    assert game.rounds[0].deltas == {"Ann": 0, "Bob": -1, "Cy": -1}
    assert [(e.kind, e.players, e.text) for e in game.rounds[0].events] == [
        ("lost_token", ("Bob",), "Bob and Cy tie for the worst hand with ace high (A-K-J): Bob loses a token (2 left)"),
        ("lost_token", ("Cy",), "Bob and Cy tie for the worst hand with ace high (A-K-J): Cy loses a token (2 left)"),
    ]


def test_a_player_with_no_tokens_is_out():
    game = play([hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c")], tokens=1)
    first = game.rounds[0]
    assert first.out == ("Cy",)
    assert [(e.kind, e.text) for e in first.events] == [
        ("lost_token", "Cy's 8 high (8-6-4) is the worst hand: Cy loses a token (none left)"),
        ("out", "Cy has no tokens left: Cy is out"),
    ]
    assert (game.out, game.still_in, game.finished) == (("Cy",), ("Ann", "Bob"), False)


def test_a_player_who_is_out_gives_nothing():
    error = refused(
        [hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c"), hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c")],
        tokens=1,
    )
    assert (str(error), error.round, error.player, error.field) == (
        "Cy is out of the game (no tokens left) and gives nothing",
        2,
        "Cy",
        "hands",
    )


def test_the_last_player_with_tokens_wins_and_the_game_accepts_no_further_round():
    rounds = [hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c"), hands(Ann="2s 3h 5s", Bob="Kc Kd 5d")]
    game = play(rounds, tokens=1)
    assert (game.finished, game.winners, game.next_dealer) == (True, ("Bob",), None)
    assert [(e.kind, e.players) for e in game.rounds[1].events] == [
        ("lost_token", ("Ann",)),
        ("out", ("Ann",)),
        ("won", ("Bob",)),
    ]
    assert game.rounds[1].events[-1].text == "Bob is the last player with tokens: Bob wins"
    error = refused([*rounds, hands(Bob="As Ks Qs")], tokens=1)
    assert (str(error), error.round) == ("the game is over: Bob won", 3)


def test_stand_off_when_the_losses_would_leave_nobody_with_a_token():
    game = play([hands(Ann="As Kd Jc", Bob="Ah Kc Js")], players=["Ann", "Bob"], tokens=1)
    (first,) = game.rounds
    assert [(e.kind, e.players, e.text) for e in first.events] == [
        (
            "stand_off",
            ("Ann", "Bob"),
            "Ann and Bob tie for the worst hand with ace high (A-K-J), each on a last token: "
            "stand-off, nobody loses a token",
        ),
    ]
    assert first.deltas == {"Ann": 0, "Bob": 0} and game.standings == {"Ann": 1, "Bob": 1}
    assert not game.finished and game.out == ()


def test_a_tie_that_leaves_someone_a_token_is_no_stand_off():
    rounds = [
        hands(Ann="As Ks Qs", Bob="2c 2d 5h", Cy="3c 3d 5s"),  # Bob loses: Ann 2, Bob 1, Cy 2
        hands(Ann="4s 5d 7c", Bob="Ah Kh 6c", Cy="Ac Kd 6h"),  # Ann loses: Ann 1, Bob 1, Cy 2
        hands(Ann="9s 9d 4c", Bob="9h 9c 4d", Cy="As Ad 2c"),
    ]  # Ann and Bob tie on their last tokens
    game = play(rounds, tokens=2)
    assert [e.kind for e in game.rounds[2].events] == ["lost_token", "lost_token", "out", "out", "won"]
    assert (game.winners, game.out) == (("Cy",), ("Ann", "Bob"))


def test_the_deal_passes_left_after_every_round_skipping_players_who_are_out():
    rounds = [
        hands(Ann="2c 3d 5h", Bob="As Ks Qs", Cy="7c 7d 5d"),  # dealt by Bob; Ann loses (1 left)
        hands(Ann="2c 3d 5h", Bob="As Ks Qs", Cy="7c 7d 5d"),  # dealt by Cy; Ann is out
        hands(Bob="As Ks Qs", Cy="7c 7d 5d"),
    ]  # Ann's seat is skipped: Bob deals
    game = play(rounds, tokens=2, first_dealer=1)
    assert [r.dealer for r in game.rounds] == ["Bob", "Cy", "Bob"]
    assert game.next_dealer == "Cy"


def test_a_stand_off_passes_the_deal_too():
    game = play([hands(Ann="As Kd Jc", Bob="Ah Kc Js")], players=["Ann", "Bob"], tokens=1)
    assert (game.rounds[0].dealer, game.next_dealer) == ("Ann", "Bob")


def test_a_dealer_who_goes_out_passes_the_deal_to_the_next_player_still_in():
    game = play([hands(Ann="2c 3d 5h", Bob="As Ks Qs", Cy="7c 7d 5d")], tokens=1, first_dealer=0)
    assert (game.rounds[0].dealer, game.next_dealer) == ("Ann", "Bob")


def test_the_ace_high_ruleset_changes_who_holds_the_worst_hand():
    round_ = [hands(Ann="As 2d 3c", Bob="5s 5h 9d", Cy="6s 6h 9c")]
    assert play(round_).rounds[0].deltas == {"Ann": 0, "Bob": -1, "Cy": 0}  # A-2-3 is the best run
    assert play(round_, rules="brag-ace-high").rounds[0].deltas == {"Ann": -1, "Bob": 0, "Cy": 0}  # ace high


@pytest.mark.parametrize(
    ("rules", "loser"),
    [
        ("brag", "Ann"),  # a flush is below a run
        ({"flush_over_run": True}, "Bob"),  # a run is below a flush
        ({"top_prial": "aces", "ace_two_three": "bottom", "flush_over_run": True}, "Bob"),
    ],
)
def test_a_brag_ranking_of_the_hosts_options_decides_the_worst_hand(rules, loser):
    game = play([hands(Ann="As Js 4s", Bob="4d 5c 6h", Cy="3s 3h 3d")], rules=rules)
    assert [name for name, delta in game.rounds[0].deltas.items() if delta] == [loser]


def test_a_composed_ranking_is_kept_by_its_name_and_given_back_as_its_options():
    game = play([], rules={"top_prial": "aces", "ace_two_three": "bottom", "flush_over_run": True})
    assert game.settings.rules == "brag:ABF"
    assert game.options["rules"] == {"top_prial": "aces", "ace_two_three": "bottom", "flush_over_run": True}
    assert play([], rules={"top_prial": "aces", "ace_two_three": "none"}).options["rules"] == "brag-ace-high"


def test_table_cards_and_caller_are_optional_and_recorded_nowhere_in_the_score():
    game = play(
        [{"hands": {"Ann": "As Ks Qs", "Bob": "7c 7d 5d", "Cy": "4s 5h 6c"}, "table": "2c 3d 9h", "caller": "Ann"}]
    )
    assert game.rounds[0].deltas == {"Ann": 0, "Bob": -1, "Cy": 0}
    assert play([{"hands": {"Ann": "As Ks Qs", "Bob": "7c 7d 5d", "Cy": "4s 5h 6c"}, "table": "", "caller": ""}])


def test_the_round_keeps_each_players_ranked_hand():
    game = play([hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 5h 6c")])
    assert {name: [rank.label for rank in ranks] for name, ranks in game.rounds[0].hands.items()} == {
        "Ann": ["Running flush Q-K-A"],
        "Bob": ["Pair of 7s, 5 kicker"],
        "Cy": ["Run 4-5-6"],
    }


def test_a_whole_game_to_the_end():
    rounds = [
        hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 5h 6c", Di="2c 3d 9h"),  # Di 1 left
        hands(Ann="As Kd Jc", Bob="Ah Kc Js", Cy="4s 5h 6c", Di="9s 9d 2c"),  # Ann, Bob tie: 1 left each
        hands(Ann="2s 2d 5c", Bob="3s 3d 5d", Cy="4s 4d 5h", Di="6s 6d 5s"),  # Ann out
        hands(Bob="Ks Kd 2h", Cy="Qs Qd 2c", Di="Js Jd 2d"),  # Di out
        hands(Bob="As 2s 3s", Cy="Qs Kd 4c"),  # Cy 1 left
        hands(Bob="Qs Kd 4c", Cy="As 2s 3s"),  # Bob out: Cy wins
    ]
    game = play(rounds, players=["Ann", "Bob", "Cy", "Di"], tokens=2)
    assert [r.dealer for r in game.rounds] == ["Ann", "Bob", "Cy", "Di", "Bob", "Cy"]
    assert [r.standings for r in game.rounds][-1] == {"Ann": 0, "Bob": 0, "Cy": 1, "Di": 0}
    assert (game.finished, game.winners, game.out) == (True, ("Cy",), ("Ann", "Di", "Bob"))


# --- Options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message", "field"),
    [
        ({"tokens": 0}, "tokens must be a whole number from 1 to 20, got 0", "tokens"),
        ({"tokens": 21}, "tokens must be a whole number from 1 to 20, got 21", "tokens"),
        ({"tokens": "3"}, "tokens must be a whole number from 1 to 20, got '3'", "tokens"),
        ({"tokens": True}, "tokens must be a whole number from 1 to 20, got True", "tokens"),
        (
            {"rules": "commerce"},
            "rules must be a Brag ranking: 'brag', 'brag-ace-high' or a mapping of top_prial, "
            "ace_two_three, flush_over_run, got 'commerce'",
            "rules",
        ),
        (
            {"rules": {"game": "commerce"}},
            "rules must be a Brag ranking: 'brag', 'brag-ace-high' or a mapping of "
            "top_prial, ace_two_three, flush_over_run, got {'game': 'commerce'}",
            "rules",
        ),
        ({"rules": {"top_prial": "kings"}}, "top_prial must be one of 'threes', 'aces', got 'kings'", "rules"),
        (
            {"rules": {"flush_by": "cards"}},
            'unknown Brag ranking option "flush_by": expected top_prial, ace_two_three, flush_over_run',
            "rules",
        ),
        ({"first_dealer": 3}, "first_dealer must be a seat number from 0 to 2, got 3", "first_dealer"),
        ({"stake": 5}, 'unknown option "stake" for Stop the Bus: expected tokens, rules, first_dealer, ended', "stake"),
    ],
)
def test_an_option_out_of_range_is_refused_by_name(options, message, field):
    error = refused([], **options)
    assert (str(error), error.field, error.round) == (message, field, None)


def test_the_defaults_are_three_tokens_brag_and_the_first_seat_dealing():
    game = play([])
    assert game.options == {"tokens": 3, "rules": "brag", "first_dealer": 0}
    assert (game.standings, game.next_dealer) == ({"Ann": 3, "Bob": 3, "Cy": 3}, "Ann")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann"], "Stop the Bus needs 2 to 16 players, got 1"),
        ([f"P{i}" for i in range(17)], "Stop the Bus needs 2 to 16 players, got 17"),
        (["Ann", "ann"], "ann is seated twice"),
        (["Ann", ""], "a player's name must be some text, got ''"),
        ("Ann,Bob", "players must be a list of names in seat order"),
    ],
)
def test_the_players_are_checked(players, message):
    assert str(refused([], players=players)) == message


# --- Entry checks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "message", "player", "field"),
    [
        (hands(Ann="Qh Ks 2c", Bob="Qh 3d 4d", Cy="5c 6c 8d"), "Q♥ is in Ann's hand and in Bob's hand", "Bob", "hands"),
        (
            {"hands": {"Ann": "Qh Ks 2c", "Bob": "2d 3d 4d", "Cy": "5c 6c 8d"}, "table": "Qh 9s 9h"},
            "Q♥ is in Ann's hand and in the table cards",
            None,
            "table",
        ),
        (
            hands(Ann="As Ks", Bob="2d 3d 4d", Cy="5c 6c 8d"),
            "Ann's hand: expected three cards, got 2: A♠ K♠",
            "Ann",
            "hands",
        ),
        (
            hands(Ann="As Ks 1x", Bob="2d 3d 4d", Cy="5c 6c 8d"),
            f'Ann\'s hand: "1x" is not a card: {EXPECTED_CARD}',
            "Ann",
            "hands",
        ),
        (hands(Ann="As Ks as", Bob="2d 3d 4d", Cy="5c 6c 8d"), "Ann's hand: A♠ is entered twice", "Ann", "hands"),
        (
            hands(Ann="As Ks Qs", Bob="2d 3d 4d", Cy="5c 6c 8d", Dan="7h 8h 9h"),
            "Dan is not a player in this game",
            "Dan",
            "hands",
        ),
        (hands(Ann="As Ks Qs", Bob="2d 3d 4d"), "Cy is still in the game but gave no hand", "Cy", "hands"),
        (
            hands(Ann="As Ks Qs", Bob=None, Cy="5c 6c 8d"),
            "Bob's hand: expected three cards as text, got None",
            "Bob",
            "hands",
        ),
        (
            {"hands": {"Ann": "As Ks Qs", "Bob": "2d 3d 4d", "Cy": "5c 6c 8d"}, "table": "9s 9h"},
            "the table cards: expected three cards, got 2: 9♠ 9♥",
            None,
            "table",
        ),
        (
            {"hands": {"Ann": "As Ks Qs", "Bob": "2d 3d 4d", "Cy": "5c 6c 8d"}, "caller": "Dan"},
            "the caller, Dan, is not a player in this game",
            None,
            "caller",
        ),
        (
            {"hands": {"Ann": "As Ks Qs", "Bob": "2d 3d 4d", "Cy": "5c 6c 8d"}, "knocker": "Ann"},
            'Stop the Bus rounds have no "knocker": expected hands, table, caller',
            None,
            "knocker",
        ),
        ({"hands": "As Ks Qs"}, "hands must map each player's name to what they gave", None, "hands"),
        (["As Ks Qs"], "a round is a mapping of hands, table, caller, got list", None, None),
    ],
)
def test_an_entry_mistake_is_refused_saying_what_and_where(round_, message, player, field):
    error = refused([round_])
    assert (str(error), error.round, error.player, error.field) == (message, 1, player, field)
    assert isinstance(error, ValueError)


def test_the_caller_must_still_be_in():
    error = refused(
        [
            hands(Ann="As Ks Qs", Bob="7c 7d 5d", Cy="4s 8h 6c"),
            {"hands": {"Ann": "As Ks Qs", "Bob": "7c 7d 5d"}, "caller": "Cy"},
        ],
        tokens=1,
    )
    assert (str(error), error.round, error.field) == ("the caller, Cy, is out of the game", 2, "caller")
