"""The seat's page (no login: the seat's private link is the key) and the player's own hand
sent from it; the live Crash setting check and the coach for that hand; and the same entry
on the host's phone for one seat (the host's own, or a player without a phone)."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from engine import CardError, EntryError, best_setting, game_of, parse_cards
from engine.bidi import isolate
from scoring import queries, services
from scoring.models import Game, SessionPlayer
from scoring.replays import game_options

from ..access import host_session, hosting
from ..forms.rounds import NO_SETTING_CHECK, OUT_OF_DATE, RoundEntryForm, hands_posted, in_legal_order, setting_check_of
from ..presenters import as_tapped
from ..setting_found import present
from ..sockets.live import page_terms
from .render import own_context, seat_form, seats_now, shared_context

SEAT_REPLACED = (
    "This seat's link was replaced, or never was. Ask the host for the new QR code of your seat, then open it again."
)
OTHER_GAME = "This hand was for another game: the host has moved on. Check the game below, then send your hand again."
GAME_ID = forms.UUIDField()  # the game a seat's form was made for, as its hidden field holds it
COACH_NEEDS = "The coach needs your {dealt} cards: those in your hands, and the card you discard in “Other cards”."


def seat_of(token: str) -> SessionPlayer:
    """The seat a link opens: 404 (saying the link may have been replaced) for any other."""
    seat = queries.seat_of_token(token)
    if seat is None:
        raise Http404(SEAT_REPLACED)
    return seat


@dataclass
class Sent:
    """What became of a hand posted from a seat: ``refusal`` in words (or none), ``form``
    to show again for ``game`` (the cards as sent; kept, with a fresh submission id)."""

    form: RoundEntryForm | None = None
    refusal: str = ""
    kept: bool = False
    game: Game | None = None
    state: queries.GameState | None = None  # kept: the game's state the hand was checked against
    now: queries.SessionNow | None = None  # kept: the session as the send left it


def send_hand(request, seat: SessionPlayer, *, by_host: bool = False) -> Sent:
    """Send the posted hand of ``seat``'s player for the round the form was made for, in the
    game it was made for: kept (or kept already, by the same form: the same answer), or
    refused in words."""
    return keep_hand(request.POST, seat, by_host=by_host)


def keep_hand(data, seat: SessionPlayer, *, by_host: bool = False) -> Sent:
    """Keep ``seat``'s hand as a seat's form holds it (``data``: its game, round, submission
    id and the player's fields, as hand_0...), or refuse it in words (send_hand)."""
    name = seat.player.name
    try:
        game_id = GAME_ID.clean(data.get("game"))
    except ValidationError:
        return Sent(refusal=OUT_OF_DATE)
    game = seat.session.games.filter(public_id=game_id).first()
    if game is None:
        return Sent(refusal=OTHER_GAME)
    state = queries.game_state(game)
    if state.outcome is None or name not in state.seats:
        return Sent(refusal=OTHER_GAME)
    ordered = in_legal_order(data, state)
    if ordered is not None:  # "Use this order" without the pad's script: set so, not sent
        return Sent(seat_form(state, name, initial=ordered), game=game)
    form = seat_form(state, name, data)
    if not form.is_valid():
        if form.out_of_date:
            return Sent(refusal=form.refusal())
        return Sent(form, form.refusal(), game=game)
    try:
        with services.announced() as changes:
            services.seat_hand_send(
                game=game,
                player=seat.player,
                number=form.cleaned_data["number"],
                entry=form.entry(),
                submission=form.cleaned_data["submission"],
                by_host=by_host,
            )
    except services.AlreadySubmitted:
        pass  # sent before by this very form: answered as the first time
    except services.HandTooLate as error:
        return Sent(refusal=str(error))
    except services.SubmissionReused as error:
        return Sent(fresh_form(state, form), str(error), game=game)
    except EntryError as error:
        if error.player != name:  # not about these cards (the game is over, the round moved on)
            return Sent(refusal=str(error))
        form.add_entry_error(error)
        return Sent(form, form.refusal(), game=game)
    return Sent(fresh_form(state, form), kept=True, game=game, state=state, now=changes[-1] if changes else None)


def fresh_form(state, form: RoundEntryForm) -> RoundEntryForm:
    """The same cards for the same round in a form with a new submission id: the next send
    is a change of its own."""
    name = form.players[0]
    kept = as_tapped(RoundEntryForm.initial_from(form.entry(), [name], form.game))
    return seat_form(state, name, initial={"number": form.cleaned_data["number"], **kept})


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def seat_page(request, token: str):
    """The player's own page. POST sends their hand (htmx: the entry area and the seat's
    state answer; without JS, the whole page)."""
    seat = queries.seat_of_token(token)
    if seat is None:
        return render(request, "seats/replaced.html", {"replaced": SEAT_REPLACED}, status=404)
    sent = send_hand(request, seat) if request.method == "POST" else None
    context = page_context(request, seat, sent, token)
    if request.htmx and sent is not None:
        return render(request, "seats/seat.html#answer", context)
    return render(request, "seats/seat.html", context)


def page_context(request, seat: SessionPlayer, sent: Sent | None, token: str | None = None) -> dict:
    """The seat's page as it stands, with what became of a hand just posted: the form as
    sent while refused, else a fresh one (holding the hand kept, to change it)."""
    if sent is not None and sent.now is not None:
        now = sent.now  # as the send left the session, read once with the board's and the seats'
    else:
        now = seats_now(seat.session, sent.state if sent is not None and sent.kept else None)
    context = {**shared_context(now), **own_context(now, seat, token)}
    if context["phase"] == "entering" and sent is not None and sent.form is not None and sent.game == context["game"]:
        context["form"] = sent.form  # as sent while refused; kept, the same cards with a fresh id
    return {
        **context,
        "socket": f"/ws/seat/{token}/" if token else "",
        "live": page_terms(),
        "refusal": sent.refusal if sent else "",
        "just_sent": bool(sent and sent.kept),
        "replaced": SEAT_REPLACED,
    }


@require_GET
def seat_setting_check(request, token: str):
    """The setting check of the seat's own hands as tapped so far (htmx, live)."""
    seat = seat_of(token)
    game = queries.current_game(seat.session)
    if game is None or game_of(game.kind).setting_check is None:
        raise Http404(NO_SETTING_CHECK)
    if not request.htmx:
        return redirect("seat", token=token)
    described, settings = game_of(game.kind), game_options(game)
    check = setting_check_of(hands_posted(request.GET, 0, described, settings), described, settings)
    return render(request, "sessions/setting_check.html", {"check": check, "seat": "0"})


@require_GET
def seat_coach(request, token: str):
    """ "Coach while setting" (a house rule): the best setting of the seat's own cards, those
    in its hands so far and any other typed beside them, before sending. 404 when the game's
    rules have no coach."""
    seat = seat_of(token)
    game = queries.current_game(seat.session)
    if game is None or not game_of(game.kind).coached(game_options(game)):
        raise Http404("No coach in this game: its house rules leave the setting to you.")
    state = queries.game_state(game)
    described, settings = game_of(game.kind), state.settings
    texts = hands_posted(request.GET, 0, described, settings)
    texts += [request.GET.get("declared_0", ""), request.GET.get("other_cards", "")]
    found, problem = None, ""
    dealt = described.dealt(settings)
    try:
        cards = parse_cards(" ".join(text for text in texts if text.strip()))
        if len(set(cards)) != dealt:
            raise EntryError(COACH_NEEDS.format(dealt=dealt))
        still_in = state.outcome.still_in if state.outcome else state.seats
        options = {key: value for key, value in game.options.items() if key != "coach"}
        found = present(best_setting(cards, max(1, len(still_in) - 1), **options))
    except (CardError, EntryError) as error:
        problem = str(error)
    return render(request, "seats/coach.html", {"found": found, "problem": problem})


@hosting
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def host_seat_hand(request, session_id, player_id):
    """The host enters one seat's own hand on the host's phone (the host's own seat, or a
    player without a phone): that seat's entry only, never another seat's cards. Sent, it
    goes back to the session page."""
    session = host_session(request, session_id)
    seat = get_object_or_404(
        SessionPlayer.objects.select_related("session", "player"), session=session, player__public_id=player_id
    )
    sent = send_hand(request, seat, by_host=True) if request.method == "POST" else None
    if sent is not None and sent.kept:
        if request.htmx:
            return HttpResponseClientRedirect(session.get_absolute_url())
        return redirect(session)
    context = page_context(request, seat, sent)
    game = context["game"]
    if game is not None:
        context["action"] = reverse("host-seat-hand", kwargs={"session_id": session.public_id, "player_id": player_id})
        context["draft"] = f"host-seat-{seat.player.public_id}:{game.public_id}"
        context["whose"] = f"{isolate(seat.player.name)}'s hand"
        context["send"] = f"Send {isolate(seat.player.name)}'s hand"
    template = "seats/host_hand.html#host-entry" if request.htmx and sent is not None else "seats/host_hand.html"
    return render(request, template, context)
