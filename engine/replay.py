"""replay(game, players, rounds, **options): a game from its rounds as entered."""

from __future__ import annotations

from collections.abc import Sequence

from .commerce import replay_commerce
from .crash import replay_crash
from .outcomes import EntryError, GameOutcome
from .stop_the_bus import replay_stop_the_bus

GAMES = {"stop_the_bus": replay_stop_the_bus, "crash": replay_crash, "commerce": replay_commerce}


def replay(game: str, players: Sequence[str], rounds: Sequence[object] = (), **options: object) -> GameOutcome:
    """Referee a whole game: the players in seat order, the game's options (docs/rules.md gives
    each default), and the rounds as entered, in order. Raises EntryError for a round or an
    option that breaks a rule of entry; the error's ``round`` says which round."""
    try:
        referee = GAMES[game]
    except (KeyError, TypeError):
        raise EntryError(f"unknown game {game!r}: expected {', '.join(GAMES)}", field="game") from None
    return referee(players, rounds, **options)
