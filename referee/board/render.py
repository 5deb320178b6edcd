"""What a board shows, rendered once per change: the game being played as replayed (the one
the host last started or changed: queries.current_game), the evening's tally, and the
session's revision (the board is at least that new)."""

from __future__ import annotations

import hashlib

from django.template.loader import render_to_string

from engine import GameOutcome, game_of
from engine.ratings import PROVISIONAL_GAMES
from scoring import queries
from scoring.models import Game, Session
from scoring.odds import game_odds

from ..presenters import GameSummary, game_summary, hand_chips, round_hands, standings_rows
from ..showdown import showdown_of
from ..sockets.sending import Fragment

BOARD_FRAGMENTS = "board/board.html#fragments"
BOARD_TICKS = "board/board.html#banner"
# The strip of earlier rounds under the last one: more than a TV can show, so that the
# page (board.js) keeps as many as fit on the screen it is on.
RECENT_ROUNDS = 20
FEW_PLAYERS = 6  # standings this short leave the strip the board's whole width below them
BOARD_SEATS = "board/board.html#seats"


def session_group(session_id: int) -> str:
    """The channel group of a session's boards (by session, so it survives a new token)."""
    return f"board-session-{session_id}"


def token_group(token: str) -> str:
    """The boards connected through one share token (closed when it is rotated)."""
    return f"board-token-{token}"


def codes_digest(seats) -> str:
    """Which links the codes are of, without saying them: the board keeps the codes it has
    while this is unchanged, and fetches them again after a rotation."""
    return hashlib.sha256(" ".join(seat.seat_token for seat in seats).encode()).hexdigest()[:16]


def board_context(now: queries.SessionNow, switched: bool = False) -> dict:
    """The board as ``now`` has the session (a change a service has just committed to a game,
    that game now the one being played, or the session read afresh), saying the game is the
    one played now if the change ``switched`` to it."""
    session, game, outcome = now.session, now.game, now.outcome
    rounds = outcome.rounds if outcome else ()
    last = now.state.rounds[-1] if rounds and now.state and now.state.rounds else None
    hands = round_hands(last.entry, rounds[-1].hands, list(outcome.standings)) if last else []
    described = game_of(outcome.game) if outcome is not None else None
    sets_hands = bool(described and described.sets_hands)  # a player's hands in positions: a table of them
    # The round the seats are sending their own hands for: ticks only, until the host reveals
    # it; then its showdown takes the last round's place (hands and what recording would do).
    table = now.table
    showdown = None
    if table is not None and table.revealed:
        showdown = showdown_of(game, list(outcome.standings), [round_.entry for round_ in now.state.rounds], table)
        hands = showdown.hands
    rows = ranked(standings_rows(outcome), {} if sets_hands else {player["name"]: player["hands"] for player in hands})
    # "Show the odds": a game that has just started (no round yet) shows each player's chance
    # to win it in the last round's place, until its first round (or showdown) takes it.
    starting = outcome is not None and not rounds and not outcome.finished and showdown is None
    odds = game_odds(session.host, game.kind, list(outcome.standings)) if session.show_odds and starting else []
    return {
        "session": session,
        "revision": now.revision,
        "game": game,
        "switched": switched and game is not None,
        "outcome": outcome,
        "tally": now.tally,
        "summary": game_summary(outcome) if outcome else GameSummary(game.get_kind_display() if game else ""),
        "rows": rows,
        "many_players": len(rows) > FEW_PLAYERS,
        "last_round": rounds[-1] if rounds else None,
        "last_told": last.better_told if last and described.hindsight and not showdown else [],
        "sets_hands": sets_hands,
        "last_hands": hands,
        "last_table": hand_chips(last.entry.get("table") or "", outcome.settings.rules)
        if last and not showdown
        else (),
        "odds": odds,
        "provisional_games": PROVISIONAL_GAMES,
        "ticks": ticks_of(table),
        "showdown": showdown,
        # The codes of the seats the game being played needs: none for a player sitting it
        # out, nor for the host's own (played from the host's page).
        "seat_codes": codes_digest(now.seats_to_open) if session.seat_codes_shown and now.seats_to_open else "",
        "codes_in_corner": session.seat_codes_shown and codes_in_corner(now, bool(rounds or showdown or odds)),
        # "Coach while setting": the seats may ask for the best setting of their cards.
        "coach": bool(described and described.coached(outcome.settings)),
        "hand_numbers": range(1, max((len(player["hands"]) for player in hands), default=0) + 1),
        "recent": list(reversed(rounds[-RECENT_ROUNDS - 1 : -1])),  # the rounds before the last, newest first
    }


def codes_in_corner(now: queries.SessionNow, results: bool) -> bool:
    """The seats' codes shrink to a corner of the board once it has results to show (a
    round, a showdown, the odds: never hidden by them) or the phone of every seat they are
    of is open."""
    return results or {seat.player.name for seat in now.seats_to_open} <= now.connected()


def ticks_of(table: queries.TableRound | None) -> queries.TableRound | None:
    """The round being entered, while the board shows ticks for it: a seat has sent, and the
    host has not revealed it yet."""
    return table if table is not None and table.any_in and not table.revealed else None


def ranked(rows: list[dict], hands: dict[str, list]) -> list[dict]:
    """The standings best first (the figure, then who is still in; seat order breaks a tie),
    each row with the player's hand of the last round beside it (the three-card games)."""
    rows = [{**row, "hands": hands.get(row["name"], [])} for row in rows]
    return sorted(rows, key=lambda row: (row["out"], -row["value"]))


def render_board(
    session: Session,
    game: Game | None = None,
    outcome: GameOutcome | None = None,
    revision: int | None = None,
    switched: bool = False,
    now: queries.SessionNow | None = None,
) -> Fragment:
    """The board's fragments (out-of-band swaps by element id), as one HTML string: as a
    change a service has just committed left the session (its game, replay and revision, or
    ``now``, the session as it left it), else as the session stands."""
    now = now or queries.SessionNow(session, revision, game, outcome)
    return Fragment(now.revision, render_to_string(BOARD_FRAGMENTS, board_context(now, switched)))


def render_board_seats(now: queries.SessionNow) -> Fragment:
    """A seat's phone opened or closed (or the links were replaced): the place of the seats'
    codes alone, large while a phone they are of is still to open, in a corner once all are."""
    return Fragment(now.revision, render_to_string(BOARD_SEATS, board_context(now)))


def render_board_ticks(now: queries.SessionNow) -> Fragment:
    """A hand sent from a seat changes the board's ticks alone: its banner, rendered alone."""
    context = {"ticks": ticks_of(now.table), "outcome": now.outcome, "game": now.game}
    return Fragment(now.revision, render_to_string(BOARD_TICKS, context))
