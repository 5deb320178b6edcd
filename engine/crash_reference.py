"""The reference opponent of the Crash setting tool (best_setting.py), and its tables.

A hand wins a position against one opponent as often as a reference opponent's hand at that
position ranks strictly below it. The reference opponent is dealt 13 cards (9 with
``cards=9``) at random and sets them greedily: the best three-card hand of what is left, four
times (three with 9 cards); among equal best hands, the one of the lowest cards (by their
bits, the highest card compared first), so a deal is always set the same way.

Its tables count, over many deals from a fixed seed, which hand it sets at each position,
per Brag ranking (all twelve) and per number of cards dealt. They are generated once
(``manage.py crash_reference_tables``) and shipped as ``data/crash_reference.json``. The
``ignore`` option needs no table of its own: it changes what can score, not how the
opponent sets, and it is applied where the tables are read.

Hands are counted by their shape (the ranks, highest first, and "s" when of one suit: "AKQs",
"K77", "333"), listed once at the top of the file, not by a ranking's value numbers: under
every Brag ranking each value is one shape, and a shape's value is looked up when the file is
read, so the file keeps its meaning if values are renumbered.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import combinations, combinations_with_replacement, product
from math import comb
from operator import add

from .cards import DECK, card
from .house_rules import RANKING_OPTIONS
from .ranking import hand_ranking

SEED = 18  # issue 18
DEALS = 200_000
CARDS_DEALT = (13, 9)
DATA_FILE = "data/crash_reference.json"
FORMAT = 1
_RANK_CODES = "..23456789TJQKA"


def brag_rankings() -> tuple[str, ...]:
    """The names of the twelve Brag rankings (docs/rules.md, Brag hands: Brag ranking options)."""
    options = RANKING_OPTIONS["brag"]
    return tuple(
        hand_ranking(dict(zip((o.name for o in options), values))).name
        for values in product(*(o.values for o in options))
    )


# --- Shapes ---------------------------------------------------------------------------------


def shape_of(hand: int) -> str:
    """The shape of three cards (the OR of their bits)."""
    cards = sorted((DECK[i] for i in range(52) if hand >> i & 1), reverse=True)
    code = "".join(_RANK_CODES[card.rank] for card in cards)
    return code + "s" if len({card.suit for card in cards}) == 1 else code


def _every_shape() -> tuple[str, ...]:
    codes = []
    for ranks in combinations_with_replacement(range(14, 1, -1), 3):  # highest first
        code = "".join(_RANK_CODES[rank] for rank in ranks)
        codes.append(code)
        if len(set(ranks)) == 3:
            codes.append(code + "s")
    return tuple(sorted(codes))


SHAPES: tuple[str, ...] = _every_shape()


def example(shape: str) -> int:
    """A hand of that shape: its cards all spades if of one suit, else spades, hearts, diamonds."""
    ranks = [_RANK_CODES.index(code) for code in shape[:3]]
    return sum(card(rank, "S" if shape.endswith("s") else suit) for rank, suit in zip(ranks, "SHD"))


@cache
def _shape_ids() -> dict[int, int]:
    """Every three cards' place in SHAPES: one lookup per hand a deal holds, for all rankings."""
    index = {shape: i for i, shape in enumerate(SHAPES)}
    return {a | b | c: index[shape_of(a | b | c)] for a, b, c in combinations(DECK, 3)}


@cache
def shape_values(ranking: str) -> tuple[int, ...]:
    """Each shape's value (HandRank.value) under a ranking, in SHAPES' order."""
    table = hand_ranking(ranking).table
    return tuple(table[example(shape)].value for shape in SHAPES)


# --- The greedy opponent ------------------------------------------------------------------------


def deals(seed: int, count: int, cards: int) -> list[tuple[int, ...]]:
    """``count`` random deals of ``cards`` cards: deal i is the i-th
    ``random.Random(seed).sample(range(52), cards)`` (indices into DECK)."""
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), cards)) for _ in range(count)]


def greedy_counts(dealt: Iterable[Sequence[int]], rankings: Sequence[str], cards: int) -> list[list[list[int]]]:
    """How often the greedy opponent sets each shape at each position: per ranking, per
    position, a count per shape (SHAPES' order)."""
    positions = cards // 3
    # A hand's sort key, one small int: its value, then 9 bits that put the lowest cards
    # first (511 less its place among the deal's hands, which are listed lowest cards first).
    keyed = [[value << 9 for value in shape_values(ranking)] for ranking in rankings]
    counts = [[[0] * len(SHAPES) for _ in range(positions)] for _ in rankings]
    shape_ids = _shape_ids()
    ties = [511 - i for i in range(comb(cards, 3))]
    for deal in dealt:
        # Cards highest first make their hands come highest first: reversed, lowest first.
        held = sorted((DECK[i] for i in deal), reverse=True)
        hands = [a | b | c for a, b, c in combinations(held, 3)]
        hands.reverse()
        shapes = list(map(shape_ids.__getitem__, hands))
        for key_of, by_position in zip(keyed, counts):
            keys = list(map(add, map(key_of.__getitem__, shapes), ties))
            keys.sort(reverse=True)
            used = position = 0
            for key in keys:
                place = 511 - (key & 511)
                hand = hands[place]
                if not hand & used:
                    used |= hand
                    by_position[position][shapes[place]] += 1
                    position += 1
                    if position == positions:
                        break
    return counts


