"""Each game described once: how it is replayed, what its round's entry holds beyond the
hands, whether a player's hands have positions, what its standings count, its summary in
words and its house rules. The engine's replay, the forms, the pages, the board, the seats
and the statistics read a game's description rather than asking which game it is
(docs/contributing.md, A new game)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import commerce, crash, stop_the_bus
from . import rule_lines as lines
from .cards import Card
from .entries import read_three_card_round
from .house_rules import CRASH_PRESETS, GAME_OPTIONS, Option
from .outcomes import EntryError, GameOutcome
from .rule_lines import RuleLine

Settings = Any  # a game's options as its replay reads them (outcomes.GameOptions and the game's own)


def _nothing(settings: Settings) -> tuple:
    return ()


def _zero(settings: Settings) -> int:
    return 0


@dataclass(frozen=True, slots=True)
class GameDescription:
    """One game, as everything outside its own module needs to know it.

    ``replay(players, rounds, **options)`` referees it and ``read_options(players, options)``
    reads its options (typed, defaults filled in: the ``settings`` every other field takes).
    ``read_own(part, players, name, settings)`` reads one player's own part of a round (their
    hands, or a declaration) as the round will, returning their cards.

    A round's entry holds ``hands``; ``named`` is the player a round may name beside them
    ("caller", "knocker"; "" for none, then ``named_label`` and ``named_verb`` are unused),
    ``table`` whether it may hold table cards. With ``placed``, each player sets several hands
    in positions (``settings.positions`` of them, from ``settings.cards`` dealt), as a list in
    the order placed, checked as set while being entered (a setting check) and looked back on
    (hindsight); without, a player gives one hand of three cards, as text.
    """

    kind: str  # as stored and as replay takes it: "stop_the_bus"
    title: str  # as people read it: "Stop the Bus"
    replay: Callable[..., GameOutcome]
    read_options: Callable[[Sequence[str], Mapping[str, object]], Settings]
    read_own: Callable[[Mapping, Sequence[str], str, Settings], tuple[Card, ...]]
    summary: Callable[[Settings], str]  # the game in a line: "Crash, classic, to 7"
    unit: Callable[[Settings], str]  # what the standings count: "tokens", "points"
    # What was at stake in a game played, in its standings' unit: a deficit's measure, so that
    # games of other units compare (the night's story's comeback: a deficit as a share of it).
    at_stake: Callable[[GameOutcome], int]
    options: tuple[Option, ...] = ()  # its house rules, in the order a form shows them
    first_rules: Callable[[Mapping[str, object]], tuple[RuleLine, ...]] = _nothing  # rule_lines.py
    named: str = ""
    named_label: str = ""  # the form's label for the named player
    named_verb: str = ""  # what the named player did: "called", "knocked"
    table: bool = False
    placed: bool = False
    tokens: Callable[[Settings], int] = _zero  # each player's start, shown as pips (0: a figure from 0)
    for_stake: Callable[[Settings], bool] = lambda settings: False  # the standings are a balance
    # The game ends only when the host says so (any game's replay takes ``ended``: the host
    # may end any game as it stands, outcomes.as_it_stands).
    ended_by_host: bool = False
    # What a house rule changes beside the ranking, each as the host's line for it.
    house_rules: Callable[[Settings], tuple[str, ...]] = _nothing
    # What can void a deal under these options, the host then recording the deal as void
    # (a round ``{"hands": {...}, "void": True}``); None for a game that has no void deal.
    void_deal_causes: Callable[[Settings], tuple[str, ...]] | None = None
    # A player's change of score in one round, summed, in words (name, change, score after):
    # for a game where one round scores a player several times; None: each event says its own.
    scored: Callable[[str, int, int], str] | None = None


# --- The games -----------------------------------------------------------------------------


def _three_card_own(named: str, title: str) -> Callable[[Mapping, Sequence[str], str, Settings], tuple[Card, ...]]:
    def read_own(part: Mapping, players: Sequence[str], name: str, settings: Settings) -> tuple[Card, ...]:
        hands = read_three_card_round(
            title, {"hands": dict(part.get("hands") or {})}, players, [name], named=named, out_reason=""
        )
        return hands[name]

    return read_own


def _crash_own(part: Mapping, players: Sequence[str], name: str, settings: Settings) -> tuple[Card, ...]:
    read = crash.read_round(dict(part), players, [name], settings)
    if name in read.declared:
        return read.declared[name][1]
    return tuple(card for hand in read.placed[name] for card in hand)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _stop_the_bus_summary(settings: Settings) -> str:
    ace_high = ", aces high" if settings.rules == "brag-ace-high" else ""
    return f"{stop_the_bus.TITLE}, {_plural(settings.tokens, 'token')}{ace_high}"


def _crash_summary(settings: Settings) -> str:
    cards = "" if settings.cards == 13 else f" {settings.cards} cards"
    return f"{crash.TITLE}, {settings.preset}{cards}, to {settings.target}"


def _commerce_summary(settings: Settings) -> str:
    return f"{commerce.TITLE}, stake {settings.stake}" if settings.stake else f"{commerce.TITLE}, for the win"


def _commerce_at_stake(outcome: GameOutcome) -> int:
    """All that was staked in the game, every player every hand; at stake 0 (hands won), the
    hands played."""
    hands = len(outcome.rounds)
    return outcome.settings.stake * len(outcome.players) * hands if outcome.settings.stake else hands


def _crash_house_rules(settings: Settings) -> tuple[str, ...]:
    """What the game plays differently from its preset (the cards and the target are in its summary)."""
    preset = CRASH_PRESETS[settings.preset].options
    return tuple(
        option.explain(getattr(settings, option.name))
        for option in GAME_OPTIONS[crash.GAME]
        if option.name in preset
        and option.name not in ("cards", "target")
        and getattr(settings, option.name) != preset[option.name]
    )


STOP_THE_BUS = GameDescription(
    kind=stop_the_bus.GAME,
    title=stop_the_bus.TITLE,
    replay=stop_the_bus.replay_stop_the_bus,
    read_options=stop_the_bus.read_options,
    read_own=_three_card_own("caller", stop_the_bus.TITLE),
    summary=_stop_the_bus_summary,
    unit=lambda settings: "tokens",
    at_stake=lambda outcome: outcome.settings.tokens,  # each player's start
    options=GAME_OPTIONS[stop_the_bus.GAME],
    first_rules=lines.stop_the_bus_lines,
    named="caller",
    named_label="Who called “Stop the bus!” (optional)",
    named_verb="called",
    table=True,
    tokens=lambda settings: settings.tokens,
)

CRASH = GameDescription(
    kind=crash.GAME,
    title=crash.TITLE,
    replay=crash.replay_crash,
    read_options=crash.read_options,
    read_own=_crash_own,
    summary=_crash_summary,
    unit=lambda settings: "points",
    at_stake=lambda outcome: outcome.settings.target,
    options=GAME_OPTIONS[crash.GAME],
    first_rules=lines.crash_lines,
    placed=True,
    house_rules=_crash_house_rules,
    void_deal_causes=crash.void_deal_causes,
    scored=crash.points_scored,
)

COMMERCE = GameDescription(
    kind=commerce.GAME,
    title=commerce.TITLE,
    replay=commerce.replay_commerce,
    read_options=commerce.read_options,
    read_own=_three_card_own("knocker", commerce.TITLE),
    summary=_commerce_summary,
    unit=lambda settings: "balance" if settings.stake else "hands won",
    at_stake=_commerce_at_stake,
    options=GAME_OPTIONS[commerce.GAME],
    first_rules=lines.commerce_lines,
    named="knocker",
    named_label="Who knocked (optional)",
    named_verb="knocked",
    table=True,
    for_stake=lambda settings: bool(settings.stake),
    ended_by_host=True,
)


# --- The registry --------------------------------------------------------------------------

# Every game by kind, in the order the pages offer them.
GAMES: dict[str, GameDescription] = {game.kind: game for game in (STOP_THE_BUS, CRASH, COMMERCE)}


def game_of(kind: str) -> GameDescription:
    """The game of this kind; EntryError naming the games there are for any other."""
    if not isinstance(kind, str) or kind not in GAMES:
        raise EntryError(f"unknown game {kind!r}: expected {', '.join(GAMES)}", field="game")
    return GAMES[kind]


def register(game: GameDescription) -> GameDescription:
    """Add a game (a test's toy game: the three above are registered here already)."""
    if game.kind in GAMES:
        raise ValueError(f"a game {game.kind!r} is registered already")
    GAMES[game.kind] = game
    return game


def unregister(kind: str) -> None:
    """Take a registered game away again (a test's teardown)."""
    del GAMES[kind]


def rule_lines(game: str, options: Mapping[str, object]) -> tuple[RuleLine, ...]:
    """The rules that bite first in ``game`` played with ``options`` (replay's keywords, as
    stored; engine/rule_lines.py)."""
    if game not in GAMES:
        raise ValueError(f"no such game: {game!r}")
    return GAMES[game].first_rules(options)
