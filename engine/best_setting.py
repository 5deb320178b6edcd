"""The best setting of one player's Crash cards, before the showdown (issue 18): the legal
setting with the most expected points against a number of opponents, and the next three.

The model: a hand wins position p against one opponent as often as a reference opponent's
hand at p ranks strictly below it (crash_reference.py: dealt at random, set greedily);
against k opponents that chance is raised to the power k; a hand that cannot score (the
``ignore`` option) wins nothing. A setting's expected points are the sum over its positions.

A setting is four disjoint hands of three cards (three with 9 cards), played strongest first
(equal hands in either order, which scores the same); with 13 cards one card is discarded.
Settings that are the same hands up to suits (the same value at every position) score the
same and count once, shown by their canonical cards: position by position, equal hands in
ascending card order, the lowest cards (by their bits, the highest card compared first).
Settings are ordered by expected points, then by their hands' values position by position,
so every answer is one and the same.

The search is exact: it walks sets of hands strongest hand first, and stops a branch as soon
as the most its remaining positions could add (each remaining hand is at most as strong as
the one being placed) cannot beat the fourth setting found so far, in points or, at equal
points, in its hands' values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, combinations
from operator import add

from . import house_rules as catalogue
from .cards import Card, CardError, parse_cards, show_cards
from .crash import CANNOT_SCORE, OPTIONS, PLAYERS, TITLE, CrashOptions, read_options, unscorable
from .crash_reference import ReferenceTable, reference_table
from .entries import check_option_names, chosen
from .outcomes import EntryError
from .ranking import HandRank, hand_ranking, in_reading_order

SHOWN = 4  # the best setting and the next three
_PLACEHOLDERS = ("you", "an opponent")  # replay's option checks want players; the tool has none


@dataclass(frozen=True, slots=True)
class Setting:
    """One way to set the cards: the hands strongest first (a legal order; each hand's cards
    highest first, a pair's pair first), the card(s) discarded, and for each position the
    chance of winning it against every opponent, then their sum, the expected points."""

    hands: tuple[tuple[Card, ...], ...]
    ranks: tuple[HandRank, ...]
    discard: tuple[Card, ...]
    can_score: tuple[bool, ...]
    chances: tuple[float, ...]
    expected_points: float


@dataclass(frozen=True, slots=True)
class BestSetting:
    """The answer for one player's cards: the best setting and the next ones (up to three,
    best first, no two the same hands up to suits), with what the model read."""

    cards: tuple[Card, ...]
    opponents: int
    options: CrashOptions
    deals: int  # the reference deals behind the chances
    best: Setting
    alternatives: tuple[Setting, ...]


def best_setting(cards: str | Sequence[Card], /, opponents: int = 1, **options: object) -> BestSetting:
    """The best setting of ``cards`` (text or cards: 13, or 9 with ``cards=9``; positional
    only, as ``cards`` is also an option) against ``opponents`` (1 to 3 with 13 cards, 1 to 4
    with 9). ``options``: replay's Crash options (preset, cards, ignore, rules, ...); those
    that play no part in setting hands are checked and otherwise ignored, and with
    ``cards=9`` declarations are off unless given. Raises CardError for cards that are not
    one player's deal, EntryError for the rest."""
    settings = read_setting_options(options)
    opponents = check_opponents(opponents, settings.cards)
    held = read_cards(cards, settings.cards)
    return answer(held, opponents, settings, reference_table(settings.rules, settings.cards))


def read_setting_options(options: Mapping[str, object]) -> CrashOptions:
    """Replay's Crash options, checked as replay checks them."""
    check_option_names(TITLE, options, OPTIONS)
    given = dict(options)
    if chosen(catalogue.CARDS, given) == 9:
        given.setdefault("declarations", False)  # they play no part in setting 9 cards
    return read_options(_PLACEHOLDERS, given)


def opponents_range(cards: int) -> range:
    """How many opponents a player may have: Crash seats 2 to 4 players, 5 with 9 cards."""
    fewest, most = PLAYERS[cards]
    return range(fewest - 1, most)


def check_opponents(opponents: object, cards: int) -> int:
    allowed = opponents_range(cards)
    if type(opponents) is not int or opponents not in allowed:
        raise EntryError(
            f"opponents must be a whole number from {allowed.start} to {allowed.stop - 1} "
            f"(Crash with {cards} cards seats {allowed.start + 1} to {allowed.stop} players), "
            f"got {opponents!r}",
            field="opponents",
        )
    return opponents


def read_cards(cards: str | Sequence[Card], count: int) -> tuple[Card, ...]:
    """One player's deal: ``count`` different cards, as text or cards."""
    if isinstance(cards, str):
        held = parse_cards(cards)
    else:
        held = tuple(cards)
        for i, card in enumerate(held):
            if not isinstance(card, Card):
                raise CardError(f"expected cards, got {card!r}")
            if card in held[:i]:
                raise CardError(f"{card} is entered twice")
    if len(held) != count:
        got = f"{len(held)}: {show_cards(held)}" if held else "none"
        raise CardError(f"expected {count} cards (one player's deal), got {got}")
    return held


# --- The search ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scored:
    """A setting as the search keeps it: its score (the expected points times deals to the
    power of the opponents, an exact whole number), its hands' values position by position,
    and its canonical hands (bits)."""

    score: int
    values: tuple[int, ...]
    hands: tuple[int, ...]


@cache
def _values(rules: str) -> dict[int, int]:
    """Each hand's value under a ranking (its name), keyed as ranking tables are."""
    return {hand: rank.value for hand, rank in hand_ranking(rules).table.items()}