def _count_chunk(job: tuple[list[tuple[int, ...]], tuple[str, ...], int]) -> list[list[list[int]]]:
    return greedy_counts(*job)


def generate(count: int = DEALS, seed: int = SEED, workers: int = 1, rankings: Sequence[str] | None = None) -> dict:
    """The reference tables over ``count`` deals from ``seed`` for every Brag ranking (or
    those given) and both deals, as the data file holds them. ``workers`` > 1 counts in as
    many processes; the deals, and so the tables, are the same either way."""
    rankings = tuple(rankings or brag_rankings())
    tables: dict[str, dict[str, list[list[int]]]] = {name: {} for name in rankings}
    for cards in CARDS_DEALT:
        dealt = deals(seed, count, cards)
        if workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            size = -(-len(dealt) // (4 * workers))
            jobs = [(dealt[i : i + size], rankings, cards) for i in range(0, len(dealt), size)]
            with ProcessPoolExecutor(workers) as pool:
                parts = list(pool.map(_count_chunk, jobs))
        else:
            parts = [greedy_counts(dealt, rankings, cards)]
        for r, name in enumerate(rankings):
            tables[name][str(cards)] = [list(map(sum, zip(*(part[r][p] for part in parts)))) for p in range(cards // 3)]
    return {"format": FORMAT, "seed": seed, "deals": count, "shapes": list(SHAPES), "tables": tables}


def dumps(data: dict) -> str:
    """The data file's text: the shapes, then one line per ranking, deal and position (a
    count per shape, in the shapes' order), so a diff reads."""
    lines = [
        "{",
        f'"format": {data["format"]}, "seed": {data["seed"]}, "deals": {data["deals"]},',
        f'"shapes": {json.dumps(data["shapes"], separators=(",", ":"))},',
        '"tables": {',
    ]
    for r, (name, by_cards) in enumerate(data["tables"].items()):
        lines.append(f"{json.dumps(name)}: {{")
        for c, (cards, positions) in enumerate(by_cards.items()):
            lines.append(f'  "{cards}": [')
            lines.extend(
                f"    {json.dumps(counts, separators=(',', ':'))}{',' if p < len(positions) - 1 else ''}"
                for p, counts in enumerate(positions)
            )
            lines.append("  ]" + ("," if c < len(by_cards) - 1 else ""))
        lines.append("}" + ("," if r < len(data["tables"]) - 1 else ""))
    lines.extend(["}", "}"])
    return "\n".join(lines) + "\n"


# --- Reading the tables -------------------------------------------------------------------------


@cache
def shipped() -> dict:
    """The data file shipped with the engine."""
    return json.loads(files("engine").joinpath(DATA_FILE).read_text(encoding="utf-8"))


def reference_deals() -> int:
    """How many deals the shipped tables count."""
    return shipped()["deals"]


@dataclass(frozen=True, slots=True, eq=False)
class ReferenceTable:
    """One ranking's table for one deal: ``below[p][value]``, how many of the ``deals``
    reference hands at position p+1 rank strictly below a hand of that value. (Each table
    is made once and compared by identity: what is worked out from it is cached on it.)"""

    ranking: str
    cards: int
    deals: int
    below: tuple[tuple[int, ...], ...]

    def share_below(self, position: int, value: int) -> float:
        """The share of reference hands at ``position`` (1-based) strictly below ``value``."""
        return self.below[position - 1][value] / self.deals


def reference_table(ranking: str, cards: int, data: dict | None = None) -> ReferenceTable:
    """The reference table of a Brag ranking (its name) and a deal of 13 or 9 cards, from
    the shipped file (or ``data`` in its format)."""
    if data is None:
        return _shipped_table(ranking, cards)
    return _table(ranking, cards, data)


@cache
def _shipped_table(ranking: str, cards: int) -> ReferenceTable:
    return _table(ranking, cards, shipped())


def _table(ranking: str, cards: int, data: dict) -> ReferenceTable:
    value_of = dict(zip(SHAPES, shape_values(ranking)))
    values = [value_of[shape] for shape in data["shapes"]]  # the file's shapes, in its order
    size = max(values) + 2  # one past the best value: "below the best" counts every hand
    below = []
    for counts in data["tables"][ranking][str(cards)]:
        at = [0] * size
        for value, count in zip(values, counts, strict=True):
            at[value + 1] += count  # shifted by one: the running sum at v counts values below v
        running = 0
        for value in range(size):
            running += at[value]
            at[value] = running
        below.append(tuple(at))
    return ReferenceTable(ranking, cards, data["deals"], tuple(below))
