"""The addresses handed around the room: a page's address the phones and the TV can open, as
a link and as a QR code, and each seat's private link."""

from __future__ import annotations

import io

import segno
from django.conf import settings
from django.urls import reverse

from engine.bidi import isolate
from scoring import queries
from scoring.models import Game, Session, SessionPlayer

from .network import for_the_room


def room_url(request, path: str) -> str:
    """A page's address that the phones and the TV in the room can open, even when this page
    was opened on the server's machine as localhost."""
    return for_the_room(request.build_absolute_uri(path), settings.ROOM_ADDRESSES)


def story_url(request, session: Session) -> str:
    """The night's story's public link, read-only, for the group chat."""
    return room_url(request, reverse("story", kwargs={"token": session.story_token}))


def qr_svg(url: str, title: str) -> str:
    """An address as a QR code, server-rendered SVG; ``title`` says what scanning it opens.
    Sized by its viewBox, so the page's CSS scales a longer address's denser code to fit."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        scale=5,
        border=2,
        xmldecl=False,
        svgclass="qr",
        title=title,
        dark="#000",
        light="#fff",
        omitsize=True,
    )
    return out.getvalue().decode()


def seat_url(request, seat: SessionPlayer) -> str:
    """A seat's private link (its player's own phone), as the room opens it."""
    return room_url(request, reverse("seat", kwargs={"token": seat.seat_token}))


def seat_qr(url: str, name: str) -> str:
    """A seat's link as a QR code, saying whose seat it opens."""
    return qr_svg(url, f"Scan to open {isolate(name)}'s seat")


def seat_links(request, session: Session, seating: tuple[list, set[str]], playing: Game | None = None) -> list[dict]:
    """Each seat's private link (the player's own phone), its QR code, and its phone as
    seat_phones says it, in the session's order (``seating``: the session's seats and the
    names of those whose phone is connected). Every seat keeps its link: one sitting out
    may play the next game."""
    links = []
    for seat, phone in zip(seating[0], seat_phones(session, seating, playing)):
        url = seat_url(request, seat)
        links.append({**phone, "name": seat.player.name, "url": url, "qr": seat_qr(url, seat.player.name)})
    return links


def seat_phones(session: Session, seating: tuple[list, set[str]], playing: Game | None = None) -> list[dict]:
    """Each seat's phone, in the session's order: whether it is connected, whether the host
    plays it and whether its player sits out the game being played (``playing``)."""
    seats, connected = seating
    to_open = {seat.pk for seat in queries.seats_to_open(seats, session, playing)}
    return [
        {
            "player_id": seat.player.public_id,
            "connected": seat.player.name in connected,
            "mine": seat.player_id == session.host_player_id,
            "sits_out": seat.pk not in to_open and seat.player_id != session.host_player_id,
        }
        for seat in seats
    ]
