"""What a seat's phone shows, in two parts rendered from one state of the session:

- **shared**: what every seat of the session sees alike (the game being played and its round,
  a tick per seat, the showdown once revealed, the last round's outcome, the standings),
  rendered once per change and sent to the session's seats group;
- **own**: what is private to one seat (its own hand's state and entry area, its own
  hindsight, a clash of its cards once revealed), rendered for that seat only, and sent to
  its own link's group only when that seat's own data changed.

Other seats' cards are read (queries.SessionNow.table) but never put in either before the
reveal: only ticks and names. The state is the session as the change a service committed
left it (queries.SessionNow, read once for the board and every seat: its replay is not
replayed again), or is read afresh when a page or socket opens (``seats_now``)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse

from engine import game_of
from engine.bidi import isolate
from engine.hindsight import told_line
from scoring import queries
from scoring.models import Game, Session, SessionPlayer
from scoring.services import HAND_TOO_LATE

from ..forms.rounds import RoundEntryForm, entry_form_for
from ..presenters import GameSummary, as_tapped, game_summary, standings_rows
from ..showdown import showdown_of
from ..sockets.sending import Fragment

SEAT_SHARED = "seats/seat.html#shared"
SEAT_TICKS = "seats/seat.html#ticks"
SEAT_MINE = "seats/seat.html#mine"
SEAT_OWN = "seats/seat.html#own"
SENT = "Sent ✓ — you can change it until the host reveals."
SENT_BY_HOST = "The host entered your hand ✓ — you can change it until the host reveals."
CLASH = "You and {other} both entered {card}: the host settles it at the table."
NOT_SENT = "Not sent yet."
RECORDING = "The host is recording round {number}."


def seat_group(session_id: int) -> str:
    """Every seat of a session: what they all see alike, never a seat's cards."""
    return f"seats-session-{session_id}"


def seat_token_group(token: str) -> str:
    """The sockets open on one seat link: that seat's own part (closed when it is rotated)."""
    return f"seat-token-{token}"


def seats_now(session: Session, sent_to: queries.GameState | None = None) -> queries.SessionNow:
    """The seats as the database has them now: the session's revision first (what follows is
    at least that new), the game being played replayed, and its round being entered.
    ``sent_to``: the state of the game a hand was just kept for (now the game being played;
    a hand changes no round, so it is not read or replayed again)."""
    return queries.SessionNow(session, state=sent_to)


def stage_of(name: str, game: Game | None, state, table) -> tuple[str, str]:
    """What the seat's entry area is for (``phase``), and a key that changes whenever that
    area must be drawn again (another game, round, reveal or phase): the page swaps it in
    then, and never on a mere tick (static/js/seat.js)."""
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


def sent_initial(table, name: str, kind: str) -> dict:
    """The hand the seat sent (to change it), as the form's fields."""
    part = table.hand_of(name) if table else None
    return as_tapped(RoundEntryForm.initial_from(part, [name], kind)) if part else {}


def yours(text: str, name: str) -> str:
    """The host's hindsight ("Ann could have …") said to Ann ("You could have …")."""
    text, shown = told_line(name, text), isolate(name)
    return "You" + text[len(shown) :] if text.startswith(shown + " ") else text


def recorded_without(now: queries.SessionNow, name: str) -> str:
    """ "Round 3 was recorded without your entry.": the last round, which the player was in,
    was recorded before their phone sent their hand (they were still tapping, or never began)."""
    state = now.state
    last = state.rounds[-1] if state and state.rounds else None
    if last is None or name not in queries.players_in(last.entry, state.seats) or name in now.sent_last:
        return ""
    return HAND_TOO_LATE.format(number=last.number)


