"""Every option a host may pick when starting a game (docs/rules.md: each game's options), as data: its
name, the values the engine accepts with a line for the host each, its default, the games it
applies to, and the presets as named bundles of values. The engine reads its defaults and
checks values here, and a form is built from the same lists, so each lives in one place.

Brag ranking options (``within="rules"``) are given inside a game's ``rules`` mapping
(``replay(..., rules={"top_prial": "aces"})``); the others are keyword options of ``replay``.
Both rankings' options are also what ``rank_hand(..., rules={...})`` takes (the hand judge):
Commerce's with ``"game": "commerce"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

STOP_THE_BUS, CRASH, COMMERCE = "stop_the_bus", "crash", "commerce"
GAMES = (STOP_THE_BUS, CRASH, COMMERCE)
BRAG_GAMES = (STOP_THE_BUS, CRASH)  # the games ranked by a Brag ranking


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of an option, as replay (or rank_hand) takes it, and what it means at the table."""

    value: object
    text: str


@dataclass(frozen=True, slots=True)
class Option:
    """One option: either ``choices`` (every accepted value) or a whole number in ``numbers``.

    ``within``: "rules" when the option is given inside the game's ``rules`` mapping (a Brag
    ranking option); None for a keyword option of replay. ``suggested``: numbers worth
    offering first (Board Game Arena's targets)."""

    name: str
    title: str
    games: tuple[str, ...]
    default: object
    choices: tuple[Choice, ...] = ()
    numbers: range | None = None
    text: str = ""  # a number option's line for the host
    within: str | None = None
    suggested: tuple[int, ...] = ()

    @property
    def values(self) -> tuple[object, ...] | range:
        """Every accepted value (a range for a number option)."""
        return self.numbers if self.numbers is not None else tuple(choice.value for choice in self.choices)

    def accepts(self, value: object) -> bool:
        """Only the values listed, of their own type: True is not 1, and 13.0 is not 13."""
        if self.numbers is not None:
            return type(value) is int and value in self.numbers
        for choice in self.choices:
            if value == choice.value and type(value) is type(choice.value):
                return True
        return False

    def refusal(self, value: object) -> str:
        """Why ``value`` is refused, naming the option and what it accepts."""
        if self.numbers is not None:
            return (
                f"{self.name} must be a whole number from {self.numbers.start} to {self.numbers.stop - 1}, "
                f"got {value!r}"
            )
        expected = ", ".join(repr(choice.value) for choice in self.choices)
        return f"{self.name} must be one of {expected}, got {value!r}"

    def explain(self, value: object) -> str:
        """The host's line for one value."""
        return next((c.text for c in self.choices if type(c.value) is type(value) and c.value == value), self.text)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named bundle of option values a host starts from (and may then change any of)."""

    name: str
    title: str
    text: str
    games: tuple[str, ...]
    options: Mapping[str, object]
    within: str | None = None  # "rules": the bundle is a Brag ranking, given as rules=<name>


def _preset(
    name: str, title: str, text: str, games: tuple[str, ...], within: str | None = None, **options: object
) -> Preset:
    return Preset(name, title, text, games, MappingProxyType(options), within)


# --- Hand rankings --------------------------------------------------------------------------

TOP_PRIAL = Option(
    "top_prial",
    "Best prial",
    BRAG_GAMES,
    "threes",
    within="rules",
    choices=(
        Choice("threes", "3-3-3 is the best prial, then A-A-A, K-K-K ... 2-2-2"),
        Choice("aces", "Prials go by rank: A-A-A is the best, 2-2-2 the lowest"),
    ),
)
BRAG_ACE_TWO_THREE = Option(
    "ace_two_three",
    "A-2-3",
    BRAG_GAMES,
    "top",
    within="rules",
    choices=(
        Choice("top", "A-2-3 is the best run, then Q-K-A, J-Q-K ... 2-3-4"),
        Choice("bottom", "A-2-3 is the lowest run (3-high); Q-K-A is the best"),
        Choice("none", "A-2-3 is no run; Q-K-A is the best, 2-3-4 the lowest"),
    ),
)
FLUSH_OVER_RUN = Option(
    "flush_over_run",
    "Flush or run",
    BRAG_GAMES,
    False,
    within="rules",
    choices=(
        Choice(False, "A run beats a flush"),
        Choice(True, "A flush beats a run (a running flush still beats both)"),
    ),
)
COMMERCE_ACE_TWO_THREE = Option(
    "ace_two_three",
    "A-2-3",
    (COMMERCE,),
    "bottom",
    choices=(
        Choice("bottom", "A-2-3 of one suit is the lowest sequence (3-high)"),
        Choice("none", "A-2-3 of one suit is a flush, not a sequence"),
    ),
)
FLUSH_BY = Option(
    "flush_by",
    "Flushes",
    (COMMERCE,),
    "point",
    choices=(
        Choice("point", "Flushes go by point, then the highest card, the second, the third"),
        Choice("cards", "Flushes go by the highest card, then the second, then the third; point does not count"),
    ),
)
POINT_BY = Option(
    "point_by",
    "Point hands",
    (COMMERCE,),
    "sum_then_cards",
    choices=(
        Choice("sum_then_cards", "Equal points: the highest card decides, then the second, then the third"),
        Choice("sum", "Equal points tie (and split the pot)"),
    ),
)

# Each ranking's options, in the order its composed names spell them (ranking.py).
RANKING_OPTIONS: dict[str, tuple[Option, ...]] = {
    "brag": (TOP_PRIAL, BRAG_ACE_TWO_THREE, FLUSH_OVER_RUN),
    "commerce": (COMMERCE_ACE_TWO_THREE, FLUSH_BY, POINT_BY),
}

# The named rankings: `brag` and `brag-ace-high` are two of the twelve Brag rankings, and
# `commerce` is Commerce's default. A game's `rules` takes either name.
RANKINGS: dict[str, Preset] = {
    "brag": _preset(
        "brag",
        "Brag (traditional)",
        "3-3-3 the best prial, A-2-3 the best run: Board Game Arena's ranking",
        BRAG_GAMES,
        "rules",
        top_prial="threes",
        ace_two_three="top",
        flush_over_run=False,
    ),
    "brag-ace-high": _preset(
        "brag-ace-high",
        "Brag, ace high",
        "Aces always high: A-A-A the best prial, Q-K-A the best run, A-2-3 no run",
        BRAG_GAMES,
        "rules",
        top_prial="aces",
        ace_two_three="none",
        flush_over_run=False,
    ),
    "commerce": _preset(
        "commerce",
        "Commerce",
        "Ace 11, K Q J 10; sequences of one suit only; flushes and points by point",
        (COMMERCE,),
        ace_two_three="bottom",
        flush_by="point",
        point_by="sum_then_cards",
    ),
}


def game_rankings(game: str) -> tuple[Preset, ...]:
    """The named rankings a game may be played with, its usual one first."""
    return tuple(ranking for ranking in RANKINGS.values() if game in ranking.games)


def ranking_with(name: str, changed: Mapping[str, object]) -> str | dict[str, object]:
    """The named ranking with some of its options changed, as a game's ``rules`` and
    ``rank_hand`` take it: the name alone when nothing changed."""
    if not changed:
        return name
    options = {**RANKINGS[name].options, **changed}
    # The ranking's family, its options' ("brag" by default, as ranking.py reads it).
    families = (family for family, known in RANKING_OPTIONS.items() if {o.name for o in known} >= set(options))
    family = next(families, "brag")
    return options if family == "brag" else {"game": family, **options}


# --- Game options ------------------------------------------------------------------------------

TOKENS = Option(
    "tokens",
    "Tokens each",
    (STOP_THE_BUS,),
    3,
    numbers=range(1, 21),
    text="Tokens each player starts with; the worst hand of a round loses one",
)

PRESET = Option(
    "preset",
    "Preset",
    (CRASH,),
    "classic",
    choices=(
        Choice("classic", "Classic: the rule books' Thirteen-Card Brag"),
        Choice("arena", "Arena: as Board Game Arena plays it"),
    ),
)
CARDS = Option(
    "cards",
    "Cards dealt",
    (CRASH,),
    13,
    choices=(
        Choice(13, "13 cards each: up to four hands (2-4 players)"),
        Choice(9, "9 cards each: up to three hands (2-5 players)"),
    ),
)
IGNORE = Option(
    "ignore",
    "Hands that cannot score",
    (CRASH,),
    "high_card",
    choices=(
        Choice("high_card", "High cards never score: a hand must be a pair or better"),
        Choice("pair", "Pairs and high cards never score"),
        Choice("none", "Every hand can score, high cards too"),
    ),
)
OUT_OF_ORDER = Option(
    "out_of_order",
    "Hands out of order",
    (CRASH,),
    "foul_out",
    choices=(
        Choice("foul_out", "A hand placed left of a stronger one is a foul: the player is out of the game"),
        Choice(
            "foul_round",
            "A hand placed left of a stronger one is a foul: the player scores nothing this round and stays in",
        ),
        Choice("sort", "No fouls: the referee sorts each player's hands, best first"),
    ),
)
STICK_UP = Option(
    "stick_up",
    "Tied best hands",
    (CRASH,),
    "nobody",
    choices=(
        Choice("nobody", "A tie for the best hand at a position is a stick-up: nobody scores it"),
        Choice("next_best", "Tied best hands cancel each other: the best hand of the rest scores"),
    ),
)
CRASH_RULE = Option(
    "crash",
    "A crash (every position)",
    (CRASH,),
    "wins_game",
    choices=(
        Choice("wins_game", "Taking every position of a round wins the game at once"),
        Choice("bonus_point", "Taking every position of a round scores one extra point"),
    ),
)
QUADS = Option(
    "quads",
    "Four-of-a-kind bonus",
    (CRASH,),
    "bonus",
    choices=(
        Choice("bonus", "All four cards of a rank among a player's hands score one extra point (the highest only)"),
        Choice("off", "No four-of-a-kind bonus"),
    ),
)
DECLARATIONS = Option(
    "declarations",
    "Declarations",
    (CRASH,),
    True,
    choices=(
        Choice(True, "Six pairs voids the deal; a thirteen-card run wins the game (13 cards only)"),
        Choice(False, "No declarations: every player sets hands"),
    ),
)
TARGET = Option(
    "target", "Target", (CRASH,), 7, numbers=range(1, 100), suggested=(7, 10, 15), text="The points that win the game"
)
ENDING = Option(
    "ending",
    "Reaching the target",
    (CRASH,),
    "at_once",
    choices=(
        Choice("at_once", "The first to reach the target wins; nothing further is scored"),
        Choice("end_of_round", "The round is scored in full; then the highest score wins, equal highest share"),
    ),
)
# A table's practice rather than a scoring rule: it changes no result, only what a player's own
# phone offers (the best setting of their own cards, engine/best_setting.py) before the showdown.
COACH = Option(
    "coach",
    "Coach while setting",
    (CRASH,),
    False,
    choices=(
        Choice(False, "No coaching: each player sets their own cards unaided"),
        Choice(
            True,
            "A player may ask for the best setting of their own cards before sending their hand (players' own phones)",
        ),
    ),
)

STAKE = Option(
    "stake",
    "Stake a hand",
    (COMMERCE,),
    0,
    numbers=range(0, 1_000_001),
    text="What each player pays into the pot every hand (0: play for the win alone)",
)

# Every option, by game, in the order a form shows them.
GAME_OPTIONS: dict[str, tuple[Option, ...]] = {
    STOP_THE_BUS: (TOKENS, TOP_PRIAL, BRAG_ACE_TWO_THREE, FLUSH_OVER_RUN),
    CRASH: (
        PRESET,
        CARDS,
        IGNORE,
        OUT_OF_ORDER,
        STICK_UP,
        CRASH_RULE,
        QUADS,
        DECLARATIONS,
        TARGET,
        ENDING,
        COACH,
        TOP_PRIAL,
        BRAG_ACE_TWO_THREE,
        FLUSH_OVER_RUN,
    ),
    COMMERCE: (STAKE, COMMERCE_ACE_TWO_THREE, FLUSH_BY, POINT_BY),
}

# The options a Crash preset sets: every Crash option but the preset and the ranking. Coaching
# changes no result, only what a player's own phone offers: every preset leaves it off.
CRASH_PRESET_OPTIONS = (CARDS, IGNORE, OUT_OF_ORDER, STICK_UP, CRASH_RULE, QUADS, DECLARATIONS, TARGET, ENDING, COACH)


def _crash_preset(name: str, title: str, text: str, **differs: object) -> Preset:
    """A Crash preset from what it plays differently from the options' defaults; its
    ``options`` spell out every option it sets."""
    if unknown := set(differs) - {option.name for option in CRASH_PRESET_OPTIONS}:
        raise ValueError(f"{name}: not options a Crash preset sets: {', '.join(sorted(unknown))}")
    return _preset(
        name,
        title,
        text,
        (CRASH,),
        **{option.name: differs.get(option.name, option.default) for option in CRASH_PRESET_OPTIONS},
    )


# Crash's presets (docs/rules.md, Crash: Classic and arena). The defaults are the classic game.
CRASH_PRESETS: dict[str, Preset] = {
    "classic": _crash_preset("classic", "Classic", "The rule books' Thirteen-Card Brag (seeds 000, 001)"),
    "arena": _crash_preset(
        "arena",
        "Arena (Board Game Arena)",
        "As Board Game Arena plays it (seed 003)",
        out_of_order="sort",
        crash="bonus_point",
        quads="off",
        declarations=False,
        ending="end_of_round",
    ),
}

# The presets of every game, by game.
PRESETS: dict[str, tuple[Preset, ...]] = {
    STOP_THE_BUS: (RANKINGS["brag"], RANKINGS["brag-ace-high"]),
    CRASH: (*CRASH_PRESETS.values(), RANKINGS["brag"], RANKINGS["brag-ace-high"]),
    COMMERCE: (RANKINGS["commerce"],),
}
