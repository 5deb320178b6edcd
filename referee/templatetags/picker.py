"""{% picker %}: the card pad under a form of hands, its 52 cards rendered once per process."""

from django import template

from referee.picker import picker_html

register = template.Library()


@register.inclusion_tag("includes/pad.html")
def picker(submit: str = "", form=None, recorded=None):
    """The pad; ``submit`` labels its own submit button, ``form``'s first refusal and the
    round just ``recorded`` are said next to it."""
    refusal = form.refusal() if form is not None and form.is_bound and form.errors else ""
    return {"cards": picker_html(), "submit": submit, "refusal": refusal, "recorded": recorded}
