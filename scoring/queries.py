"""Reading what the referee remembers: querysets and plain values, with their joins and
order built in, in a constant number of queries however long the evening."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, QuerySet

from engine import EntryError, GameOutcome

from .models import Game, Performance, Player, Round, RoundRevision, Seat, Session
from .services import game_replay, seated_players


def sessions_of(host) -> QuerySet[Session]:
    """The host's sessions, newest first, with how many players and games each has."""
    return (Session.objects.filter(host=host)
            .annotate(player_count=Count("players", distinct=True), game_count=Count("games", distinct=True))
            .order_by("-played_on", "-created"))


def players_of(host) -> QuerySet[Player]:
    return Player.objects.filter(host=host)


@dataclass(frozen=True)
class GameState:
    """A game with its seats, its rounds as recorded, and the engine's replay of them."""

    game: Game
    seats: list[str]
    rounds: list[Round]
    outcome: GameOutcome | None
    error: EntryError | None = None  # a stored round the engine now refuses (should never happen)
    player_ids: Mapping[str, int] | None = None  # the seated players' ids by name, where read
    revision: int | None = None  # the session's revision, where read before the rest (see game_state)

    @property
    def next_number(self) -> int:
        return len(self.rounds) + 1

    @property
    def history(self) -> list[tuple]:
        """(the engine's outcome, the round as recorded) for each round, newest first."""
        if not self.outcome:
            return []
        return list(zip(self.outcome.rounds, self.rounds, strict=True))[::-1]

    @property
    def last_round(self):
        return self.outcome.rounds[-1] if self.outcome and self.outcome.rounds else None


def games_of(session: Session) -> list[GameState]:
    """Every game of the session, oldest first, replayed: four queries in all."""
    games = list(session.games.order_by("number"))
    seats: dict[int, list[str]] = defaultdict(list)
    for seat in Seat.objects.filter(game__session=session).select_related("player").order_by("game_id", "position"):
        seats[seat.game_id].append(seat.player.name)
    rounds: dict[int, list[Round]] = defaultdict(list)
    for round_ in Round.objects.filter(game__session=session).order_by("game_id", "number"):
        rounds[round_.game_id].append(round_)
    return [_state(game, seats[game.pk], rounds[game.pk]) for game in games]


def game_state(game: Game, revision: int | None = None) -> GameState:
    """One game, replayed: two queries. ``revision``: the session's revision as read before
    these (with the game, say); a change recorded from this state then needn't read them
    again if the revision hasn't moved since (see services.round_record)."""
    player_ids = seated_players(game)
    return _state(game, list(player_ids), list(game.rounds.order_by("number")), player_ids, revision)


def _state(game: Game, seats: list[str], rounds: list[Round], player_ids: Mapping[str, int] | None = None,
           revision: int | None = None) -> GameState:
    try:
        outcome = game_replay(game, [r.entry for r in rounds], seats)
    except EntryError as error:
        return GameState(game, seats, rounds, None, error, player_ids, revision)
    return GameState(game, seats, rounds, outcome, player_ids=player_ids, revision=revision)


def first_entries_of(session: Session) -> dict[int, dict[int, dict]]:
    """For every game of the session (by game pk), each corrected round's first entry, by
    round number. One query."""
    first: dict[int, dict[int, dict]] = defaultdict(dict)
    for game_id, number, entry in (RoundRevision.objects.filter(round__game__session=session)
                                   .order_by("round__game_id", "round__number", "number")
                                   .values_list("round__game_id", "round__number", "entry")):
        first[game_id].setdefault(number, entry)
    return first


def evening_tally(states: list[GameState]) -> dict[str, int]:
    """Games won per player over the evening (a shared win counts for each), from the
    replayed games. A game ended before any round was played wins nobody anything, as in
    the statistics."""
    return _most_wins_first(Counter(name for state in states if state.outcome and state.outcome.finished
                                    and state.outcome.rounds for name in state.outcome.winners))


def tally_of(session: Session) -> dict[str, int]:
    """The evening's tally as ``evening_tally`` gives it, from the kept figures rather than
    replays: one statement however many games the evening has had. Plain SQL: the board
    reads it after every change, and the ORM took several times longer to build this join
    than the database took to answer it."""
    name = connection.ops.quote_name
    performance, game, player = (name(model._meta.db_table) for model in (Performance, Game, Player))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT p.{name('name')}, COUNT(*) FROM {performance} f "
                       f"JOIN {game} g ON g.{name('id')} = f.{name('game_id')} "
                       f"JOIN {player} p ON p.{name('id')} = f.{name('player_id')} "
                       f"WHERE g.{name('session_id')} = %s AND f.{name('finished')} AND f.{name('won')} "
                       f"GROUP BY p.{name('name')}", [session.pk])
        return _most_wins_first(Counter(dict(cursor.fetchall())))


def _most_wins_first(tally: Counter) -> dict[str, int]:
    return dict(sorted(tally.items(), key=lambda item: (-item[1], item[0])))


__all__ = ["GameState", "evening_tally", "game_replay", "game_state", "games_of", "players_of", "sessions_of",
           "tally_of"]
