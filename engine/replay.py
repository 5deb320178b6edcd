"""replay(game, players, rounds, **options): a game from its rounds as entered."""

from __future__ import annotations

from collections.abc import Sequence

from .games import game_of
from .outcomes import GameOptions, GameOutcome


def replay(game: str, players: Sequence[str], rounds: Sequence[object] = (), **options: object) -> GameOutcome:
    """Referee a whole game: the players in seat order, the game's options (docs/rules.md gives
    each default), and the rounds as entered, in order. Raises EntryError for a round or an
    option that breaks a rule of entry; the error's ``round`` says which round."""
    return game_of(game).replay(players, rounds, **options)


def game_settings(game: str, players: Sequence[str], **options: object) -> GameOptions:
    """The game's options as its replay reads them (typed, defaults filled in), without
    replaying a round: what an entry screen needs to know before the first one. Raises
    EntryError as replay would for an option or a table that breaks a rule."""
    return game_of(game).read_options(players, options)
