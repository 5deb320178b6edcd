"""Crash hindsight (engine.hindsight): the best rearrangement of each player's placed cards
equals a plain brute force over every legal setting on 1,000 random rounds, agrees with the
referee's own replay, and says the hand-worked cases in words a player accepts."""

import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from engine import format_cards, replay
from engine.crash import read_round
from engine.hindsight import game_hindsight, hindsight, round_hindsight

from .crash_rounds import random_round
from .hindsight_brute_force import brute_force

ROUNDS, SEED = 1_000, 18


def checked(seeds: range) -> list[tuple]:
    """What the brute-force check met on rounds made from these seeds: (round facts, mismatch or None)."""
    met = []
    for seed in seeds:
        players, options, entry = random_round(random.Random(seed))
        outcome = replay("crash", players, [entry], **options)
        settings = outcome.settings
        found = round_hindsight(outcome, [entry], 1)
        if outcome.rounds[0].void:
            met.append(((settings.preset, len(players), settings.cards, "void", False), "" if not found else "told"))
            continue
        placed = read_round(entry, players, players, settings).placed
        fouled = [] if settings.sorts else [n for e in outcome.rounds[0].events if e.kind == "foul" for n in e.players]
        wrong = None
        for name, told in found.items():
            got = (told.could.points, told.could.crash, told.could.wins_game, told.moved, [frozenset(h) for h in told.best])
            if got != brute_force(name, placed, fouled, settings):
                wrong = (seed, name)
        expected = {name for name, hands in placed.items() if hands}
        if set(found) != expected:
            wrong = (seed, "players", sorted(found))
        met.append(((settings.preset, len(players), settings.cards, "played", any(t.better for t in found.values())),
                    wrong))
    return met


