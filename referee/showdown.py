"""The round being entered as the seats send their own hands, as the host's page and the
board show it: before the reveal, a tick per seat and nothing of its cards; after it, every
hand and the outcome the referee would record with them (the game replayed with the seats'
entry appended), or, while a seat has no hand yet, the engine's words for what is missing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine import EntryError
from scoring import queries
from scoring.models import Game
from scoring.replays import game_options, game_replay

from .presenters import cards_of, hand_chips, round_hands


@dataclass(frozen=True)
class Showdown:
    """A revealed round: each seat's hands as chips (presenters.round_hands' shape), what
    recording it would do (the engine's events), or why it cannot be recorded yet."""

    number: int
    hands: list[dict]
    events: list = field(default_factory=list)
    missing: str = ""  # the engine's refusal of the entry as it stands ("Cy is still in ... no hand")


def showdown_of(
    game: Game, seats: Sequence[str], entries: Sequence[Mapping], table: queries.TableRound | None
) -> Showdown | None:
    """The revealed round of ``table`` replayed after the recorded ``entries``; None before
    the reveal (nothing of a seat's cards is shown then)."""
    if table is None or not table.revealed:
        return None
    entry = table.entry()
    try:
        outcome = game_replay(game, [*entries, entry], list(seats))
    except EntryError as error:
        rules = game_options(game, list(seats)).rules
        return Showdown(table.number, unranked_hands(entry, seats, rules), missing=str(error))
    last = outcome.rounds[-1]
    return Showdown(table.number, round_hands(entry, last.hands, seats), list(last.events))


def unranked_hands(entry: Mapping, seats: Sequence[str], rules) -> list[dict]:
    """The hands of an entry the engine cannot rank yet (a seat missing): the chips alone,
    each hand as its label will write it under the game's ``rules``."""
    shown = []
    declared = entry.get("declarations") or {}
    for name in seats:
        if name in declared:
            hands = [{"number": 1, "cards": cards_of(declared[name][1]), "label": "", "declared": True}]
        elif name in (entry.get("hands") or {}):
            given = entry["hands"][name]
            texts = given if isinstance(given, list) else [given]
            hands = [{"number": n, "cards": hand_chips(text, rules), "label": ""} for n, text in enumerate(texts, 1)]
        else:
            continue
        shown.append({"name": name, "hands": hands})
    return shown
