"""The best Crash setting before the showdown (issue 18): hand-worked cases against a
reference table written out by hand, the shipped tables' figures, and the refusals."""

import pytest

from engine import CardError, EntryError, parse_cards, show_cards
from engine.best_setting import answer, best_setting, read_setting_options
from engine.crash_reference import SHAPES, reference_table

# Nine cards where setting the prial first is not best: 5-5-5 and two 4-5-6 running flushes share the 5s.
NINE = "5s 5h 5d 4s 6s 4h 6h 9c 2d"


def by_hand_table(cards, positions):
    """A reference table of 4 deals, as the data file writes it: per position, shape: count."""
    return reference_table(
        "brag",
        cards,
        {
            "deals": 4,
            "shapes": list(SHAPES),
            "tables": {"brag": {str(cards): [[at.get(shape, 0) for shape in SHAPES] for at in positions]}},
        },
    )


# Position 1: four prials of aces (nothing here beats them). Position 2: three 7-6-5 runs and a
# prial of 10s. Position 3: a 10-8-2 high card and three pairs of 4s with a king.
TABLE = by_hand_table(9, [{"AAA": 4}, {"765": 3, "TTT": 1}, {"T82": 1, "K44": 3}])


def setting_of(cards, opponents=1, **options):
    settings = read_setting_options({"cards": 9, **options})
    return answer(parse_cards(cards), opponents, settings, TABLE)


def shown(setting):
    return [show_cards(hand) for hand in setting.hands]


def test_the_best_setting_breaks_the_prial_for_two_running_flushes():
    # 5-5-5 first wins nothing at 1 (aces) and leaves pairs: 6-6-9 loses position 2 to the runs,
    # 4-4-2 beats only the high card at 3: 0 + 0 + 1/4. Two running flushes 4-5-6 win position 2
    # against the three runs (3/4) and leave 9-5-2, a high card that cannot score: 3/4.
    best = setting_of(NINE).best
    assert shown(best) == ["4♠ 5♠ 6♠", "4♥ 5♥ 6♥", "9♣ 5♦ 2♦"]
    assert [rank.label for rank in best.ranks] == ["Running flush 4-5-6", "Running flush 4-5-6", "9 high (9-5-2)"]
    assert best.discard == ()
    assert best.can_score == (True, True, False)
    assert best.chances == (0.0, 0.75, 0.0)
    assert best.expected_points == 0.75


def test_the_next_three_are_distinct_hands_best_first_and_equal_points_go_to_the_stronger_hands():
    # Every other setting scores at most 1/4 (a pair of 4s at position 3, beating the high card);
    # six do, and the stronger hands position by position come first.
    alternatives = setting_of(NINE).alternatives
    assert [shown(setting) for setting in alternatives] == [
        ["5♠ 5♥ 5♦", "6♠ 6♥ 9♣", "4♠ 4♥ 2♦"],
        ["5♠ 5♥ 5♦", "6♠ 6♥ 2♦", "4♠ 4♥ 9♣"],
        ["6♠ 6♥ 9♣", "5♠ 5♥ 2♦", "4♠ 4♥ 5♦"],
    ]
    assert [setting.chances for setting in alternatives] == [(0.0, 0.0, 0.25)] * 3
    assert [setting.expected_points for setting in alternatives] == [0.25] * 3


def test_against_k_opponents_each_chance_is_raised_to_the_power_k():
    answer_ = setting_of(NINE, opponents=2)
    assert answer_.best.chances == (0.0, 0.5625, 0.0) and answer_.best.expected_points == 0.5625
    assert [setting.expected_points for setting in answer_.alternatives] == [0.0625] * 3
    assert setting_of(NINE, opponents=4).best.expected_points == 0.75**4


def test_a_hand_that_cannot_score_wins_nothing_however_many_hands_it_beats():
    # ignore="pair": the pairs of 4s that beat the high card at position 3 win nothing; the
    # other settings all score 0 and come by their hands, strongest first.
    answer_ = setting_of(NINE, ignore="pair")
    assert answer_.best.expected_points == 0.75
    assert [setting.expected_points for setting in answer_.alternatives] == [0.0] * 3
    assert [setting.can_score for setting in answer_.alternatives][0] == (True, False, False)
    assert shown(answer_.alternatives[0]) == ["5♠ 5♥ 5♦", "6♠ 6♥ 9♣", "4♠ 4♥ 2♦"]
    assert shown(answer_.alternatives[1]) == ["5♠ 5♥ 5♦", "6♠ 6♥ 4♠", "9♣ 4♥ 2♦"]
    # ignore="none": 9-5-2 can score, but it beats no reference hand at position 3.
    assert setting_of(NINE, ignore="none").best.can_score == (True, True, True)
    assert setting_of(NINE, ignore="none").best.chances == (0.0, 0.75, 0.0)


