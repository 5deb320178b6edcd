"""After a committed change, the board is rendered once and the same HTML goes to every
board of the session. A broadcast that fails or hangs (the channel layer down, Redis
unreachable) is logged with its session and given up after a moment (sockets.sending): the
change is kept and the host is answered all the same; boards catch up on the next change
or when they reconnect (the consumer sends the current board on connect). A view that wants
to tell the host so watches its change with boards_missed()."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from contextvars import ContextVar

from engine import GameOutcome
from scoring.models import Game, Session
from scoring.queries import SessionNow

from ..sockets.sending import close_links, send_to_group
from .render import render_board, render_board_seats, render_board_ticks, session_group, token_group

TV_BEHIND = "Recorded; the TV may be behind."  # beside "Round N recorded"
# Beside what another change did ("Round 2 of ... corrected."): said once the page is back.
CHANGE_BEHIND = "The TV may be behind: it catches up with the next change, or when it reconnects."
logger = logging.getLogger(__name__)
# The revisions whose broadcast failed within the block of boards_missed() that is running.
_missed: ContextVar[list[int] | None] = ContextVar("boards_missed", default=None)


@contextlib.contextmanager
def boards_missed() -> Iterator[list[int]]:
    """The revisions whose boards could not be told during the block: a service called in it
    commits, and so broadcasts, before it returns, in the same context (the request's)."""
    missed: list[int] = []
    token = _missed.set(missed)
    try:
        yield missed
    finally:
        _missed.reset(token)


def broadcast_board(
    sender=None,
    *,
    session: Session,
    revision: int,
    game: Game | None = None,
    outcome: GameOutcome | None = None,
    switched: bool = False,
    seat: str | None = None,
    phones: bool = False,
    now: SessionNow | None = None,
    **kwargs,
) -> None:
    """Send the board as the change left it (``now``, read once for the board and the seats,
    else its game and replay), saying which game is played now if the change ``switched``
    to another, marked with the change's revision: a board forwards only what is newer than
    what it shows, whatever order concurrent changes' messages arrive in. A change to no
    game overtaken by a later one meanwhile sends nothing: the later one's broadcast brings
    the newer board. A hand sent from a ``seat`` (its game already the one played) changes
    the ticks alone: only they are rendered and sent; a change to the ``phones`` alone, the
    place of the seats' codes."""
    if phones and not session.seat_codes_shown:
        return  # the board shows no seat codes: the phones change nothing on it
    try:
        now = now or SessionNow(session, revision, game, outcome)
        if phones:
            board = render_board_seats(now)
        elif seat and not switched and now.outcome is not None:
            board = render_board_ticks(now)
        else:
            board = render_board(session, switched=switched, now=now)
        if board.revision > revision:
            return
        send_to_group(session_group(session.pk), {"type": "board.html", "html": board.html, "revision": revision})
    except Exception:
        if (missed := _missed.get()) is not None:
            missed.append(revision)
        logger.exception(
            "The boards of session %s (%s) missed revision %s; they catch up on the next change "
            "or when they reconnect.",
            session.public_id,
            session.title,
            revision,
        )


def close_rotated_boards(sender=None, *, session: Session, old_token: str, **kwargs) -> None:
    close_links([token_group(old_token)], session, "the boards")