@cache
def _categories(rules: str) -> tuple[str, ...]:
    """Each value's category under a ranking, by value."""
    categories = {rank.value: rank.category for rank in hand_ranking(rules).table.values()}
    return tuple(categories[value] for value in range(len(categories)))


@cache
def value_weights(table: ReferenceTable, opponents: int, rules: str, ignore: str) -> tuple[tuple[int, ...], ...]:
    """What a hand of each value scores at each position, times deals ** opponents: the
    reference hands below it there to the power of the opponents, 0 if it cannot score."""
    cannot = CANNOT_SCORE[ignore]
    categories = _categories(rules)
    return tuple(
        tuple(0 if category in cannot else below[value] ** opponents for value, category in enumerate(categories))
        for below in table.below
    )


def search(
    held: Sequence[Card], opponents: int, settings: CrashOptions, table: ReferenceTable, shown: int = SHOWN
) -> list[Scored]:
    """The ``shown`` best settings, best first, each with its canonical hands."""
    positions = settings.positions
    value_of = _values(settings.rules)
    # Every three of the cards, strongest first, then the lowest cards first.
    bits = sorted((a | b | c for a, b, c in combinations(held, 3)), key=lambda hand: (-value_of[hand], hand))
    values = [value_of[hand] for hand in bits]
    weights = [
        [at[value] for value in values] for at in value_weights(table, opponents, settings.rules, settings.ignore)
    ]
    # bounds[p][i]: the most positions p.. can add when hand i (or a weaker one) is at p.
    bounds = [list(accumulate(reversed(weights[-1]), max))[::-1]]
    for at in reversed(weights[:-1]):
        bounds.insert(0, list(map(add, list(accumulate(reversed(at), max))[::-1], bounds[0])))
    count = len(bits)
    top: list[tuple[int, ...]] = []  # (score, *values), best first
    floor: tuple[int, ...] | None = None  # the last of ``top`` once it is full

    def keep(key: tuple[int, ...]) -> None:
        nonlocal floor
        if floor is not None and key <= floor or any(key[1:] == kept[1:] for kept in top):
            return
        top.append(key)
        top.sort(reverse=True)
        del top[shown:]
        floor = top[-1] if len(top) == shown else None

    def place(position: int, start: int, used: int, score: int, prefix: tuple[int, ...]) -> None:
        last = position == positions - 1
        bound, weight = bounds[position], weights[position]
        for i in range(start, count):
            if floor is not None:
                most = score + bound[i]
                if most < floor[0] or most == floor[0] and prefix + (values[i],) * (positions - position) <= floor[1:]:
                    break  # every hand from here on is at most this strong
            if bits[i] & used:
                continue
            if last:
                keep((score + weight[i], *prefix, values[i]))
            else:
                place(position + 1, i + 1, used | bits[i], score + weight[i], prefix + (values[i],))

    place(0, 0, 0, 0, ())
    by_value: dict[int, list[int]] = {}
    for value, hand in zip(values, bits):  # ascending bits within a value
        by_value.setdefault(value, []).append(hand)
    return [Scored(key[0], key[1:], canonical_hands(key[1:], by_value)) for key in top]


def canonical_hands(wanted: tuple[int, ...], by_value: Mapping[int, Sequence[int]]) -> tuple[int, ...]:
    """The canonical hands of the settings whose values are ``wanted`` (``by_value``: the
    hands of each value, ascending): position by position the lowest cards that still
    complete a setting (equal hands in ascending order)."""

    def fill(position: int, used: int, after: int) -> tuple[int, ...] | None:
        if position == len(wanted):
            return ()
        for hand in by_value[wanted[position]]:
            if hand & used or hand <= after:
                continue
            rest = fill(
                position + 1,
                used | hand,
                hand if position + 1 < len(wanted) and wanted[position + 1] == wanted[position] else 0,
            )
            if rest is not None:
                return (hand, *rest)
        return None

    found = fill(0, 0, 0)
    assert found is not None  # the search found a setting of these values
    return found


# --- The answer --------------------------------------------------------------------------------


def answer(held: tuple[Card, ...], opponents: int, settings: CrashOptions, table: ReferenceTable) -> BestSetting:
    """best_setting's answer for checked cards, opponents and options, against ``table``."""
    described = [
        describe(scored, held, opponents, settings, table) for scored in search(held, opponents, settings, table)
    ]
    return BestSetting(
        cards=held,
        opponents=opponents,
        options=settings,
        deals=table.deals,
        best=described[0],
        alternatives=tuple(described[1:]),
    )


def describe(
    scored: Scored, held: Sequence[Card], opponents: int, settings: CrashOptions, table: ReferenceTable
) -> Setting:
    ranks = hand_ranking(settings.rules).table
    cannot = unscorable(settings)
    used = sum(scored.hands)
    hand_ranks = tuple(ranks[hand] for hand in scored.hands)
    can_score = tuple(rank.category not in cannot for rank in hand_ranks)
    chances = tuple(
        table.share_below(p, rank.value) ** opponents if scores else 0.0
        for p, (rank, scores) in enumerate(zip(hand_ranks, can_score), 1)
    )
    return Setting(
        hands=tuple(in_reading_order([card for card in held if card & hand], settings.rules) for hand in scored.hands),
        ranks=hand_ranks,
        discard=tuple(card for card in held if not card & used),
        can_score=can_score,
        chances=chances,
        expected_points=scored.score / table.deals**opponents,
    )
