"""A stored game as the engine referees it: its seats and rounds read, then replayed. The
services (to check and keep a change) and the queries (to show a game) both start here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine import EntryError, GameOutcome, game_of, game_settings, replay

from .models import Game


def seated_players(game: Game) -> dict[str, int]:
    """The game's players' ids by name, in seat order (clockwise): one query."""
    return dict(game.seats.order_by("position").values_list("player__name", "player_id"))


def seat_names(game: Game) -> list[str]:
    return list(seated_players(game))


def recorded_entries(game: Game) -> list[dict]:
    """The game's rounds exactly as entered, in order: one query."""
    return list(game.rounds.order_by("number").values_list("entry", flat=True))


def replay_options(kind: str, options: Mapping, ended: bool) -> dict:
    """A game's options as replay takes them: the host's end of a game (Commerce's, or any
    game's as it stands) is kept beside its options, and replay takes it as one."""
    return {**options, "ended": True} if ended else dict(options)


def game_replay(game: Game, rounds: list[Mapping] | None = None, seats: list[str] | None = None) -> GameOutcome:
    """The game as the engine referees it, from its rounds and seats (or those given)."""
    return replay(
        game.kind,
        seat_names(game) if seats is None else seats,
        recorded_entries(game) if rounds is None else rounds,
        **replay_options(game.kind, game.options, game.ended),
    )


def game_options(game: Game, seats: list[str] | None = None):
    """The game's options as the engine reads them (typed, defaults filled in), without a
    replay: whether a Crash game sorts, its ranking, how many cards are dealt."""
    return game_settings(
        game.kind, seat_names(game) if seats is None else seats, **replay_options(game.kind, game.options, game.ended)
    )


CORRECTION_BREAKS_LATER_ROUND = "Round {number}: {message}"


def corrected_replay(game: Game, entries: list[Mapping], number: int, seats: list[str]) -> GameOutcome:
    """The game replayed with round ``number`` corrected (its entry in ``entries``): a later
    round the correction makes impossible (a player now out, a game now over) is refused,
    naming that round."""
    try:
        return game_replay(game, entries, seats)
    except EntryError as error:
        if error.round is not None and error.round != number:
            raise EntryError(
                CORRECTION_BREAKS_LATER_ROUND.format(number=error.round, message=error),
                round=error.round,
                player=error.player,
                field=error.field,
                position=error.position,
            ) from None
        raise


def rounds_told(
    outcome: GameOutcome, entries: Sequence[Mapping], numbers: Sequence[int] | None = None
) -> dict[int, list[dict]]:
    """The hindsight of these rounds (by number; every round by default), as a round keeps
    it (Round.told): for each player, the points the best rearrangement of their cards would
    have scored beyond theirs, and, for those who could have done better, what the host
    reads. Empty lists in a game without hindsight (GameDescription.hindsight)."""
    numbers = numbers or range(1, len(outcome.rounds) + 1)
    looked_back = game_of(outcome.game).hindsight
    if looked_back is None:
        return {number: [] for number in numbers}
    return {
        number: [
            {"player": name, "points_missed": found.points_missed, "text": found.text if found.better else ""}
            for name, found in looked_back(outcome, entries, number).items()
        ]
        for number in numbers
    }


def points_missed(told: Mapping[int, Sequence[Mapping]]) -> Counter:
    """Crash points each player left on the table over these rounds' hindsight (rounds_told)."""
    missed: Counter = Counter()
    for found in (found for round_told in told.values() for found in round_told):
        missed[found["player"]] += found["points_missed"]
    return missed
