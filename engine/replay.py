"""replay(game, players, rounds, **options): a game from its rounds as entered."""

from __future__ import annotations

from collections.abc import Sequence

from . import commerce, crash, stop_the_bus
from .commerce import CommerceOptions, replay_commerce
from .crash import CrashOptions, replay_crash
from .outcomes import EntryError, GameOutcome
from .stop_the_bus import StopTheBusOptions, replay_stop_the_bus

GAMES = {"stop_the_bus": replay_stop_the_bus, "crash": replay_crash, "commerce": replay_commerce}
_OPTIONS = {"stop_the_bus": stop_the_bus.read_options, "crash": crash.read_options, "commerce": commerce.read_options}


def replay(game: str, players: Sequence[str], rounds: Sequence[object] = (), **options: object) -> GameOutcome:
    """Referee a whole game: the players in seat order, the game's options (docs/rules.md gives
    each default), and the rounds as entered, in order. Raises EntryError for a round or an
    option that breaks a rule of entry; the error's ``round`` says which round."""
    return GAMES[_known(game)](players, rounds, **options)


def game_settings(
    game: str, players: Sequence[str], **options: object
) -> StopTheBusOptions | CrashOptions | CommerceOptions:
    """The game's options as its replay reads them (typed, defaults filled in), without
    replaying a round: what an entry screen needs to know before the first one. Raises
    EntryError as replay would for an option or a table that breaks a rule."""
    return _OPTIONS[_known(game)](players, options)


def _known(game: str) -> str:
    if not isinstance(game, str) or game not in GAMES:
        raise EntryError(f"unknown game {game!r}: expected {', '.join(GAMES)}", field="game")
    return game
