"""What one seat shows, rendered for that seat only: the game being played and its round,
the standings and who deals, a tick per seat, the seat's own hand's state (sent or not),
the showdown once the host reveals the round, and the last round's outcome with the
player's own hindsight. Other seats' cards are read (queries.table_round) but never put in
the context before the reveal: only ticks and names."""

from __future__ import annotations

from typing import NamedTuple

from django.template.loader import render_to_string

from scoring import queries
from scoring.models import Game, SeatHand, Session, SessionPlayer
from scoring.services import HAND_TOO_LATE

from ..forms.rounds import RoundEntryForm, entry_form_for
from ..presenters import GameSummary, game_summary, shown, standings_rows
from ..showdown import showdown_of

SEAT_FRAGMENTS = "seats/seat.html#fragments"
SENT = "Sent ✓ — you can change it until the host reveals."
SENT_BY_HOST = "The host entered your hand ✓ — you can change it until the host reveals."
CLASH = "You and {other} both entered {card}: the host settles it at the table."
NOT_SENT = "Not sent yet."
RECORDING = "The host is recording round {number}."


def seat_group(session_id: int) -> str:
    """Every seat of a session (a note without cards: each seat renders its own)."""
    return f"seats-session-{session_id}"


def seat_token_group(token: str) -> str:
    """The sockets open on one seat link (closed when it is rotated)."""
    return f"seat-token-{token}"


class Fragment(NamedTuple):
    revision: int  # the session's revision: the fragment shows it, or newer
    html: str


def seat_state(seat: SessionPlayer) -> dict:
    """The seat as the database has it now: the session's revision first (what follows is at
    least that new), the game being played replayed, and its round being entered."""
    session = seat.session
    revision = Session.objects.values_list("revision", flat=True).get(pk=session.pk)
    game = queries.current_game(session)
    state = queries.game_state(game) if game else None
    table = queries.table_round(state) if state and state.outcome else None
    return {"seat": seat, "revision": revision, "game": game, "state": state, "table": table}


def stage_of(name: str, game: Game | None, state, table) -> tuple[str, str]:
    """What the seat's entry area is for (``phase``), and a key that changes whenever that
    area must be drawn again (another game, round, reveal or phase): the page reloads on it,
    and never on a mere tick."""
    if game is None:
        phase = "no-game"
    elif state is None or state.outcome is None or name not in state.seats:
        phase = "not-seated"
    elif table is None:
        phase = "over"
    elif name not in state.outcome.still_in:
        phase = "out"
    elif table.revealed:
        phase = "revealed"
    else:
        phase = "entering"
    number = table.number if table else (state.next_number if state else 0)
    return phase, f"{game.public_id if game else '-'}:{number}:{phase}"


def seat_form(state, name: str, data=None, *, initial=None) -> RoundEntryForm:
    """The player's own hand(s) for the round being entered: their fields only."""
    return entry_form_for(state, data, players=[name], initial=initial, extras=False)


def sent_initial(table, name: str, kind: str, positions: int) -> dict:
    """The hand the seat sent (to change it), as the form's fields."""
    part = table.hand_of(name) if table else None
    return as_tapped(RoundEntryForm.initial_from(part, [name], kind, positions)) if part else {}


def as_tapped(initial: dict) -> dict:
    """Fields of cards as stored ("AS KS") written as the pad types them ("A♠ K♠"): the
    pad's Undo and its greyed cards read them as the player left them."""
    return {
        field: shown(value) if field.startswith(("hand_", "declared_")) else value for field, value in initial.items()
    }


def yours(text: str, name: str) -> str:
    """The host's hindsight ("Ann could have …") said to Ann ("You could have …")."""
    return "You" + text[len(name) :] if text.startswith(name + " ") else text


def recorded_without(seat: SessionPlayer, state, name: str) -> str:
    """ "Round 3 was recorded without your entry.": the last round, which the player was in,
    was recorded before their phone sent their hand (they were still tapping, or never began)."""
    last = state.rounds[-1] if state and state.rounds else None
    if last is None or name not in queries.players_in(last.entry, state.seats):
        return ""
    sent = SeatHand.objects.filter(game=state.game, number=last.number, player=seat.player).exists()
    return "" if sent else HAND_TOO_LATE.format(number=last.number)


def seat_context(seat: SessionPlayer, now: dict | None = None) -> dict:
    """Everything the seat's page and its fragments show, for this seat only."""
    now = now or seat_state(seat)
    game, state, table = now["game"], now["state"], now["table"]
    name = seat.player.name
    outcome = state.outcome if state else None
    phase, stage = stage_of(name, game, state, table)
    tick = table.tick_of(name) if table else None
    last = state.last_round if state else None
    told = [found for found in state.rounds[-1].told if found["player"] == name] if last else []
    crash = game is not None and game.kind == Game.Kind.CRASH
    entries = [round_.entry for round_ in state.rounds] if state else []
    revealed = showdown_of(game, state.seats, entries, table) if table and table.revealed else None
    return {
        "seat": seat,
        "session": seat.session,
        "name": name,
        "revision": now["revision"],
        "game": game,
        "state": state,
        "outcome": outcome,
        "summary": game_summary(outcome) if outcome else GameSummary(game.get_kind_display() if game else ""),
        "phase": phase,
        "stage": stage,
        "number": table.number if table else None,
        "ticks": table.ticks if table else [],
        "sent": tick is not None and tick.sent,
        "mine": SENT_BY_HOST if tick and tick.by_host else SENT if tick and tick.sent else NOT_SENT,
        # once revealed only (never a hint before: docs/rules.md, Until the reveal)
        "clashes": [
            CLASH.format(other=clash.second if clash.first == name else clash.first, card=clash.card)
            for clash in (table.clashes if table else [])
            if clash.concerns(name)
        ],
        # public once revealed: every seat sees it, those out of the game too
        "showdown": revealed.hands if revealed else [],
        "recording": RECORDING.format(number=table.number) if table and table.revealed else "",
        "rows": standings_rows(outcome),
        "last_round": last,
        "without_you": recorded_without(seat, state, name),
        "hindsight": [
            yours(found["text"], name) if found["text"] else "You could not have done better with these cards."
            for found in told
        ]
        if crash
        else [],
        "coach": bool(game and crash and game.options.get("coach")),
    }


def render_seat(token: str) -> Fragment | None:
    """The seat's fragments (out-of-band swaps by element id) as one HTML string, for the
    seat this link opens; None once the link no longer opens one."""
    seat = queries.seat_of_token(token)
    if seat is None:
        return None
    context = seat_context(seat)
    return Fragment(context["revision"], render_to_string(SEAT_FRAGMENTS, {**context, "oob": True}))
