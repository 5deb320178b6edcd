"""The plain page the history page is held against (history.py): the same rows listed as
text, one line a hand, with the least work a page can do on the same stack (the same
middleware, login and database): the session's first GAMES_A_PAGE games and up to
ROUNDS_A_PAGE rounds each, read in two queries and written out by a tiny template."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404
from django.template import engines
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from referee.views.history import GAMES_A_PAGE, ROUNDS_A_PAGE
from scoring.models import Round, Session

PLAIN = engines["django"].from_string(
    "<!doctype html><title>{{ session.title }}</title><main>{% for game, rounds in games %}"
    "<h2>Game {{ game }}</h2><ol>{% for round in rounds %}<li><ul>{% for name, cards in round %}"
    "<li>{{ name }}: {{ cards }}</li>{% endfor %}</ul></li>{% endfor %}</ol>{% endfor %}</main>"
)


@login_required
@require_GET
def plain_history(request, session_id):
    session = get_object_or_404(Session.objects.filter(host=request.user), public_id=session_id)
    games = list(session.games.order_by("number").values_list("pk", "number")[:GAMES_A_PAGE])
    rounds: dict[int, list] = {pk: [] for pk, _ in games}
    for game_id, entry in (
        Round.objects.filter(game__in=rounds).order_by("game_id", "number").values_list("game_id", "entry")
    ):
        if len(rounds[game_id]) < ROUNDS_A_PAGE:
            hands = entry.get("hands", {})
            rounds[game_id].append(
                [(name, " | ".join(given) if isinstance(given, list) else given) for name, given in hands.items()]
            )
    return TemplateResponse(
        request, PLAIN, {"session": session, "games": [(number, rounds[pk]) for pk, number in games]}
    )
