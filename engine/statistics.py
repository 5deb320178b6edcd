"""Each player's figures in one game, read off its replay, and what a random deal gives:
what the player page and the circle's league table add up. Statistics are derived from the
rounds, never entered."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from .games import game_of
from .outcomes import GameOutcome
from .ranking import hand_ranking


@dataclass(frozen=True, slots=True)
class Figures:
    """One player's game. ``place`` is 1 for the winner (players level share a place);
    ``final`` is the standing at the end (tokens left, points, balance or hands won)."""

    finished: bool = False
    won: bool = False
    place: int = 0
    final: int = 0
    rounds_played: int = 0
    # Stop the Bus
    tokens_lost: int = 0
    worst_hand: int = 0  # rounds with the worst hand, a stand-off included
    # Crash
    scored: tuple[int, int, int, int] = (0, 0, 0, 0)  # positions won at positions 1 to 4
    stick_ups: int = 0
    fouls: int = 0
    crashes: int = 0
    quad_bonuses: int = 0
    declarations: int = 0
    # Commerce
    hands_won: int = 0
    pots_split: int = 0
    balance: int = 0  # in the stake's unit; 0 when playing for the win alone
    categories: Mapping[str, int] = field(default_factory=dict)  # hands shown, by category


def ruleset_of(outcome: GameOutcome) -> str:
    """The name of the ranking the game's hands were ranked under ("brag", "commerce", or a
    composed one such as "brag:ABF"): what hand_ranking and rank_hand take back."""
    return outcome.settings.rules


def figures_of(outcome: GameOutcome) -> dict[str, Figures]:
    """Every seated player's figures in the game, in seat order."""
    counts = {name: Counter() for name in outcome.players}
    scored = {name: [0, 0, 0, 0] for name in outcome.players}
    categories = {name: Counter() for name in outcome.players}
    out: set[str] = set()
    for round_ in outcome.rounds:
        for name in outcome.players:
            if name not in out:
                counts[name]["rounds_played"] += 1
        for name, hands in round_.hands.items():
            categories[name].update(hand.category for hand in hands)
        for event in round_.events:
            _count(event, counts, scored)
        out.update(round_.out)
    stake = game_of(outcome.game).for_stake(outcome.settings)
    order = hand_ranking(ruleset_of(outcome)).categories
    # Winners share first place; the others go by their standing, then by how long they lasted.
    keys = {
        name: (True,) if name in outcome.winners else (False, outcome.standings[name], counts[name]["rounds_played"])
        for name in outcome.players
    }
    return {
        name: Figures(
            finished=outcome.finished,
            won=name in outcome.winners,
            place=1 + sum(other > keys[name] for other in keys.values()),
            final=outcome.standings[name],
            scored=tuple(scored[name]),  # type: ignore[arg-type]
            balance=outcome.standings[name] if stake else 0,
            categories={c: categories[name][c] for c in order if categories[name][c]},
            **counts[name],
        )
        for name in outcome.players
    }


# What each event adds to the figures of the players it names.
_TALLIES = {
    "lost_token": ("tokens_lost", "worst_hand"),
    "stand_off": ("worst_hand",),
    "stick_up": ("stick_ups",),
    "crash": ("crashes",),
    "quad_bonus": ("quad_bonuses",),
    "six_pairs": ("declarations",),
    "thirteen_run": ("declarations",),
    "won_pot": ("hands_won",),
    "split_pot": ("pots_split",),
}


def _count(event, counts: Mapping[str, Counter], scored: Mapping[str, list[int]]) -> None:
    if event.kind == "scored":
        scored[event.players[0]][event.position - 1] += 1
    elif event.kind == "foul":
        if event.position is not None:  # not the closing "every player fouled" sentence
            counts[event.players[0]]["fouls"] += 1
    else:
        for name in event.players:
            for tally in _TALLIES.get(event.kind, ()):
                counts[name][tally] += 1


@cache  # a count over all 22,100 hands, the same every time for a ruleset
def deal_frequencies(rules: str) -> Mapping[str, Fraction]:
    """The exact share of each category among all 22,100 three-card hands
    (docs/rules.md, Brag hands: Hand counts), best category first."""
    ranking = hand_ranking(rules)
    counts = Counter(rank.category for rank in ranking.table.values())
    return MappingProxyType(
        {category: Fraction(counts[category], len(ranking.table)) for category in ranking.categories}
    )
