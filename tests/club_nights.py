"""A club night for the tests: an event of the organiser's with its players, and a table's game
played to its end (one round shown, then ended as it stands), its places as asked."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from scoring import services
from scoring.models import Event, EventTable, Game

# Hands from best to worst under the standard ranking: a prial, a running flush, a run, a flush,
# a pair, high cards (each card once: a table of up to 6 shows them all at once).
HANDS_BEST_FIRST = ("Ah Ad Ac", "Qs Js 10s", "9h 8d 7c", "2d 5d 9d", "Kc Kh 3s", "Jc 6h 4s")


def club_night(organiser, names: Sequence[str], *, rounds: int = 2, table_size: int = 4, seating="random") -> Event:
    """A night of Stop the Bus (3 tokens each) for these players, checked in."""
    return services.event_start(
        organiser=organiser,
        name="Club night",
        held_on=datetime.date(2026, 11, 29),
        kind="stop_the_bus",
        options={"tokens": 3},
        rounds=rounds,
        table_size=table_size,
        seating=seating,
        player_names=names,
    )


def play_table(table: EventTable, order: Sequence[str] | None = None) -> Game:
    """The table's game of Stop the Bus played to the places of ``order`` (best first; the seat
    order if none): from the last, each player loses a token a round, the k-th of ``order`` k
    tokens (at most all they have: out, the later out the better placed), then the game ended
    as it stands if its rules have not ended it."""
    table.refresh_from_db()
    game = table.session.games.get()
    seated = [seat.player.name for seat in game.seats.select_related("player").order_by("position")]
    order = list(order or seated)
    start = int(game.options.get("tokens", 3))
    tokens = dict.fromkeys(seated, start)
    number = 0
    for k, loser in reversed(list(enumerate(order))):
        for _ in range(min(k, start)):
            still_in = [name for name in seated if tokens[name]]
            better = iter(HANDS_BEST_FIRST)
            hands = {name: next(better) for name in still_in if name != loser}
            hands[loser] = HANDS_BEST_FIRST[-1]
            number += 1
            services.round_record(game=game, number=number, entry={"hands": hands}, by=table.session.host)
            tokens[loser] -= 1
    if sum(1 for left in tokens.values() if left) > 1:
        services.game_end(game=game)
    return game
