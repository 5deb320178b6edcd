"""The TV board of a session: read-only, reached through its share token, kept live over
a WebSocket. After each committed change the board's fragments are rendered once and the
same HTML goes to every board of the session (htmx's ws extension swaps them by id)."""

from __future__ import annotations

import asyncio
import io

import segno
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET

from scoring import queries
from scoring.models import Session

BOARD_FRAGMENTS = "board/board.html#fragments"


def session_group(session_id: int) -> str:
    """The channel group of a session's boards (by session, so it survives a new token)."""
    return f"board-session-{session_id}"


def token_group(token: str) -> str:
    """The boards connected through one share token (closed when it is rotated)."""
    return f"board-token-{token}"


def game_summary(kind: str, options: dict) -> str:
    """The game and its options in a word: "Crash, classic, to 7"."""
    if kind == "stop_the_bus":
        ace_high = ", aces high" if options.get("rules") == "brag-ace-high" else ""
        return f"Stop the Bus, {options.get('tokens', 3)} tokens{ace_high}"
    if kind == "crash":
        preset = options.get("preset", "classic")
        cards = f" {options.get('cards', 13)} cards" if preset == "arena" else ""
        return f"Crash, {preset}{cards}, to {options.get('target', 7)}"
    stake = options.get("stake", 0)
    return f"Commerce, stake {stake}" if stake else "Commerce, for the win"


def standings_rows(state) -> list[dict]:
    """One row a player: the figure, tokens as pips (Stop the Bus), out, dealing next, won."""
    outcome = state.outcome
    if outcome is None:
        return []
    tokens = int(outcome.options.get("tokens", 0)) if state.game.kind == "stop_the_bus" else 0
    return [{"name": name, "value": value, "pips": [i < value for i in range(tokens)],
             "out": name in outcome.out, "deals": name == outcome.next_dealer, "won": name in outcome.winners}
            for name, value in outcome.standings.items()]


def board_context(session: Session) -> dict:
    games = queries.games_of(session)
    current = games[-1] if games else None
    return {
        "session": session, "current": current, "tally": queries.evening_tally(games),
        "summary": game_summary(current.game.kind, current.outcome.options if current.outcome else
                                current.game.options) if current else "",
        "rows": standings_rows(current) if current else [],
        "recent": [round_ for round_, _ in current.history[1:9]] if current else [],
    }


def render_board(session: Session) -> str:
    """The board's fragments (out-of-band swaps by element id), as one HTML string."""
    return render_to_string(BOARD_FRAGMENTS, board_context(session))


def send_to_group(group: str, message: dict) -> None:
    """group_send from sync code (the services' on-commit hooks run in a view's thread).
    Where an event loop already runs in this thread, the send is scheduled on it."""
    layer = get_channel_layer()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(layer.group_send)(group, message)
    else:
        loop.create_task(layer.group_send(group, message))


def broadcast_board(sender=None, *, session: Session, **kwargs) -> None:
    """Render the board once and send that HTML to every board of the session."""
    send_to_group(session_group(session.pk), {"type": "board.html", "html": render_board(session)})


def close_rotated_boards(sender=None, *, session: Session, old_token: str, **kwargs) -> None:
    send_to_group(token_group(old_token), {"type": "board.close"})


def qr_svg(url: str) -> str:
    """The board's address as a QR code, server-rendered SVG."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False, svgclass="qr",
                                    title="Scan to open the board", dark="#000", light="#fff")
    return out.getvalue().decode()


@require_GET
def board_page(request, token: str):
    """The board, no login needed: an unknown or rotated token is a 404."""
    try:
        session = Session.objects.get(share_token=token)
    except Session.DoesNotExist:
        raise Http404("No board here: the link may have been replaced.") from None
    return render(request, "board/board.html", {**board_context(session), "token": token})
