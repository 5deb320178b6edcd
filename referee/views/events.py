"""A club night, for its organiser: the events, a new one, and the event's page (its players
checked in and withdrawn, each round's draw, swaps and start, the tables being played and
their results confirmed, the standings, the big screen's link). Every change posts and comes
back to the page, saying what it did or why it was refused (nothing kept then)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from engine import GAMES, EntryError
from engine.bidi import isolate
from scoring import club_night, queries, services
from scoring.models import Event, EventRound, EventTable

from ..access import organised_event
from ..forms.events import CheckInForm, NewEventForm, SwapForm
from ..forms.rounds import SUBMISSION_NEEDED, posted_submission
from ..links import qr_svg, room_url
from ..organiser.render import organiser_context


@login_required
@require_GET
def my_events(request):
    return render(request, "events/list.html", {"events": queries.events_of(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def new_event(request):
    circle = list(queries.players_of(request.user).order_by("name").values_list("name", flat=True))
    form = NewEventForm(request.POST or None, circle=circle)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = services.event_start(
                organiser=request.user,
                name=data["name"],
                held_on=data["held_on"],
                kind=data["kind"],
                options=form.options(),
                rounds=data["rounds"],
                table_size=data["table_size"],
                seating=data["seating"],
                player_names=form.player_names(),
                submission=data["submission"],
            )
        except services.EventAlreadySubmitted as twin:  # a double tap: the event it made
            return redirect("event", event_id=twin.result["event"])
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        except EntryError as error:
            form.add_engine_error(error)
        else:
            return redirect(event)
    if form.is_bound:
        form.focus_first_error()
    return render(request, "events/new.html", {"form": form})


@login_required
@require_GET
def new_event_rules(request):
    """The first rules of the game chosen on the new-event form (htmx), as on the new-game form."""
    kind = request.GET.get("game", "")
    if kind not in GAMES or not request.htmx:
        raise Http404(f"No such game: {kind}.")
    form = NewEventForm(request.GET, circle=[])
    form.is_valid()
    return render(request, "includes/rule_lines.html", {"lines": form.rule_lines(kind)})


@login_required
@require_GET
def event_page(request, event_id):
    event = organised_event(request, event_id)
    now = club_night.EventNow(event)
    screen_url = room_url(request, reverse("screen", kwargs={"token": event.screen_token}))
    drawn = now.next_draw
    draw_tables = now.tables.get(drawn.number, []) if drawn else []
    names = [seat.entrant.player.name for _, seats in draw_tables for seat in seats]
    return render(
        request,
        "events/event.html",
        {
            "event": event,
            "now": now,
            **organiser_context(now),
            "draw_tables": draw_tables,
            "swap_form": SwapForm(names=sorted(names, key=str.casefold)) if drawn else None,
            "check_in_form": CheckInForm(),
            "screen_url": screen_url,
            "screen_qr": qr_svg(screen_url, "Scan to open the big screen"),
            "links": [
                (entrant, room_url(request, reverse("night", kwargs={"token": entrant.token})))
                for entrant in now.entrants
            ],
            "can_draw": len(now.rounds) < event.rounds and drawn is None,
            "seatings": Event.Seating.choices,
        },
    )


def changed(request, event, change, said):
    """Make a change from one of the event page's forms, once: ``change(submission)`` calls the
    service with the form's id and returns what it did (the result a twin send is answered
    with); ``said(result)`` is the page's message. A refusal is said instead, nothing kept."""
    submission = posted_submission(request)
    if submission is None:
        messages.error(request, SUBMISSION_NEEDED)
        return back_to(request, event)
    try:
        result = change(submission)
    except services.EventAlreadySubmitted as twin:  # a double tap, a retry: done once
        result = twin.result
    except (EntryError, ValidationError) as error:
        messages.error(request, " ".join(error.messages) if isinstance(error, ValidationError) else str(error))
        return back_to(request, event)
    messages.success(request, said(result))
    return back_to(request, event)


def back_to(request, event):
    """The event's page again: a redirect, or for a form the page's socket swapped in (htmx)
    the browser sent there."""
    return HttpResponseClientRedirect(event.get_absolute_url()) if request.htmx else redirect(event)


