"""The odds of a game about to be played: each seated player's chance to win it (OpenSkill's
win prediction, engine.ratings.win_chances) from the circle's ratings of that game over all
time, for the board of a session that shows them (Session.show_odds)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ratings import win_chances

from .ratings import leagues


@dataclass(frozen=True)
class Odds:
    name: str
    chance: float  # 0 to 1; a game's add up to 1
    games: int  # the rated games behind it (0: a newcomer, the model's prior)
    provisional: bool  # fewer than engine.ratings.PROVISIONAL_GAMES of them

    @property
    def percent(self) -> int:
        return round(self.chance * 100)


def game_odds(host, kind: str, seats: Sequence[str]) -> list[Odds]:
    """Each of ``seats`` (a game's players, by name) with their chance to win a game of
    ``kind``, the likeliest first (seat order between equal chances): rated on the host's
    finished games of that kind, so a game under way is not among them."""
    league = leagues(host, kind=kind).get(kind)
    ratings = league.by_name() if league else {}
    chances = win_chances(ratings, list(seats))
    odds = []
    for name in seats:
        rating = ratings.get(name)
        games = rating.games if rating else 0
        odds.append(Odds(name, chances[name], games, rating.provisional if rating else True))
    return sorted(odds, key=lambda line: -line.chance)
