"""{% picker %}: the card pad under a form of hands, its 52 cards rendered once per process."""

from django import template

from referee.picker import picker_html

register = template.Library()
PAD_TABLE = ("session", "game", "table", "table_seats", "table_in_use")  # what sessions/pad_table.html shows


@register.inclusion_tag("includes/pad.html", takes_context=True)
def picker(
    context,
    submit: str = "",
    form=None,
    recorded=None,
    refused: str = "Not recorded",
    note: str = "",
    table=False,
    primary_unfold=True,
):
    """The pad; ``submit`` labels its own submit button. Said next to it: the page's question
    (the previous round's hands again: record again?), else ``form``'s first refusal, else
    "nothing entered" where no round was just recorded (else that round's confirmation stays:
    the second tap of a double tap sends the emptied form), else the round just ``recorded``
    (its line: "Round 3 recorded: ..."),
    else what an htmx answer's messages say (a round another phone already recorded, say): a
    whole page shows them at its top, in view. ``refused`` begins a refusal ("Not sent" on a
    seat's phone); ``note`` is said where nothing else is (a seat's "Sent ✓"). ``table``: the
    round the phones are sending shows in the pad, with Reveal (sessions/pad_table.html).
    ``primary_unfold``: the folded pad's button is the page's main action (not beside a
    correction's review, whose main action is its Save)."""
    refusal = form.refusal() if form is not None and form.is_bound and form.errors else ""
    answer = context.get("answer")
    request = getattr(context, "request", None)  # none for what a change renders for a seat's socket
    return {
        "cards": picker_html(),
        "submit": submit,
        "refusal": refusal,
        "recorded": recorded,
        "behind": answer.said().get("behind", "") if recorded and answer else "",
        "refused": refused,
        "note": note,
        "question": answer.message if answer and answer.status == "confirm" else "",
        "nothing_entered": answer.message if answer and answer.status == "empty" else "",
        "messages": context.get("messages") if request is not None and request.htmx else None,
        **({name: context.get(name) for name in PAD_TABLE} if table else {}),
        "pad_table": table,
        "primary_unfold": primary_unfold,
    }
