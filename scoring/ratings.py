"""The circle's skill ratings (engine.ratings), per game kind, from the places the league table
uses: every finished game in the order played (the evening's date, then the order its sessions
were made, then the game's number), each player at their place (engine.statistics: standing,
then rounds played; docs/rules.md, The league's ratings).

Derived, never stored: read afresh from the kept figures (Performance) whenever the host's games
have changed, so a correction, a deletion, a game ended or an import of older evenings rates
every game again as if played in order (the last reads are remembered in the process, for the
state of the games they were read from). A few queries, whatever the length of the history."""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass

from django.db.models import Count, Max, Sum

from engine import GAMES, game_of
from engine.ratings import Rating, initial_rating, rate_each_game

from .models import Performance, Player, Session


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

    kind: str
    table: list[PlayerRating]

    @property
    def title(self) -> str:
        return game_of(self.kind).title

    def of(self, player: Player) -> PlayerRating | None:
        return next((line for line in self.table if line.player.pk == player.pk), None)

    def by_name(self) -> dict[str, Rating]:
        """Each rated player's rating by name, as engine.ratings.win_chances takes them."""
        return {line.player.name: line.rating for line in self.table}


def leagues(
    host, since: datetime.date | None = None, until: datetime.date | None = None, kind: str | None = None
) -> dict[str, League]:
    """Each game kind's league (or ``kind``'s alone) over the host's finished games played between
    ``since`` and ``until`` (inclusive, either open): ratings start afresh at ``since``. Kinds
    without a finished game in the period are left out. Two queries when the host's games are
    as they were at the last read of the same period in this process, four otherwise."""
    players = {p.pk: p for p in Player.objects.filter(host=host)}
    key = (host.pk, since, until, kind, _state(host))
    with _keeping:
        tables = _kept.get(key)
        if tables is not None:
            _kept.move_to_end(key)
    if tables is None or any(pk not in players for lines in tables.values() for pk, _, _ in lines):
        tables = _rated(host, since, until, kind)
        with _keeping:
            _kept[key] = tables
            while len(_kept) > KEEP:
                _kept.popitem(last=False)
    return {
        k: League(k, [PlayerRating(players[pk], rating, list(nights)) for pk, rating, nights in lines])
        for k, lines in tables.items()
    }


# Rating every game again on each read is what keeps the ratings true to the games; reading a
# long history's leagues twice for the same state of its games is what this saves: the last
# KEEP reads (host, period, kind and state), in this process.
KEEP = 32
_kept: OrderedDict[tuple, dict] = OrderedDict()
_keeping = threading.Lock()


def _state(host) -> tuple:
    """What every change to the host's games changes, in one query: each change counts its
    session's revision up (services.announcing.take_turn); an import or a new evening adds a session, later
    made than any other. A deletion of a session takes one away."""
    mark = Session.objects.filter(host=host).aggregate(
        sessions=Count("id"), last=Max("id"), newest=Max("created"), changes=Sum("revision")
    )
    return mark["sessions"], mark["last"], mark["newest"], mark["changes"]


def _rated(host, since, until, kind) -> dict[str, list[tuple[int, Rating, tuple[Night, ...]]]]:
    """Each kind's table, best first: (player id, rating, nights). Two queries."""
    rows = Performance.objects.filter(game__session__host=host, finished=True)
    evenings = Session.objects.filter(host=host)
    if since:
        rows = rows.filter(game__session__played_on__gte=since)
        evenings = evenings.filter(played_on__gte=since)
    if until:
        rows = rows.filter(game__session__played_on__lte=until)
        evenings = evenings.filter(played_on__lte=until)
    if kind:
        rows = rows.filter(game__kind=kind)
    rows = rows.order_by(
        "game__session__played_on", "game__session__created", "game__session_id", "game__number", "place"
    ).values_list("game__kind", "game_id", "game__session_id", "player_id", "place")
    # Per kind, the games in order: (session id, {place: [player ids]}).
    games: dict[str, dict[int, tuple[int, dict[int, list[int]]]]] = defaultdict(dict)
    for game_kind, game_id, session_id, player_id, place in rows:
        by_game = games[game_kind]
        if game_id not in by_game:
            by_game[game_id] = session_id, defaultdict(list)
        by_game[game_id][1][place].append(player_id)
    if not games:
        return {}
    # The evenings as a row each, rather than on every row above.
    sessions = {
        pk: (played_on, title, str(public_id))
        for pk, played_on, title, public_id in evenings.values_list("pk", "played_on", "title", "public_id")
    }
    return {k: _table([(sessions[s], places) for s, places in games[k].values()]) for k in GAMES if games.get(k)}


def _table(games: list) -> list[tuple[int, Rating, tuple[Night, ...]]]:
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
    # Best first; level ratings by who joined first, as the players' ids go.
    return sorted(
        ((pk, rating, tuple(nights[pk])) for pk, rating in current.items()),
        key=lambda line: (-line[1].ordinal, line[0]),
    )
