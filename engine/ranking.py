"""Three-card hand rankings (docs/rules.md, Brag hands; Commerce: Commerce hands), as lookup tables.

A ranking is a set of ranking options: three for Brag (twelve rankings, of which ``brag`` and
``brag-ace-high`` are named), three for Commerce (eight, ``commerce`` the named default).
Each ranking's table ranks all 22,100 three-card hands once, walking its categories best
first: the named tables at import, a composed one on its first use. Counts (checked by the
tests; docs/rules.md, Brag hands: Hand counts):

    brag           prial 52, running flush 48, run 720, flush 1,096, pair 3,744, high card 16,440
    brag-ace-high  prial 52, running flush 44, run 660, flush 1,100, pair 3,744, high card 16,500
    commerce       tricon 52, sequence 48, flush 1,096, pair 3,744, point 17,160

A Brag ranking with ``ace_two_three="bottom"`` has brag's counts and with ``"none"`` those of
brag-ace-high; ``flush_over_run`` changes the order, not the counts. Commerce with
``ace_two_three="none"``: sequence 44, flush 1,100 (A-2-3 of one suit is a flush).

``rank_hand`` is then one dict lookup keyed on ``a | b | c`` (see cards.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from .cards import DECK, Card, CardError, hand_size_error, parse_cards
from .house_rules import RANKING_OPTIONS, RANKINGS

BRAG, BRAG_ACE_HIGH, COMMERCE = "brag", "brag-ace-high", "commerce"
RULESETS = (BRAG, BRAG_ACE_HIGH, COMMERCE)  # the named rankings

# Categories best first.
BRAG_ORDER = ("prial", "running_flush", "run", "flush", "pair", "high_card")
FLUSH_OVER_RUN_ORDER = ("prial", "running_flush", "flush", "run", "pair", "high_card")
COMMERCE_ORDER = ("tricon", "sequence", "flush", "pair", "point")
CATEGORIES: dict[str, tuple[str, ...]] = {BRAG: BRAG_ORDER, BRAG_ACE_HIGH: BRAG_ORDER, COMMERCE: COMMERCE_ORDER}
CATEGORY_NAMES = {
    "prial": "prial",
    "running_flush": "running flush",
    "run": "run",
    "flush": "flush",
    "pair": "pair",
    "high_card": "high card",
    "tricon": "tricon",
    "sequence": "sequence",
    "point": "point",
}
SEQUENCES = frozenset({"running_flush", "run", "sequence"})
ACE_LOW_RUN = frozenset({14, 2, 3})


@dataclass(frozen=True, slots=True, eq=False)
class HandRank:
    """How strong a hand is under one ruleset: bigger is better, equal is a tie.

    ``key`` is what decides between hands of the same category (the prial's rank, the
    sequence's height, the pair and kicker, the point and then each card); ``ranks`` are
    the hand's card ranks, highest first (the label writes them as ``reading_ranks`` says).
    """

    value: int
    rules: str
    category: str
    key: tuple[int, ...]
    ranks: tuple[int, ...]
    label: str
    phrase: str  # the label inside a sentence: "run 4-5-6"

    # Comparisons: bigger value is better. The fast path is one class check and one
    # ruleset check; ranks of different rulesets do not compare.
    def _values(self, other: object) -> tuple[int, int] | None:
        if other.__class__ is not HandRank:
            return None
        if other.rules is not self.rules and other.rules != self.rules:  # type: ignore[attr-defined]
            raise TypeError(f"cannot compare a {self.rules} rank with a {other.rules} rank")  # type: ignore[attr-defined]
        return self.value, other.value  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] == pair[1]

    def __lt__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] < pair[1]

    def __le__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] <= pair[1]

    def __gt__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] > pair[1]

    def __ge__(self, other: HandRank) -> bool:
        pair = self._values(other)
        return NotImplemented if pair is None else pair[0] >= pair[1]

    def __hash__(self) -> int:
        return hash((self.rules, self.value))

    def __str__(self) -> str:
        return self.label


# --- Naming ranks the way players say them -------------------------------------------

_SINGULAR = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_SHORT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def rank_name(rank: int) -> str:
    """``ace``, ``king``, ..., ``10``, ``9``."""
    return _SINGULAR.get(rank, str(rank))


def rank_plural(rank: int) -> str:
    """``aces``, ``kings``, ..., ``10s``, ``3s``."""
    return rank_name(rank) + "s"


def _short(rank: int) -> str:
    return _SHORT.get(rank, str(rank))


def _dashed(ranks: Sequence[int]) -> str:
    return "-".join(map(_short, ranks))


def reading_ranks(category: str, ranks: Sequence[int]) -> tuple[int, ...]:
    """A hand's ranks in the one order people read them everywhere
    (docs/rules.md, Brag hands: Writing hands): a run, running flush or sequence lowest
    first, as a sequence is counted (``4-5-6``, ``Q-K-A``; ``A-2-3``, its ace low, wherever
    it is a sequence); a pair's pair, then the odd card; any other hand highest first
    (``Q-8-3``; A-2-3 that is no sequence, ``A-3-2``). Labels, verdicts, event texts and
    every hand's cards shown follow it: ``in_reading_order`` lays out cards by it."""
    if category in SEQUENCES:
        return (14, 2, 3) if set(ranks) == ACE_LOW_RUN else tuple(sorted(ranks))
    highest_first = sorted(ranks, reverse=True)
    if category == "pair":
        return tuple(sorted(highest_first, key=highest_first.count, reverse=True))
    return tuple(highest_first)


def sequence_text(ranks: Sequence[int]) -> str:
    """A sequence as people read it, lowest first: ``A-2-3``, ``4-5-6``, ``Q-K-A``."""
    return _dashed(reading_ranks("run", ranks))


def point_of(ranks: Sequence[int]) -> int:
    """Commerce point: ace 11, K Q J 10, others their number."""
    return sum(11 if r == 14 else min(r, 10) for r in ranks)


# --- What each ranking makes of a hand ------------------------------------------------
# A classifier takes the ranks (highest first) and whether all three share a suit, and
# returns (category, key): the key orders hands within the category, bigger is better.

Classified = tuple[str, tuple[int, ...]]

# What A-2-3 is worth as a sequence (its height), or None where it is no sequence.
_ACE_LOW_HEIGHT = {"top": 15, "bottom": 3, "none": None}


def _pair_key(ranks: tuple[int, ...]) -> tuple[int, int]:
    high, middle, low = ranks
    return (high, low) if high == middle else (middle, high)


def _sequence_height(ranks: tuple[int, ...], *, ace_low: int | None) -> int | None:
    """The height of a three-card sequence, or None. ``ace_low`` is what A-2-3 is worth,
    or None where A-2-3 is no sequence."""
    high, middle, low = ranks
    if high - middle == 1 and middle - low == 1:
        return high
    if ace_low is not None and set(ranks) == ACE_LOW_RUN:
        return ace_low
    return None


def classify_brag(
    ranks: tuple[int, ...], flush: bool, *, top_prial: str = "threes", ace_two_three: str = "top"
) -> Classified:
    """Brag: prials (3-3-3 on top, or by rank), sequences (A-2-3 on top, at the bottom, or
    none), flushes and high cards card by card, pairs by the pair then the odd card.
    (``flush_over_run`` orders the categories; it changes nothing here.)"""
    high, middle, low = ranks
    if high == low:
        return "prial", (15 if top_prial == "threes" and high == 3 else high,)
    height = _sequence_height(ranks, ace_low=_ACE_LOW_HEIGHT[ace_two_three])
    if height is not None:
        return ("running_flush" if flush else "run"), (height,)
    if flush:
        return "flush", ranks
    if high == middle or middle == low:
        return "pair", _pair_key(ranks)
    return "high_card", ranks


def classify_commerce(
    ranks: tuple[int, ...],
    flush: bool,
    *,
    ace_two_three: str = "bottom",
    flush_by: str = "point",
    point_by: str = "sum_then_cards",
) -> Classified:
    """Commerce: suited sequences only (A-2-3 the lowest, or none), flushes by point or card
    by card, point hands by point then card by card, or by point alone."""
    high, middle, low = ranks
    if high == low:
        return "tricon", (high,)
    if flush:
        height = _sequence_height(ranks, ace_low=_ACE_LOW_HEIGHT[ace_two_three])
        if height is not None:
            return "sequence", (height,)
        return "flush", (point_of(ranks), *ranks) if flush_by == "point" else ranks
    if high == middle or middle == low:
        return "pair", _pair_key(ranks)
    return "point", (point_of(ranks), *ranks) if point_by == "sum_then_cards" else (point_of(ranks),)


# --- Rankings: named, or composed from ranking options --------------------------------------

# One stable letter per value, for the name of a composed ranking: "brag:ABF" reads
# top_prial=aces, ace_two_three=bottom, flush_over_run=True. Names are kept with a game's
# statistics, so a letter never changes meaning.
_CODES: dict[str, dict[str, dict[object, str]]] = {
    "brag": {
        "top_prial": {"threes": "3", "aces": "A"},
        "ace_two_three": {"top": "T", "bottom": "B", "none": "N"},
        "flush_over_run": {False: "R", True: "F"},
    },
    "commerce": {
        "ace_two_three": {"bottom": "B", "none": "N"},
        "flush_by": {"point": "P", "cards": "C"},
        "point_by": {"sum_then_cards": "C", "sum": "S"},
    },
}
_CLASSIFIERS: dict[str, Callable[..., Classified]] = {"brag": classify_brag, "commerce": classify_commerce}
ACCEPTED = (
    f"one of {', '.join(RULESETS)}, or a mapping of ranking options: "
    f'{", ".join(o.name for o in RANKING_OPTIONS["brag"])} (Brag), or "game": "commerce" with '
    f"{', '.join(o.name for o in RANKING_OPTIONS['commerce'])}"
)


@dataclass(frozen=True, slots=True)
class Ranking:
    """One hand ranking: the game whose options compose it ("brag" or "commerce") and the
    value of each of its options, in RANKING_OPTIONS' order. ``name`` is its RULESETS name
    where it has one, else a composed name ("brag:ABF"); HandRank.rules carries it, and
    ``rank_hand`` takes it back."""

    name: str
    game: str
    values: tuple[object, ...]

    def option(self, name: str) -> object:
        """The value of one of its options; None for an option of the other game's rankings."""
        for option, value in zip(RANKING_OPTIONS[self.game], self.values):
            if option.name == name:
                return value
        return None

    @property
    def options(self) -> dict[str, object]:
        """Every ranking option and its value."""
        return {option.name: value for option, value in zip(RANKING_OPTIONS[self.game], self.values)}

    @property
    def named(self) -> bool:
        return self.name in RULESETS

    @property
    def categories(self) -> tuple[str, ...]:
        """Best first."""
        if self.game == "commerce":
            return COMMERCE_ORDER
        return FLUSH_OVER_RUN_ORDER if self.option("flush_over_run") else BRAG_ORDER

    @property
    def table(self) -> dict[int, HandRank]:
        """Every hand's rank, keyed on ``a | b | c``: built on first use, once per process."""
        table = TABLES.get(self.name)
        if table is None:
            table = TABLES[self.name] = _build_table(self)
        return table

    def as_option(self) -> str | dict[str, object]:
        """As a game's ``rules`` option takes it: the name if it has one, else every option."""
        if self.named:
            return self.name
        return self.options if self.game == "brag" else {"game": self.game, **self.options}

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        options = self.options
        options.pop("flush_over_run", None)
        return _CLASSIFIERS[self.game](ranks, flush, **options)


def _game_of(options: Mapping[str, object]) -> str:
    return next(game for game, listed in RANKING_OPTIONS.items() if [o.name for o in listed] == list(options))


# The named rankings by (game, values): docs/rules.md's names for three of the twenty.
_NAMED = {(_game_of(preset.options), tuple(preset.options.values())): name for name, preset in RANKINGS.items()}
_BY_NAME: dict[str, Ranking] = {}
_BY_MAPPING: dict[tuple, tuple[Ranking, tuple[type, ...]]] = {}  # mappings already checked


@cache
def composed(game: str, values: tuple[object, ...]) -> Ranking:
    """The ranking of these option values (checked by the caller): one object per ranking,
    under docs/rules.md's name where it has one."""
    name = _NAMED.get((game, values))
    if name is None:
        name = f"{game}:" + "".join(
            _CODES[game][option.name][value] for option, value in zip(RANKING_OPTIONS[game], values)
        )
    ranking = _BY_NAME[name] = Ranking(name, game, values)
    return ranking


def hand_ranking(rules: str | Mapping[str, object] = BRAG) -> Ranking:
    """The ranking ``rules`` names: "brag", "brag-ace-high", "commerce", a composed name
    ("brag:ABF"), or a mapping of ranking options (missing ones take their defaults;
    "game": "commerce" for Commerce's). Raises ValueError naming what is not accepted."""
    if isinstance(rules, str):
        return _BY_NAME.get(rules) or _from_name(rules)
    try:  # a mapping seen before: its items, and their types (False is not 0), find it
        ranking, types = _BY_MAPPING[tuple(rules.items())]  # type: ignore[union-attr]
    except (AttributeError, KeyError, TypeError):
        pass
    else:
        if types == tuple(map(type, rules.values())):  # type: ignore[union-attr]
            return ranking
    if not isinstance(rules, Mapping):
        raise ValueError(f"unknown ruleset {rules!r}: expected {ACCEPTED}")
    ranking = _from_mapping(rules)  # every value it accepts is text or a bool: hashable
    _BY_MAPPING[tuple(rules.items())] = ranking, tuple(map(type, rules.values()))
    return ranking


def _from_name(name: str) -> Ranking:
    game, _, letters = name.partition(":")
    codes = _CODES.get(game)
    if codes is not None and len(letters) == len(codes):
        values = []
        for by_value, letter in zip(codes.values(), letters):
            found = [value for value, code in by_value.items() if code == letter]
            if not found:
                break
            values.append(found[0])
        else:
            return composed(game, tuple(values))
    raise ValueError(f'unknown ruleset "{name}": expected {ACCEPTED}')


def _from_mapping(rules: Mapping[str, object]) -> Ranking:
    game = rules.get("game", "brag")
    if not isinstance(game, str) or game not in RANKING_OPTIONS:
        raise ValueError(f"game must be one of 'brag', 'commerce', got {game!r}")
    options = RANKING_OPTIONS[game]
    names = [option.name for option in options]
    for name in rules:
        if name != "game" and name not in names:
            title = "Brag" if game == "brag" else "Commerce"
            raise ValueError(f'unknown {title} ranking option "{name}": expected {", ".join(names)}')
    values = []
    for option in options:
        value = rules.get(option.name, option.default)
        if not option.accepts(value):
            raise ValueError(option.refusal(value))
        values.append(value)
    return composed(game, tuple(values))


def hand_label(ranking: Ranking, category: str, key: tuple[int, ...], ranks: tuple[int, ...]) -> str:
    """The hand as a player would say it: "Prial of 3s", "Pair of 7s, king kicker"."""
    if category in ("prial", "tricon"):
        return f"{category.capitalize()} of {rank_plural(ranks[0])}"
    if category in SEQUENCES:
        return f"{CATEGORY_NAMES[category].capitalize()} {sequence_text(ranks)}"
    if category == "pair":
        pair, kicker = key
        return f"Pair of {rank_plural(pair)}, {rank_name(kicker)} kicker"
    written = _dashed(reading_ranks(category, ranks))
    if category == "point":
        return f"Point {point_of(ranks)} ({written})"
    if category == "flush" and ranking.game == "commerce" and ranking.option("flush_by") == "point":
        return f"Flush, point {point_of(ranks)} ({written})"
    high = rank_name(ranks[0]).capitalize()
    if category == "flush":
        return f"{high}-high flush ({written})"
    return f"{high} high ({written})"


# --- The tables ----------------------------------------------------------------------------

# Each card with its rank and suit, in DECK order (rank-major: a combination comes lowest rank first).
_CARD_FACTS = tuple((card, card.rank, card.suit) for card in DECK)


def _build_table(ranking: Ranking) -> dict[int, HandRank]:
    """Rank all 22,100 hands: classify each distinct shape (the ranks, and whether one suit)
    once, sort the distinct (category, key) pairs worst first and number them, so bigger
    values are better and equal hands share a value. Hands of one value and the same ranks
    share one HandRank; equal hands with other ranks (points tied on the sum) have their own.

    A shape is an int (ranks highest first, 4 bits each, then the one-suit bit): the loop
    over every hand makes no container, so a first use starts no garbage collection."""
    order = {category: i for i, category in enumerate(reversed(ranking.categories))}
    shape_of: dict[int, int] = {}
    for (a, rank_a, suit_a), (b, rank_b, suit_b), (c, rank_c, suit_c) in combinations(_CARD_FACTS, 3):
        shape_of[a | b | c] = rank_c << 9 | rank_b << 5 | rank_a << 1 | (suit_a == suit_b == suit_c)
    classified = {
        shape: ranking.classify((shape >> 9, shape >> 5 & 15, shape >> 1 & 15), bool(shape & 1))
        for shape in set(shape_of.values())
    }
    strengths = sorted({(order[category], key) for category, key in classified.values()})
    value_of = {strength: value for value, strength in enumerate(strengths)}
    rank_of: dict[int, HandRank] = {}
    shared: dict[tuple[int, tuple[int, ...]], HandRank] = {}
    for shape, (category, key) in classified.items():
        ranks = (shape >> 9, shape >> 5 & 15, shape >> 1 & 15)
        value = value_of[order[category], key]
        if (value, ranks) not in shared:
            label = hand_label(ranking, category, key, ranks)
            shared[value, ranks] = HandRank(
                value, ranking.name, category, key, ranks, label, label[0].lower() + label[1:]
            )
        rank_of[shape] = shared[value, ranks]
    return {hand: rank_of[shape] for hand, shape in shape_of.items()}


TABLES: dict[str, dict[int, HandRank]] = {}
for _game, _values in _NAMED:  # the named tables, built at import (reading .table builds one)
    _ = composed(_game, _values).table


def rank_hand(cards: Sequence[Card], rules: str | Mapping[str, object] = BRAG) -> HandRank:
    """The rank of three cards under ``rules``: "brag", "brag-ace-high", "commerce", or a
    mapping of ranking options (see ``hand_ranking``;
    docs/rules.md, Brag hands: Brag ranking options; Commerce: Commerce options).

    ``cards`` are parsed cards (text is accepted too, and parsed). A lookup: all checks
    happen only when the lookup fails, to say what was wrong.
    """
    try:
        a, b, c = cards
        return TABLES[rules][a | b | c]  # type: ignore[index]
    except (KeyError, TypeError, ValueError):
        pass
    table = hand_ranking(rules).table  # a composed ranking, or refused
    try:
        a, b, c = cards
        return table[a | b | c]
    except (KeyError, TypeError, ValueError):
        pass
    if isinstance(cards, str):
        return rank_hand(parse_cards(cards), rules)
    raise _why_unrankable(cards)


def in_reading_order(cards: Sequence[Card], rules: str | Mapping[str, object] = BRAG) -> tuple[Card, ...]:
    """A hand's cards laid out as its label writes them under ``rules`` (``reading_ranks``):
    "J♣ Q♣ K♣" beside "Running flush J-Q-K", "Q♠ 8♠ 3♠" beside "Queen-high flush (Q-8-3)",
    "7♠ 7♥ K♦" beside "Pair of 7s, king kicker"; cards of one rank in the deck's suit order.
    What is not one hand (a declaration's 13 cards, cards that do not rank) keeps its order."""
    if len(cards) != 3:
        return tuple(cards)
    try:
        rank = rank_hand(cards, rules)
    except CardError:
        return tuple(cards)
    order = reading_ranks(rank.category, rank.ranks)
    return tuple(sorted(cards, key=lambda card: (order.index(card.rank), card)))


def show_hand(cards: Sequence[Card], rules: str | Mapping[str, object] = BRAG) -> str:
    """A hand's cards as text people read, in its label's order: ``"J♣ Q♣ K♣"``."""
    return " ".join(map(str, in_reading_order(cards, rules)))


def _why_unrankable(cards: object) -> Exception:
    try:
        cards = tuple(cards)  # type: ignore[arg-type]
    except TypeError:
        return CardError(f"expected three cards, got {cards!r}")
    if not all(isinstance(item, Card) for item in cards):
        return CardError(f"expected three cards, got {cards!r}")
    for i, item in enumerate(cards):
        if item in cards[:i]:
            return CardError(f"{item} is entered twice")
    return hand_size_error(cards)
