"""One player's own part of a round, sent from their own phone before the showdown: checked
as the round will check it (the game's options, cards as entered, one deck within the
player's own cards), without the other players' hands, which nobody has seen yet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import crash
from .cards import Card
from .entries import read_three_card_round
from .outcomes import EntryError
from .replay import game_settings

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
        raise EntryError(f"{name} is not a player in this game", player=name, field="hands")
    if name not in still_in:
        raise EntryError(f"{name} is out of the game and gives nothing", player=name, field="hands")
    if any(key not in OWN_KEYS for key in part) or any(
        other != name for key in OWN_KEYS for other in (part.get(key) or {})
    ):
        raise EntryError(f"only {name}'s own hand is sent from {name}'s seat", player=name)
    settings = game_settings(game, players, **options)
    if game == "crash":
        read = crash.read_round(dict(part), players, [name], settings)
        if name in read.declared:
            return read.declared[name][1]
        return tuple(card for hand in read.placed[name] for card in hand)
    named = "caller" if game == "stop_the_bus" else "knocker"
    hands = read_three_card_round(
        game, {"hands": dict(part.get("hands") or {})}, players, [name], named=named, out_reason=""
    )
    return hands[name]