def test_hindsight_equals_brute_force_over_every_legal_setting_on_1000_random_rounds():
    halves = [range(SEED, SEED + ROUNDS // 2), range(SEED + ROUNDS // 2, SEED + ROUNDS)]
    with ProcessPoolExecutor(2) as pool:
        met = [fact for half in pool.map(checked, halves) for fact in half]
    assert len(met) == ROUNDS
    assert [wrong for _, wrong in met if wrong] == []
    facts = [fact for fact, _ in met]
    assert {preset for preset, *_ in facts} == {"classic", "arena"}
    assert {players for _, players, *_ in facts} == {2, 3, 4}
    assert {cards for _, _, cards, *_ in facts} == {9, 13}
    assert sum(better for *_, better in facts) > ROUNDS // 4  # not a check that holds vacuously


def test_what_the_placed_hands_and_the_best_setting_score_is_what_the_referee_says():
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        players, options, entry = random_round(rng)
        options = {**options, "target": 99}
        outcome = replay("crash", players, [entry], **options)
        for name, told in round_hindsight(outcome, [entry], 1).items():
            if not told.scored.fouled and not told.scored.wins_game:
                assert told.scored.points == outcome.rounds[0].deltas[name]
            best = {"hands": {**entry["hands"], name: [format_cards(hand) for hand in told.best]}}
            again = replay("crash", players, [best], **options)
            if told.could.wins_game:
                assert again.winners == (name,) and any(e.kind == "crash" for e in again.rounds[0].events)
            else:
                assert again.rounds[0].deltas[name] == told.could.points
            compared += 1
    assert compared > 500


# --- Hand-worked cases -----------------------------------------------------------------------------

def told(rounds, players=("Ann", "Bob"), **options):
    """The last round's hindsight, by player."""
    return hindsight(list(players), rounds, **options)[-1]


# Bob's pairs, and Ann's hands, two of which win nothing: swapped 9♣ for 7♦, they win everything.
BOB = ["QH QD 7C", "JH JD 6C", "TH TD 6D", "5H 5S 4C"]
ANN = ["3S 3H 3D", "AS KS QS", "9C 8D 6S", "9D 7D 2H"]
ANN_CRASHES = "3♦ 3♥ 3♠ · A♠ K♠ Q♠ · 8♦ 7♦ 6♠ · 9♣ 9♦ 2♥ (by moving 2 cards)"


def test_a_missed_crash_that_would_have_won_the_game():
    found = told([{"hands": {"Ann": ANN, "Bob": BOB}}])
    ann = found["Ann"]
    assert (ann.scored.points, ann.could.points, ann.could.wins_game, ann.moved) == (2, 4, True, 2)
    assert ann.text == f"Ann could have crashed, which wins the game, with {ANN_CRASHES}"
    assert not found["Bob"].better and found["Bob"].text == "Bob could not have done better with these cards"


def test_in_arena_the_missed_crash_is_its_four_positions_and_a_point_more():
    ann = told([{"hands": {"Ann": ANN, "Bob": BOB}}], preset="arena")["Ann"]
    assert (ann.could.points, ann.could.crash, ann.could.wins_game, ann.points_missed) == (5, True, False, 3)
    assert ann.text == f"Ann could have scored 5 (a crash) instead of 2 with {ANN_CRASHES}"


def test_a_foul_avoided_by_playing_the_same_hands_in_order():
    ann = told([{"hands": {"Ann": ["AS AH 5D", "KC QC JC"], "Bob": ["QH QD 2C", "JH JD 3C"]}}])["Ann"]
    assert ann.scored.fouled and ann.moved == 0 and ann.points_missed == 2
    assert ann.text == ("Ann could have scored 2 and not fouled with K♣ Q♣ J♣ · A♥ A♠ 5♦ "
                        "(by playing the same hands in order)")


def test_a_foul_that_cost_nothing_but_the_foul():
    ann = told([{"hands": {"Ann": ["2S 2H 5D", "3C 4D 5S"], "Bob": ["AH AD AC", "KH KD KC"]}}],
               ignore="pair")["Ann"]  # the run loses to the prial, and the pair of 2s cannot score
    assert (ann.scored.fouled, ann.could.points, ann.points_missed) == (True, 0, 0)
    assert ann.text == "Ann could have avoided the foul with 5♠ 4♦ 3♣ · 5♦ 2♥ 2♠ (by playing the same hands in order)"


def test_a_four_of_a_kind_bonus_lost_to_a_foul_is_won_back_by_moving_two_cards():
    # All four 7s, placed with the better pair on the right: a foul, and no bonus. Set as a
    # prial they win position 1 and keep the bonus.
    ann = told([{"hands": {"Ann": ["7S 7H 2D", "7D 7C 9S"], "Bob": ["AH AD 5C", "KH KD 6C"]}}],
               out_of_order="foul_round")["Ann"]
    assert (ann.scored.points, ann.could.points, ann.moved) == (0, 2, 2)
    assert ann.text == "Ann could have scored 2 and not fouled with 7♣ 7♦ 7♥ · 9♠ 7♠ 2♦ (by moving 2 cards)"
    without_bonus = told([{"hands": {"Ann": ["7S 7H 2D", "7D 7C 9S"], "Bob": ["AH AD 5C", "KH KD 6C"]}}],
                         out_of_order="foul_round", quads="off")["Ann"]
    assert without_bonus.could.points == 1


def test_next_best_a_tie_above_cancels_and_the_hand_below_scores():
    # Ann's and Bob's runs tie at position 1; Cy placed his kings there, and nothing that scores at 2.
    rounds = [{"hands": {"Ann": ["QS JH TD"], "Bob": ["QC JD TH"], "Cy": ["KC KD 2S", "3C 4S 8H"]}}]
    nobody = told(rounds, players=("Ann", "Bob", "Cy"))["Cy"]
    next_best = told(rounds, players=("Ann", "Bob", "Cy"), stick_up="next_best")["Cy"]
    assert (nobody.scored.points, nobody.could.points) == (0, 1)  # the kings alone at position 2
    assert (next_best.scored.points, next_best.could.points) == (1, 2)  # and the run 2-3-4 scores position 1
    assert next_best.text == "Cy could have scored 2 instead of 1 with 4♠ 3♣ 2♠ · K♣ K♦ 8♥ (by moving 2 cards)"


def test_the_one_player_the_others_fouls_leave_cannot_crash():
    rounds = [{"hands": {"Ann": ANN, "Bob": ["2C 2D 4H", "AC KC QC"]}}]  # Bob fouls
    ann = told(rounds, out_of_order="foul_round")["Ann"]
    assert (ann.scored.points, ann.could.points, ann.could.crash) == (2, 4, False)
    assert ann.text == f"Ann could have scored 4 instead of 2 with {ANN_CRASHES}"
    ann = told(rounds)["Ann"]  # foul_out: Bob is out and Ann wins there: nothing is scored
    assert (ann.scored.points, ann.could.points, ann.better) == (0, 0, False)


def test_no_better_setting_is_said_plainly():
    found = told([{"hands": {"Ann": ["AS AH AD"], "Bob": ["2C 3D 5H"]}}])
    assert not found["Ann"].better and found["Ann"].text == "Ann could not have done better with these cards"
    assert found["Ann"].points_missed == 0


def test_declarations_and_void_deals_have_no_hindsight():
    six_pairs = {"hands": {"Ann": ["AS AH AD"]},
                 "declarations": {"Bob": ["six_pairs", "2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S"]}}
    assert told([six_pairs]) == {}
    both_foul = {"hands": {"Ann": ["2S 2H 5D", "AS KS QS"], "Bob": ["3C 3D 6H", "JH QH KH"]}}
    assert told([both_foul]) == {}


def test_a_player_out_after_a_foul_has_no_hindsight_in_later_rounds():
    players = ["Ann", "Bob", "Cy"]
    rounds = [{"hands": {"Ann": ["2S 2H 5D", "AS KS QS"], "Bob": ["3C 3D 6H"], "Cy": ["4C 4D 7H"]}},
              {"hands": {"Bob": ["9H 9C 2D", "3C 3D 6H"], "Cy": ["4C 4D 7H"]}}]
    outcome = replay("crash", players, rounds)
    assert outcome.out == ("Ann",)
    every = game_hindsight(outcome, rounds)
    assert set(every[1]) == {"Ann", "Bob", "Cy"} and set(every[2]) == {"Bob", "Cy"}
    assert [set(found) for found in hindsight(players, rounds)] == [{"Ann", "Bob", "Cy"}, {"Bob", "Cy"}]


def test_a_four_of_a_kind_bonus_is_lost_to_another_players_crash_and_won_by_stopping_it():
    ann = ["7D 7C 3S", "7S 7H 2D", "9S 8S 4C", "6D 4D 2H"]  # all four 7s, and nothing that beats Bob
    bob = ["AS AH AD", "KS KH KD", "QS QH QD", "5C 5D 9H"]
    found = told([{"hands": {"Ann": ann, "Bob": bob}}])
    assert found["Bob"].scored.wins_game  # Bob's crash wins the game: Ann's bonus is not scored
    assert (found["Ann"].scored.points, found["Ann"].could.points) == (0, 2)
    assert found["Ann"].text == ("Ann could have scored 2 instead of 0 with 9♠ 8♠ 7♣ · 4♣ 3♠ 2♥ · 7♦ 6♦ 4♦ · "
                                 "7♥ 7♠ 2♦ (by moving 4 cards)")
