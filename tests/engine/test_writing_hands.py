"""One way of writing a hand (docs/rules.md, Brag hands: Writing hands): a run, running
flush or sequence lowest first ("J-Q-K", "Q-K-A", and "A-2-3" wherever A-2-3 is one), a
pair's pair then the odd card, any other hand highest first; in its label, its verdicts,
the event texts and every hand's cards the engine lays out."""

from __future__ import annotations

import datetime
from itertools import product

import pytest

from engine import DECK, check_setting, hand_ranking, in_reading_order, parse_cards, rank_hand, replay, show_hand
from engine.house_rules import RANKING_OPTIONS
from engine.ranking import SEQUENCES, composed
from engine.recap import Evening, GamePlayed, recap
from engine.verdicts import why_beats

SHORT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

# Every ranking the options make: twelve Brag ones and eight Commerce ones.
RANKINGS = [
    composed(game, values).name
    for game, options in RANKING_OPTIONS.items()
    for values in product(*(tuple(choice.value for choice in option.choices) for option in options))
]


def dashed(cards) -> str:
    return "-".join(SHORT.get(card.rank, str(card.rank)) for card in cards)


def test_every_ranking_is_listed():
    assert len(RANKINGS) == 20 and {"brag", "brag-ace-high", "commerce"} <= set(RANKINGS)


@pytest.mark.parametrize("rules", RANKINGS)
def test_every_run_and_running_flush_is_written_lowest_first_in_its_label_and_its_cards(rules):
    table = composed(*_game_and_values(rules)).table
    runs = 0
    for hand, rank in table.items():
        if rank.category not in SEQUENCES:
            continue
        runs += 1
        cards = in_reading_order(_cards_of(hand)[::-1], rules)  # given highest first
        ranks = [card.rank for card in cards]
        # Lowest first, as a sequence is counted; where A-2-3 is a sequence, its ace is low.
        assert ranks == [14, 2, 3] or ranks == list(range(ranks[0], ranks[0] + 3)), rank.label
        # The label writes the same ranks in the same order as the cards are laid out.
        assert rank.label.endswith(" " + dashed(cards)) and rank.phrase.endswith(" " + dashed(cards))
        assert show_hand(cards[::-1], rules) == " ".join(map(str, cards))
    assert runs in (44 + 660, 48 + 720, 44, 48)  # Brag: running flushes and runs; Commerce: sequences


@pytest.mark.parametrize("rules", RANKINGS)
def test_every_other_hand_is_written_highest_first_a_pair_by_its_pair(rules):
    for hand, rank in composed(*_game_and_values(rules)).table.items():
        if rank.category in SEQUENCES:
            continue
        cards = in_reading_order(_cards_of(hand)[::-1], rules)  # given lowest first
        ranks = [card.rank for card in cards]
        if rank.category == "pair":
            assert ranks[0] == ranks[1] == rank.key[0] and ranks[2] == rank.key[1]
        else:
            assert ranks == sorted(ranks, reverse=True)
            if "(" in rank.label:  # "Queen-high flush (Q-8-3)", "Point 21 (Q-8-3)"
                assert rank.label.endswith(f"({dashed(cards)})")


def _game_and_values(name):
    ranking = hand_ranking(name)
    return ranking.game, ranking.values


def _cards_of(hand: int):
    return tuple(card for card in DECK if card & hand)  # lowest first


# Runs typed every other way round, under the ranking that makes each one a run.
TYPED_RUNS = [
    ("Kc Qc Jc", "brag", "J♣ Q♣ K♣", "running flush J-Q-K"),
    ("Ac Kd Qh", "brag", "Q♥ K♦ A♣", "run Q-K-A"),
    ("Kd Ac Qh", "brag-ace-high", "Q♥ K♦ A♣", "run Q-K-A"),
    ("3h 2h Ah", "brag", "A♥ 2♥ 3♥", "running flush A-2-3"),
    ("3h Ah 2s", {"ace_two_three": "bottom"}, "A♥ 2♠ 3♥", "run A-2-3"),
    ("10d 9s 8d", {"flush_over_run": True}, "8♦ 9♠ 10♦", "run 8-9-10"),
]


@pytest.mark.parametrize(("typed", "rules", "written", "phrase"), TYPED_RUNS)
def test_a_foul_and_the_setting_check_write_a_run_as_its_label_does(typed, rules, written, phrase):
    rank = rank_hand(parse_cards(typed), rules)
    assert rank.phrase == phrase
    check = check_setting(["2s 2d 5c", typed], rules=rules)
    assert not check.in_order
    assert check.text.startswith(f"hand 2 ({written}, a ")
    assert check.text.endswith(f"legal order: {written}, 2♠ 2♦ 5♣")
    assert " ".join(map(str, check.legal_order[0])) == written


def test_a_run_that_a_ranking_option_makes_no_run_is_ace_high():
    assert show_hand(parse_cards("2h 3s Ah"), "brag-ace-high") == "A♥ 3♠ 2♥"
    assert rank_hand(parse_cards("2h 3s Ah"), "brag-ace-high").label == "Ace high (A-3-2)"


def test_a_verdict_between_two_runs_writes_both_lowest_first():
    better, worse = rank_hand(parse_cards("Kc Qd Jh"), "brag"), rank_hand(parse_cards("Qs Js 10h"), "brag")
    assert why_beats(better, worse) == "the run J-Q-K beats the run 10-J-Q"


@pytest.mark.parametrize(("typed", "rules", "written", "phrase"), TYPED_RUNS)
def test_the_hand_of_the_night_shows_a_run_lowest_first(typed, rules, written, phrase):
    rounds = [{"hands": {"Ann": typed, "Bob": "2c 5d 9h"}}]
    outcome = replay("stop_the_bus", ["Ann", "Bob"], rounds, rules=rules)
    told = recap(Evening("Friday", (GamePlayed(1, outcome, tuple(rounds), ()),), (), datetime.date(2026, 11, 20)))
    item = next(item for item in told.items if item.kind == "hand_of_the_night")
    assert " ".join(map(str, parse_cards(" ".join(item.cards)))) == written
    assert item.text.startswith(f"Ann's {phrase}, ")
