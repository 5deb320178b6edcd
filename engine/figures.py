"""A player's figure in a game, written one way wherever it is shown: alone, in a standings'
cell ("7"; a balance with its sign, "+12", "−5", a true minus sign), and in words ("7
points", "2 tokens", "a balance of +12", "5 hands won"). What a game counts is its
description's unit (engine/games.py)."""

from __future__ import annotations

from .games import GAMES
from .outcomes import GameOutcome

BALANCE = "balance"  # a unit whose figures are owed and owing: shown with their sign
HANDS_WON = "hands won"


def signed(amount: int) -> str:
    """An amount with its sign: "+50", "−10" (a minus sign, not a hyphen), "0"."""
    return f"{amount:+d}".replace("-", "\N{MINUS SIGN}") if amount else "0"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def unit_of(outcome: GameOutcome) -> str:
    return GAMES[outcome.game].unit(outcome.settings)


def figure(outcome: GameOutcome, value: int) -> str:
    """The figure alone, as a standings' cell shows it under its unit's heading."""
    return signed(value) if unit_of(outcome) == BALANCE else str(value)


def standing(outcome: GameOutcome, value: int) -> str:
    """The figure in words: "7 points", "2 tokens", "a balance of +12", "5 hands won"."""
    unit = unit_of(outcome)
    if unit == BALANCE:
        return f"a balance of {signed(value)}"
    if unit == HANDS_WON:
        return f"{plural(value, 'hand')} won"
    return plural(value, unit.removesuffix("s"))
