"""An evening's story (engine/recap.py) from what the session stored: its games replayed from
their rounds, the hindsight its Crash rounds kept and its players' ratings of the night. A
constant number of queries, however long the evening: the games, their seats and rounds
(queries.games_of), the evening's players, and the host's leagues (ratings.leagues)."""

from __future__ import annotations

from collections.abc import Collection

from engine.hindsight import told_line
from engine.recap import Evening, GamePlayed, KeptHindsight, RatingChange, Recap, recap

from .models import Session
from .queries import GameState, games_of
from .ratings import leagues


def evening_recap(session: Session, *, with_ratings: bool = True) -> Recap:
    """The session's recap: its games in the order played (a game whose rounds the engine no
    longer accepts is left out, as the pages leave it), and the night's rating changes unless
    ``with_ratings`` is False (they are reckoned over the host's whole history: the share
    picture, which has no room for them, goes without)."""
    played = tuple(game_played(state) for state in games_of(session) if state.outcome)
    changes = night_ratings(session.host, {str(session.public_id)}) if with_ratings else ()
    players = tuple(session.players.values_list("name", flat=True))
    return recap(Evening(session.title, played, changes, session.played_on, players))


def game_played(state: GameState) -> GamePlayed:
    kept = tuple(
        KeptHindsight(
            round_.number, found["player"], found["points_missed"], told_line(found["player"], found.get("text", ""))
        )
        for round_ in state.rounds
        for found in round_.told or ()
    )
    return GamePlayed(state.game.number, state.outcome, tuple(r.entry for r in state.rounds), kept)


def night_ratings(host, sessions: Collection[str]) -> tuple[RatingChange, ...]:
    """Each player's rating change over ``sessions`` (their public ids: an evening's one, a club
    night's tables'), per game kind they finished a game of there: before their first game of
    the kind in them, after their last, over the games they finished in them."""
    told = []
    for kind, league in leagues(host).items():
        for line in league.table:
            nights = [night for night in line.nights if night.session_id in sessions]
            if nights:
                first, last = nights[0], nights[-1]
                games = sum(night.games for night in nights)
                told.append(
                    RatingChange(
                        line.player.name, kind, first.before.ordinal, last.after.ordinal, games, last.after.provisional
                    )
                )
    return tuple(told)
