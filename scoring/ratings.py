"""The circle's skill ratings (engine.ratings), per game kind, from the places the league table
uses: every finished game in the order played (the evening's date, then the order its sessions
were made, then the game's number), players level in a game's standings tied.

Derived, never stored: read afresh from the kept figures (Performance) each time, so a
correction, a deletion, a game ended or an import of older evenings rates every game again as
if played in order. Two queries for all three kinds, whatever the length of the history."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from engine.ratings import Rating, initial_rating, rate_each_game

from .models import Game, Performance, Player


@dataclass(frozen=True)
class Night:
    """One evening's effect on a player's rating: where it stood before the evening's first
    game of this kind and after its last."""

    played_on: datetime.date
    title: str
    session_id: str  # the session's public id, for its link
    games: int  # the player's games of this kind that evening
    before: Rating
    after: Rating

    @property
    def change(self) -> float:
        return self.after.ordinal - self.before.ordinal


@dataclass(frozen=True)
class PlayerRating:
    player: Player
    rating: Rating
    nights: list[Night]  # in the order played

    @property
    def last_night(self) -> Night:
        return self.nights[-1]

    @property
    def best_night(self) -> Night:
        return max(self.nights, key=lambda night: night.change)

    @property
    def worst_night(self) -> Night:
        return min(self.nights, key=lambda night: night.change)


@dataclass(frozen=True)
class League:
    """A game kind's ratings: ``table`` best rating first."""

    kind: Game.Kind
    table: list[PlayerRating]

    def of(self, player: Player) -> PlayerRating | None:
        return next((line for line in self.table if line.player.pk == player.pk), None)


def leagues(
    host, since: datetime.date | None = None, until: datetime.date | None = None, kind: str | None = None
) -> dict[str, League]:
    """Each game kind's league (or ``kind``'s alone) over the host's finished games played between
    ``since`` and ``until`` (inclusive, either open): ratings start afresh at ``since``. Kinds
    without a finished game in the period are left out. Two queries."""
    rows = Performance.objects.filter(game__session__host=host, finished=True)
    if since:
        rows = rows.filter(game__session__played_on__gte=since)
    if until:
        rows = rows.filter(game__session__played_on__lte=until)
    if kind:
        rows = rows.filter(game__kind=kind)
    rows = rows.order_by(
        "game__session__played_on", "game__session__created", "game__session_id", "game__number", "place"
    ).values_list(
        "game__kind",
        "game_id",
        "game__session__played_on",
        "game__session__title",
        "game__session__public_id",
        "player_id",
        "place",
    )
    # Per kind, the games in order: (session, {place: [player ids]}).
    games: dict[str, dict[int, tuple[tuple, dict[int, list[int]]]]] = defaultdict(dict)
    for game_kind, game_id, played_on, title, session_id, player_id, place in rows:
        _, places = games[game_kind].setdefault(game_id, ((played_on, title, str(session_id)), defaultdict(list)))
        places[place].append(player_id)
    if not games:
        return {}
    players = {p.pk: p for p in Player.objects.filter(host=host)}
    return {k: _league(Game.Kind(k), list(games[k].values()), players) for k in Game.Kind.values if games.get(k)}


def _league(kind: Game.Kind, games: list, players: Mapping[int, Player]) -> League:
    # A game with one finisher left (the others' seats gone) rates nothing: it is skipped.
    games = [(session, places) for session, places in games if sum(map(len, places.values())) > 1]
    results = [[places[place] for place in sorted(places)] for _, places in games]
    prior = initial_rating()
    current: dict[int, Rating] = {}
    nights: dict[int, list[Night]] = defaultdict(list)
    evening, before, played = None, {}, defaultdict(int)  # the evening under way: ratings at its start

    def close_evening():
        for pk, count in played.items():
            nights[pk].append(Night(*evening, count, before[pk], current[pk]))

    for (session, _), after in zip(games, rate_each_game(results)):
        if session != evening:
            if evening:
                close_evening()
            evening, before, played = session, {}, defaultdict(int)
        for pk, rating in after.items():
            before.setdefault(pk, current.get(pk, prior))
            played[pk] += 1
            current[pk] = rating
    if evening:
        close_evening()
    table = sorted(
        (PlayerRating(players[pk], rating, nights[pk]) for pk, rating in current.items()),
        key=lambda line: (-line.rating.ordinal, line.player.name.casefold()),
    )
    return League(kind, table)
