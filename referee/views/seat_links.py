"""The host's say over the players' own phones: a new private link for one seat or for
everyone (asked first, like the board's), the seats' QR codes on the TV or not, and which
seat the host plays. Each answers 404 to anyone but the session's host."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_http_methods, require_POST

from engine import EntryError
from engine.bidi import isolate
from scoring import services
from scoring.models import Player

from ..access import host_session, hosting
from .sessions import new_link_asked

NEW_LINK = "{name}'s seat has a new link: the old one no longer works. Give {name} the new QR code."
NEW_LINKS = "Every seat has a new link: the old ones no longer work. Give each player their new QR code."
CODES_SHOWN = "The seats' QR codes are on the TV: each player scans their own."
CODES_HIDDEN = "The seats' QR codes are off the TV."
PLAYS_AS = "You play as {name}: your own hand is entered from this page, privately."
PLAYS_NOT = "You don't play: every seat is a player's own."


def session_player(session, player_id) -> Player:
    """One of the session's players, by public id: 404 otherwise (a malformed id too)."""
    try:
        player_id = uuid.UUID(str(player_id))
    except ValueError:
        raise Http404("No such player in this session.") from None
    return get_object_or_404(session.players, public_id=player_id)


@hosting
@require_http_methods(["GET", "POST"])
def rotate_seat_links(request, session_id, player_id=None):
    """A new private link for one seat (``player_id``) or for every seat: GET asks, POST
    replaces them (the seat pages open on the old links are closed)."""
    session = host_session(request, session_id)
    player = session_player(session, player_id) if player_id else None
    if request.method == "POST":
        services.seat_links_rotate(session=session, players=[player] if player else None)
        messages.info(request, NEW_LINK.format(name=isolate(player.name)) if player else NEW_LINKS)
        return redirect(session)
    if player:
        name = isolate(player.name)
        question, button = f"Give {name}'s seat a new link?", "New link"
        detail = (
            f"{name}'s old link and QR code stop working; a phone open on it is closed. "
            f"{name} opens the seat again from the new QR code."
        )
    else:
        question, button = "Give every seat a new link?", "New links for everyone"
        detail = (
            "Every player's old link and QR code stop working; the phones open on them are closed. "
            "Each player opens their seat again from their new QR code."
        )
    return new_link_asked(request, session, question=question, detail=detail, button=button)


@hosting
@require_POST
def seat_codes(request, session_id):
    """Show the seats' QR codes on the board (``shown=1``), or hide them again."""
    session = host_session(request, session_id)
    shown = request.POST.get("shown") == "1"
    services.seat_codes_show(session=session, shown=shown)
    messages.info(request, CODES_SHOWN if shown else CODES_HIDDEN)
    return redirect(session)


@hosting
@require_POST
def host_plays(request, session_id):
    """The seat the host plays (``player``, a public id), or none (empty): remembered on the
    session."""
    session = host_session(request, session_id)
    chosen = request.POST.get("player", "")
    player = session_player(session, chosen) if chosen else None
    try:
        services.host_plays_as(session=session, player=player)
    except EntryError as error:
        messages.error(request, str(error))
    else:
        messages.info(request, PLAYS_AS.format(name=isolate(player.name)) if player else PLAYS_NOT)
    return redirect(session)
