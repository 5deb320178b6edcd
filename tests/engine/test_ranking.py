from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import DECK, RULESETS, CardError, HandRank, parse_cards, rank_hand

from .reference import ALL_HANDS, KEYS

# docs/rules.md, Brag hands: Hand counts, copied by hand.
COUNTS = {
    "brag": {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096, "pair": 3744, "high_card": 16440},
    "brag-ace-high": {"prial": 52, "running_flush": 44, "run": 660, "flush": 1100, "pair": 3744, "high_card": 16500},
    "commerce": {"tricon": 52, "sequence": 48, "flush": 1096, "pair": 3744, "point": 17160},
}


def rank(text, rules="brag"):
    return rank_hand(parse_cards(text), rules=rules)


@pytest.mark.parametrize("rules", RULESETS)
def test_counts_over_all_22100_hands_match_rules_md(rules):
    assert len(ALL_HANDS) == 22100
    counts = Counter(rank_hand(hand, rules).category for hand in ALL_HANDS)
    assert dict(counts) == COUNTS[rules]
    # and the categories come best first in the order docs/rules.md lists them
    best_first = sorted({rank_hand(h, rules) for h in ALL_HANDS}, reverse=True)
    assert list(dict.fromkeys(r.category for r in best_first)) == list(COUNTS[rules])


@pytest.mark.parametrize("rules", RULESETS)
def test_the_table_orders_all_hands_as_an_independent_reading_of_the_rules(rules):
    """Sorted by the reference key (smaller is better), the engine's values never go up,
    and two hands tie in the engine exactly when they tie in the reference."""
    key = KEYS[rules]
    hands = sorted(ALL_HANDS, key=key)
    for better, worse in zip(hands, hands[1:]):
        expected_tie = key(better) == key(worse)
        b, w = rank_hand(better, rules), rank_hand(worse, rules)
        assert (b == w) == expected_tie, (better, worse)
        assert b >= w, (better, worse)


@given(st.permutations(DECK).map(lambda deck: (deck[:3], deck[3:6])), st.sampled_from(RULESETS))
def test_any_two_hands_compare_as_the_reference_says(hands, rules):
    first, second = hands
    key = KEYS[rules]
    expected = (key(first) < key(second)) - (key(first) > key(second))
    a, b = rank_hand(first, rules), rank_hand(second, rules)
    assert (a > b) - (a < b) == expected


@given(st.permutations(DECK).map(lambda deck: deck[:3]), st.sampled_from(RULESETS))
def test_the_order_of_the_cards_does_not_matter(cards, rules):
    assert rank_hand(cards, rules) == rank_hand(cards[::-1], rules) == rank_hand(cards[1:] + cards[:1], rules)


# --- Each ordering rule of docs/rules.md, with an example pair --------------------------


@pytest.mark.parametrize(
    ("better", "worse", "rules"),
    [
        # brag: categories best first
        ("2s 2h 2d", "Ah 2h 3h", "brag"),
        ("4c 3c 2c", "Qs Kd Ac", "brag"),
        ("4s 3d 2c", "As Ks Js", "brag"),
        ("5s 3s 2s", "Ah Ad Kc", "brag"),
        ("2s 2h 3d", "As Kd Jc", "brag"),
        # prials: 3-3-3 best, then aces down to 2s
        ("3s 3h 3d", "As Ah Ad", "brag"),
        ("As Ah Ad", "Ks Kh Kd", "brag"),
        ("4s 4h 4d", "2s 2h 2d", "brag"),
        # sequences: A-2-3 best, then Q-K-A, J-Q-K, ..., 2-3-4 lowest
        ("Ah 2h 3h", "Qh Kh Ah", "brag"),
        ("As 2d 3c", "Qs Kd Ac", "brag"),
        ("Qs Kd Ac", "Js Qd Kc", "brag"),
        ("5s 3d 4c", "4s 3d 2c", "brag"),
        # flush and high card: highest card, then the second, then the third
        ("As Ks 3s", "As Qs Js", "brag"),
        ("Ah Qh 5h", "Ad Qd 4d", "brag"),
        ("Ah Kd 3c", "Ad Qc Js", "brag"),
        ("Kh Jd 5c", "Kd Jc 4s", "brag"),
        # pair: the pair, then the odd card
        ("8s 8h 2d", "7s 7h Ad", "brag"),
        ("7s 7h Kd", "7d 7c 9s", "brag"),
        # brag-ace-high: prials by rank, Q-K-A best, 2-3-4 lowest, A-2-3 not a sequence
        ("As Ah Ad", "3s 3h 3d", "brag-ace-high"),
        ("Qh Kh Ah", "Jh Qh Kh", "brag-ace-high"),
        ("3s 4d 5c", "2s 3d 4c", "brag-ace-high"),
        ("2s 3d 4c", "Ah 2h 3h", "brag-ace-high"),
        ("2s 3s 4s", "2d 3d 4c", "brag-ace-high"),
        # commerce: tricons by rank, suited sequences Q-K-A best, A-2-3 lowest
        ("As Ah Ad", "3s 3h 3d", "commerce"),
        ("Ah Kh Qh", "Ah 2h 3h", "commerce"),
        ("4h 3h 2h", "Ah 2h 3h", "commerce"),
        ("Ah 2h 3h", "As Ks Js", "commerce"),
        # commerce flushes by point, not by highest card
        ("As Qs Js", "As Ks 3s", "commerce"),
        ("Qs Js 10s", "As 6s 5s", "commerce"),
        # equal point: highest card, then the next
        ("Ah 9h 2h", "Kd Qd 2d", "commerce"),
        # flush beats any pair; pair beats any point hand; mixed-suit sequence is a point hand
        ("2s 3s 5s", "As Ad Kc", "commerce"),
        ("2s 2d 3c", "As Kd Qc", "commerce"),
        ("As Kd 6c", "As Kd 5c", "commerce"),
        ("Ah 9d 2c", "Kd Qc 2s", "commerce"),
    ],
)
def test_ordering_rule(better, worse, rules):
    assert rank(better, rules) > rank(worse, rules)
    assert rank(worse, rules) < rank(better, rules)


