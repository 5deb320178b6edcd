"""Changing what was recorded: correct a past round, delete the last one, end a Commerce
game (each asks for confirmation), and the live Crash setting check."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from engine import EntryError, game_of
from scoring import queries, services
from scoring.models import Game, Round
from scoring.replays import game_options

from ..access import acting_host, host_session, hosting
from ..board.broadcast import CHANGE_BEHIND, boards_missed
from ..forms.rounds import (
    NO_SETTING_CHECK,
    DeleteRoundForm,
    RoundEntryForm,
    SubmissionForm,
    entry_form_for,
    hands_posted,
    setting_check_of,
)
from ..presenters import entry_lines, void_deal_reasons


def host_game(request, session_id, game_id) -> tuple:
    session = host_session(request, session_id)
    return session, get_object_or_404(Game.objects.filter(session=session), public_id=game_id)


@hosting
@require_http_methods(["GET", "POST"])
def correct_round(request, session_id, game_id, number):
    """Open a past round, change it, review what it changes, confirm. Everything after it
    is re-derived; the previous entry is kept in the round's revision trail. The form's
    submission id makes a second "Save" of the same correction change nothing more."""
    session, game = host_game(request, session_id, game_id)
    try:
        correction = queries.round_correction_preview(game, number)
    except Round.DoesNotExist:
        raise Http404(f"No round {number} in this game.") from None
    round_, seats = correction.round, correction.state.seats
    initial = RoundEntryForm.initial_from(round_.entry, correction.players, game.kind)
    form = entry_form_for(
        correction.state, request.POST or None, number=number, initial=initial, players=correction.players
    )
    preview = None
    if request.method == "POST" and form.is_valid():
        try:
            if request.POST.get("action") == "confirm":
                with boards_missed() as missed:
                    services.round_correct(
                        round=round_,
                        entry=form.entry(),
                        by=acting_host(request, session),
                        submission=form.cleaned_data["submission"],
                    )
                return _done(request, game, f"Round {number} of {game} corrected.", behind=bool(missed))
            preview = correction.preview(form.entry())
        except services.AlreadySubmitted:
            return _done(request, game, f"Round {number} of {game} corrected.")
        except EntryError as error:
            if error.round in (None, number):  # this round's, beside its field
                form.add_entry_error(error)
            else:  # a later round it breaks, named above the form
                form.add_error(None, str(error))
    context = {
        "session": session,
        "game": game,
        "round": round_,
        "form": form,
        "preview": preview,
        "number": number,
        "revisions": [
            (revision, entry_lines(revision.entry, seats, correction.state.settings.rules))
            for revision in round_.revisions.all()
        ],
    }
    return render(request, "sessions/correct_round.html", context)


def _done(request, game: Game, message: str, *, behind: bool = False):
    """Back to the game's page, saying what was done (the first time, or by an earlier send of
    the same form), and if the boards could not be told of it, that the TV may be behind."""
    messages.success(request, message)
    if behind:
        messages.warning(request, CHANGE_BEHIND)
    return redirect(game)


@hosting
@require_http_methods(["GET", "POST"])
def delete_last_round(request, session_id, game_id):
    """GET asks "delete round N?"; POST (with the number confirmed) deletes it, once per
    confirmation: sent again, it says the round was deleted and deletes nothing more."""
    session, game = host_game(request, session_id, game_id)
    last = game.rounds.order_by("-number").first()
    form = DeleteRoundForm(request.POST or None, initial={"number": last.number if last else None})
    return confirmed(
        request,
        session,
        game,
        form,
        change=lambda data: services.round_delete_last(game=game, number=data["number"], submission=data["submission"]),
        done=lambda data: f"Round {data['number']} of {game} deleted.",
        question=f"Delete round {last.number} of {game}?" if last else f"{game} has no round to delete.",
        detail="Everything after it is re-derived. This cannot be undone.",
        button="Delete the round",
        allowed=last is not None,
    )


@hosting
@require_http_methods(["GET", "POST"])
def void_deal(request, session_id, game_id):
    """Crash: GET asks "Record round N ... as a void deal?"; POST (the round confirmed)
    records it, nobody giving cards, once per confirmation (docs/rules.md, Crash: A void deal)."""
    session, game = host_game(request, session_id, game_id)
    state = queries.game_state(game)
    outcome = state.outcome
    going_on = game_of(game.kind).void_deal_causes is not None and outcome is not None and not outcome.finished
    allowed = going_on and bool(void_deal_reasons(game.kind, state.settings))
    form = DeleteRoundForm(request.POST or None, initial={"number": state.next_number})
    name = f"{game.get_kind_display()} · game {game.number}"
    if allowed:
        question = (
            f"Record round {state.next_number} of {name} as a void deal: "
            f"nobody scores and {outcome.next_dealer} deals again?"
        )
    elif going_on:
        question = f"{name} has no void deal: with hands out of order sorted and no declarations, no rule voids a deal."
    else:
        question = f"{name} takes no more rounds." if outcome and outcome.finished else "Only a Crash deal can be void."
    return confirmed(
        request,
        session,
        game,
        form,
        change=lambda data: services.round_record(
            game=game,
            number=data["number"],
            entry={"hands": {name: [] for name in outcome.still_in}, "void": True},
            by=acting_host(request, session),
            submission=data["submission"],
        ),
        done=lambda data: f"Round {data['number']} recorded as a void deal.",
        question=question,
        detail="Nothing entered on the round's form counts; the next round is entered as usual.",
        button="Record the void deal",
        cancel="Back to the round",
        allowed=allowed,
        again=lambda: DeleteRoundForm(initial={"number": state.next_number}),
    )


@hosting
@require_http_methods(["GET", "POST"])
def end_game(request, session_id, game_id):
    """Commerce ends when the host says so: GET asks, POST ends it (once per confirmation)."""
    session, game = host_game(request, session_id, game_id)
    last = game.rounds.order_by("-number").values_list("number", flat=True).first()
    return confirmed(
        request,
        session,
        game,
        SubmissionForm(request.POST or None),
        change=lambda data: services.game_end(game=game, submission=data["submission"]),
        done=lambda data: f"{game} ended.",
        question=f"End {game} after round {last}?" if last else f"End {game} before its first round?",
        detail="The highest balance wins; the game takes no more hands.",
        button="End the game",
        allowed=game_of(game.kind).ended_by_host and not game.ended,
    )


def confirmed(
    request,
    session,
    game: Game,
    form,
    *,
    change,
    done,
    question: str,
    detail: str,
    button: str,
    allowed: bool,
    cancel: str = "Keep it",
    again=None,
):
    """A change the host confirms on a page of its own (templates/sessions/confirm.html): GET
    asks ``question``; a POST makes the ``change`` with the form's data and goes back to the
    game saying what was ``done``, the first time or when the same confirmation comes again."""
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            with boards_missed() as missed:
                change(form.cleaned_data)
        except services.AlreadySubmitted:
            return _done(request, game, done(form.cleaned_data))
        except EntryError as problem:
            error = str(problem)
            form = again() if again else form  # asked again with a fresh form, for the round as it now is
        else:
            return _done(request, game, done(form.cleaned_data), behind=bool(missed))
    context = {
        "session": session,
        "game": game,
        "error": error or form.refusal(),
        "form": form,
        "question": question,
        "detail": detail,
        "button": button,
        "cancel": cancel,
        "allowed": allowed,
    }
    return render(request, "sessions/confirm.html", context)


@hosting
@require_GET
def setting_check(request, session_id, game_id):
    """The setting check for one player's hands as typed so far (htmx, live). Opened as a
    page (a link shared, a reload), it is the game's page, where the check lives."""
    _, game = host_game(request, session_id, game_id)
    described = game_of(game.kind)
    if described.setting_check is None:
        raise Http404(NO_SETTING_CHECK)
    if not request.htmx:
        return redirect(game)
    settings = game_options(game)  # what a foul costs, its ranking: no replay
    seat = request.GET.get("seat", "0")
    check = setting_check_of(hands_posted(request.GET, seat, described, settings), described, settings)
    return render(request, "sessions/setting_check.html", {"check": check, "seat": seat})
