"""After a committed change, the seats are told once per audience, from the change's own
replay: what every seat sees alike rendered once and sent to the session's seats group (never
a seat's cards), and each seat's own part rendered for that seat and sent to its link's group
only, when that seat's own data changed (a hand sent from one seat changes that seat's own
part; any other change, every seat's). Rotated links have their sockets closed. A send that
fails or hangs is logged and given up, like the board's broadcast: the change is kept, and
seats catch up on the next change or when they reconnect."""

from __future__ import annotations

import logging

from scoring.models import Session
from scoring.queries import SessionNow

from ..sockets.sending import close_links, send_to_group
from .render import render_hand_sent, render_own, render_shared, seat_group, seat_token_group

logger = logging.getLogger(__name__)


def tell_seats(
    sender=None, *, session: Session, revision: int, seat: str | None = None, now: SessionNow | None = None, **change
) -> None:
    """``seat``: the player whose own hand alone the change was (the seats are told of the
    ticks, and that seat of its hand's state, unless the change also made its game the one
    being played); ``now``, the session as the change left it (read once for the board and
    the seats), else read here from ``change``: its game and replay, as the service
    announced them. A change to the phones alone shows no seat anything new."""
    if change.get("phones"):
        return
    if change.get("switched"):
        seat = None
    try:
        now = now or SessionNow(session, revision, change.get("game"), change.get("outcome"))
        # A seat's socket writes itself down as connected before it reads its page, so a
        # change it did not read is one this finds it connected for. No phone open (an
        # evening the host taps in alone): nothing to render.
        connected = now.connected()
        if not connected:
            return
        if now.revision > revision:  # overtaken meanwhile: the later change tells the seats
            return
        if seat and now.outcome is not None:
            told_of_hand(now, seat, connected)
            return
        shared = render_shared(now)
        send_to_group(seat_group(session.pk), {"type": "seat.shared", "html": shared.html, "revision": revision})
        for each in now.seats:
            if each.player.name in connected:
                own = render_own(now, each, switched=bool(change.get("switched")))
                send_to_group(
                    seat_token_group(each.seat_token), {"type": "seat.own", "html": own.html, "revision": revision}
                )
    except Exception:
        logger.exception(
            "The seats of session %s (%s) missed revision %s; they catch up on the next change or when they reconnect.",
            session.public_id,
            session.title,
            revision,
        )


def told_of_hand(now: SessionNow, name: str, connected: set[str]) -> None:
    """A hand sent from ``name``'s seat: every seat's ticks, and that seat's hand's state."""
    ticks, mine = render_hand_sent(now, name)
    send_to_group(seat_group(now.session.pk), {"type": "seat.shared", "html": ticks.html, "revision": now.revision})
    for each in now.seats:
        if each.player.name == name and name in connected:
            send_to_group(
                seat_token_group(each.seat_token), {"type": "seat.own", "html": mine.html, "revision": now.revision}
            )


def close_rotated_seats(sender=None, *, session: Session, old_tokens, **kwargs) -> None:
    close_links([seat_token_group(token) for token in old_tokens], session, "a seat")
