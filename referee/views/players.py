"""Looking back across evenings: a player's record (per game, with the hand categories they
showed beside a random deal, their rating over the evenings and whom they meet), the circle's
ratings and league table with head-to-head records, and two players side by side."""

from __future__ import annotations

import datetime

from django.contrib.auth.decorators import login_required
from django.db.models import Max
from django.shortcuts import get_object_or_404, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils import timezone
from django.views.decorators.http import require_GET

from engine import game_of
from engine.bidi import isolate
from engine.ratings import PROVISIONAL_GAMES
from scoring.models import Player, Session, game_kinds
from scoring.queries import season_holding, seasons_of
from scoring.ratings import leagues
from scoring.statistics import NEMESIS_GAMES, circle, player_record

from ..charts import categories_chart, rating_chart
from ..forms.players import CircleFilter, CompareForm, GameFilter


def periods(today: datetime.date) -> list[tuple[str, str, str]]:
    """Quick choices of period: (label, since, until) as query values."""
    return [
        ("All time", "", ""),
        ("This year", f"{today.year}-01-01", ""),
        ("Last 12 months", (today - datetime.timedelta(days=365)).isoformat(), ""),
        ("Last 30 days", (today - datetime.timedelta(days=30)).isoformat(), ""),
    ]


def figures_template(kind: str) -> str:
    """The template of a player's figures in a game: the game's own
    (``players/games/<kind>.html``), or the general one for a game that has none."""
    own = f"players/games/{kind}.html"
    try:
        get_template(own)
    except TemplateDoesNotExist:
        return "players/games/general.html"
    return own


@login_required
@require_GET
def player_page(request, player_id):
    player = get_object_or_404(Player.objects.filter(host=request.user), public_id=player_id)
    form = GameFilter(request.GET)
    if not form.is_valid():
        return render(
            request, "players/player.html", {"player": player, "form": form, "kinds": game_kinds()}, status=400
        )
    kind = form.cleaned_data["game"]
    record = player_record(player, kind or None)
    ratings = {k: league.of(player) for k, league in leagues(request.user, kind=kind or None).items()}
    met = circle(request.user, kind=kind or None)
    sections = [
        {
            "record": kind_record,
            "figures": figures_template(kind_record.kind),
            "rating": ratings.get(kind_record.kind),
            "rating_chart": rating_chart(
                f"{isolate(player.name)}'s rating in {kind_record.title}",
                player.name,
                ratings[kind_record.kind].nights,
            )
            if ratings.get(kind_record.kind)
            else None,
            "chart": categories_chart(
                f"{isolate(player.name)}'s hands in {kind_record.title}",
                player.name,
                kind_record.categories,
                kind_record.hands_shown,
            )
            if kind_record.categories
            else None,
        }
        for kind_record in record.kinds
    ]
    return render(
        request,
        "players/player.html",
        {
            "player": player,
            "record": record,
            "sections": sections,
            "form": form,
            "kind": kind,
            "kinds": game_kinds(),
            "provisional_games": PROVISIONAL_GAMES,
            "kind_label": game_of(kind).title if kind else "",
            "nemesis_games": NEMESIS_GAMES,
            "opponents": met.opponents(player),
            "nemesis": met.nemesis(player),
        },
    )


@login_required
@require_GET
def circle_page(request):
    today = timezone.localdate()
    seasons = list(seasons_of(request.user))

    def last_evening():
        return Session.objects.filter(host=request.user).aggregate(last=Max("played_on"))["last"]

    form = CircleFilter(request.GET, seasons=seasons, today=today, last_evening=last_evening)
    if not form.is_valid():  # the errors say what to mend; no table for a period that is not one
        return render(request, "players/circle.html", {"form": form, "periods": periods(today)}, status=400)
    data = form.cleaned_data
    # A season (issue 30) is a period: its dates come in as since and until like any other.
    result = circle(request.user, data["since"], data["until"], data["game"] or None)
    ratings = leagues(request.user, data["since"], data["until"], data["game"] or None)
    grid = [
        {
            "standing": standing,
            "meetings": [
                None if other == standing.player else result.meeting(standing.player, other) for other in result.players
            ],
        }
        for standing in result.table
    ]
    return render(
        request,
        "players/circle.html",
        {
            "form": form,
            "circle": result,
            "grid": grid,
            "leagues": list(ratings.values()),
            "provisional_games": PROVISIONAL_GAMES,
            "periods": periods(today),
            "current_season": season_holding(seasons, today),
            "others": Player.objects.filter(host=request.user).exclude(pk__in=[p.pk for p in result.players]),
        },
    )


@login_required
@require_GET
def compare_page(request):
    """Two players side by side: each game's rating, games and nights, and how they met."""
    form = CompareForm(request.GET or None, host=request.user)
    context = {"form": form, "kinds": game_kinds(), "provisional_games": PROVISIONAL_GAMES}
    if not form.is_bound:
        return render(request, "players/compare.html", context)
    if not form.is_valid():
        return render(request, "players/compare.html", context, status=400)
    first, second, kind = form.cleaned_data["first"], form.cleaned_data["second"], form.cleaned_data["game"] or None
    rows = [
        {
            "kind": league.kind,
            "title": league.title,
            "first": league.of(first),
            "second": league.of(second),
            "meeting": circle(request.user, kind=league.kind).meeting(first, second),
        }
        for league in leagues(request.user, kind=kind).values()
        if league.of(first) or league.of(second)
    ]
    context |= {"first": first, "second": second, "kind": kind, "rows": rows}
    return render(request, "players/compare.html", context)
