"""After a committed change, a note to every seat of the session, without cards: each seat's
socket renders its own page's fragments (a seat's hand goes to that seat only). Rotated
links have their sockets closed. A note that fails or hangs is logged and given up, like the
board's broadcast: the change is kept, and seats catch up on the next change or reconnect."""

from __future__ import annotations

import logging

from scoring.models import Session

from ..board.broadcast import send_to_group
from .render import seat_group, seat_token_group

logger = logging.getLogger(__name__)


def tell_seats(sender=None, *, session: Session, revision: int, **kwargs) -> None:
    try:
        send_to_group(seat_group(session.pk), {"type": "seat.changed", "revision": revision})
    except Exception:
        logger.exception(
            "The seats of session %s (%s) missed revision %s; they catch up on the next change or when they reconnect.",
            session.public_id,
            session.title,
            revision,
        )


def close_rotated_seats(sender=None, *, session: Session, old_tokens, **kwargs) -> None:
    for token in old_tokens:
        try:
            send_to_group(seat_token_group(token), {"type": "seat.close"})
        except Exception:
            logger.exception(
                "A seat on a replaced link of session %s (%s) was not closed; the link no longer works.",
                session.public_id,
                session.title,
            )
