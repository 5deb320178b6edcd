"""A player's own link for a club night (/night/<token>/, no login: the token is the key): the
same all night, it shows their table and seat each round and opens their seat; the table's
captain hosts it from here (another player at the table carries on when the captain's phone
drops out), and a second player confirms the table's result. A withdrawn player's link opens
nothing more (it says so); an unknown one is a 404."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from engine import EntryError
from scoring import services
from scoring.club_night import EventNow
from scoring.models import Entrant, EventTable

from ..access import grant_captain
from ..forms.rounds import SUBMISSION_NEEDED, posted_submission
from ..sockets.live import page_terms
from .render import own_context, shared_context

NIGHT_REPLACED = "This link no longer opens a seat at the event: ask the organiser."
WITHDRAWN = "You have withdrawn from {event}: ask the organiser to check you in again."
NO_TABLE = "You have no table in the round being played: ask the organiser."


def entrant_of(token: str) -> Entrant:
    entrant = Entrant.objects.filter(token=token).select_related("event", "player").first()
    if entrant is None:
        raise Http404("No player's link here.")
    return entrant


def withdrawn(request, entrant: Entrant):
    """A withdrawn player's link: it says so, and does nothing (403)."""
    said = WITHDRAWN.format(event=entrant.event.name)
    return render(request, "events/withdrawn.html", {"event": entrant.event, "said": said}, status=403)


@require_GET
def night_page(request, token: str):
    entrant = entrant_of(token)
    if entrant.withdrawn:
        return withdrawn(request, entrant)
    now = EventNow(entrant.event)
    context = {**shared_context(now), **own_context(now, entrant)}
    return render(
        request,
        "events/night.html",
        {**context, "token": token, "live": page_terms(), "replaced": NIGHT_REPLACED},
    )


def _table_of(entrant: Entrant) -> EventTable:
    """The entrant's table in the round being played."""
    table = (
        EventTable.objects.filter(round__event=entrant.event, round__started__isnull=False, seats__entrant=entrant)
        .select_related("session", "round__event", "captain__player")
        .order_by("-round__number")
        .first()
    )
    if table is None or table.session is None:
        raise EntryError(NO_TABLE)
    return table


def go(request, url: str):
    """To ``url``: a redirect, or for htmx (the page's forms) the browser sent there."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _refused_here(request, token: str, said: str):
    messages.error(request, said)
    return go(request, reverse("night", kwargs={"token": token}))


@require_POST
def night_host(request, token: str):
    """Host the table from this phone: the captain, or another player at the table carrying
    on (who becomes its captain)."""
    entrant = entrant_of(token)
    if entrant.withdrawn:
        return withdrawn(request, entrant)
    try:
        table = _table_of(entrant)
        if table.captain_id != entrant.pk:
            services.event_captain_take(table=table, entrant=entrant)
    except EntryError as error:
        return _refused_here(request, token, str(error))
    grant_captain(request, table.session, reverse("night", kwargs={"token": token}))
    return go(request, table.session.get_absolute_url())


@require_POST
def night_confirm(request, token: str):
    """Confirm the table's result, as its second player."""
    entrant = entrant_of(token)
    if entrant.withdrawn:
        return withdrawn(request, entrant)
    submission = posted_submission(request)
    if submission is None:
        return _refused_here(request, token, SUBMISSION_NEEDED)
    try:
        table = _table_of(entrant)
        services.event_result_confirm(table=table, entrant=entrant, submission=submission)
    except services.EventAlreadySubmitted:
        pass  # a double tap: confirmed once, said once more
    except EntryError as error:
        return _refused_here(request, token, str(error))
    messages.success(request, f"Table {table.number}'s result is confirmed: it counts in the standings.")
    return go(request, reverse("night", kwargs={"token": token}))
