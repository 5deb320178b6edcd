"""What a replay says: events with sentences for people, each round's outcome, the game's.

These are the engine's game API (docs/contributing.md, The engine's API): names and fields
here are a contract that code outside the package relies on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Protocol

from .ranking import HandRank

EVENT_KINDS = frozenset(
    {
        # Stop the Bus
        "lost_token",
        "stand_off",
        "out",
        "won",
        # Crash
        "foul",
        "scored",
        "stick_up",
        "no_score",
        "crash",
        "quad_bonus",
        "six_pairs",
        "thirteen_run",
        "void_deal",
        # Commerce
        "won_pot",
        "split_pot",
    }
)


class EntryError(ValueError):
    """A round (or a game's set-up) that breaks a rule of entry. The message is for people,
    shown word for word; ``round`` (1-based), ``player``, ``field`` ("hands", "table",
    "caller", "knocker", "declarations", "players" or an option's name) and, for a Crash
    hand, ``position`` (1-based, as placed) say where it is, when known, so a form can
    show it next to the field it concerns."""

    def __init__(
        self,
        message: str,
        *,
        round: int | None = None,
        player: str | None = None,
        field: str | None = None,
        position: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message, self.round, self.player, self.field, self.position = message, round, player, field, position

    def in_round(self, number: int) -> EntryError:
        """The same error, placed in round ``number``."""
        return EntryError(self.message, round=number, player=self.player, field=self.field, position=self.position)


class Event(NamedTuple):
    """One decision of the referee: its kind (EVENT_KINDS), the players it concerns, a
    sentence for people, and for Crash's foul/scored/stick_up/no_score the position.
    (A named tuple rather than a frozen dataclass: as immutable, and a replay makes many.)"""

    kind: str
    players: tuple[str, ...]
    text: str
    position: int | None = None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One round as the referee saw it.

    ``deltas``: what the round changed, for every player in the game (0 if nothing);
    ``standings``: the standings after it; ``hands``: each player's ranked hands in the
    order placed (one for Stop the Bus and Commerce); ``out``: players put out this round;
    ``void``: a deal that counted for nothing (six pairs, every player fouled, or the host's word) and is
    dealt again by the same dealer.
    """

    number: int
    dealer: str
    events: tuple[Event, ...]
    deltas: Mapping[str, int]
    standings: Mapping[str, int]
    hands: Mapping[str, tuple[HandRank, ...]]
    out: tuple[str, ...] = ()
    void: bool = False
    pot: int = 0


def showdown_outcome(
    number: int,
    dealer: str,
    events: Sequence[Event],
    deltas: Mapping[str, int],
    standings: Mapping[str, int],
    ranks: Mapping[str, HandRank],
    **more: object,
) -> RoundOutcome:
    """A round of one three-card hand each (Stop the Bus, Commerce), the standings as they are
    after it; ``more``: the round's other fields (out, pot)."""
    hands = {name: (rank,) for name, rank in ranks.items()}
    return RoundOutcome(number, dealer, tuple(events), deltas, dict(standings), hands, **more)  # type: ignore[arg-type]


class GameOptions(Protocol):
    """A game's options as its replay read them, defaults filled in (StopTheBusOptions,
    CrashOptions or CommerceOptions): the one place their defaults live."""

    first_dealer: int
    rules: str  # the name of the ranking its hands are ranked under
    ended: bool  # the host has ended the game (as_it_stands)

    def as_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """A game replayed from its rounds: everything a board or a stats page shows."""

    game: str
    players: tuple[str, ...]
    settings: GameOptions  # typed, defaults filled in
    rounds: tuple[RoundOutcome, ...]
    standings: Mapping[str, int]
    finished: bool
    winners: tuple[str, ...]
    out: tuple[str, ...]
    next_dealer: str | None
    pot: int = 0
    still_in: tuple[str, ...] = field(default=())

    @property
    def options(self) -> dict[str, object]:
        """The options as replay takes them, every one spelled out."""
        return self.settings.as_dict()


def as_it_stands(outcome: GameOutcome) -> GameOutcome:
    """The game as the host ended it (``ended``, any game): one its rules have not finished is
    won by the highest standing of the players still in, equal highest sharing the win; one its
    rules finished is as they left it (docs/rules.md, Ending a game as it stands)."""
    if outcome.finished:
        return outcome
    contenders = outcome.still_in or outcome.players
    best = max(outcome.standings[name] for name in contenders)
    winners = tuple(name for name in contenders if outcome.standings[name] == best)
    return replace(outcome, finished=True, winners=winners, next_dealer=None)


def replayed(
    game: str,
    players: tuple[str, ...],
    settings: GameOptions,
    rounds: Sequence[RoundOutcome],
    standings: Mapping[str, int],
    *,
    next_dealer: str | None,
    still_in: tuple[str, ...],
    finished: bool = False,
    winners: tuple[str, ...] = (),
    out: tuple[str, ...] = (),
    pot: int = 0,
) -> GameOutcome:
    """The game as its rounds left it (by default one its rules have not finished), or as the
    host ended it when its settings say so (as_it_stands)."""
    outcome = GameOutcome(
        game, players, settings, tuple(rounds), standings, finished, winners, out, next_dealer, pot, still_in
    )
    return as_it_stands(outcome) if settings.ended else outcome
