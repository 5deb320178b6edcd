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
    percent: int = 0  # the chance in whole percents, a game's adding up to 100 as shown


def whole_percents(chances: Sequence[float]) -> list[int]:
    """``chances`` (adding up to 1) as whole percents adding up to 100, by largest remainder:
    each rounded down, then the points left over go one each to the largest fractions (the
    earlier first between equal ones), so three even chances read 34, 33, 33, not 33 three times."""
    exact = [chance * 100 for chance in chances]
    percents = [int(share) for share in exact]
    left = max(0, round(sum(exact)) - sum(percents))
    for index in sorted(range(len(exact)), key=lambda i: -(exact[i] - percents[i]))[:left]:
        percents[index] += 1
    return percents


def game_odds(host, kind: str, seats: Sequence[str]) -> list[Odds]:
    """Each of ``seats`` (a game's players, by name) with their chance to win a game of
    ``kind``, the likeliest first (seat order between equal chances): rated on the host's
    finished games of that kind, so a game under way is not among them."""
    league = leagues(host, kind=kind).get(kind)
    ratings = league.by_name() if league else {}
    chances = win_chances(ratings, list(seats))
    likeliest = sorted(seats, key=lambda name: -chances[name])
    odds = []
    for name, percent in zip(likeliest, whole_percents([chances[name] for name in likeliest])):
        rating = ratings.get(name)
        games = rating.games if rating else 0
        odds.append(Odds(name, chances[name], games, rating.provisional if rating else True, percent))
    return odds
