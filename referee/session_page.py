"""The host's session page as a context: the game shown, its standings, rounds and form for
the next round, and the table panel (the seats' own hands while a round is entered). Built
here for the page's views (referee/views/sessions.py, table.py) and for the host's socket,
which sends the panel as each change leaves it (referee/host)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.urls import reverse

from engine import GameOutcome, game_of
from scoring import queries
from scoring.models import Game, Session

from .forms.rounds import RoundEntryForm, entry_form_for, setting_check_of
from .presenters import (
    as_tapped,
    date_under_title,
    entry_lines,
    game_summary,
    round_hands,
    scores_said,
    standings_rows,
    unit,
    void_deal_reasons,
)
from .showdown import showdown_of

ROUNDS_A_PAGE = 10  # the session page's list of rounds; earlier ones a tap away


def session_context(
    session: Session,
    current: queries.GameState | None,
    form: RoundEntryForm | None = None,
    page_number=1,
    moved_on: bool = False,
    playing: Game | None = None,
    seating: tuple[list, set[str]] | None = None,
    now: queries.SessionNow | None = None,
    **extra,
) -> dict:
    """The session page: the game shown (the game being played, unless another is asked
    for), the form for its next round while it goes on (not when the page's form
    ``moved_on``: it stays), its rounds (newest first, ROUNDS_A_PAGE at a time), the game
    being played (``playing``: the board's, said beside the one shown), the other games
    still going, and the evening's tally. ``now``: the session as the change just made left
    it (``current`` is its game), read once with the board's and the seats'."""
    if now is not None:
        seating = seating or (now.seats, now.connected())
    table = table_context(session, current, seating, now.table if now is not None else None)
    if current and form is None and not moved_on and current.outcome and not current.outcome.finished:
        form = entry_form_for(current, initial=revealed_initial(current, table["table"]))
    rounds = Paginator(current.history if current else [], ROUNDS_A_PAGE).get_page(page_number)
    corrected = current and any(round_.corrected_at for round_ in current.rounds)
    before = queries.first_entries_of([current.game]).get(current.game.pk, {}) if corrected else {}
    history = [
        (
            round_,
            recorded,
            entry_lines(before[round_.number], current.seats, current.settings.rules)
            if round_.number in before
            else None,
            round_hands(recorded.entry, round_.hands, current.seats),
        )
        for round_, recorded in rounds
    ]
    outcome = current.outcome if current else None
    others = [game for game in queries.unfinished_games(session) if not current or game.pk != current.game.pk]
    return {
        "session": session,
        "current": current,
        "form": form,
        # a round that ends no game leaves it be
        "tally": {} if moved_on else now.tally if now is not None else queries.tally_of(session),
        "others": others,
        "playing": playing or (current.game if current else None),
        "rounds_query": f"?game={current.game.number}&" if current else "?",
        "players": queries.players_at(session),
        "date_line": date_under_title(session.title, session.played_on),
        "history": history,
        "rounds_page": rounds,
        # Crash: who could have done better in the last round (every round's: history)
        "last_told": current.hindsight(current.last_round.number) if current and current.last_round else [],
        "rows": standings_rows(outcome),  # as the board shows them
        "summary": game_summary(outcome) if outcome else "",
        "unit": unit(outcome) if outcome else "",
        "moved_on": moved_on,
        # what the pad says of the round just recorded, when the page says it (see Answer)
        "recorded_line": recorded_message(outcome, current.last_round.number) if current and current.last_round else "",
        # Crash, where the options can void a deal: the host may record one (docs/rules.md)
        "void_deal": void_deal_reasons(current.game.kind, current.settings) if form else "",
        **table,
        **extra,
    }


def seating_of(session: Session) -> tuple[list, set[str]]:
    """The session's seats (their players read with them) and the names of those whose phone
    is connected: read once for the page's table panel and its seat links."""
    return queries.seats_of(session), queries.seats_connected(session)


def table_context(
    session: Session,
    current: queries.GameState | None,
    seating: tuple | None = None,
    table: queries.TableRound | None = None,
) -> dict:
    """The table panel of the host's page while a round of the game shown is being entered:
    a tick per seat (the host's own seat first, "Your hand"), whether its phone is connected,
    the clashes once revealed, and the showdown. Ticks and names only before the reveal.
    ``table``: the round being entered, if read already."""
    if table is None and current:
        table = queries.table_round(current)
    if table is None:
        return {
            "table": None,
            "table_seats": [],
            "table_in_use": False,
            "showdown": None,
        }
    seats, connected = seating or seating_of(session)
    ids = {seat.player.name: seat.player.public_id for seat in seats}
    mine = next((seat.player.name for seat in seats if seat.player_id == session.host_player_id), None)
    fouled = seats_fouled(current, table)
    seats = [
        {
            "tick": tick,
            "foul": tick.name in fouled,
            "connected": tick.name in connected,
            "mine": tick.name == mine,
            "enter_url": reverse(
                "host-seat-hand", kwargs={"session_id": session.public_id, "player_id": ids[tick.name]}
            ),
        }
        for tick in table.ticks
        if tick.name in ids
    ]
    seats.sort(key=lambda seat: not seat["mine"])  # the host's own hand first
    entries = [round_.entry for round_ in current.rounds]
    return {
        "table": table,
        "table_seats": seats,
        "showdown": showdown_of(current.game, current.seats, entries, table),
        # Shown once a seat takes part (a phone open, a hand sent, the host's own seat): the
        # host-only evening's page stays as it was.
        "table_in_use": bool(table.any_in or table.revealed or connected or mine),
        "table_connected": any(seat["connected"] for seat in seats),
    }


def seats_fouled(current: queries.GameState, table: queries.TableRound) -> set[str]:
    """Once revealed, in a game whose hands are checked as set: the seats whose hands sent
    foul if left like this (the engine's setting check, as the seat's own phone said it
    before they chose to leave them)."""
    described = game_of(current.game.kind)
    if not table.revealed or described.setting_check is None:
        return set()
    hands = table.entry()["hands"].items()
    checks = {name: setting_check_of(texts, described, current.settings) for name, texts in hands}
    return {name for name, check in checks.items() if check and check.fouls}


def revealed_initial(current: queries.GameState, table) -> dict | None:
    """The entry form's fields filled with the seats' hands once the host revealed the round
    (the host may still fix any, then records it as usual), as the pad types cards ("10♣")."""
    if table is None or not table.revealed:
        return None
    players = list(current.outcome.still_in)
    return as_tapped(RoundEntryForm.initial_from(table.entry(), players, current.game.kind))


def recorded_message(outcome: GameOutcome | None, number: int) -> str:
    """ "Round 3 recorded: Cy loses a token" (what it did to the scores, as the pad says it)."""
    said = scores_said(outcome, number) if outcome and 0 < number <= len(outcome.rounds) else ""
    return f"Round {number} recorded" + (f": {said}" if said else "")
