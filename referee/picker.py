"""The 52-card picker: one group per suit, aces first (templates/includes/picker.html)."""

from functools import cache

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from engine import card

PICKER = [
    (name, symbol, [card(rank, suit) for rank in range(14, 1, -1)])
    for suit, name, symbol in (("S", "Spades", "♠"), ("H", "Hearts", "♥"), ("D", "Diamonds", "♦"), ("C", "Clubs", "♣"))
]


@cache
def picker_html() -> SafeString:
    """The picker never changes: it is rendered once per process."""
    return render_to_string("includes/picker.html", {"picker": PICKER})
