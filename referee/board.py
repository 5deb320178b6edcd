"""The TV board of a session: read-only, reached through its share token, kept live over
a WebSocket. After each committed change the board's fragments are rendered once and the
same HTML goes to every board of the session (htmx's ws extension swaps them by id)."""

from __future__ import annotations

import asyncio
import io
from typing import NamedTuple

import segno
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET

from engine import GameOutcome
from scoring import queries
from scoring.models import Game, Session

from . import handover

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


def standings_rows(game: Game, outcome: GameOutcome | None) -> list[dict]:
    """One row a player: the figure, tokens as pips (Stop the Bus), out, dealing next, won."""
    if outcome is None:
        return []
    tokens = int(outcome.options.get("tokens", 0)) if game.kind == "stop_the_bus" else 0
    return [{"name": name, "value": value, "pips": [i < value for i in range(tokens)],
             "out": name in outcome.out, "deals": name == outcome.next_dealer, "won": name in outcome.winners}
            for name, value in outcome.standings.items()]


class Board(NamedTuple):
    revision: int  # the session's revision: the board shows it, or newer
    html: str


def board_context(session: Session, current: Game | None = None, outcome: GameOutcome | None = None,
                  revision: int | None = None) -> dict:
    """What the board shows: the session's latest game as replayed, the evening's tally, and
    the session's revision (the board is at least that new). Given ``current``, ``outcome``
    and ``revision`` (a change a service has just committed to the session's current game:
    that game, its replay and the revision as the change left them), the board reads only
    the tally; otherwise it reads the revision first, then the latest game and its rounds."""
    if current is not None and outcome is not None and revision is not None:
        game = current
    else:
        game = Game.objects.filter(session=session).select_related("session").order_by("-number").first()
        revision = (game.session.revision if game
                    else Session.objects.values_list("revision", flat=True).get(pk=session.pk))
        outcome = queries.game_state(game).outcome if game else None  # None if a stored round no longer passes
    rounds = outcome.rounds if outcome else ()
    return {
        "session": session, "revision": revision, "game": game, "outcome": outcome, "tally": queries.tally_of(session),
        "summary": game_summary(game.kind, outcome.options if outcome else game.options) if game else "",
        "rows": standings_rows(game, outcome) if game else [],
        "last_round": rounds[-1] if rounds else None,
        "recent": list(reversed(rounds[-9:-1])),  # the eight rounds before the last, newest first
    }


def render_board(session: Session, current: Game | None = None, outcome: GameOutcome | None = None,
                 revision: int | None = None) -> Board:
    """The board's fragments (out-of-band swaps by element id), as one HTML string."""
    context = board_context(session, current, outcome, revision)
    return Board(context["revision"], render_to_string(BOARD_FRAGMENTS, context))


def send_to_group(group: str, message: dict) -> None:
    """group_send from sync code (the services' on-commit hooks run in a view's thread),
    waiting until this process's boards have forwarded it (see handover). Where an event
    loop already runs in this thread, the send is scheduled on it."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(handover.send_and_wait)(group, message)
    else:
        loop.create_task(get_channel_layer().group_send(group, message))


def broadcast_board(sender=None, *, session: Session, revision: int, game: Game | None = None,
                    outcome: GameOutcome | None = None, **kwargs) -> None:
    """Render the board once and send that HTML to every board of the session, marked with
    the change's revision: a board forwards only what is newer than what it shows, whatever
    order concurrent changes' messages arrive in. A change that isn't to the current game
    reads the board anew, and sends nothing if a later change has overtaken it meanwhile:
    the later one's broadcast brings the newer board."""
    board = render_board(session, game, outcome, revision)
    if board.revision > revision:
        return
    send_to_group(session_group(session.pk), {"type": "board.html", "html": board.html, "revision": revision})


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
