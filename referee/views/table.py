"""The host's side of the seats' own hands while a round is being entered: the reveal. (The
table panel, a tick per seat with Reveal, follows the seats on the host's page's socket:
referee/host.)"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from engine import EntryError, round_extras
from scoring import queries, services
from scoring.models import Game

from ..access import host_session, hosting
from ..forms.rounds import SEAT_FIELD, RoundEntryForm, entry_form_for
from ..seats.render import seat_form
from ..session_page import revealed_initial, session_context

NOT_REVEALED = "Not revealed: {why}"
ROUND_NUMBER = re.compile(r"\d{1,6}")  # a round's number as posted; anything else is no round
REVEALED = "Round {number} revealed: every hand sent is in the form and on the board. Fix any, then record the round."


@hosting
@require_POST
@vary_on_headers("HX-Request")
def reveal_round(request, session_id, game_id):
    """Reveal the round being entered (its number posted): the seats' hands fill the form
    and show on the board. A second tap changes nothing; a round that is no longer the one
    being entered (recorded meanwhile) is refused, saying which round is. All or nothing:
    refused, it keeps none of the hands typed (they stay in the form)."""
    session = host_session(request, session_id)
    game = get_object_or_404(Game.objects.filter(session=session), public_id=game_id)
    number = ROUND_NUMBER.fullmatch(request.POST.get("number", ""))
    number = int(number[0]) if number else None
    changes = []
    typed = TypedHands()
    try:
        typed = typed_hands(request.POST, session, game)
        with services.announced() as changes:
            revealed = services.round_reveal(game=game, number=number, hands=typed.entries())
    except EntryError as error:
        revealed = False
        messages.error(request, typed.refusal(error))
    if not request.htmx:
        if revealed:
            messages.success(request, REVEALED.format(number=number))
        return redirect(game)
    now = changes[-1] if changes else None  # as the reveal left the session, read once for every screen
    if now is None:
        game.refresh_from_db()
    current = now.state if now else queries.game_state(game)
    table = now.table if now else queries.table_round(current)
    form = None
    if current.outcome and not current.outcome.finished:  # what the host typed stays, the hands revealed with it
        initial = {**typed_fields(request.POST), **(revealed_initial(current, table) or {})}
        form = entry_form_for(current, initial=initial)
    playing = now.game if now else queries.current_game(session)
    context = session_context(session, current, form, playing=playing, now=now)
    if revealed:  # said on the pad too, where the host's eyes are: what recording the round would do
        messages.success(request, revealed_message(number, context["showdown"]))
    return render(request, "sessions/session.html#game", context)


@dataclass
class TypedHands:
    """The hands the host typed on the page's round form for seats whose own phone sent
    none (the host's own, a player without a phone), each as that seat's form holds it."""

    forms: dict[str, RoundEntryForm] = field(default_factory=dict)

    def entries(self) -> dict[str, dict]:
        return {name: form.entry() for name, form in self.forms.items()}

    def refusal(self, error: EntryError) -> str:
        """The reveal refused, in words: a typed hand's refusal as its seat's form words it."""
        form = self.forms.get(error.player)
        if form is None:
            return str(error)
        form.add_entry_error(error)
        return NOT_REVEALED.format(why=form.refusal())


def typed_hands(posted, session, game: Game) -> TypedHands:
    """The hands typed for seats whose own phone sent none, each checked as its seat's form
    checks it (nothing kept here): EntryError, in words, for the first refused. What the
    host typed replaces a hand the host kept before for that seat; a hand its own phone
    sent stays as sent."""
    typed = TypedHands()
    if not any(value.strip() for key, value in posted.items() if SEAT_FIELD.fullmatch(key)):
        return typed  # nothing typed: nothing to read
    state = queries.game_state(game)
    table = queries.table_round(state)
    if table is None or table.revealed:
        return typed
    seated = {seat.player.name for seat in queries.seats_of(session)}
    for index, name in enumerate(entry_form_for(state).players):
        tick = table.tick_of(name)
        own = fields_of_seat(posted, index)
        if tick is None or (tick.sent and not tick.by_host) or name not in seated:
            continue
        if not any(value.strip() for value in own.values()):
            continue
        data = {**own, "game": str(game.public_id), "number": str(table.number), "submission": str(uuid.uuid4())}
        form = seat_form(state, name, data)
        if not form.is_valid():
            raise EntryError(NOT_REVEALED.format(why=form.refusal()))
        typed.forms[name] = form
    return typed


def typed_fields(posted) -> dict:
    """What the host's round form held when Reveal was tapped: every hand typed and the
    round's extras (the table's cards, who called or knocked: engine.round_extras)."""
    extras = round_extras()
    return {key: value for key, value in posted.items() if SEAT_FIELD.fullmatch(key) or key in extras}


def fields_of_seat(posted, index: int) -> dict:
    """One seat's fields of the round form (hand_2, hand_2_1, declare_2, ...) as a seat's own
    form names them (hand_0, hand_0_1, declare_0, ...)."""
    fields = {}
    for key, value in posted.items():
        if (found := SEAT_FIELD.fullmatch(key)) and int(found["seat"]) == index:
            fields[f"{found['kind']}_0{found['position'] or ''}"] = value
    return fields


def revealed_message(number: int, showdown) -> str:
    """ "Round 3 revealed: ... If you record it: Bob loses a token (1 left)." """
    said = REVEALED.format(number=number)
    if showdown is None:
        return said
    if showdown.missing:
        return f"{said} Not complete yet: {showdown.missing}."
    events = " ".join(f"{event.text}." for event in showdown.events) or "Nothing changes."
    return f"{said} If you record it: {events}"
