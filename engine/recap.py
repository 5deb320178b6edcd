"""The night's story: an evening told as a few items people share (who won, the hand of the
night, the biggest crash, the points left on the table, the luckiest escape, the comeback, the
night's ratings, who pays whom), each present only when the evening had one.

These are the shapes the recap is told in; what fills them is worked out from what the evening
stored (its rounds, their verdicts and kept hindsight, the ratings)."""

from __future__ import annotations

from dataclasses import dataclass

# The kinds of item, in the order a recap tells them.
ITEM_KINDS = (
    "winner",  # one item a finished game: who won it, and how
    "hand_of_the_night",  # the best hand shown at any showdown, by its game's own ranking
    "biggest_crash",  # the biggest crash or four-of-a-kind bonus (Crash)
    "most_left",  # the most points left on the table, by hindsight (Crash)
    "luckiest_escape",  # a token kept on a stand-off, a foul that cost nothing
    "comeback",  # the largest deficit turned into a win
    "counts",  # fouls and stand-offs counted
    "ratings",  # each player's rating change of the night, "provisional" marked
    "settle_up",  # Commerce for a stake: who pays whom, in the fewest transfers
)


@dataclass(frozen=True, slots=True)
class RecapItem:
    """One thing worth telling: ``title`` ("The hand of the night"), ``text`` (the sentence:
    "Priya's prial of 3s, round 4 of Crash · game 2"), ``why`` (a line of why, where a house
    rule decided it; "" otherwise), the ``players`` it is about, the ``cards`` it shows (card
    codes as stored, "3S", in the order shown) and its ``lines`` (rows: a rating change, a
    transfer; each a sentence)."""

    kind: str
    title: str
    text: str
    why: str = ""
    players: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Recap:
    """An evening's story: ``title`` (the evening's title and day), ``headline`` (one sentence
    for a picture or a link's preview) and its ``items`` in the order of ``ITEM_KINDS``. An
    evening with nothing finished to tell has no items and says so in its headline."""

    title: str
    headline: str
    items: tuple[RecapItem, ...] = ()
