"""The finale on the TV: the night's story (scoring/recap.py) as full-screen cards, one after
another, then the evening's standings, sent to every board of the session when the host ends
the evening. A show, not a record: nothing is stored and the boards' revisions are untouched
(a message of its own type, forwarded whatever revision the board shows), so a TV that
connects while it plays shows the live board. "Stop" sends the finale empty: the boards go
back to the live one. The cards' timing is the board's (static/js/board.js reads it here)."""

from __future__ import annotations

import logging

from django.template.loader import render_to_string

from scoring.models import Session
from scoring.recap import evening_recap

from ..sockets.sending import send_to_group
from .render import session_group

FINALE = "board/finale.html"
CARD_SECONDS = 6  # each card of the story, read from a sofa
STANDINGS_SECONDS = 12  # the evening's standings, the last card, before the live board is back
FINALE_MESSAGE = "board.finale"  # the channel layer's type: BoardConsumer.board_finale
logger = logging.getLogger(__name__)


def render_finale(session: Session) -> str:
    """The finale, as the out-of-band fragment that fills the board's empty one."""
    context = {
        "recap": evening_recap(session),
        "card_seconds": CARD_SECONDS,
        "standings_seconds": STANDINGS_SECONDS,
    }
    return render_to_string(FINALE, context)


def finale_send(session: Session, *, playing: bool = True) -> bool:
    """Play the story on every board of the session (from its first card again, if it is
    playing), or take it off (``playing=False``). False if the boards could not be told (the
    channel layer down: sockets.sending), logged."""
    html = render_finale(session) if playing else render_to_string(FINALE, {"stopped": True})
    try:
        send_to_group(session_group(session.pk), {"type": FINALE_MESSAGE, "html": html})
    except Exception:
        logger.exception(
            "The boards of session %s (%s) were not told to %s the night's story.",
            session.public_id,
            session.title,
            "play" if playing else "stop",
        )
        return False
    return True
