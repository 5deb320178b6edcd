"""One player's own part of a round, sent from their own phone before the showdown: checked
as the round will check it (the game's options, cards as entered, one deck within the
player's own cards), without the other players' hands, which nobody has seen yet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .bidi import isolate
from .cards import Card
from .games import game_of
from .outcomes import EntryError

OWN_KEYS = ("hands", "declarations")


def check_own_hand(
    game: str, players: Sequence[str], name: str, part: Mapping, *, still_in: Sequence[str] | None = None, **options
) -> tuple[Card, ...]:
    """``part`` is a round's entry holding ``name``'s hand(s) only (Crash: hands in the order
    placed, or a declaration), as the round's entry will hold them. Returns the player's
    cards; raises EntryError as the round would, naming the player (out of the game, cards
    that are not cards, a card twice, hands of the wrong size, a declaration that is not one)."""
    still_in = list(players) if still_in is None else list(still_in)
    if name not in players:
        raise EntryError(f"{isolate(name)} is not a player in this game", player=name, field="hands")
    if name not in still_in:
        raise EntryError(f"{isolate(name)} is out of the game and gives nothing", player=name, field="hands")
    if any(key not in OWN_KEYS for key in part) or any(
        other != name for key in OWN_KEYS for other in (part.get(key) or {})
    ):
        raise EntryError(f"only {isolate(name)}'s own hand is sent from {isolate(name)}'s seat", player=name)
    described = game_of(game)
    return described.read_own(part, players, name, described.read_options(players, options))
