"""The rules that bite first, in a line or two, as a game's options make them: what the
new-game form and the round's entry say before anything is recorded, each line with the
section of docs/rules.md that says it in full.

The options are taken as a form may hold them while the host is still choosing: an option
missing, or a value the engine would refuse, reads as the preset's (or the default) here;
the engine refuses it when the game starts. Each game's description (games.py) names its
lines, and ``engine.rule_lines(game, options)`` says them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .house_rules import COACH, CRASH_PRESETS, PRESET, STAKE, TOKENS, Option

# What a foul costs, by the option for hands out of order, said to the player (docs/rules.md, Crash: Fouls).
FOUL_LINES = {
    "foul_out": "a hand placed left of a stronger one is a foul, and a foul puts you out of the game",
    "foul_round": "a hand placed left of a stronger one is a foul, and a foul costs you the round's points",
    "sort": "hands out of order are no foul: they are played sorted, best first",
}

# What the coach rule lets a player do, said to the player (docs/rules.md, Players' own phones: Coach while setting).
COACH_LINE = "on your own phone you may ask for the best setting of your cards before you send your hand"


@dataclass(frozen=True, slots=True)
class RuleLine:
    """One line of the rules, and the heading of docs/rules.md that says it in full."""

    text: str
    section: str

    @property
    def anchor(self) -> str:
        """The section's id on the Rules page (GitHub's and Markdown's: "Fouls": fouls)."""
        return re.sub(r"[\s]+", "-", re.sub(r"[^\w\s-]", "", self.section.lower()).strip())


def _value(option: Option, options: Mapping[str, object], default: object = None) -> object:
    """The option's value if the engine would take it, else ``default`` (the option's own)."""
    value = options.get(option.name)
    if value is not None and option.accepts(value):
        return value
    return option.default if default is None else default


def crash_lines(options: Mapping[str, object]) -> tuple[RuleLine, ...]:
    preset = CRASH_PRESETS[_value(PRESET, options)]  # type: ignore[index]
    out_of_order = options.get("out_of_order")
    if out_of_order not in FOUL_LINES:
        out_of_order = preset.options["out_of_order"]
    cards = options.get("cards") if options.get("cards") in (9, 13) else preset.options["cards"]
    # The preset's name when its own rule is played; a rule the host changed says so.
    whose = preset.title.split(" (")[0] if out_of_order == preset.options["out_of_order"] else "House rule"
    cost = FOUL_LINES[out_of_order]  # type: ignore[index]
    lines = (
        RuleLine(f"Hand 1 is your strongest, hand {cards // 3} your weakest.", "Setting hands"),  # type: ignore[operator]
        RuleLine(f"{whose}: {cost}.", "Fouls"),
    )
    if _value(COACH, options) is True:  # no preset coaches: only the host's choice says it
        lines += (RuleLine(f"House rule: {COACH_LINE}.", "Coach while setting"),)
    return lines


def stop_the_bus_lines(options: Mapping[str, object]) -> tuple[RuleLine, ...]:
    tokens = _value(TOKENS, options)
    return (
        RuleLine(
            f"Everyone starts with {tokens} token{'s' if tokens != 1 else ''}: the worst hand of each round "
            "loses one, and the last player with tokens wins.",
            "The worst hand",
        ),
    )


def commerce_lines(options: Mapping[str, object]) -> tuple[RuleLine, ...]:
    stake = _value(STAKE, options)
    if stake:
        first = RuleLine(
            f"Everyone pays {stake} into the pot each hand; the best hand takes the pot, tied best hands split it.",
            "Players, the stake and the pot",
        )
    else:
        first = RuleLine(
            "Played for the win alone: the best hand of each deal counts a hand won, and when the host ends "
            "the game the most hands won wins.",
            "Standings and the end",
        )
    second = RuleLine(
        "Ace counts 11, K Q J 10 count 10, the rest their number; a sequence must be of one suit.", "Commerce hands"
    )
    return first, second
