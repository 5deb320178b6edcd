"""The host's screens for an evening: my sessions, a new session, the session page (where
rounds are recorded) and a new game. Every page of a session answers 404 to anyone but
its host."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from engine import EntryError
from scoring import queries, services
from scoring.models import Game, Session

from .board import qr_svg
from .round_entry import RoundEntryForm, entry_lines
from .session_forms import NewGameForm, NewSessionForm


def host_session(request, session_id) -> Session:
    """The session, if it is this host's; 404 otherwise (no hint that it exists)."""
    return get_object_or_404(Session.objects.filter(host=request.user), public_id=session_id)


@login_required
@require_GET
def my_sessions(request):
    return render(request, "sessions/list.html", {"sessions": queries.sessions_of(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def new_session(request):
    circle = list(queries.players_of(request.user).values_list("name", flat=True))
    form = NewSessionForm(request.POST or None, circle=circle)
    if request.method == "POST" and form.is_valid():
        try:
            session = services.session_start(host=request.user, title=form.cleaned_data["title"],
                                             played_on=form.cleaned_data["played_on"],
                                             player_names=form.player_names())
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                for problem in problems:
                    form.add_error("new_players" if field == "players" else field, problem)
        else:
            return redirect(session)
    return render(request, "sessions/new.html", {"form": form})


def entry_form_for(state: queries.GameState, data=None, *, number: int | None = None, initial=None,
                   players: list[str] | None = None) -> RoundEntryForm:
    """The round entry form of a game: the players still in, the hands the game deals."""
    options = state.outcome.options if state.outcome else state.game.options
    positions = int(options.get("cards", 13)) // 3 if state.game.kind == "crash" else 1
    declarations = state.game.kind == "crash" and options.get("preset", "classic") == "classic"
    players = players if players is not None else list(state.outcome.still_in if state.outcome else state.seats)
    number = number or state.next_number
    return RoundEntryForm(data, game=state.game.kind, players=players, positions=positions,
                          declarations=declarations, initial={"number": number, **(initial or {})})


def session_context(session: Session, form: RoundEntryForm | None = None, **extra) -> dict:
    games = queries.games_of(session)
    current = games[-1] if games else None
    if current and form is None and current.outcome and not current.outcome.finished:
        form = entry_form_for(current)
    before = queries.first_entries_of(session).get(current.game.pk, {}) if current else {}
    history = [(round_, recorded, entry_lines(before[round_.number], current.seats) if round_.number in before else None)
               for round_, recorded in (current.history if current else [])]
    return {"session": session, "games": games, "current": current, "form": form,
            "tally": queries.evening_tally(games), "players": list(session.players.all()),
            "history": history, **extra}


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def session_page(request, session_id):
    """The evening: the current game's standings and who deals next, the last round's
    outcome, and the form for the next round. POST records that round."""
    form = None
    if request.method == "POST":
        session, game = host_session_and_latest_game(request, session_id)
        form = record_round(request, game)
        if form is None and not request.htmx:
            return redirect(session)
    else:
        session = host_session(request, session_id)
    context = session_context(session, form, recorded=request.method == "POST" and form is None)
    if request.htmx:
        return render(request, "sessions/session.html#game", context)
    board_url = request.build_absolute_uri(reverse("board", kwargs={"token": session.share_token}))
    return render(request, "sessions/session.html", {**context, "board_url": board_url, "qr": qr_svg(board_url)})


def host_session_and_latest_game(request, session_id) -> tuple[Session, Game | None]:
    """host_session, with the game a round is recorded in read at once (one query)."""
    game = (Game.objects.select_related("session").filter(session__host=request.user, session__public_id=session_id)
            .order_by("-number").first())
    return (game.session, game) if game else (host_session(request, session_id), None)


def record_round(request, game: Game | None) -> RoundEntryForm | None:
    """Record the posted round; the form to show again if it was refused, else None."""
    if game is None:
        return None
    # Only the game the round is for, as of the session's revision read with it: the write
    # takes these reads unless another change has come in since.
    current = queries.game_state(game, revision=game.session.revision)
    number = _posted_number(request)
    form = entry_form_for(current, request.POST, number=number)
    if not form.is_valid():
        return form
    try:
        services.round_record(game=current.game, number=form.cleaned_data["number"], entry=form.entry(),
                              by=request.user, known=current)
    except services.RoundAlreadyRecorded as error:
        messages.info(request, str(error))
        return None
    except EntryError as error:
        form.add_entry_error(error)
        return form
    return None


def _posted_number(request) -> int | None:
    try:
        return int(request.POST.get("number", ""))
    except ValueError:
        return None


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request, session_id):
    session = host_session(request, session_id)
    players = [player.name for player in session.players.all()]
    previous = session.games.order_by("-number").first()
    initial = {"kind": previous.kind} if previous else {}
    form = NewGameForm(request.POST or None, players=players, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.game_start(session=session, kind=form.cleaned_data["kind"],
                                seat_names=form.cleaned_data["seat_names"], options=form.options())
        except EntryError as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
        else:
            return redirect(session)
    return render(request, "sessions/new_game.html", {"session": session, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def rotate_board(request, session_id):
    """A new board link: GET asks, POST replaces it (boards on the old link are closed)."""
    session = host_session(request, session_id)
    if request.method == "POST":
        services.session_rotate_share_token(session=session)
        messages.info(request, "The board has a new link: the old one no longer works.")
        return redirect(session)
    return render(request, "sessions/confirm.html", {
        "session": session, "game": None, "error": None, "question": "Give the board a new link?",
        "detail": "The old link and the QR code stop working; boards open on it are closed. Open the board "
                  "again from the new QR code.", "number": None, "button": "New board link", "allowed": True,
    })
