"""Crash hindsight (engine.hindsight): the best rearrangement of each player's placed cards
equals a plain brute force over every legal setting on 1,000 random rounds, agrees with the
referee's own replay, and says the hand-worked cases in words a player accepts."""

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from engine import format_cards, replay
from engine.crash import read_round
from engine.hindsight import round_hindsight

from .crash_rounds import random_round
from .hindsight_brute_force import brute_force

ROUNDS, SEED, WORKERS = 1_000, 18, 2


# --- Brute force over every legal setting, on 1,000 random rounds ----------------------------------


def answer(said):
    """What the brute force answers, as round_hindsight told it."""
    return said.could.points, said.could.crash, said.could.wins_game, said.moved, [frozenset(h) for h in said.best]


def fouled_in(outcome):
    """Who fouled in a one-round game (nobody when the game sorts the hands)."""
    if outcome.settings.sorts:
        return []
    return [name for event in outcome.rounds[0].events if event.kind == "foul" for name in event.players]


def checked(seeds):
    """Each round made from these seeds: (what it covered, what went wrong: a list, empty if nothing)."""
    met = []
    for seed in seeds:
        players, options, entry = random_round(random.Random(seed))
        outcome = replay("crash", players, [entry], **options)
        settings = outcome.settings
        found = round_hindsight(outcome, [entry], 1)
        covered = {
            "preset": settings.preset,
            "players": len(players),
            "cards": settings.cards,
            "void": outcome.rounds[0].void,
        }
        if outcome.rounds[0].void:
            met.append((covered, [(seed, "void round said", sorted(found))] if found else []))
            continue
        placed = read_round(entry, players, players, settings).placed
        fouled = fouled_in(outcome)
        wrong = []
        if set(found) != {name for name, hands in placed.items() if hands}:
            wrong.append((seed, "players said", sorted(found)))
        for name, said in found.items():
            expected = brute_force(name, placed, fouled, settings)
            if answer(said) != expected:
                wrong.append((seed, name, answer(said)[:4], expected[:4]))
        covered.update(
            better=sum(said.better for said in found.values()),
            moved=sum(said.better and said.moved > 0 for said in found.values()),
            fouls_avoided=sum(said.scored.fouled and said.better for said in found.values()),
            game_winning=sum(said.could.wins_game and not said.scored.wins_game for said in found.values()),
            fewer_hands=sum(0 < len(said.placed) < settings.positions for said in found.values()),
        )
        met.append((covered, wrong))
    return met


@pytest.mark.slow  # a minute or two on two cores
def test_hindsight_equals_brute_force_over_every_legal_setting_on_1000_random_rounds():
    parts = [range(SEED + worker, SEED + ROUNDS, WORKERS) for worker in range(WORKERS)]  # dealt in turn: even work
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn")) as pool:
        met = [round_ for part in pool.map(checked, parts) for round_ in part]
    assert len(met) == ROUNDS
    assert [wrong for _, wrong in met if wrong] == []
    covered = [facts for facts, _ in met]
    assert {facts["preset"] for facts in covered} == {"classic", "arena"}
    assert {facts["players"] for facts in covered} == {2, 3, 4}
    assert {facts["cards"] for facts in covered} == {9, 13}
    assert any(facts["void"] for facts in covered)  # and they were said nothing
    played = [facts for facts in covered if not facts["void"]]
    # Not a check that holds vacuously: many answers beat the hands placed, in every way they can.
    assert sum(facts["better"] for facts in played) > ROUNDS // 4
    for way in ("moved", "fouls_avoided", "game_winning", "fewer_hands"):
        assert sum(facts[way] for facts in played) >= 10, way


# --- Agreement with the referee's own replay ----------------------------------------------------


def test_what_the_placed_hands_and_the_best_setting_score_is_what_the_referee_says():
    rng = random.Random(7)
    compared = crashes = 0
    for _ in range(300):
        players, options, entry = random_round(rng)
        options = {**options, "target": 99}  # nobody reaches the target: the round is scored in full
        outcome = replay("crash", players, [entry], **options)
        for name, said in round_hindsight(outcome, [entry], 1).items():
            if not said.scored.fouled and not said.scored.wins_game:
                assert said.scored.points == outcome.rounds[0].deltas[name], (entry, name)
            # The best setting, played in the same round: the referee gives it what hindsight said.
            best = {"hands": {**entry["hands"], name: [format_cards(hand) for hand in said.best]}}
            again = replay("crash", players, [best], **options)
            if said.could.wins_game:
                assert again.winners == (name,) and "crash" in [e.kind for e in again.rounds[0].events]
                crashes += 1
            else:
                assert again.rounds[0].deltas[name] == said.could.points, (entry, name)
            assert "foul" not in [e.kind for e in again.rounds[0].events if name in e.players]
            compared += 1
    assert compared > 500 and crashes > 5


