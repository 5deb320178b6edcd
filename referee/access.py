"""Who may open what: a session only by its host (404 to anyone else, with no hint that it
exists) or, for a club night's table, by the phone of a player hosting it (its captain, by
their own link: CAPTAIN_OF); an event only by its organiser; and the game a page asks for by
its number within that session."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.models import Event, Game, Session

# The request session's key: the table sessions this phone hosts, given by a player's own link
# of a club night (referee.nights), each with that link, the way back: {session's public id:
# the link's path}. Kept with the phone's cookie.
CAPTAIN_OF = "captain_of"


def captained(django_session) -> list[str]:
    """The table sessions (public ids, as text) a phone's session hosts as a captain."""
    return list(django_session.get(CAPTAIN_OF, {})) if django_session is not None else []


def captain_link(request, session: Session) -> str:
    """The own link of the player whose phone captains this table, "" if none."""
    return request.session.get(CAPTAIN_OF, {}).get(str(session.public_id), "")


def hosts(user, django_session) -> Q:
    """The sessions ``user`` hosts, with those the phone captains."""
    mine = Q(host=user) if user is not None and user.is_authenticated else Q(pk__in=[])
    return mine | Q(public_id__in=captained(django_session))


def grant_captain(request, session: Session, link: str) -> None:
    """This phone hosts the table's session from now on (the player's own ``link`` asked it)."""
    request.session[CAPTAIN_OF] = {**request.session.get(CAPTAIN_OF, {}), str(session.public_id): link}


def hosting(view):
    """As login_required, letting in too a phone that captains a table (the view then opens
    the session asked for through host_session, which says whose it is)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.user.is_authenticated or captained(request.session):
            return view(request, *args, **kwargs)
        return redirect_to_login(request.get_full_path())

    return wrapped


def host_session(request, session_id) -> Session:
    """The session, if it is this host's or a table this phone captains; 404 otherwise (no
    hint that it exists)."""
    return get_object_or_404(Session.objects.filter(hosts(request.user, request.session)), public_id=session_id)


def acting_host(request, session: Session):
    """Who a change is recorded by: the host, or for a captain's phone the event's organiser
    (the table's session is theirs; the captain has no account)."""
    return request.user if request.user.is_authenticated and request.user.pk == session.host_id else session.host


def organised_event(request, event_id) -> Event:
    """The event, if this organiser runs it; 404 otherwise (no hint that it exists)."""
    return get_object_or_404(Event.objects.filter(organiser=request.user), public_id=event_id)


def asked_game(request, session: Session) -> Game | None:
    """The game named by ``?game=<number>``, if any: 404 if the session has no such game."""
    number = request.GET.get("game")
    if not number:
        return None
    if not number.isdecimal():
        raise Http404("No such game.")
    return get_object_or_404(session.games, number=int(number))
