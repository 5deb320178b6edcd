"""After a committed change, the host's pages are told once: the table panel, the pad's
ticks and the seats' phones rendered for them all and sent to the session's host group. A
send that fails or hangs is logged and given up, like the board's: the change is kept, and
the host's page catches up on the next change or when its socket reconnects."""

from __future__ import annotations

import logging

from scoring.models import Session
from scoring.queries import SessionNow

from ..sockets.sending import send_to_group
from .render import host_group, render_host

logger = logging.getLogger(__name__)


def tell_host(sender=None, *, session: Session, revision: int, now: SessionNow | None = None, **change) -> None:
    """``now``: the session as the change left it (read once for every screen), else read
    here from the change's game and replay. A change overtaken meanwhile sends nothing: the
    later one's brings the newer panel."""
    try:
        now = now or SessionNow(session, revision, change.get("game"), change.get("outcome"))
        if now.revision > revision:
            return
        panel = render_host(now)
        send_to_group(host_group(session.pk), {"type": "host.live", "html": panel.html, "revision": revision})
    except Exception:
        logger.exception(
            "The host's page of session %s (%s) missed revision %s; it catches up on the next change "
            "or when it reconnects.",
            session.public_id,
            session.title,
            revision,
        )