def test_equal_expected_points_go_to_the_stronger_hands_position_by_position():
    # Pairs cannot score: only the Q-K-A run and the A-10-2 flush can. Breaking the flush leaves the
    # run the only hand that scores, and those settings tie: they come by their second hand, the
    # pair of 8s with the ace, then with the 10, then with the 4 (the run takes the other ace).
    answer_ = best_setting("2d Qh Td As 4c 8h Kd 8c Ad", cards=9, ignore="pair")
    assert shown(answer_.best) == ["Q♥ K♦ A♠", "A♦ 10♦ 2♦", "8♥ 8♣ 4♣"]
    assert [shown(setting) for setting in answer_.alternatives] == [
        ["Q♥ K♦ A♠", "8♥ 8♣ A♦", "10♦ 4♣ 2♦"],
        ["Q♥ K♦ A♠", "8♥ 8♣ 10♦", "A♦ 4♣ 2♦"],
        ["Q♥ K♦ A♦", "8♥ 8♣ 4♣", "A♠ 10♦ 2♦"],
    ]
    run = answer_.best.chances[0]
    assert [setting.chances for setting in answer_.alternatives] == [(run, 0.0, 0.0)] * 3


def test_settings_the_same_up_to_suits_count_once_shown_with_the_lowest_cards():
    # Swapping the two running flushes, or their suits, is the same setting: it is listed once,
    # the spades (the lower cards) first.
    answer_ = setting_of("5s 5h 5d 4s 6s 4h 6h 9c 2d")
    again = setting_of("6h 4h 9c 2d 5d 5h 4s 6s 5s")
    assert (answer_.best, answer_.alternatives) == (again.best, again.alternatives)
    assert [shown(setting)[:2] for setting in (answer_.best, *answer_.alternatives)].count(
        ["4♠ 5♠ 6♠", "4♥ 5♥ 6♥"]
    ) == 1


def test_thirteen_cards_four_prials_are_set_best_first_and_the_odd_card_is_discarded():
    answer_ = best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c")
    best = answer_.best
    assert shown(best) == ["A♠ A♥ A♦", "K♠ K♥ K♦", "Q♠ Q♥ Q♦", "J♠ J♥ J♦"]
    assert show_cards(best.discard) == "2♣"
    table = reference_table("brag", 13)
    assert best.chances == tuple(table.share_below(p, rank.value) for p, rank in enumerate(best.ranks, 1))
    assert best.expected_points == pytest.approx(sum(best.chances), rel=1e-12)
    assert answer_.deals == table.deals >= 200_000 and len(answer_.alternatives) == 3
    assert all(setting.expected_points <= best.expected_points for setting in answer_.alternatives)


def test_three_opponents_raise_the_shipped_chances_to_the_third_power():
    one = best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c").best
    three = best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c", opponents=3).best
    assert three.hands == one.hands
    assert three.chances == tuple(chance**3 for chance in one.chances)


def test_the_ranking_decides_which_prial_goes_first():
    cards = "3s 3h 3d As Ah Ad 8s 8h 8d 6c 6d Jc 2h"
    assert shown(best_setting(cards).best) == ["3♠ 3♥ 3♦", "A♠ A♥ A♦", "8♠ 8♥ 8♦", "6♦ 6♣ J♣"]  # 3-3-3 is the best
    assert shown(best_setting(cards, rules="brag-ace-high").best) == ["A♠ A♥ A♦", "8♠ 8♥ 8♦", "3♠ 3♥ 3♦", "6♦ 6♣ J♣"]
    assert shown(best_setting(cards, rules={"top_prial": "aces"}).best)[0] == "A♠ A♥ A♦"


def test_nine_cards_set_three_hands_and_discard_nothing():
    answer_ = best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd", cards=9)
    assert shown(answer_.best) == ["A♠ A♥ A♦", "K♠ K♥ K♦", "Q♠ Q♥ Q♦"] and answer_.best.discard == ()
    assert answer_.options.cards == 9 and answer_.options.positions == 3
    assert best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd", 4, cards=9, preset="arena").opponents == 4


def test_cards_may_be_given_as_cards():
    cards = parse_cards("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c")
    assert best_setting(cards) == best_setting(" ".join(card.code for card in cards))


def test_the_answer_is_the_same_whatever_order_the_cards_come_in():
    cards = parse_cards("2s 5h 9d Jc Ks 3h 3d 8c Th Ad 4c 7s Qh")
    one, other = best_setting(cards, 2), best_setting(tuple(reversed(cards)), 2)
    assert (one.best, one.alternatives) == (other.best, other.alternatives)


