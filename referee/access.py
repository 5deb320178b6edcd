"""Who may open what: a session only by its host (404 to anyone else, with no hint that it
exists), and the game a page asks for by its number within that session."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.models import Game, Session


def host_session(request, session_id) -> Session:
    """The session, if it is this host's; 404 otherwise (no hint that it exists)."""
    return get_object_or_404(Session.objects.filter(host=request.user), public_id=session_id)


def asked_game(request, session: Session) -> Game | None:
    """The game named by ``?game=<number>``, if any: 404 if the session has no such game."""
    number = request.GET.get("game")
    if not number:
        return None
    if not number.isdecimal():
        raise Http404("No such game.")
    return get_object_or_404(session.games, number=int(number))
