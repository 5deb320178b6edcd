"""The odds of a game about to be played: each seated player's chance to win it (OpenSkill's
win prediction, engine.ratings.win_chances) from the circle's ratings of that game over all
time, for the board of a session that shows them (Session.show_odds)."""

from __future__ import annotations

import math
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
    percent: int = 0  # the chance in whole percents as shown (whole_percents)


def whole_percents(chances: Sequence[float]) -> list[int]:
    """``chances`` (adding up to 1) as whole percents, equal chances the same figure: each rounded
    down, then the points left over to 100 go one each to the largest fractions (largest
    remainder), equal chances taking a point each or none. Where there are more equal chances
    than points left, they are each rounded to the nearest, and those with smaller fractions
    down: three even chances read 33 each, six 17 each. So equal chances never look unequal,
    and the figures add up to 100 unless equal ones cannot share out the points left."""
    exact = [chance * 100 for chance in chances]
    percents = [0] * len(exact)
    sets = _equal_sets(exact)
    for tied, share in sets:
        for index in tied:
            percents[index] = math.floor(share)
    left = 100 - sum(percents)
    for tied, share in sorted(sets, key=lambda found: -(found[1] - math.floor(found[1]))):
        if len(tied) > left:  # too few points for all of them: none takes one, each is its nearest
            for index in tied if left else ():
                percents[index] = math.floor(share + 0.5)
            break
        for index in tied:
            percents[index] += 1
        left -= len(tied)
    return percents


def _equal_sets(exact: Sequence[float]) -> list[tuple[list[int], float]]:
    """The indexes of ``exact`` in sets of equal shares (equal but for float error, as the model
    gives players of one rating), each with its share, the largest first."""
    sets: list[tuple[list[int], float]] = []
    for index in sorted(range(len(exact)), key=lambda i: -exact[i]):
        if sets and math.isclose(exact[index], sets[-1][1], rel_tol=1e-9, abs_tol=1e-9):
            sets[-1][0].append(index)
        else:
            sets.append(([index], exact[index]))
    return sets


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
