"""A stored game as the engine referees it: its seats and rounds read, then replayed. The
services (to check and keep a change) and the queries (to show a game) both start here."""

from __future__ import annotations

from collections.abc import Mapping

from engine import GameOutcome, replay

from .models import Game


def seated_players(game: Game) -> dict[str, int]:
    """The game's players' ids by name, in seat order (clockwise): one query."""
    return dict(game.seats.order_by("position").values_list("player__name", "player_id"))


def seat_names(game: Game) -> list[str]:
    return list(seated_players(game))


def recorded_entries(game: Game) -> list[dict]:
    """The game's rounds exactly as entered, in order: one query."""
    return list(game.rounds.order_by("number").values_list("entry", flat=True))


def game_replay(game: Game, rounds: list[Mapping] | None = None, seats: list[str] | None = None) -> GameOutcome:
    """The game as the engine referees it, from its rounds and seats (or those given)."""
    options = dict(game.options)
    if game.kind == Game.Kind.COMMERCE:
        options["ended"] = game.ended
    return replay(game.kind, seat_names(game) if seats is None else seats,
                  recorded_entries(game) if rounds is None else rounds, **options)
