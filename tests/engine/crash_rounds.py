"""Random Crash rounds for the hindsight checks and `make bench`: options over both presets,
a shuffled deck, and players who set their cards as people do: mostly the strongest hand
first, some at random in a legal order, some anyhow (a foul, often), a few with fewer hands."""

from __future__ import annotations

import random
from itertools import combinations

from engine import DECK, hand_ranking, show_cards
from engine.crash import read_options

CHOICES = {
    "ignore": ("high_card", "pair", "none"),
    "out_of_order": ("foul_out", "foul_round", "sort"),
    "stick_up": ("nobody", "next_best"),
    "crash": ("wins_game", "bonus_point"),
    "quads": ("bonus", "off"),
}
RULES = (
    {},
    {"top_prial": "aces"},
    {"ace_two_three": "none"},
    {"flush_over_run": True},
    {"top_prial": "aces", "ace_two_three": "bottom", "flush_over_run": True},
)
# How people set their cards, and how often.
HABITS = (("greedy", 4), ("legal", 3), ("anyhow", 2), ("fewer", 1))


def random_options(rng: random.Random) -> dict:
    options = {"preset": rng.choice(("classic", "arena")), "declarations": False}
    if options["preset"] == "arena":
        options["cards"] = rng.choice((13, 9))
    for name, values in CHOICES.items():
        if rng.random() < 0.4:
            options[name] = rng.choice(values)
    if rng.random() < 0.3:
        options["rules"] = {"game": "brag", **rng.choice(RULES)}
    return options


def set_hands(rng: random.Random, cards: list, positions: int, table: dict) -> list[tuple]:
    """One player's hands, in the order placed, from the cards dealt to them."""
    habit = rng.choices([h for h, _ in HABITS], [w for _, w in HABITS])[0]
    count = rng.randint(0, positions) if habit == "fewer" else positions
    if habit == "greedy":
        hands, left = [], list(cards)
        for _ in range(count):
            best = max(combinations(left, 3), key=lambda trio: (table[sum(trio)].value, sum(trio)))
            hands.append(best)
            left = [card for card in left if card not in best]
        return hands
    rng.shuffle(cards)
    hands = [tuple(cards[3 * i : 3 * i + 3]) for i in range(count)]
    if habit != "anyhow":
        hands.sort(key=lambda hand: table[sum(hand)].value, reverse=True)
    return hands


def random_round(rng: random.Random, players: list[str] | None = None) -> tuple[list[str], dict, dict]:
    """(players, options, the round as entered) for a one-round game of 2 to 4 players."""
    players = players or ["Ann", "Bob", "Cy", "Di"][: rng.randint(2, 4)]
    options = random_options(rng)
    settings = read_options(players, options)
    table = hand_ranking(settings.rules).table
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {}
    for seat, name in enumerate(players):
        dealt = deck[seat * settings.cards : (seat + 1) * settings.cards]
        hands[name] = [show_cards(hand) for hand in set_hands(rng, dealt, settings.positions, table)]
    return players, options, {"hands": hands}
