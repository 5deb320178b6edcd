"""The big screen's page (no login: its token is the key)."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.club_night import EventNow
from scoring.models import Event

from ..sockets.live import page_terms
from .render import screen_context

SCREEN_REPLACED = "This big screen's link no longer opens anything. Open it again from the organiser's page."


@require_GET
def screen_page(request, token: str):
    event = Event.objects.filter(screen_token=token).first()
    if event is None:
        raise Http404("No big screen here: the link may have been replaced.")
    context = screen_context(EventNow(event))
    return render(
        request, "events/screen.html", {**context, "token": token, "replaced": SCREEN_REPLACED, "live": page_terms()}
    )
