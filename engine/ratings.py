"""Skill ratings across games: OpenSkill's Plackett-Luce model (Weng and Lin's Bayesian approximation),
each player a team of one, ties sharing a rank.

A game is a list of places from first to last, each place the names tied there:
``[["Ann"], ["Bob", "Cy"], ["Di"]]``. A player's rating is a belief about their skill, a mean ``mu`` and
an uncertainty ``sigma``; the ``ordinal`` (OpenSkill's own: ``mu - 3 * sigma``) is the skill they very
likely have at least, so a newcomer's lucky night does not put them at the top.
"""

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

# Fewer games than this and a rating is still mostly the prior: the pages mark it "provisional".
PROVISIONAL_GAMES = 10


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: ``Rating(mu, sigma, games)``; ``ordinal`` follows from the first two, as the
    model's rating reckons it."""

    mu: float
    sigma: float
    ordinal: float = field(init=False)
    games: int

    def __post_init__(self):
        object.__setattr__(self, "ordinal", PlackettLuceRating(self.mu, self.sigma).ordinal())

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def check_game(number: int, game: Sequence[Sequence[str]]) -> None:
    """Refuse a game the model cannot rate, saying which game (``number`` counts from 1) and why."""
    seen: set[str] = set()
    for place_number, place in enumerate(game, start=1):
        if not place:
            raise ValueError(f"game {number}: place {place_number} is empty; each place names the players tied there")
        for name in place:
            if name in seen:
                raise ValueError(f"game {number}: {name} is in it twice")
            seen.add(name)
    if len(seen) < 2:
        raise ValueError(
            f"game {number}: it has {len(seen)} player{'' if len(seen) == 1 else 's'}, and needs two or more"
        )


def rate_each_game(results: Iterable[Sequence[Sequence[str]]], **options) -> Iterator[dict[str, Rating]]:
    """After each game in turn, the new ratings of the players in it (the others are unchanged).

    ``options`` go to OpenSkill's ``PlackettLuce`` (``mu``, ``sigma``, ``beta``, ``tau``...): none gives
    its defaults. A bad game raises ``ValueError`` before any later game is rated.
    """
    model = PlackettLuce(**options)
    current: dict[Hashable, object] = {}  # name -> the model's rating object (any hashable name will do)
    games: dict[str, int] = {}
    for number, game in enumerate(results, start=1):
        check_game(number, game)
        names, teams, ranks = [], [], []
        for place_number, place in enumerate(game):
            for name in place:
                names.append(name)
                teams.append([current[name] if name in current else model.rating()])
                ranks.append(place_number)
        rated = model.rate(teams, ranks=ranks)
        after = {}
        for name, (player,) in zip(names, rated):
            current[name] = player
            games[name] = games.get(name, 0) + 1
            after[name] = Rating(mu=player.mu, sigma=player.sigma, games=games[name])
        yield after


def initial_rating(**options) -> Rating:
    """A newcomer's rating before any game: the model's prior (``options`` as for ``rate``)."""
    model = PlackettLuce(**options)
    return Rating(mu=model.mu, sigma=model.sigma, games=0)


def rate(results: Iterable[Sequence[Sequence[str]]], **options) -> dict[str, Rating]:
    """Every player's rating after ``results``, the games in the order played (see the module's doc)."""
    ratings: dict[str, Rating] = {}
    for after in rate_each_game(results, **options):
        ratings.update(after)
    return ratings


def win_chances(ratings: Mapping[str, Rating], players: Sequence[str], **options) -> dict[str, float]:
    """Each player's chance to win a game among ``players`` (OpenSkill's ``predict_win``); a player
    with no rating has the model's default. ``options`` go to the model, as for ``rate``: the
    ratings are only read right by the model that made them. The chances add up to 1."""
    if len(set(players)) != len(players):
        raise ValueError("each player can be in a game only once")
    if len(players) < 2:
        return {name: 1.0 for name in players}
    model = PlackettLuce(**options)
    teams = []
    for name in players:
        rating = ratings.get(name)
        teams.append([model.rating(name=name) if rating is None else model.rating(rating.mu, rating.sigma, name)])
    return dict(zip(players, model.predict_win(teams)))
