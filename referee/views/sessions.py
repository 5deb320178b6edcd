"""The host's screens for an evening: my sessions, a new session, the session page (where
rounds are recorded) and a new game. Every page of a session answers 404 to anyone but
its host."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event

from engine import GAMES, EntryError, GameOutcome
from scoring import queries, services
from scoring.models import EventTable, Game

from ..access import acting_host, asked_game, captain_link, host_session, hosting
from ..board.broadcast import TV_BEHIND, boards_missed
from ..forms.rounds import RoundEntryForm, entry_form_for, in_legal_order
from ..forms.sessions import ODDS_HELP, NewGameForm, NewSessionForm
from ..links import qr_svg, room_url, seat_links
from ..network import unreachable_why
from ..session_page import recorded_message, seating_of, session_context
from ..sockets.live import page_terms

ODDS_SHOWN = "The TV shows the odds as each game starts."
ODDS_HIDDEN = "The TV no longer shows the odds."
NOTHING_ENTERED = "Nothing entered yet."
RESUMED = "Now playing: {game}. The board and the players' phones follow it."


@login_required
@require_GET
def my_sessions(request):
    context = {"sessions": queries.sessions_of(request.user), "has_events": request.user.events.exists()}
    return render(request, "sessions/list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def new_session(request):
    circle = list(queries.players_of(request.user).values_list("name", flat=True))
    form = NewSessionForm(request.POST or None, circle=circle)
    if request.method == "POST" and form.is_valid():
        try:
            session = services.session_start(
                host=request.user,
                title=form.cleaned_data["title"],
                played_on=form.cleaned_data["played_on"],
                player_names=form.player_names(),
                show_odds=form.cleaned_data["show_odds"],
            )
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                for problem in problems:
                    form.add_error("new_players" if field == "players" else field, problem)
        else:
            return redirect(session)
    return render(request, "sessions/new.html", {"form": form})


@hosting
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def session_page(request, session_id):
    """The evening: a game's standings and who deals next, its last round's outcome, and
    the form for its next round; the game being played (the board's), or the one asked for
    (``?game=``), so a game left unfinished can be continued. POST records that round into
    that game (it becomes the game being played), and the answer says what became of it
    (``HX-Trigger``'s "submission": see Answer)."""
    session = host_session(request, session_id)
    asked = asked_game(request, session)
    game = asked or queries.current_game(session)
    current = queries.game_state(game) if game else None
    answer = None
    if request.method == "POST" and current:
        answer = record_round(request, current)
        if answer.form is None and not request.htmx and answer.status in ("recorded", "repeated"):
            if answer.behind:
                messages.warning(request, TV_BEHIND)
            return redirect(asked or session)
        if answer.now is not None:  # as the record left the session, read once for every screen
            current = answer.now.state
        elif answer.outcome:  # show what the service committed, not a replay of it
            current = current.after(answer.outcome)
        elif answer.form is None:  # recorded by an earlier send, or nothing entered: show the game now
            current = queries.game_state(game)
    page_number = request.GET.get("page") if request.method == "GET" else 1
    moved_on = bool(request.htmx and answer and answer.next)
    seating = None if request.htmx else seating_of(session)  # the whole page: its seat links too
    # A round recorded here made its game the one being played.
    context = session_context(
        session,
        current,
        answer.form if answer else None,
        page_number,
        moved_on=moved_on,
        playing=game if answer and answer.now else queries.current_game(session) if asked else game,
        recorded=bool(answer and answer.shows_last_round(current)),
        answer=answer,
        seating=seating,
        now=answer.now if answer else None,
    )
    if moved_on:  # the page's form stays, emptied for the next round: the rest of #game out of band
        response = render(request, "sessions/session.html#game-moved-on", context)
        response["HX-Reswap"] = "none"
    elif request.htmx:
        response = render(request, "sessions/session.html#game", context)
    else:
        board_url = room_url(request, reverse("board", kwargs={"token": session.share_token}))
        host_url = room_url(request, session.get_absolute_url())
        response = render(
            request,
            "sessions/session.html",
            {
                **context,
                "board_url": board_url,
                # Behind TLS the proxy's name is the way in: nothing to say
                "room_unreachable": "" if settings.BEHIND_TLS else unreachable_why(board_url, settings.ROOM_ADDRESSES),
                "board_qr": qr_svg(board_url, "Scan to open the board"),
                "host_url": host_url,
                "host_qr": qr_svg(host_url, "Scan to host from your phone"),
                "seat_links": seat_links(request, session, seating, context["playing"]),
                "odds_help": ODDS_HELP,
                "live": page_terms(),
                "club_table": club_table_of(request, session),
            },
        )
    if answer:
        trigger_client_event(response, "submission", answer.said())
    return response


@dataclass
class Answer:
    """What became of a posted round, for the page and for a script that sent it (a round
    queued offline): ``status`` is "recorded", "repeated" (this form was recorded before:
    nothing new), "refused", "confirm" (the previous round's hands: asks first), "empty"
    (nothing entered) or "ordered" (a foul's hands set in their legal order: nothing recorded)."""

    status: str
    submission: str
    message: str = ""
    number: int | None = None  # the round recorded (or recorded before)
    form: RoundEntryForm | None = None  # to show again, as sent
    outcome: GameOutcome | None = None  # the game's replay as it now stands (as the service committed it)
    # Recorded, the game going on with the same players: the form sent moves on to this round
    # ({"number", "submission"}), emptied, rather than a new form being rendered.
    next: dict | None = None
    now: queries.SessionNow | None = None  # recorded: the session as it left it (queries.SessionNow)
    behind: bool = False  # recorded, but the boards could not be told: the TV may be behind

    def shows_last_round(self, current) -> bool:
        """Whether the page confirms the round just recorded (by this send or the first one)."""
        last = current.last_round if current else None
        return (
            self.status in ("recorded", "repeated", "empty")
            and last is not None
            and (self.number is None or last.number == self.number)
        )

    def said(self) -> dict:
        said = {"id": self.submission, "status": self.status, "message": self.message, "number": self.number}
        if self.behind:
            said["behind"] = TV_BEHIND
        return {**said, "next": self.next} if self.next else said


def record_round(request, current: queries.GameState) -> Answer:
    """Record the posted round, once per submission id, and say what became of it."""
    sent = request.POST.get("submission", "")
    # Sent again, the form is read as it was made: with its round's players, though some are out now.
    form = entry_form_for(
        current, request.POST, number=_posted_number(request), players=queries.players_of_submitted_round(sent, current)
    )
    ordered = in_legal_order(request.POST, current)
    if ordered is not None:  # "Use this order" without the pad's script: set so, not recorded
        again = entry_form_for(current, number=_posted_number(request), initial=ordered, players=form.players)
        return Answer("ordered", sent, form=again)
    if form.is_empty():
        return Answer("empty", sent, NOTHING_ENTERED)
    if not form.is_valid():
        return Answer("refused", sent, form.refusal(), form=form)
    submission = form.cleaned_data["submission"]
    try:
        with boards_missed() as missed, services.announced() as changes:
            _, outcome = services.round_record(
                game=current.game,
                number=form.cleaned_data["number"],
                entry=form.entry(),
                by=acting_host(request, current.game.session),
                submission=submission,
                check_same_hands=request.POST.get("same_hands") != "confirm",
            )
    except services.AlreadySubmitted as repeat:
        number, now = repeat.submission.round_number, queries.game_state(current.game).outcome
        return Answer("repeated", sent, recorded_message(now, number), number, outcome=now)
    except services.SameHands as question:
        return Answer("confirm", sent, str(question), form=form)
    except services.RoundAlreadyRecorded as error:
        messages.info(request, str(error))
        return Answer("refused", sent, str(error))
    except EntryError as error:
        form.add_entry_error(error)
        return Answer("refused", sent, form.refusal(), form=form)
    number = form.cleaned_data["number"]
    same_form = not outcome.finished and list(outcome.still_in) == form.players
    following = {"number": number + 1, "submission": str(uuid.uuid4())} if same_form else None
    message = recorded_message(outcome, number)
    left = changes[-1] if changes else None
    return Answer("recorded", sent, message, number, outcome=outcome, next=following, behind=bool(missed), now=left)


def _posted_number(request) -> int | None:
    try:
        return int(request.POST.get("number", ""))
    except ValueError:
        return None


@hosting
@require_POST
def resume_game(request, session_id, game_id):
    """Go back to a game not finished: it becomes the game being played, so the board and
    every seat's phone follow it (each phone says "Now playing"); then its page."""
    session = host_session(request, session_id)
    game = get_object_or_404(Game.objects.filter(session=session), public_id=game_id)
    try:
        services.game_resume(game=game)
    except EntryError as error:
        messages.error(request, str(error))
        return redirect(session)
    messages.success(request, RESUMED.format(game=game))
    return redirect(f"{session.get_absolute_url()}?game={game.number}")


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request, session_id):
    session = host_session(request, session_id)
    players = [player.name for player in queries.players_at(session)]
    previous = session.games.order_by("-number").first()
    initial = {"kind": previous.kind} if previous else {}
    form = NewGameForm(request.POST or None, players=players, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.game_start(
                session=session,
                kind=form.cleaned_data["kind"],
                seat_names=form.cleaned_data["seat_names"],
                options=form.options(),
            )
        except EntryError as error:
            form.add_engine_error(error)
        else:
            return redirect(session)
    if form.is_bound:
        form.focus_first_error()
    # The games still going stay open to continue: said before another is started.
    unfinished = queries.unfinished_games(session)
    return render(request, "sessions/new_game.html", {"session": session, "form": form, "unfinished": unfinished})


@login_required
@require_GET
def new_game_rules(request, session_id):
    """The first rules of the game being chosen on the new-game form, as its options stand
    (htmx, live, as the host changes them). Opened as a page, it is the form."""
    session = host_session(request, session_id)
    kind = request.GET.get("game", "")
    if kind not in GAMES:  # the games registered now
        raise Http404(f"No such game: {kind}.")
    if not request.htmx:
        return redirect("new-game", session.public_id)
    form = NewGameForm(request.GET, players=[])
    form.is_valid()  # each option that cleans counts; the seats are not this answer's business
    return render(request, "includes/rule_lines.html", {"lines": form.rule_lines(kind)})


@hosting
@require_http_methods(["GET", "POST"])
def rotate_board(request, session_id):
    """A new board link: GET asks, POST replaces it (boards on the old link are closed)."""
    session = host_session(request, session_id)
    if request.method == "POST":
        services.session_rotate_share_token(session=session)
        messages.info(request, "The board has a new link: the old one no longer works.")
        return redirect(session)
    return new_link_asked(
        request,
        session,
        question="Give the board a new link?",
        detail="The old link and the QR code stop working; boards open on it are closed. Open the board "
        "again from the new QR code.",
        button="New board link",
    )


def club_table_of(request, session) -> dict | None:
    """A club night's table: which, and the way back (the organiser's event page, or the
    captain's own link): a table plays its one game, so it offers no new game."""
    if not session.club_table:
        return None
    table = EventTable.objects.select_related("round__event").filter(session=session).first()
    if table is None:
        return None
    event = table.round.event
    back = event.get_absolute_url() if request.user.pk == event.organiser_id else captain_link(request, session)
    return {"event": event, "round": table.round.number, "number": table.number, "back": back}


def new_link_asked(request, session, *, question: str, detail: str, button: str):
    """The page that asks before a link is replaced (the board's, the seats', the story's):
    what stops working, and the button that replaces it (a POST to the same address)."""
    context = {"session": session, "game": None, "error": None, "number": None, "allowed": True}
    return render(
        request, "sessions/confirm.html", {**context, "question": question, "detail": detail, "button": button}
    )


@hosting
@require_POST
def show_odds(request, session_id):
    """The session option "Show the odds" (``shown=1``), or off again."""
    session = host_session(request, session_id)
    shown = request.POST.get("shown") == "1"
    services.session_show_odds(session=session, shown=shown)
    messages.info(request, ODDS_SHOWN if shown else ODDS_HIDDEN)
    return redirect(session)
