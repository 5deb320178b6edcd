"""The 52-card picker: one group per suit, aces first (templates/includes/picker.html)."""

from engine import card

PICKER = [
    (name, symbol, [card(rank, suit) for rank in range(14, 1, -1)])
    for suit, name, symbol in (("S", "Spades", "♠"), ("H", "Hearts", "♥"), ("D", "Diamonds", "♦"), ("C", "Clubs", "♣"))
]
