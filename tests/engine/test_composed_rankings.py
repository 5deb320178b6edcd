"""The twelve Brag rankings and eight Commerce rankings of docs/rules.md's ranking options, composed
from ranking options: their counts, their order against an independent reading, and the
two contracts (rank_hand's rules=, the named rankings unchanged)."""

import hashlib
from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import DECK, RULESETS, HandRank, hand_ranking, parse_cards, rank_hand

from .reference import ALL_HANDS, brag_key, commerce_key

BRAG_OPTIONS = [
    dict(top_prial=p, ace_two_three=s, flush_over_run=f)
    for p, s, f in product(("threes", "aces"), ("top", "bottom", "none"), (False, True))
]
COMMERCE_OPTIONS = [
    dict(game="commerce", ace_two_three=s, flush_by=f, point_by=p)
    for s, f, p in product(("bottom", "none"), ("point", "cards"), ("sum_then_cards", "sum"))
]
ALL_OPTIONS = BRAG_OPTIONS + COMMERCE_OPTIONS

# As docs/rules.md, Brag hands: Hand counts, says: bottom has brag's counts, none those of brag-ace-high, and
# flush_over_run swaps run and flush in the order, not the counts. Commerce's none moves
# the four suited A-2-3s from sequence to flush.
WITH_A23 = {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096, "pair": 3744, "high_card": 16440}
WITHOUT_A23 = {"prial": 52, "running_flush": 44, "run": 660, "flush": 1100, "pair": 3744, "high_card": 16500}
COMMERCE_WITH_A23 = {"tricon": 52, "sequence": 48, "flush": 1096, "pair": 3744, "point": 17160}
COMMERCE_WITHOUT_A23 = {"tricon": 52, "sequence": 44, "flush": 1100, "pair": 3744, "point": 17160}


def expected_counts(options):
    if options.get("game") == "commerce":
        return COMMERCE_WITHOUT_A23 if options["ace_two_three"] == "none" else COMMERCE_WITH_A23
    counts = WITHOUT_A23 if options["ace_two_three"] == "none" else WITH_A23
    flush_first = ["prial", "running_flush", "flush", "run", "pair", "high_card"]
    order = flush_first if options["flush_over_run"] else list(counts)
    return {category: counts[category] for category in order}


def reference_key(options):
    options = dict(options)
    if options.pop("game", "brag") == "commerce":
        return lambda cards: commerce_key(cards, **options)
    return lambda cards: brag_key(cards, **options)


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=str)
def test_every_composed_ranking_counts_as_rules_md_says_and_orders_its_categories(options):
    counts = Counter(rank_hand(hand, options).category for hand in ALL_HANDS)
    expected = expected_counts(options)
    assert dict(counts) == expected
    best_first = sorted({rank_hand(h, options) for h in ALL_HANDS}, reverse=True)
    assert list(dict.fromkeys(r.category for r in best_first)) == list(expected)
    assert hand_ranking(options).categories == tuple(expected)


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=str)
def test_every_composed_ranking_orders_all_hands_as_the_independent_reading(options):
    key = reference_key(options)
    hands = sorted(ALL_HANDS, key=key)
    for better, worse in zip(hands, hands[1:]):
        b, w = rank_hand(better, options), rank_hand(worse, options)
        assert (b == w) == (key(better) == key(worse)), (better, worse)
        assert b >= w, (better, worse)


def test_there_are_twenty_rankings_three_of_them_named():
    rankings = {hand_ranking(options) for options in ALL_OPTIONS}
    assert len(rankings) == 20
    assert sorted(r.name for r in rankings if r.named) == sorted(RULESETS)


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({}, "brag"),
        ({"top_prial": "threes", "ace_two_three": "top", "flush_over_run": False}, "brag"),
        ({"game": "brag", "flush_over_run": False}, "brag"),
        ({"top_prial": "aces", "ace_two_three": "none"}, "brag-ace-high"),
        ({"game": "commerce"}, "commerce"),
        (
            {"game": "commerce", "ace_two_three": "bottom", "flush_by": "point", "point_by": "sum_then_cards"},
            "commerce",
        ),
        ({"top_prial": "aces", "ace_two_three": "bottom", "flush_over_run": True}, "brag:ABF"),
        ({"flush_over_run": True}, "brag:3TF"),
        ({"game": "commerce", "flush_by": "cards", "point_by": "sum"}, "commerce:BCS"),
    ],
)
def test_a_ranking_is_named_after_its_options_and_the_name_is_taken_back(options, name):
    ranking = hand_ranking(options)
    assert ranking.name == name
    assert hand_ranking(name) is ranking
    assert rank_hand("As Ks Qs", name).rules == name


