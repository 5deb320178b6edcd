"""The hand judge: "whose hand is better?" settled for anyone at the table."""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from engine import in_reading_order, rank_hand
from engine.guides import GUIDES
from engine.verdicts import order_hands

from ..forms.judge import HandJudgeForm, clamp_rows


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def hand_judge(request):
    """GET shows an empty judge; POST judges the hands (action "judge", the default), adds a
    row ("add") or switches the ruleset ("rules"). htmx gets the #judge partial, a plain
    request the whole page, so the form works without JavaScript."""
    verdict = None
    if request.method == "GET":
        form = HandJudgeForm()
    else:
        action = request.POST.get("action", "judge")
        rows = clamp_rows(request.POST.get("rows"))
        form = HandJudgeForm(request.POST, rows=rows)
        if action == "add":
            # One more row; keep what was typed, and judge nothing yet.
            form = HandJudgeForm(initial=request.POST.dict(), rows=clamp_rows(rows + 1))
        elif form.is_valid():
            verdict = judge(form)
        elif action == "rules":
            # A new ruleset before the hands are complete: show its guide, not errors.
            form = HandJudgeForm(initial=request.POST.dict(), rows=rows)
    rules = form.cleaned_data["rules"] if verdict else _chosen_rules(form)
    context = {
        "form": form,
        "verdict": verdict,
        "guide": GUIDES[rules],
        "ranking_fields": form.ranking_fields(rules),
        "house_rules": form.house_rules(rules),
    }
    template = "judge.html#judge" if request.htmx else "judge.html"
    return render(request, template, context)


def judge(form: HandJudgeForm) -> list[dict]:
    """Rank the form's hands and order them best first, ties together, each placing
    saying whom it beats and why."""
    rules = form.ranking()
    hands = form.hands()
    placings = order_hands([rank_hand(cards, rules=rules) for _, cards in hands])
    names = [" and ".join(hands[i][0] for i in placing.hands) for placing in placings]
    return [
        {
            "place": placing.place,
            "rank": placing.rank,
            "hands": [{"name": hands[i][0], "cards": in_reading_order(hands[i][1], rules)} for i in placing.hands],
            "reason": placing.reason,
            "beats": names[n + 1] if n + 1 < len(names) else "",
        }
        for n, placing in enumerate(placings)
    ]


def _chosen_rules(form: HandJudgeForm) -> str:
    value = form.data.get("rules") or form.initial.get("rules")
    return value if value in GUIDES else form.fields["rules"].initial