@pytest.mark.parametrize(
    ("first", "second", "rules"),
    [
        ("As Ks Js", "Ah Kh Jh", "brag"),
        ("As Kd Jc", "Ah Kc Js", "brag"),
        ("7s 7h Kd", "7d 7c Kh", "brag"),
        ("Ah 2h 3h", "As 2s 3s", "brag"),
        ("As Kd 6c", "Ah Kc 6s", "commerce"),
        ("As Ks 6s", "Ah Kh 6h", "commerce"),
    ],
)
def test_suits_never_break_a_tie(first, second, rules):
    assert rank(first, rules) == rank(second, rules)
    assert not rank(first, rules) < rank(second, rules)


@pytest.mark.parametrize(
    ("text", "rules", "category"),
    [
        ("Ks Ad 2c", "brag", "high_card"),
        ("Ks As 2s", "brag", "flush"),
        ("Ks Ad 2c", "brag-ace-high", "high_card"),
        ("Kh Ah 2h", "commerce", "flush"),
        ("Ah 2h 3h", "brag", "running_flush"),
        ("Ah 2h 3h", "brag-ace-high", "flush"),
        ("As 2d 3c", "brag-ace-high", "high_card"),
        ("Qs Kd Ac", "commerce", "point"),
        ("Ah 2h 3h", "commerce", "sequence"),
        ("3s 3h 3d", "commerce", "tricon"),
    ],
)
def test_category(text, rules, category):
    assert rank(text, rules).category == category


def test_k_a_2_is_no_sequence_under_any_ruleset():
    for rules in RULESETS:
        assert rank("Kh Ah 2h", rules).category == "flush"


def test_a_2_3_is_the_best_sequence_under_brag_but_none_under_ace_high():
    assert rank("As 2d 3c") > rank("Qs Kd Ac")
    assert rank("As 2d 3c", "brag-ace-high") < rank("2s 3d 4c", "brag-ace-high")


@pytest.mark.parametrize(
    ("text", "rules", "label"),
    [
        ("3s 3h 3d", "brag", "Prial of 3s"),
        ("Ah 2h 3h", "brag", "Running flush A-2-3"),
        ("As 2d 3c", "brag", "Run A-2-3"),
        ("10h 9d 8c", "brag", "Run 8-9-10"),
        ("Qh Kh Ah", "brag-ace-high", "Running flush Q-K-A"),
        ("7s 7h Kd", "brag", "Pair of 7s, king kicker"),
        ("Ks Kh 9d", "brag", "Pair of kings, 9 kicker"),
        ("As Js 4s", "brag", "Ace-high flush (A-J-4)"),
        ("10s 8s 4s", "brag", "10-high flush (10-8-4)"),
        ("As Kd 6c", "brag", "Ace high (A-K-6)"),
        ("As Kd 6c", "commerce", "Point 27 (A-K-6)"),
        ("As Js 4s", "commerce", "Flush, point 25 (A-J-4)"),
        ("As Ah Ad", "commerce", "Tricon of aces"),
        ("Ah 2h 3h", "commerce", "Sequence A-2-3"),
    ],
)
def test_labels_read_as_a_player_would_say_them(text, rules, label):
    assert rank(text, rules).label == label
    assert str(rank(text, rules)) == label


def test_rank_hand_defaults_to_brag_and_accepts_text():
    assert rank_hand(parse_cards("3s 3h 3d")) == rank_hand("3s 3h 3d", "brag")
    assert isinstance(rank_hand("As Ks Qs"), HandRank)


def test_rank_hand_refuses_parsed_cards_that_are_not_three_different_cards():
    a, k = DECK[-1], DECK[-5]
    with pytest.raises(CardError, match=r"^A♣ is entered twice$"):
        rank_hand((a, a, k))
    with pytest.raises(CardError, match=r"^expected three cards, got 2: A♣ K♣$"):
        rank_hand((a, k))
    with pytest.raises(CardError, match="expected three cards"):
        rank_hand(None)


def test_rank_hand_refuses_an_unknown_ruleset():
    with pytest.raises(ValueError) as error:
        rank_hand(parse_cards("As Ks Qs"), rules="poker")
    assert error.value.args == (
        'unknown ruleset "poker": expected one of brag, brag-ace-high, commerce, or a mapping '
        'of ranking options: top_prial, ace_two_three, flush_over_run (Brag), or "game": '
        '"commerce" with ace_two_three, flush_by, point_by',
    )


def test_ranks_of_different_rulesets_do_not_compare():
    with pytest.raises(TypeError):
        assert rank("As Ks Qs", "brag") < rank("As Ks Qs", "commerce")
    assert rank("As Ks Qs", "brag") != "Running flush Q-K-A"


def test_equal_hands_share_one_rank_value():
    assert rank_hand(parse_cards("As Ks Js")) is rank_hand(parse_cards("Ah Kh Jh"))
