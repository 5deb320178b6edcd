"""{% picker %}: the card pad under a form of hands, its 52 cards rendered once per process."""

from django import template

from referee.picker import picker_html

register = template.Library()


@register.inclusion_tag("includes/pad.html", takes_context=True)
def picker(context, submit: str = "", form=None, recorded=None):
    """The pad; ``submit`` labels its own submit button. Said next to it: ``form``'s first
    refusal, else the round just ``recorded``, else the page's messages (a round recorded by
    an earlier tap, say)."""
    refusal = form.refusal() if form is not None and form.is_bound and form.errors else ""
    return {"cards": picker_html(), "submit": submit, "refusal": refusal, "recorded": recorded,
            "messages": context.get("messages")}
