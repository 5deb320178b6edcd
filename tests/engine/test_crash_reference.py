"""The reference opponent behind the Crash setting tool's win chances, and the tables the
engine ships (engine/data/crash_reference.json)."""

import math
from importlib.resources import files
from itertools import combinations

import pytest

from engine import DECK, hand_ranking, parse_cards
from engine.crash_reference import (
    DATA_FILE,
    SEED,
    SHAPES,
    brag_rankings,
    dumps,
    generate,
    greedy_counts,
    reference_table,
    shape_of,
    shape_values,
    shipped,
)

SAMPLE_DEALS = 3_000
SIGMAS = 5


def greedy(cards, ranking="brag"):
    """The shapes the greedy opponent sets from these cards, position by position."""
    deal = [DECK.index(card) for card in parse_cards(cards)]
    counts = greedy_counts([deal], [ranking], len(deal))[0]
    return [SHAPES[at.index(1)] for at in counts]


def test_the_twelve_brag_rankings_are_every_combination_of_the_three_options():
    rankings = brag_rankings()
    assert len(set(rankings)) == 12 and {"brag", "brag-ace-high"} <= set(rankings)
    assert {hand_ranking(name).game for name in rankings} == {"brag"}


def test_under_every_brag_ranking_each_value_is_one_shape_so_counting_shapes_loses_nothing():
    assert len(SHAPES) == 741 == len({shape_of(a | b | c) for a, b, c in combinations(DECK, 3)} & set(SHAPES))
    for ranking in brag_rankings():
        assert sorted(shape_values(ranking)) == list(range(741)), ranking


def test_the_greedy_opponent_sets_the_best_hand_of_what_is_left_four_times():
    cards = "3s 3h 3d As Ah Ad 8s 8h 8d 6c 6d Jc 2h"  # the 2 is left over
    assert greedy(cards) == ["333", "AAA", "888", "J66"]
    assert greedy(cards, "brag-ace-high") == ["AAA", "888", "333", "J66"]


def test_the_greedy_opponent_breaks_a_tie_with_the_lowest_cards():
    # 4♠ 5♥ 6♠ and 4♠ 5♥ 6♦ are the same run; taking 6♠ (the lower card) leaves the diamonds a flush.
    assert greedy("4s 5h 6s 6d 9d 2d Kc Qh Ts") == ["654", "962s", "KQT"]


def test_the_shipped_file_covers_every_brag_ranking_and_both_deals_over_enough_deals():
    data = shipped()
    assert data["seed"] == SEED and data["deals"] >= 200_000
    assert sorted(data["shapes"]) == sorted(SHAPES)
    assert set(data["tables"]) == set(brag_rankings())
    for ranking, by_cards in data["tables"].items():
        assert set(by_cards) == {"13", "9"}
        for cards, positions in by_cards.items():
            assert len(positions) == int(cards) // 3
            assert all(sum(counts) == data["deals"] for counts in positions), (ranking, cards)


def test_the_shipped_file_is_written_as_the_generator_writes_it():
    text = files("engine").joinpath(DATA_FILE).read_text(encoding="utf-8")
    assert dumps(shipped()) == text


def test_a_reference_table_counts_the_hands_strictly_below_each_value():
    table = reference_table("brag", 13)
    best = max(shape_values("brag"))
    for below in table.below:
        assert below[0] == 0 and below[best + 1] == table.deals
        assert all(a <= b for a, b in zip(below, below[1:]))
    # A prial of 3s, the best hand, is beaten by nothing, but ties the other prials of 3s.
    three_threes = hand_ranking("brag").table[sum(parse_cards("3s 3h 3d"))].value
    at_one = shipped()["tables"]["brag"]["13"][0][shipped()["shapes"].index("333")]
    assert table.below[0][three_threes] == table.deals - at_one


def test_the_tables_are_the_same_dealt_in_one_process_or_several():
    assert generate(60, seed=7, workers=2, rankings=["brag:ABF"]) == generate(60, seed=7, rankings=["brag:ABF"])


@pytest.fixture(scope="module")
def sample():
    """The tables again, from another seed and a few thousand deals."""
    return generate(SAMPLE_DEALS, seed=SEED + 1)


@pytest.mark.parametrize("cards", [13, 9])
@pytest.mark.parametrize("ranking", brag_rankings())
def test_a_sample_from_another_seed_agrees_with_the_shipped_tables_within_sampling_error(sample, ranking, cards):
    shipped_table = reference_table(ranking, cards)
    sampled = reference_table(ranking, cards, sample)
    n, big = sampled.deals, shipped_table.deals
    off = []
    for position, (ours, theirs) in enumerate(zip(sampled.below, shipped_table.below), 1):
        for value, (a, b) in enumerate(zip(ours, theirs)):
            p, q = b / big, a / n
            # Both shares are estimates: SIGMAS standard errors of their difference, and two
            # hands of the sample, as the normal bound is loose for shares near 0 or 1.
            if abs(p - q) > SIGMAS * math.sqrt(p * (1 - p) * (1 / n + 1 / big)) + 2 / n:
                off.append((position, value, q, p))
    assert off == []