# --- Hand-worked cases -----------------------------------------------------------------------------


def told(rounds, players=("Ann", "Bob"), **options):
    """The last round's hindsight, by player."""
    outcome = replay("crash", list(players), rounds, **options)
    return round_hindsight(outcome, rounds, len(rounds))


def scores(found):
    """(points placed, points best, a crash, it wins the game, cards moved)."""
    return found.scored.points, found.could.points, found.could.crash, found.could.wins_game, found.moved


# Bob's pairs, and Ann's hands, two of which win nothing: swapped 9♣ for 7♦, they win everything.
BOB = ["QH QD 7C", "JH JD 6C", "TH TD 6D", "5H 5S 4C"]
ANN = ["3S 3H 3D", "AS KS QS", "9C 8D 6S", "9D 7D 2H"]
ANN_CRASHES = "3♠ 3♥ 3♦ · Q♠ K♠ A♠ · 6♠ 7♦ 8♦ · 9♦ 9♣ 2♥ (by moving 2 cards)"


def test_a_missed_crash_that_would_have_won_the_game():
    found = told([{"hands": {"Ann": ANN, "Bob": BOB}}])
    ann = found["Ann"]
    assert scores(ann) == (2, 4, True, True, 2) and ann.better
    assert ann.text == f"Ann could have crashed, which wins the game, with {ANN_CRASHES}"
    assert not found["Bob"].better and found["Bob"].text == "Bob could not have done better with these cards"


def test_in_arena_the_missed_crash_is_its_four_positions_and_a_point_more():
    ann = told([{"hands": {"Ann": ANN, "Bob": BOB}}], preset="arena")["Ann"]
    assert scores(ann) == (2, 5, True, False, 2) and ann.points_missed == 3
    assert ann.text == f"Ann could have scored 5 (a crash) instead of 2 with {ANN_CRASHES}"
    ann = told([{"hands": {"Ann": ANN, "Bob": BOB}}], crash="bonus_point")["Ann"]  # classic, crash a point
    assert scores(ann) == (2, 5, True, False, 2)


def test_a_foul_avoided_by_playing_the_same_hands_in_order():
    ann = told([{"hands": {"Ann": ["AS AH 5D", "KC QC JC"], "Bob": ["QH QD 2C", "JH JD 3C"]}}])["Ann"]
    assert ann.scored.fouled and (ann.could.points, ann.moved, ann.points_missed) == (2, 0, 2)
    assert ann.text == (
        "Ann could have scored 2 and not fouled with J♣ Q♣ K♣ · A♠ A♥ 5♦ (by playing the same hands in order)"
    )


def test_a_foul_that_cost_nothing_but_the_foul():
    ann = told([{"hands": {"Ann": ["2S 2H 5D", "3C 4D 5S"], "Bob": ["AH AD AC", "KH KD KC"]}}], ignore="pair")[
        "Ann"
    ]  # the run loses to the prial, and the pair of 2s cannot score
    assert (ann.scored.fouled, ann.could.points, ann.points_missed, ann.better) == (True, 0, 0, True)
    assert ann.text == "Ann could have avoided the foul with 3♣ 4♦ 5♠ · 2♠ 2♥ 5♦ (by playing the same hands in order)"


# All four 7s, the better pair placed on the right: a foul, and a foul scores no bonus. Moving
# no card wins the bonus back (1 point); set as a prial, the 7s win position 1 too (2 points).
# No setting moves exactly one card: a card put in another hand pushes one out of it.
SEVENS = {"Ann": ["7S 7H 2D", "7D 7C 9S"], "Bob": ["AH AD 5C", "KH KD 6C"]}