# --- Refusals: what was wrong, and what was expected ---------------------------------------------


@pytest.mark.parametrize(
    ("cards", "options", "message"),
    [
        (
            "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd",
            {},
            "expected 13 cards (one player's deal), got 12: A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦",
        ),
        (
            "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c 2d",
            {},
            "expected 13 cards (one player's deal), got 14: A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦ 2♣ 2♦",
        ),
        ("", {}, "expected 13 cards (one player's deal), got none"),
        (
            "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c",
            {"cards": 9},
            "expected 9 cards (one player's deal), got 13: A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦ 2♣",
        ),
        ("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh As 2c", {}, "A♠ is entered twice"),
        (
            "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh 1X 2c",
            {},
            '"1X" is not a card: expected a rank 2-10, J, Q, K, A followed by a suit S, H, D, C',
        ),
    ],
)
def test_cards_that_are_not_one_players_deal_are_refused_saying_what_was_expected(cards, options, message):
    with pytest.raises(CardError) as error:
        best_setting(cards, **options)
    assert str(error.value) == message


def test_cards_given_as_cards_are_checked_too():
    cards = parse_cards("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd")
    with pytest.raises(CardError, match=r"^A♠ is entered twice$"):
        best_setting((*cards, cards[0]))
    with pytest.raises(CardError, match=r"^expected cards, got 'Jd'$"):
        best_setting((*cards, "Jd"))


@pytest.mark.parametrize(
    ("opponents", "options", "message"),
    [
        (0, {}, "opponents must be a whole number from 1 to 3 (Crash with 13 cards seats 2 to 4 players), got 0"),
        (4, {}, "opponents must be a whole number from 1 to 3 (Crash with 13 cards seats 2 to 4 players), got 4"),
        (
            5,
            {"cards": 9},
            "opponents must be a whole number from 1 to 4 (Crash with 9 cards seats 2 to 5 players), got 5",
        ),
        (True, {}, "opponents must be a whole number from 1 to 3 (Crash with 13 cards seats 2 to 4 players), got True"),
        ("2", {}, "opponents must be a whole number from 1 to 3 (Crash with 13 cards seats 2 to 4 players), got '2'"),
    ],
)
def test_opponents_out_of_range_are_refused_naming_the_range(opponents, options, message):
    cards = "As Ah Ad Ks Kh Kd Qs Qh Qd" + ("" if options else " Js Jh Jd 2c")
    with pytest.raises(EntryError) as error:
        best_setting(cards, opponents, **options)
    assert (str(error.value), error.value.field) == (message, "opponents")


@pytest.mark.parametrize(
    ("options", "message", "field"),
    [
        (
            {"colour": "red"},
            'unknown option "colour" for Crash: expected preset, target, cards, ignore, first_dealer, '
            "out_of_order, stick_up, crash, quads, declarations, ending, rules, coach, ended",
            "colour",
        ),
        ({"ignore": "pairs"}, "ignore must be one of 'high_card', 'pair', 'none', got 'pairs'", "ignore"),
        ({"cards": 12}, "cards must be one of 13, 9, got 12", "cards"),
        (
            {"rules": "commerce"},
            "rules must be a Brag ranking: 'brag', 'brag-ace-high' or a mapping of top_prial, "
            "ace_two_three, flush_over_run, got 'commerce'",
            "rules",
        ),
        ({"quads": "on"}, "quads must be one of 'bonus', 'off', got 'on'", "quads"),
    ],
)
def test_options_are_checked_as_replay_checks_them(options, message, field):
    with pytest.raises(EntryError) as error:
        best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 2c", **options)
    assert (str(error.value), error.value.field) == (message, field)


def test_options_that_play_no_part_in_setting_hands_change_nothing():
    cards = "2s 5h 9d Jc Ks 3h 3d 8c Th Ad 4c 7s Qh"
    plain = best_setting(cards)
    other = best_setting(
        cards,
        preset="arena",
        target=15,
        stick_up="next_best",
        crash="wins_game",
        quads="bonus",
        out_of_order="foul_round",
        ending="at_once",
        first_dealer=1,
    )
    assert (other.best, other.alternatives) == (plain.best, plain.alternatives)


def test_nine_cards_need_no_word_about_declarations_but_refuse_them_when_asked_for():
    assert best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd", cards=9, preset="classic").options.declarations is False
    with pytest.raises(EntryError, match="^declarations must be False when cards is 9"):
        best_setting("As Ah Ad Ks Kh Kd Qs Qh Qd", cards=9, declarations=True)