@given(st.sampled_from(range(len(ALL_HANDS))))
def test_brag_and_brag_ace_high_given_as_options_are_the_named_rankings(index):
    hand = ALL_HANDS[index]
    assert rank_hand(hand, {}) is rank_hand(hand, "brag")
    assert rank_hand(hand, {"top_prial": "aces", "ace_two_three": "none"}) is rank_hand(hand, "brag-ace-high")
    assert rank_hand(hand, {"game": "commerce"}) is rank_hand(hand, "commerce")


# The named tables as the main branch builds them (a digest of every hand's value, category,
# key, ranks, label and phrase): the house rules change none of them.
NAMED_DIGESTS = {
    "brag": "0dbd563aefe304d812597c32615ddd24",
    "brag-ace-high": "21edec47433d93102c8c4cd3bcafc8f2",
    "commerce": "ddf63e0e319b70c37279e7007a9e5c28",
}


@pytest.mark.parametrize("rules", RULESETS)
def test_the_named_rankings_are_unchanged(rules):
    digest = hashlib.sha256()
    for hand in ALL_HANDS:
        r = rank_hand(hand, rules)
        digest.update(repr((r.value, r.category, r.key, r.ranks, r.label, r.phrase)).encode())
    assert digest.hexdigest()[:32] == NAMED_DIGESTS[rules]


three_hands = st.permutations(DECK).map(lambda deck: (deck[0:3], deck[3:6], deck[6:9]))


@given(three_hands, st.sampled_from(ALL_OPTIONS))
def test_a_ranking_is_a_total_preorder(hands, options):
    a, b, c = (rank_hand(hand, options) for hand in hands)
    assert a == a and a <= a and a >= a  # reflexive
    assert [a < b, a == b, a > b].count(True) == 1  # total: exactly one holds
    assert (a <= b) == (a < b or a == b) and (a >= b) == (b <= a)
    if a <= b and b <= c:  # transitive
        assert a <= c
    if a == b:  # a tie is a tie against everything
        assert (a < c) == (b < c) and (a > c) == (b > c)


@given(st.permutations(DECK).map(lambda deck: deck[:3]), st.sampled_from(ALL_OPTIONS))
def test_the_order_of_the_cards_does_not_matter_under_any_ranking(cards, options):
    assert rank_hand(cards, options) == rank_hand(cards[::-1], options) == rank_hand(cards[1:] + cards[:1], options)


@pytest.mark.parametrize(
    ("better", "worse", "options"),
    [
        # top_prial
        ("As Ah Ad", "3s 3h 3d", {"top_prial": "aces"}),
        ("3s 3h 3d", "As Ah Ad", {"top_prial": "threes"}),
        # ace_two_three=bottom: A-2-3 is the lowest sequence, Q-K-A the best
        ("Qs Kd Ac", "As 2d 3c", {"ace_two_three": "bottom"}),
        ("2s 3d 4c", "As 2d 3c", {"ace_two_three": "bottom"}),
        ("As 2d 3c", "As Ks Js", {"ace_two_three": "bottom"}),  # still a run
        ("4h 3h 2h", "Ah 2h 3h", {"ace_two_three": "bottom"}),
        # ace_two_three=none with threes on top
        ("2s 3d 4c", "Ah 2h 3h", {"ace_two_three": "none"}),
        ("3s 3h 3d", "As Ah Ad", {"ace_two_three": "none"}),
        # flush_over_run: a flush beats a run, a running flush both, a prial all
        ("2s 3s 5s", "Qs Kd Ac", {"flush_over_run": True}),
        ("4c 3c 2c", "As Ks Js", {"flush_over_run": True}),
        ("2s 2h 2d", "Ah 2h 3h", {"flush_over_run": True}),
        ("4s 3d 2c", "As Ad Kc", {"flush_over_run": True}),
        # Commerce: A-2-3 of one suit is a flush under none
        ("4h 3h 2h", "Ah 2h 3h", {"game": "commerce", "ace_two_three": "none"}),
        ("Ah 2h 3h", "As Ad Kc", {"game": "commerce", "ace_two_three": "none"}),
        ("As Js 4s", "Ah 2h 3h", {"game": "commerce", "ace_two_three": "none"}),
        # flush_by=cards: the highest card first, point ignored
        ("As Ks 3s", "Qs Js 9s", {"game": "commerce", "flush_by": "cards"}),
        ("Qs Js 9s", "As Ks 3s", {"game": "commerce", "flush_by": "point"}),
        # point_by=sum_then_cards: equal point, the highest card decides
        ("Ah 9d 2c", "Kd Qc 2s", {"game": "commerce"}),
    ],
)
def test_each_option_changes_the_order_as_rules_md_says(better, worse, options):
    assert rank_hand(better, options) > rank_hand(worse, options)


