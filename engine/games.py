"""Each game described once: how it is replayed, what its round's entry holds beyond the
hands, what it can do (hands set in positions, table cards, a caller or knocker,
declarations, hindsight...), what its standings count, its summary in words and its house
rules. The engine's replay, the forms, the pages, the board, the seats, the statistics and
the night's story read what a game can do from its description: only this module knows
which game is which (tests/test_games_asked.py checks it; docs/contributing.md, A new game)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import commerce, crash, stop_the_bus
from . import rule_lines as lines
from .cards import Card
from .crash import SettingCheck, check_setting
from .entries import read_three_card_round
from .hindsight import Hindsight, round_hindsight
from .house_rules import CRASH_PRESET_OPTIONS, CRASH_PRESETS, GAME_OPTIONS, Option
from .outcomes import EntryError, GameOutcome
from .rule_lines import RuleLine

Settings = Any  # a game's options as its replay reads them (outcomes.GameOptions and the game's own)


def _nothing(settings: Settings) -> tuple:
    return ()


def _zero(settings: Settings) -> int:
    return 0


def _one(settings: Settings) -> int:
    return 1


def _three(settings: Settings) -> int:
    return 3


def _no(settings: Settings) -> bool:
    return False


def _refused_alone(options: Mapping[str, object], seated: int, field: str) -> tuple[tuple[str, str], ...]:
    return ()


@dataclass(frozen=True, slots=True)
class GameDescription:
    """One game, as everything outside its own module needs to know it: what it can do, each
    capability named for what it means, none for which game it is.

    ``replay(players, rounds, **options)`` referees it and ``read_options(players, options)``
    reads its options (typed, defaults filled in: the ``settings`` every other field takes).
    ``read_own(part, players, name, settings)`` reads one player's own part of a round (their
    hands, or a declaration) as the round will, returning their cards.

    A round's entry holds ``hands``; ``named`` is the player a round may name beside them
    ("caller", "knocker"; "" for none, then ``named_label`` and ``named_verb`` are unused),
    ``table`` whether it may hold table cards. With ``sets_hands``, each player sets
    ``positions(settings)`` hands of three in positions from the ``dealt(settings)`` cards
    dealt, given as a list in the order set; without, a player gives one hand of three cards,
    as text.
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
    # The options a preset of the game sets: one left empty on the new-game form takes the preset's.
    preset_sets: tuple[Option, ...] = ()
    first_rules: Callable[[Mapping[str, object]], tuple[RuleLine, ...]] = _nothing  # rule_lines.py
    # Options the engine refuses together, in the new-game form's words, beside each field they
    # name ("seats" for the seats): (options as set, players seated, the field refused) -> said.
    refused_together: Callable[[Mapping[str, object], int, str], tuple[tuple[str, str], ...]] = _refused_alone

    # --- What a round's entry holds -----------------------------------------------------------
    named: str = ""
    named_label: str = ""  # the form's label for the named player
    named_verb: str = ""  # what the named player did: "called", "knocked"
    table: bool = False
    # Hands set in positions: how many a player sets (the hands of a setting), from how many cards.
    sets_hands: bool = False
    positions: Callable[[Settings], int] = _one
    dealt: Callable[[Settings], int] = _three
    # The check of a player's hands as set, while being entered (in order, or a foul and its
    # legal order): (the hands' texts in the order set, settings); None for a game without.
    setting_check: Callable[[Sequence[str], Settings], SettingCheck] | None = None
    # Hands played sorted, best first, whatever the order set: the order set is not the order played.
    plays_sorted: Callable[[Settings], bool] = _no
    # What a player may declare instead of setting hands, each (kind, as people read it), when
    # the options allow it (``declares``).
    declarations: tuple[tuple[str, str], ...] = ()
    declares: Callable[[Settings], bool] = _no
    # A seat may ask for the best setting of its own cards while setting them.
    coached: Callable[[Settings], bool] = _no

    # --- What it counts and says --------------------------------------------------------------
    tokens: Callable[[Settings], int] = _zero  # each player's start, shown as pips (0: a figure from 0)
    for_stake: Callable[[Settings], bool] = _no  # the standings are a balance
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
    # Each player's round looked back on, (outcome, the entries, round number) -> by name: what
    # the best setting of the same cards would have scored. None: a game without hindsight.
    hindsight: Callable[[GameOutcome, Sequence[object], int], Mapping[str, Hindsight]] | None = None
    # How the night's story tells an escape (a round's event that saved every player it names:
    # a stand-off, a deal every player fouled), after those saved: "kept a last token on a stand-off".
    escape: str = ""


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


def _crash_setting_check(texts: Sequence[str], settings: Settings) -> SettingCheck:
    """What a foul costs and the ranking: the game's options as set."""
    return check_setting(texts, out_of_order=settings.out_of_order, rules=settings.rules)


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
    escape="kept a last token on a stand-off",
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
    preset_sets=CRASH_PRESET_OPTIONS,
    first_rules=lines.crash_lines,
    refused_together=crash.refused_together,
    sets_hands=True,
    positions=lambda settings: settings.positions,
    dealt=lambda settings: settings.cards,
    setting_check=_crash_setting_check,
    plays_sorted=lambda settings: settings.sorts,
    declarations=tuple(crash.DECLARATION_KINDS.items()),
    declares=lambda settings: settings.declarations,
    coached=lambda settings: settings.coach,
    house_rules=_crash_house_rules,
    void_deal_causes=crash.void_deal_causes,
    scored=crash.points_scored,
    hindsight=round_hindsight,
    escape="all fouled: the deal was void, and the fouls cost nothing",
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


def round_extras() -> tuple[str, ...]:
    """What a round's entry may hold beside the players' own parts, in the games registered
    now: "table", then each player a round may name ("caller", "knocker")."""
    table = ["table"] if any(game.table for game in GAMES.values()) else []
    return tuple(dict.fromkeys([*table, *(game.named for game in GAMES.values() if game.named)]))


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
