"""The host's seasons: named stretches of evenings ("Autumn 2026") that the league page shows
one at a time. A list with a form to add one, and a page per season to change or delete it;
another host's season is a 404."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from engine.bidi import isolate
from scoring import services
from scoring.models import Season
from scoring.queries import season_holding, seasons_of

from ..forms.seasons import SeasonForm

SEASON_ADDED = "{name} added."
SEASON_SAVED = "{name} saved."
SEASON_DELETED = "{name} deleted: its evenings and games stay."


def _refused(form: SeasonForm, error: ValidationError) -> None:
    """The service's refusals next to the fields they name (overlaps above the form)."""
    for field, problems in error.message_dict.items():
        for problem in problems:
            form.add_error(None if field == NON_FIELD_ERRORS else field, problem)


@login_required
@require_http_methods(["GET", "POST"])
def seasons_page(request):
    """The seasons, latest first (the current one said so), and a new one's form."""
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_add(host=request.user, **form.cleaned_data)
        except ValidationError as error:
            _refused(form, error)
        else:
            messages.info(request, SEASON_ADDED.format(name=isolate(season.name)))
            return redirect("seasons")
    seasons = list(seasons_of(request.user))
    return render(
        request,
        "players/seasons.html",
        {"form": form, "seasons": seasons, "current": season_holding(seasons, timezone.localdate())},
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_page(request, season_id):
    """One season: its form to change it, and a button to delete it (``action=delete``)."""
    season = get_object_or_404(Season.objects.filter(host=request.user), public_id=season_id)
    if request.method == "POST" and request.POST.get("action") == "delete":
        services.season_delete(season=season)
        messages.info(request, SEASON_DELETED.format(name=isolate(season.name)))
        return redirect("seasons")
    initial = {"name": season.name, "first_day": season.first_day, "last_day": season.last_day}
    form = SeasonForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.season_edit(season=season, **form.cleaned_data)
        except ValidationError as error:
            _refused(form, error)
            season.refresh_from_db()  # the page names the season as it is kept
        else:
            messages.info(request, SEASON_SAVED.format(name=isolate(season.name)))
            return redirect("seasons")
    return render(request, "players/season.html", {"form": form, "season": season})