def test_a_four_of_a_kind_bonus_lost_to_a_foul_is_won_back_by_moving_two_cards():
    ann = told([{"hands": SEVENS}], out_of_order="foul_round")["Ann"]
    assert ann.scored.fouled and scores(ann) == (0, 2, False, False, 2)
    assert ann.text == "Ann could have scored 2 and not fouled with 7♥ 7♦ 7♣ · 9♠ 7♠ 2♦ (by moving 2 cards)"
    without_bonus = told([{"hands": SEVENS}], out_of_order="foul_round", quads="off")["Ann"]
    assert scores(without_bonus) == (0, 1, False, False, 2)  # the prial's position alone: the bonus was 1
    in_order = told([{"hands": {**SEVENS, "Ann": ["7D 7C 9S", "7S 7H 2D"]}}], out_of_order="foul_round")["Ann"]
    assert scores(in_order) == (1, 2, False, False, 2)  # the same hands in order keep the bonus


def test_a_four_of_a_kind_bonus_is_lost_to_another_players_crash_and_won_by_stopping_it():
    ann = ["7D 7C 3S", "7S 7H 2D", "9S 8S 4C", "6D 4D 2H"]  # all four 7s, and nothing that beats Bob
    bob = ["AS AH AD", "KS KH KD", "QS QH QD", "5C 5D 9H"]
    found = told([{"hands": {"Ann": ann, "Bob": bob}}])
    assert found["Bob"].scored.wins_game  # Bob's crash wins the game: Ann's bonus is not scored
    assert scores(found["Ann"]) == (0, 2, False, False, 4)
    assert found["Ann"].text == (
        "Ann could have scored 2 instead of 0 with 7♣ 8♠ 9♠ · 2♥ 3♠ 4♣ · 7♦ 6♦ 4♦ · 7♠ 7♥ 2♦ (by moving 4 cards)"
    )


# Ann's four 2s; Cy's prials take positions 1-3, Bob's pair of 9s beats Cy's pair of 8s at 4. Ann's
# own pair of 9s ties Bob's there, and under next_best the tie cancels: Cy takes position 4 too, a
# crash that wins the game, and Ann's bonus is not scored. Splitting her 9s keeps it.
TIE_HANDS_CY_A_CRASH = {
    "Ann": ["2S 2D 2C", "7S 8C 6D", "2H 4S 3C", "9D 9H 7C"],
    "Bob": ["QS QH QD", "JS JH JD", "TS TH TD", "9S 9C 7D"],
    "Cy": ["3S 3H 3D", "AS AH AD", "KS KH KD", "8S 8H 5C"],
}


def test_a_tie_that_hands_another_player_a_crash_under_next_best_costs_the_bonus():
    players = ("Ann", "Bob", "Cy")
    outcome = replay("crash", list(players), [{"hands": TIE_HANDS_CY_A_CRASH}], stick_up="next_best")
    assert outcome.winners == ("Cy",) and outcome.rounds[0].deltas["Ann"] == 0  # the referee: no bonus
    ann = told([{"hands": TIE_HANDS_CY_A_CRASH}], players, stick_up="next_best")["Ann"]
    assert (ann.scored.points, ann.could.points, ann.better) == (0, 1, True)
    assert ann.moved == 2


def test_next_best_a_tie_above_cancels_and_the_hand_below_scores():
    # Ann's and Bob's runs tie at position 1; Cy placed his kings there, and nothing that scores at 2.
    rounds = [{"hands": {"Ann": ["QS JH TD"], "Bob": ["QC JD TH"], "Cy": ["KC KD 2S", "3C 4S 8H"]}}]
    nobody = told(rounds, players=("Ann", "Bob", "Cy"))["Cy"]
    next_best = told(rounds, players=("Ann", "Bob", "Cy"), stick_up="next_best")["Cy"]
    assert (nobody.scored.points, nobody.could.points) == (0, 1)  # the kings alone at position 2
    assert (next_best.scored.points, next_best.could.points) == (1, 2)  # and the run 2-3-4 scores position 1
    assert next_best.text == "Cy could have scored 2 instead of 1 with 2♠ 3♣ 4♠ · K♦ K♣ 8♥ (by moving 2 cards)"


def test_a_stick_up_avoided_by_moving_a_kicker():
    # Ann's kings tie Bob's at position 1 (a stick-up) and her 8s lose to his 9s at 2. With the 8
    # for a kicker her kings win position 1; nothing of hers beats his 9s.
    hands = {"Ann": ["KS KH 4D", "8S 8H 2C"], "Bob": ["KC KD 4C", "9S 9H 3C"]}
    for stick_up in ("nobody", "next_best"):  # two players: a cancelled tie leaves no hand either
        ann = told([{"hands": hands}], stick_up=stick_up)["Ann"]
        assert scores(ann) == (0, 1, False, False, 2), stick_up
        assert ann.text == "Ann could have scored 1 instead of 0 with K♠ K♥ 8♥ · 8♠ 4♦ 2♣ (by moving 2 cards)"


