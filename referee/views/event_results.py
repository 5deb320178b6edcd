"""A club night afterwards, for its organiser: the results (the standings with their
tie-breaks, each round's tables with who sat where, their places and event points, and a link
to each table's game) and the night's story across its tables (engine/event_recap.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from engine.event_recap import night_recap
from scoring.event_results import night_read, with_ratings

from ..access import organised_event


@login_required
@require_GET
def event_results(request, event_id):
    event = organised_event(request, event_id)
    read = night_read(event)
    return render(request, "events/results.html", {"event": event, "read": read})


@login_required
@require_GET
def event_story(request, event_id):
    event = organised_event(request, event_id)
    night = with_ratings(event, night_read(event).night)
    return render(request, "events/story.html", {"event": event, "recap": night_recap(night)})
