"""The host's side of the seats' own hands while a round is being entered: the table panel
(a tick per seat, the clashes, "Enter for this seat", Reveal), polled by the host's page so
that it follows the seats without a reload, and the reveal itself."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from engine import EntryError
from scoring import queries, services
from scoring.models import Game

from .. import panel_marks
from .sessions import asked_game, host_session, session_context, table_context

REVEALED = "Round {number} revealed: every hand sent is in the form and on the board. Fix any, then record the round."


@login_required
@require_GET
@vary_on_headers("HX-Request")
def table_panel(request, session_id):
    """The panel alone (htmx, every few seconds): the game shown on the host's page (``?game=``)
    or the game being played. With nothing changed since the page's copy (``seen``, the
    session's panel mark then), the answer is empty (204: htmx swaps nothing) and nothing of
    the panel is read. Opened as a page, it is the session's page."""
    session = host_session(request, session_id)
    if not request.htmx:
        return redirect(session)
    mark = panel_marks.mark_of(session.pk)  # before what the panel shows is read
    if mark != panel_marks.UNKNOWN and request.GET.get("seen") == mark:
        return HttpResponse(status=204)  # nothing read: nothing changed since the page's copy
    game = asked_game(request, session) or queries.current_game(session)
    current = queries.game_state(game) if game else None
    # The game being played, if another: the phones are on it, not on this one.
    playing = game if game is None or session.current_game_id in (None, game.pk) else session.current_game
    context = {"session": session, "current": current, "game": game, "playing": playing}
    context.update(table_context(session, current, mark=mark))
    return render(request, "sessions/session.html#table-panel", context)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def reveal_round(request, session_id, game_id):
    """Reveal the round being entered (its number posted): the seats' hands fill the form
    and show on the board. A second tap changes nothing; a round that is no longer the one
    being entered (recorded meanwhile) is refused, saying which round is."""
    session = host_session(request, session_id)
    game = get_object_or_404(Game.objects.filter(session=session), public_id=game_id)
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        number = 0
    changes = []
    try:
        with services.announced() as changes:
            revealed = services.round_reveal(game=game, number=number)
    except EntryError as error:
        revealed = False
        messages.error(request, str(error))
    if not request.htmx:
        if revealed:
            messages.success(request, REVEALED.format(number=number))
        return redirect(game)
    if changes:  # as the reveal left the session, read once with the board's and the seats'
        now = changes[-1]
        context = session_context(session, now.state, playing=now.game, now=now)
    else:
        game.refresh_from_db()
        context = session_context(session, queries.game_state(game), playing=queries.current_game(session))
    if revealed:  # said on the pad too, where the host's eyes are: what recording the round would do
        messages.success(request, revealed_message(number, context["showdown"]))
    return render(request, "sessions/session.html#game", context)


def revealed_message(number: int, showdown) -> str:
    """ "Round 3 revealed: ... If you record it: Bob loses a token (1 left)." """
    said = REVEALED.format(number=number)
    if showdown is None:
        return said
    if showdown.missing:
        return f"{said} Not complete yet: {showdown.missing}."
    events = " ".join(f"{event.text}." for event in showdown.events) or "Nothing changes."
    return f"{said} If you record it: {events}"
