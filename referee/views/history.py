"""A past session, looked back on: each game with its options, winner and a chart of its
standings; every round with each hand as cards, its label and the referee's sentences."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import queries

from ..charts import standings_chart
from ..presenters import entry_lines, game_summary, shown, starting_figures, unit
from .sessions import host_session


def game_story(state, first_recorded: dict[int, dict]) -> dict:
    outcome = state.outcome
    start = starting_figures(outcome)
    rounds = []
    for round_, recorded in zip(outcome.rounds, state.rounds, strict=True):
        hands = []
        for name in state.seats:
            given = recorded.entry.get("hands", {}).get(name)
            if given is None:
                continue
            texts = given if isinstance(given, list) else [given]
            ranks = round_.hands.get(name, ())
            hands.append({"name": name, "hands": [{"cards": shown(text), "label": rank.label}
                                                  for text, rank in zip(texts, ranks)]})
        rounds.append({"outcome": round_, "hands": hands, "corrected": recorded.corrected_at,
                       "first": entry_lines(first_recorded[round_.number], state.seats)
                       if round_.number in first_recorded else None})
    chart = standings_chart(f"{state.game.get_kind_display()} · game {state.game.number}", state.seats, start,
                            [dict(r.standings) for r in outcome.rounds], unit(outcome))
    return {"state": state, "summary": game_summary(outcome), "rounds": rounds, "chart": chart}


@login_required
@require_GET
def past_session(request, session_id):
    session = host_session(request, session_id)
    states = queries.games_of(session)
    first = queries.first_entries_of(session)
    stories = [game_story(state, first.get(state.game.pk, {})) for state in states if state.outcome]
    return render(request, "sessions/history.html", {"session": session, "stories": stories,
                                                     "players": list(session.players.all()),
                                                     "tally": queries.tally_of(session)})
