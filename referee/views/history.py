"""A past session, looked back on: each game with its options, winner and a chart of its
standings; every round with each hand as cards, its label and the referee's sentences.
Games come a few to a page, and a long game's rounds a page at a time, so the page stays
the same size however long the evening was."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from engine import game_of
from scoring import queries

from ..access import asked_game, host_session
from ..charts import standings_chart
from ..presenters import entry_lines, game_summary, round_hands, starting_figures, unit

GAMES_A_PAGE = 5
ROUNDS_A_PAGE = 50


def game_story(state, first_recorded: dict[int, dict], page_number=1) -> dict:
    """One game: its summary, its chart and one page of its rounds (the first, unless asked)."""
    outcome = state.outcome
    rounds = Paginator(list(zip(outcome.rounds, state.rounds, strict=True)), ROUNDS_A_PAGE).get_page(page_number)
    told = []
    for round_, recorded in rounds:
        hands = round_hands(recorded.entry, round_.hands, state.seats)
        told.append(
            {
                "outcome": round_,
                "hands": hands,
                "corrected": recorded.corrected_at,
                "hindsight": state.hindsight(round_.number),
                "first": entry_lines(first_recorded[round_.number], state.seats, outcome.settings.rules)
                if round_.number in first_recorded
                else None,
            }
        )
    chart = standings_chart(
        f"{state.game.get_kind_display()} · game {state.game.number}",
        state.seats,
        starting_figures(outcome),
        [dict(r.standings) for r in outcome.rounds],
        unit(outcome),
        out_in={name: r.number for r in outcome.rounds for name in r.out},
    )
    return {
        "state": state,
        "summary": game_summary(outcome),
        "rounds": told,
        "page": rounds,
        "chart": chart,
        "rounds_query": f"?game={state.game.number}&",
        "sorted_hands": game_of(outcome.game).plays_sorted(outcome.settings),
    }


@login_required
@require_GET
def past_session(request, session_id):
    """The session's games, GAMES_A_PAGE to a page (``?page=``), each with its first rounds;
    or one game (``?game=``) with its rounds a page at a time (``&page=``)."""
    session = host_session(request, session_id)
    asked = asked_game(request, session)
    if asked:
        games_page: Page | None = None
        chosen = [asked]
    else:
        games_page = Paginator(session.games.order_by("number"), GAMES_A_PAGE).get_page(request.GET.get("page"))
        chosen = list(games_page)
    first = queries.first_entries_of(chosen)
    stories = [
        game_story(state, first.get(state.game.pk, {}), request.GET.get("page") if asked else 1)
        for state in queries.game_states(chosen)
        if state.outcome
    ]
    return render(
        request,
        "sessions/history.html",
        {
            "session": session,
            "stories": stories,
            "games_page": games_page,
            "one_game": asked is not None,
            "players": list(queries.players_at(session)),
            "tally": queries.tally_of(session),
        },
    )