def shared_context(now: queries.SessionNow) -> dict:
    """What every seat of the session sees alike."""
    game, state, table = now.game, now.state, now.table
    outcome = state.outcome if state else None
    entries = [round_.entry for round_ in state.rounds] if state else []
    revealed = showdown_of(game, state.seats, entries, table) if table and table.revealed else None
    return {
        "session": now.session,
        "revision": now.revision,
        "game": game,
        "state": state,
        "outcome": outcome,
        "summary": game_summary(outcome) if outcome else GameSummary(game.get_kind_display() if game else ""),
        "number": table.number if table else None,
        "ticks": table.ticks if table else [],
        # public once revealed: every seat sees it, those out of the game too
        "showdown": revealed.hands if revealed else [],
        "recording": RECORDING.format(number=table.number) if table and table.revealed else "",
        "rows": standings_rows(outcome),
        "last_round": state.last_round if state else None,
        "coach": bool(outcome and game_of(game.kind).coached(outcome.settings)),
    }


def hand_state(tick) -> dict:
    """A seat's own hand's state, as its tick says it."""
    sent = tick is not None and tick.sent
    return {"sent": sent, "mine": SENT_BY_HOST if sent and tick.by_host else SENT if sent else NOT_SENT}


def own_context(now: queries.SessionNow, seat: SessionPlayer, token: str | None = None) -> dict:
    """What one seat sees of its own: its hand's state, its entry area (a fresh form holding
    the hand it sent, to change it), its hindsight, and a clash of its cards once revealed.
    ``token``: the seat's link (its page's addresses), none for the host's entry for it."""
    game, state, table = now.game, now.state, now.table
    name = seat.player.name
    phase, stage = stage_of(name, game, state, table)
    tick = table.tick_of(name) if table else None
    told = [found for found in state.rounds[-1].told if found["player"] == name] if state and state.rounds else []
    described = game_of(game.kind) if game is not None else None
    coached = bool(described and state.outcome and described.coached(state.settings))
    form = None
    if phase == "entering":
        form = seat_form(state, name, initial=sent_initial(table, name, game.kind))
    urls = {}
    if token:
        urls = {
            "action": reverse("seat", kwargs={"token": token}),
            "check_url": reverse("seat-setting-check", kwargs={"token": token}),
            "coach_url": reverse("seat-coach", kwargs={"token": token}) if coached else "",
        }
    return {
        **urls,
        "seat": seat,
        "name": name,
        "phase": phase,
        "stage": stage,
        "form": form,
        "draft": f"seat-{seat.player.public_id}:{game.public_id}" if game else "",
        **hand_state(tick),
        # once revealed only (never a hint before: docs/rules.md, Until the reveal)
        "clashes": [
            CLASH.format(other=isolate(clash.second if clash.first == name else clash.first), card=clash.card)
            for clash in (table.clashes if table else [])
            if clash.concerns(name)
        ],
        "without_you": recorded_without(now, name),
        "hindsight": [
            yours(found["text"], name) if found["text"] else "You could not have done better with these cards."
            for found in told
        ]
        if described and described.hindsight
        else [],
    }


def render_shared(now: queries.SessionNow) -> Fragment:
    """Every seat's shared fragments (out-of-band swaps by element id), once for them all."""
    context = {**shared_context(now), "oob": True}
    return Fragment(now.revision, render_to_string(SEAT_SHARED, context))


def render_own(now: queries.SessionNow, seat: SessionPlayer, switched: bool = False) -> Fragment:
    """One seat's own fragments, its entry area with them (the page swaps that in only for
    another stage than the one it shows), saying "Now playing" there, where the player's eyes
    are, when the change ``switched`` the session to its game."""
    context = {**shared_context(now), **own_context(now, seat, seat.seat_token), "oob": True}
    context["switched"] = switched and now.game is not None
    return Fragment(now.revision, render_to_string(SEAT_OWN, context))


def render_hand_sent(now: queries.SessionNow, name: str) -> tuple[Fragment, Fragment]:
    """A hand sent from ``name``'s seat (its game the one being played) changes every seat's
    ticks and that seat's own hand's state alone: both rendered from the round's ticks."""
    table = now.table
    ticks = table.ticks if table else []
    mine = {"phase": "entering", **hand_state(table.tick_of(name) if table else None), "oob": True}
    return (
        Fragment(now.revision, render_to_string(SEAT_TICKS, {"ticks": ticks, "oob": True})),
        Fragment(now.revision, render_to_string(SEAT_MINE, mine)),
    )
