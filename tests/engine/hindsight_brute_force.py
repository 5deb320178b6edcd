"""The plain brute force the hindsight search is checked against (tests and `make bench`):
every way to set the player's placed cards into as many hands, each setting played in its
legal order and scored by playing out the showdown position by position."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, permutations

from engine import hand_ranking
from engine.crash import CANNOT_SCORE, QUAD_ORDER


@cache
def settings_of(n):
    """Every way to split n cards (by place, 0 to n-1) into hands of three, each split once
    (the first card left always opens the next hand); a hand is its place in
    ``combinations(range(n), 3)``."""
    place = {trio: i for i, trio in enumerate(combinations(range(n), 3))}
    found = []

    def split(left, hands):
        if not left:
            found.append(tuple(hands))
            return
        first, rest = left[0], left[1:]
        for a, b in combinations(rest, 2):
            split([card for card in rest if card not in (a, b)], hands + [place[(first, a, b)]])

    split(list(range(n)), [])
    return found


def brute_force(name, placed, fouled, settings):
    """(points, crash, wins_game, cards moved, the best setting as card sets strongest first)
    for ``name`` in a round where ``placed`` are everyone's hands and ``fouled`` who fouled.
    Best: a game-winning crash, then points, then fewer cards moved, then the stronger hands
    (by value, then by card bits, hand by hand)."""
    table = hand_ranking(settings.rules).table
    cannot = CANNOT_SCORE[settings.ignore]
    mine = placed[name]
    rivals = {other: hands for other, hands in placed.items() if other != name and other not in fouled}
    rival_ranks = {}
    for other, hands in rivals.items():
        ranks = [table[sum(hand)] for hand in hands]
        rival_ranks[other] = (
            sorted(ranks, key=lambda r: r.value, reverse=True) if settings.out_of_order == "sort" else ranks
        )
    alone = bool(fouled) and not [o for o in placed if o != name and o not in fouled]

    def scorer(position, rank=None):
        """Who scores this position, ``name`` playing ``rank`` there (or nothing): played out."""
        hands = [
            (r.value, r.category, other)
            for other, ranks in rival_ranks.items()
            if len(ranks) > position
            for r in [ranks[position]]
        ] + ([(rank.value, rank.category, name)] if rank else [])
        while hands:
            top = max(value for value, _, _ in hands)
            holders = [hand for hand in hands if hand[0] == top]
            if holders[0][1] in cannot:
                return None
            if len(holders) == 1:
                return holders[0][2]
            if settings.stick_up == "nobody":
                return None
            hands = [hand for hand in hands if hand[0] != top]
        return None

    quad = False
    if settings.quads == "bonus":
        held = [
            (o == name, Counter(card.rank for hand in hands for card in hand))
            for o, hands in {**rivals, name: mine}.items()
        ]
        owners = [mine for rank in QUAD_ORDER for mine, counts in held if counts[rank] == 4]
        quad = bool(owners) and owners[0]

    cards = [card for hand in mine for card in hand]
    trios = [frozenset(trio) for trio in combinations(cards, 3)]
    ranks = [table[sum(trio)] for trio in trios]
    strength = [(rank.value, sum(trio)) for rank, trio in zip(ranks, trios)]
    scorers = [[scorer(position, rank) for rank in ranks] for position in range(len(mine))]
    wins = [[who == name for who in there] for there in scorers]
    unplaced = [scorer(position) for position in range(len(mine), settings.positions)]
    mine_sets = [frozenset(hand) for hand in mine]
    most_kept = [max(len(trio & hand) for hand in mine_sets) for trio in trios]
    best = None
    for setting in settings_of(len(cards)):
        ordered = sorted(setting, key=strength.__getitem__, reverse=True)
        won = sum(wins[p][t] for p, t in enumerate(ordered))
        if alone and settings.out_of_order == "foul_out":
            points, crash, wins_game = 0, False, False
        else:
            crash = not alone and won == len(ordered) == settings.positions
            wins_game = crash and settings.crash == "wins_game"
            # another player's crash that wins the game leaves the bonus unscored
            who = {scorers[p][t] for p, t in enumerate(ordered)} | set(unplaced)
            theirs = len(who) == 1 and None not in who and name not in who and settings.crash == "wins_game"
            points = won if wins_game else won + crash + (quad and not theirs)
        if best is not None and (
            (wins_game, points) < best[0][:2]
            or ((wins_game, points) == best[0][:2] and sum(most_kept[t] for t in ordered) - len(cards) < best[0][2])
        ):
            continue  # it cannot beat the best found: fewer points, or surely more cards moved
        kept = max(sum(len(trios[t] & hand) for t, hand in zip(ordered, order)) for order in permutations(mine_sets))
        key = (wins_game, points, kept - len(cards), [strength[t] for t in ordered])
        if best is None or key > best[0]:
            best = (key, [trios[t] for t in ordered], crash)
    (wins_game, points, kept, _), setting, crash = best
    return points, crash, wins_game, -kept, setting