def test_pairs_that_cannot_score_are_set_as_runs_instead():
    # Two pairs for Ann; as two runs (one a running flush) they win both positions.
    hands = {"Ann": ["9S 9H 8D", "8S 7S 7H"], "Bob": ["AC KC 3C", "QC JD 2H"]}
    ann = told([{"hands": hands}], ignore="pair")["Ann"]
    assert scores(ann) == (0, 2, False, False, 2)  # her pair of 7s beats Bob's high card, and scores nothing
    assert ann.text == "Ann could have scored 2 instead of 0 with 7♠ 8♠ 9♠ · 7♥ 8♦ 9♥ (by moving 2 cards)"
    pairs_score = told([{"hands": hands}])["Ann"]
    assert scores(pairs_score) == (1, 2, False, False, 2)


def test_a_player_with_fewer_hands_than_positions_wins_them_all_and_is_no_crash():
    bob = ["KH KD 4C", "JH 9C 3D", "8H 6D 4D", "7S 5H 3C"]  # his kings, then high cards that cannot score
    ann = told([{"hands": {"Ann": ["AH AD 5C", "AS KS 5D"], "Bob": bob}}])["Ann"]
    assert scores(ann) == (1, 2, False, False, 2) and len(ann.best) == 2
    assert ann.text == "Ann could have scored 2 instead of 1 with A♠ A♥ A♦ · 5♦ 5♣ K♠ (by moving 2 cards)"


def test_the_one_player_the_others_fouls_leave_cannot_crash():
    rounds = [{"hands": {"Ann": ANN, "Bob": ["2C 2D 4H", "AC KC QC"]}}]  # Bob fouls
    ann = told(rounds, out_of_order="foul_round")["Ann"]
    assert scores(ann) == (2, 4, False, False, 2)
    assert ann.text == f"Ann could have scored 4 instead of 2 with {ANN_CRASHES}"
    ann = told(rounds)["Ann"]  # foul_out: Bob is out and Ann wins there: nothing is scored
    assert (ann.scored.points, ann.could.points, ann.better) == (0, 0, False)
    assert ann.text == "Ann could not have done better with these cards"


def test_no_better_setting_is_said_plainly():
    found = told([{"hands": {"Ann": ["AS AH AD"], "Bob": ["2C 3D 5H"]}}])
    assert not found["Ann"].better and found["Ann"].text == "Ann could not have done better with these cards"
    assert found["Ann"].points_missed == 0 and found["Ann"].moved == 0
    assert [set(hand) for hand in found["Ann"].best] == [set(hand) for hand in found["Ann"].placed]


def test_declarations_and_void_deals_have_no_hindsight():
    six_pairs = {
        "hands": {"Ann": ["AS AH AD"]},
        "declarations": {"Bob": ["six_pairs", "2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S"]},
    }
    assert told([six_pairs]) == {}
    run = {
        "hands": {"Ann": ["AS AH AD"]},
        "declarations": {"Bob": ["thirteen_run", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"]},
    }
    assert told([run]) == {}
    both_foul = {"hands": {"Ann": ["2S 2H 5D", "AS KS QS"], "Bob": ["3C 3D 6H", "JH QH KH"]}}
    assert told([both_foul]) == {}


def test_a_player_out_after_a_foul_has_no_hindsight_in_later_rounds():
    players = ["Ann", "Bob", "Cy"]
    rounds = [
        {"hands": {"Ann": ["2S 2H 5D", "AS KS QS"], "Bob": ["3C 3D 6H"], "Cy": ["4C 4D 7H"]}},  # Ann out
        {"hands": {"Bob": ["2S 2H 5D", "AS KS QS"], "Cy": ["3C 3D 6H", "JH QH KH"]}},  # both foul: void
        {"hands": {"Bob": ["9H 9C 2D", "3C 3D 6H"], "Cy": ["4C 4D 7H"]}},
    ]
    outcome = replay("crash", players, rounds)
    assert outcome.out == ("Ann",) and outcome.rounds[1].void and not outcome.finished
    by_round = [round_hindsight(outcome, rounds, number) for number in (1, 2, 3)]
    assert [set(found) for found in by_round] == [{"Ann", "Bob", "Cy"}, set(), {"Bob", "Cy"}]  # the void deal: nothing
    assert by_round[0]["Ann"].scored.fouled and by_round[0]["Ann"].moved == 0
