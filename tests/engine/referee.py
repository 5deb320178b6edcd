"""Shorthands for the game tests: one game's replay with its usual table of players."""

from dataclasses import dataclass

import pytest

from engine import EntryError, replay

# Classic Crash, every option as the rules' table of Crash options gives it.
CLASSIC_CRASH = {
    "cards": 13,
    "ignore": "high_card",
    "out_of_order": "foul_out",
    "stick_up": "nobody",
    "crash": "wins_game",
    "quads": "bonus",
    "declarations": True,
    "target": 7,
    "ending": "at_once",
    "coach": False,
}


def hands(**by_player):
    """A round of hands only: hands(Ann="As Ks Qs", Bob=...)."""
    return {"hands": by_player}


def described(outcome):
    """A round's events as (kind, players, position, text)."""
    return [(e.kind, e.players, e.position, e.text) for e in outcome.events]


def kinds(outcome):
    """A round's events by kind."""
    return [e.kind for e in outcome.events]


# The table most game tests play at.
PLAYERS = ("Ann", "Bob", "Cy")


@dataclass(frozen=True)
class Referee:
    game: str
    players: tuple[str, ...] = PLAYERS

    def play(self, rounds, players=None, **options):
        return replay(self.game, list(self.players) if players is None else players, rounds, **options)

    def refused(self, rounds, players=None, **options) -> EntryError:
        """The EntryError that the replay raises."""
        with pytest.raises(EntryError) as error:
            self.play(rounds, players, **options)
        return error.value
