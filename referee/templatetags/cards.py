"""Cards as chips: {% cards hand.cards %}. A tag, not an include: a page of rounds shows
hundreds of hands, and an include per hand costs a template render each."""

from django import template
from django.utils.html import format_html, format_html_join

from engine import CardError, parse_cards

register = template.Library()


@register.simple_tag
def cards(cards) -> str:
    """<span class="cards"> holding a <span class="card suit-x"> per card ("A♠")."""
    return format_html(
        '<span class="cards">{}</span>',
        format_html_join("", '<span class="card suit-{}">{}</span>', ((card.suit.lower(), card) for card in cards)),
    )


@register.filter
def card_codes(codes) -> tuple:
    """Card codes as stored ("3S", "TH") as cards, for {% cards %}; codes that do not read, none."""
    try:
        return parse_cards(" ".join(codes))
    except CardError:
        return ()