def test_point_by_sum_ties_equal_points_whatever_the_cards():
    options = {"game": "commerce", "point_by": "sum"}
    ace_nine, king_queen = rank_hand("Ah 9d 2c", options), rank_hand("Kd Qc 2s", options)
    assert ace_nine == king_queen and ace_nine is not king_queen
    assert (ace_nine.label, king_queen.label) == ("Point 22 (A-9-2)", "Point 22 (K-Q-2)")
    assert rank_hand("Ah 9d 3c", options) > king_queen  # a higher point still wins


@pytest.mark.parametrize(
    ("text", "options", "label"),
    [
        ("As 2d 3c", {"ace_two_three": "bottom"}, "Run A-2-3"),
        ("Ah 2h 3h", {"top_prial": "aces", "ace_two_three": "none", "flush_over_run": True}, "Ace-high flush (A-3-2)"),
        ("As Js 4s", {"game": "commerce", "flush_by": "cards"}, "Ace-high flush (A-J-4)"),
        ("As Js 4s", {"game": "commerce", "point_by": "sum"}, "Flush, point 25 (A-J-4)"),
        ("Ah 2h 3h", {"game": "commerce", "ace_two_three": "none"}, "Flush, point 16 (A-3-2)"),
    ],
)
def test_labels_under_composed_rankings(text, options, label):
    assert rank_hand(text, options).label == label


def test_ranks_of_different_rankings_do_not_compare():
    with pytest.raises(TypeError, match="^cannot compare a brag:3TF rank with a brag rank$"):
        assert rank_hand("As Ks Qs", {"flush_over_run": True}) < rank_hand("As Ks Qs")


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"top_prial": "kings"}, "top_prial must be one of 'threes', 'aces', got 'kings'"),
        ({"ace_two_three": "low"}, "ace_two_three must be one of 'top', 'bottom', 'none', got 'low'"),
        ({"flush_over_run": "yes"}, "flush_over_run must be one of False, True, got 'yes'"),
        ({"flush_over_run": 1}, "flush_over_run must be one of False, True, got 1"),
        ({"game": "commerce", "ace_two_three": "top"}, "ace_two_three must be one of 'bottom', 'none', got 'top'"),
        ({"game": "commerce", "flush_by": ["point"]}, "flush_by must be one of 'point', 'cards', got ['point']"),
        ({"game": "poker"}, "game must be one of 'brag', 'commerce', got 'poker'"),
        ({"game": ["brag"]}, "game must be one of 'brag', 'commerce', got ['brag']"),
        (
            {"flush_by": "cards"},
            'unknown Brag ranking option "flush_by": expected top_prial, ace_two_three, flush_over_run',
        ),
        (
            {"game": "commerce", "top_prial": "aces"},
            'unknown Commerce ranking option "top_prial": expected ace_two_three, flush_by, point_by',
        ),
        (
            "brag:XYZ",
            'unknown ruleset "brag:XYZ": expected one of brag, brag-ace-high, commerce, or a mapping of '
            'ranking options: top_prial, ace_two_three, flush_over_run (Brag), or "game": "commerce" with '
            "ace_two_three, flush_by, point_by",
        ),
        (
            3,
            "unknown ruleset 3: expected one of brag, brag-ace-high, commerce, or a mapping of ranking options: "
            'top_prial, ace_two_three, flush_over_run (Brag), or "game": "commerce" with ace_two_three, flush_by, '
            "point_by",
        ),
    ],
)
def test_an_unknown_option_or_value_is_refused_naming_it_and_what_is_accepted(rules, message):
    with pytest.raises(ValueError) as error:
        rank_hand(parse_cards("As Ks Qs"), rules=rules)
    assert error.value.args == (message,)


def test_a_refused_mapping_is_refused_every_time_even_when_an_equal_one_was_taken():
    assert rank_hand("As Ks Qs", {"flush_over_run": False}).rules == "brag"  # False == 0, and hashes alike
    for _ in range(2):
        with pytest.raises(ValueError, match="^flush_over_run must be one of False, True, got 0$"):
            rank_hand("As Ks Qs", {"flush_over_run": 0})
    assert rank_hand("As Ks Qs", {"flush_over_run": True}).rules == "brag:3TF"
    with pytest.raises(ValueError, match="^flush_over_run must be one of False, True, got 1$"):
        hand_ranking({"flush_over_run": 1})


def test_a_composed_table_is_built_once_and_shared():
    options = {"top_prial": "aces", "flush_over_run": True}
    first = rank_hand("As Ks Qs", options)
    assert isinstance(first, HandRank) and rank_hand("Ah Kh Qh", dict(options)) is first
    assert hand_ranking(options).table is hand_ranking(dict(reversed(options.items()))).table
