"""A past session, looked back on: each game with its options, winner and a chart of its
standings; every round with each hand as cards, its label and the referee's sentences."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import queries

from .board import game_summary
from .charts import standings_chart
from .round_entry import entry_lines, shown
from .sessions import host_session

UNITS = {"stop_the_bus": "tokens", "crash": "points", "commerce": "balance"}


def game_story(state, first_recorded: dict[int, dict]) -> dict:
    outcome = state.outcome
    start = starting_figures(state)
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
    unit = UNITS[state.game.kind] if state.game.kind != "commerce" or outcome.options.get("stake") else "hands won"
    chart = standings_chart(f"{state.game.get_kind_display()} · game {state.game.number}", state.seats, start,
                            [dict(r.standings) for r in outcome.rounds], unit)
    return {"state": state, "summary": game_summary(state.game.kind, outcome.options), "rounds": rounds,
            "chart": chart}


def starting_figures(state) -> dict[str, int]:
    """Each player's figure before the first round."""
    tokens = int(state.outcome.options.get("tokens", 0)) if state.game.kind == "stop_the_bus" else 0
    return dict.fromkeys(state.seats, tokens)


@login_required
@require_GET
def past_session(request, session_id):
    session = host_session(request, session_id)
    states = queries.games_of(session)
    first = queries.first_entries_of(session)
    stories = [game_story(state, first.get(state.game.pk, {})) for state in states if state.outcome]
    return render(request, "sessions/history.html", {"session": session, "stories": stories,
                                                     "players": list(session.players.all()),
                                                     "tally": queries.evening_tally(states)})
