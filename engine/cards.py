"""Cards as people type them, and as the engine keys them.

A card is an ``int`` whose single set bit names it (bit ``4 * (rank - 2) + suit``), so
the key of a hand is ``a | b | c`` whatever order the cards came in, and a sorted list of
cards is in rank order. The 52 cards are built once; parsing returns those same objects.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

RANKS = range(2, 15)  # 2..10, J=11, Q=12, K=13, A=14
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_TEXT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_CODE = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}

EXPECTED_CARD = "expected a rank 2-10, J, Q, K, A followed by a suit S, H, D, C"

# What a person may type for a suit: letters, filled and outline symbols. Phones often
# follow a symbol with the emoji variation selector, which is dropped before matching.
_SUIT_ALIASES = {
    "S": "S",
    "♠": "S",
    "♤": "S",
    "H": "H",
    "♥": "H",
    "♡": "H",
    "D": "D",
    "♦": "D",
    "♢": "D",
    "C": "C",
    "♣": "C",
    "♧": "C",
}
_RANK_ALIASES = {str(n): n for n in range(2, 11)} | {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_CARD_PATTERN = "(10|[2-9TJQKA])([" + "".join(_SUIT_ALIASES) + "])"
_ONE_OR_MORE_CARDS = re.compile(f"(?:{_CARD_PATTERN})+")
_ONE_CARD = re.compile(_CARD_PATTERN)
_SEPARATORS = re.compile(r"[\s,;]+")
_INVISIBLES = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200c\u200d"))


class CardError(ValueError):
    """Text that is not a valid set of cards; the message is meant for people."""


class CardClash(CardError):
    """The same card entered in two places of one deal."""

    def __init__(self, card: Card, first: str, second: str) -> None:
        super().__init__(f"{card} is in {first} and in {second}")
        self.card, self.first, self.second = card, first, second


class Card(int):
    """One of the 52 cards; an int with one bit set. ``str`` shows it as people read it."""

    __slots__ = ()

    @property
    def index(self) -> int:
        return self.bit_length() - 1

    @property
    def rank(self) -> int:
        """2..14 (ace is 14)."""
        return (self.bit_length() + 7) >> 2

    @property
    def suit(self) -> str:
        """One of ``S H D C``."""
        return SUITS[(self.bit_length() - 1) & 3]

    @property
    def code(self) -> str:
        """The canonical stored form: ``AS``, ``TH``, ``2C``."""
        return RANK_CODE.get(self.rank, str(self.rank)) + self.suit

    def __str__(self) -> str:
        return RANK_TEXT.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


DECK: tuple[Card, ...] = tuple(Card(1 << i) for i in range(52))
_BY_RANK_AND_SUIT = {(card.rank, card.suit): card for card in DECK}


# Every spelling of a single card, upper-cased: "AS", "A♠", "A♤", "10H", "TH", ...
_TOKENS: dict[str, Card] = {
    rank_text + suit_text: _BY_RANK_AND_SUIT[rank, suit]
    for rank_text, rank in _RANK_ALIASES.items()
    for suit_text, suit in _SUIT_ALIASES.items()
}


def card(rank: int, suit: str) -> Card:
    """The card of that rank (2..14) and suit letter."""
    return _BY_RANK_AND_SUIT[rank, suit]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards as a person types them: ``"As 10h q♣"``, ``"AS,TH,QC"``, ``"AsThQc"``.

    Returns the cards in the order typed. Raises CardError naming the first token that is
    not a card, or the first card typed twice.
    """
    if not isinstance(text, str):
        raise CardError(f"expected cards as text, got {type(text).__name__}")
    # Fast path: one card a token, the way the app stores and most people type them.
    tokens = text.upper().split()
    cards = [_TOKENS.get(token) for token in tokens]
    if None in cards or len(set(cards)) != len(cards):
        return _parse_slowly(text)
    return tuple(cards)  # type: ignore[arg-type]


def _parse_slowly(text: str) -> tuple[Card, ...]:
    """Any separators, several cards run together, invisible characters; and the refusal
    that names the token or the card typed twice."""
    cards: list[Card] = []
    for token in _SEPARATORS.split(text.translate(_INVISIBLES).strip()):
        if not token:
            continue
        upper = token.upper()
        if not _ONE_OR_MORE_CARDS.fullmatch(upper):
            raise CardError(f'"{quoted(token)}" is not a card: {EXPECTED_CARD}')
        for rank, suit in _ONE_CARD.findall(upper):
            found = _BY_RANK_AND_SUIT[_RANK_ALIASES[rank], _SUIT_ALIASES[suit]]
            if found in cards:
                raise CardError(f"{found} is entered twice")
            cards.append(found)
    return tuple(cards)


def parse_hand(text: str) -> tuple[Card, ...]:
    """Exactly three cards, as ``parse_cards`` reads them."""
    try:  # the usual case first: three single-card tokens, three different cards
        a, b, c = text.upper().split()
        hand = (_TOKENS[a], _TOKENS[b], _TOKENS[c])
    except (AttributeError, KeyError, ValueError):
        pass
    else:
        if hand[0] is not hand[1] and hand[1] is not hand[2] and hand[0] is not hand[2]:
            return hand
    cards = parse_cards(text)
    if len(cards) != 3:
        raise hand_size_error(cards)
    return cards


def quoted(token: str, most: int = 12) -> str:
    """What was typed, said back: a short start of it when it is long (a person sees which
    word is meant; a page or a log never carries a hand-made post whole)."""
    return token if len(token) <= most else token[:most] + "…"


def hand_size_error(cards: Sequence[Card]) -> CardError:
    """The refusal of a hand that is not three cards, naming what was entered."""
    if not cards:
        return CardError("expected three cards, got none")
    return CardError(f"expected three cards, got {len(cards)}: {show_cards(cards)}")


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical stored text: ``"AS TH QC"``."""
    return " ".join(card.code for card in cards)


def show_cards(cards: Iterable[Card]) -> str:
    """The text people read: ``"A♠ 10♥ Q♣"``."""
    return " ".join(map(str, cards))


def check_one_deck(places: Mapping[str, Sequence[Card]]) -> None:
    """Refuse a card that appears in two places of one deal (one deck per round).

    ``places`` maps a description ("Ann's hand", "the table cards") to the cards there, in
    entry order; the clash names the first place the card was seen and the later one.
    """
    clashes = card_clashes(places)
    if clashes:
        raise clashes[0]


def card_clashes(places: Mapping[str, Sequence[Card]]) -> list[CardClash]:
    """Every card entered again after its first place, one clash each time, in entry order
    (empty when each card is in one place)."""
    held = 0
    count = 0
    for cards in places.values():
        for found in cards:
            held |= found
        count += len(cards)
    if held.bit_count() == count:  # no card twice: every card set a bit of its own
        return []
    seen: dict[Card, str] = {}
    clashes = []
    for place, cards in places.items():
        for found in cards:
            if found in seen:
                clashes.append(CardClash(found, seen[found], place))
            else:
                seen[found] = place
    return clashes
