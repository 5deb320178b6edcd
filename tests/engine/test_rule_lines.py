"""The rules that bite first, said from a game's options: what the new-game form and the
round's entry show (engine/rule_lines.py), and what the setting check says a foul costs."""

import pytest

from engine import check_setting, rule_lines


def said(game, **options):
    return [(line.text, line.anchor) for line in rule_lines(game, options)]


def test_classic_crash_says_hand_1_is_the_strongest_and_a_foul_puts_you_out():
    assert said("crash", preset="classic") == [
        ("Hand 1 is your strongest, hand 4 your weakest.", "setting-hands"),
        ("Classic: a hand placed left of a stronger one is a foul, and a foul puts you out of the game.", "fouls"),
    ]
    assert said("crash") == said("crash", preset="classic")  # classic is the default


def test_arena_crash_says_hands_out_of_order_are_sorted():
    assert said("crash", preset="arena")[1] == (
        "Arena: hands out of order are no foul: they are played sorted, best first.",
        "fouls",
    )


def test_a_house_rule_for_hands_out_of_order_is_said_as_a_house_rule():
    assert said("crash", preset="classic", out_of_order="foul_round")[1][0] == (
        "House rule: a hand placed left of a stronger one is a foul, and a foul costs you the round's points."
    )
    assert said("crash", preset="arena", out_of_order="foul_out")[1][0] == (
        "House rule: a hand placed left of a stronger one is a foul, and a foul puts you out of the game."
    )


def test_nine_cards_make_hand_3_the_weakest():
    assert said("crash", preset="arena", cards=9)[0][0] == "Hand 1 is your strongest, hand 3 your weakest."


def test_a_value_the_engine_would_refuse_reads_as_the_presets():
    assert said("crash", preset="arena", out_of_order="bogus", cards=12) == said("crash", preset="arena")
    assert said("crash", preset="nope") == said("crash", preset="classic")


def test_coaching_is_said_as_a_house_rule_only_when_the_host_turns_it_on():
    assert said("crash", coach=True)[2] == (
        "House rule: on your own phone you may ask for the best setting of your cards before you send your hand.",
        "coach-while-setting",
    )
    assert said("crash", preset="arena", coach=True)[2] == said("crash", coach=True)[2]
    for off in ({}, {"coach": False}, {"coach": "yes"}, {"coach": 1}, {"preset": "arena"}):
        assert len(said("crash", **off)) == 2, off


def test_stop_the_bus_says_the_tokens_and_what_loses_one():
    assert said("stop_the_bus", tokens=5) == [
        (
            "Everyone starts with 5 tokens: the worst hand of each round loses one, "
            "and the last player with tokens wins.",
            "the-worst-hand",
        )
    ]
    assert said("stop_the_bus", tokens=1)[0][0].startswith("Everyone starts with 1 token:")
    assert said("stop_the_bus")[0][0].startswith("Everyone starts with 3 tokens:")


def test_commerce_says_the_stake_or_the_win_alone_and_how_its_hands_count():
    staked, hands = said("commerce", stake=5)
    assert staked == (
        "Everyone pays 5 into the pot each hand; the best hand takes the pot, tied best hands split it.",
        "players-the-stake-and-the-pot",
    )
    assert hands == (
        "Ace counts 11, K Q J 10 count 10, the rest their number; a sequence must be of one suit.",
        "commerce-hands",
    )
    assert said("commerce")[0] == (
        "Played for the win alone: the best hand of each deal counts a hand won, and when the host ends "
        "the game the most hands won wins.",
        "standings-and-the-end",
    )


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="no such game: 'poker'"):
        rule_lines("poker", {})


@pytest.mark.parametrize(
    ("out_of_order", "cost"),
    [
        ("foul_out", "foul if left like this, out of the game"),
        ("foul_round", "foul if left like this, no points this round"),
    ],
)
def test_the_setting_check_says_what_a_foul_costs_under_the_games_option(out_of_order, cost):
    check = check_setting(["7c 7d 9s", "Ah Kh Qh"], out_of_order=out_of_order)
    assert check.text == (
        f"hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (7♦ 7♣ 9♠, a pair of 7s): {cost}; "
        "legal order: Q♥ K♥ A♥, 7♦ 7♣ 9♠"
    )


def test_the_setting_check_of_a_sorting_game_says_no_foul():
    check = check_setting(["7c 7d 9s", "Ah Kh Qh"], out_of_order="sort")
    assert check.sorts and "no foul in this game" in check.text