@login_required
@require_POST
def check_in(request, event_id):
    event = organised_event(request, event_id)
    form = CheckInForm(request.POST)
    if not form.is_valid() or not form.player_names():
        messages.error(request, "Type the names of the players arriving, one a line or separated by commas.")
        return redirect(event)

    def change(submission):
        arrived = services.event_check_in(event=event, player_names=form.player_names(), submission=submission)
        return {"names": [e.player.name for e in arrived]}

    def said(result):
        named = ", ".join(isolate(name) for name in result["names"])
        return f"Checked in: {named}. They are drawn from the next round drawn."

    return changed(request, event, change, said)


@login_required
@require_POST
def withdraw(request, event_id):
    event = organised_event(request, event_id)
    name = request.POST.get("name", "")

    def change(submission):
        entrant = services.event_withdraw(event=event, name=name, submission=submission)
        return {"name": entrant.player.name}

    return changed(
        request,
        event,
        change,
        lambda result: f"{isolate(result['name'])} has withdrawn: drawn in no round from the next one drawn.",
    )


@login_required
@require_POST
def draw(request, event_id):
    event = organised_event(request, event_id)
    seating = request.POST.get("seating") or event.seating
    if seating not in Event.Seating.values:
        messages.error(request, "Choose how to seat the round: at random, or by the standings.")
        return redirect(event)

    def change(submission):
        return {"round": services.event_draw(event=event, seating=seating, submission=submission).number}

    def said(result):
        event_round = _event_round(event, result["round"])
        how = (
            "by the standings"
            if event_round.seating == Event.Seating.STANDINGS and event_round.number > 1
            else "at random"
        )
        return f"Round {event_round.number} is drawn {how}: {event_round.explained}."

    return changed(request, event, change, said)


def _event_round(event, number) -> EventRound:
    return get_object_or_404(EventRound, event=event, number=number)


def swap_said(event_round: EventRound, first: str, second: str) -> str:
    """What swapping two players of the draw costs, as the swap form says it before it is made."""
    if not first or not second or first == second:
        return "Choose two players at different tables: what the swap costs shows here."
    try:
        _, cost = club_night.swap_cost(event_round, first, second)
    except ValueError:
        return services.SAME_TABLE.format(first=isolate(first), second=isolate(second))
    names = f"{isolate(first)} and {isolate(second)}"
    return f"Swapping {names}: {cost_said(cost)}, {event_round.repeats + cost} in the round."


def cost_said(cost: int) -> str:
    if cost == 0:
        return "no repeat pairs more or fewer"
    return f"{cost:+d} repeat pair{'s' if abs(cost) != 1 else ''}"


@login_required
@require_GET
def swap_cost(request, event_id, number):
    """The swap form's cost, as the organiser chooses the two players (htmx)."""
    event = organised_event(request, event_id)
    event_round = _event_round(event, number)
    if not request.htmx:
        return redirect(event)
    said = swap_said(event_round, request.GET.get("first", ""), request.GET.get("second", ""))
    return render(request, "events/event.html#swap-cost", {"swap_cost": said})


@login_required
@require_POST
def swap(request, event_id, number):
    event = organised_event(request, event_id)
    event_round = _event_round(event, number)
    form = SwapForm(request.POST, names=[n for t in club_night.round_tables(event_round) for n in t])
    if not form.is_valid():
        messages.error(request, "Choose two players of the draw to swap.")
        return redirect(event)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]

    def change(submission):
        cost = services.event_swap(event_round=event_round, first=first, second=second, submission=submission)
        return {"first": first, "second": second, "cost": cost}

    def said(result):
        event_round.refresh_from_db()
        names = f"{isolate(result['first'])} and {isolate(result['second'])}"
        return f"{names} swapped: {cost_said(result['cost'])} ({event_round.explained})."

    return changed(request, event, change, said)


@login_required
@require_POST
def start(request, event_id, number):
    event = organised_event(request, event_id)

    def change(submission):
        services.event_round_start(event_round=_event_round(event, number), submission=submission)
        return {"round": number}

    return changed(
        request,
        event,
        change,
        lambda result: f"Round {result['round']} has started: each table's captain hosts it from their phone.",
    )


@login_required
@require_POST
def confirm(request, event_id, number, table):
    event = organised_event(request, event_id)
    event_table = get_object_or_404(EventTable, round=_event_round(event, number), number=table)

    def change(submission):
        services.event_result_confirm(table=event_table, entrant=None, submission=submission)
        return {"table": table}

    return changed(
        request,
        event,
        change,
        lambda result: f"Table {result['table']}'s result is confirmed: it counts in the standings.",
    )
