"""Long evenings for the board at its limits: the most players a game seats, thirty rounds,
the longest names a player may have, and a Crash game that ends with hindsight to tell."""

import random

from engine import DECK, best_setting, format_cards
from scoring.services import game_start, round_record, session_start

# 16 players (Stop the Bus and Commerce seat up to 16), names up to the 24 characters a
# name may have
SIXTEEN = [
    "Bartholomew Fitzwilliams",
    "Ann",
    "Bob",
    "Cy",
    "Di",
    "Maximiliana Featherstone",
    "Ed",
    "Flo",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kit",
    "Lou",
    "Mo",
    "Wilhelmina Cholmondeley",
]
FOUR = ["Ann", "Bartholomew Fitzwilliams", "Cy", "Maximiliana Featherstone"]
ROUNDS = 30


def _deals(players, cards, seed):
    """Endless deals, the same every run: each player ``cards`` cards of one deck."""
    rng = random.Random(seed)
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        yield {name: deck[i * cards : (i + 1) * cards] for i, name in enumerate(players)}


def games_won(session, host, winners):
    """A one-round game of Stop the Bus won by each of ``winners`` in turn: the evening's tally."""
    for winner in winners:
        loser = next(name for name in SIXTEEN if name != winner)
        game = game_start(session=session, kind="stop_the_bus", seat_names=[winner, loser], options={"tokens": 1})
        round_record(game=game, number=1, entry={"hands": {winner: "AS KS QS", loser: "2C 3D 5H"}}, by=host)


def three_card_night(host, kind: str, options: dict, title="Big night"):
    """A game of ``kind`` (Stop the Bus or Commerce) for 16 players, ROUNDS rounds in, after
    a game won by each of them (the longest tally)."""
    session = session_start(host=host, title=title, played_on="2026-11-27", player_names=SIXTEEN)
    games_won(session, host, SIXTEEN)
    game = game_start(session=session, kind=kind, seat_names=SIXTEEN, options=options)
    outcome = None
    deals = _deals(SIXTEEN, 3, seed=kind)
    for number in range(1, ROUNDS + 1):
        still_in = [name for name in SIXTEEN if not outcome or name not in outcome.out]
        dealt = next(deals)
        entry = {"hands": {name: format_cards(dealt[name]) for name in still_in}}
        _, outcome = round_record(game=game, number=number, entry=entry, by=host)
    return session, game, outcome


def crash_night(host, title="Crash night"):
    """Crash for four, to a target it reaches in round 29; each player takes
    the last of the settings the engine suggests, so hindsight has something to say (three
    lines in the last round)."""
    session = session_start(host=host, title=title, played_on="2026-11-27", player_names=FOUR)
    games_won(session, host, FOUR)
    game = game_start(session=session, kind="crash", seat_names=FOUR, options={"target": 32, "crash": "bonus_point"})
    deals = _deals(FOUR, 13, seed="crash")
    number, outcome = 0, None
    while outcome is None or not outcome.finished:
        number += 1
        dealt = next(deals)
        suggested = {name: best_setting(cards, opponents=3) for name, cards in dealt.items()}
        hands = {
            name: [format_cards(hand) for hand in (found.alternatives or (found.best,))[-1].hands]
            for name, found in suggested.items()
        }
        _, outcome = round_record(game=game, number=number, entry={"hands": hands}, by=host)
    return session, game, outcome


# A typical evening: four to six friends, a few rounds of a game in.
SIX = ["Ann", "Bartholomew Fitzwilliams", "Cy", "Di", "Maximiliana Featherstone", "Ed"]


def typical_evening(host, kind: str, players: list[str], rounds: int, options=None, show_odds=False):
    """A game of ``kind`` for ``players``, ``rounds`` rounds in (none: it has just started),
    after a game won by each of the first two (a short tally). Crash: each player sets their
    thirteen cards as the engine suggests."""
    session = session_start(
        host=host, title="Friday", played_on="2026-11-27", player_names=players, show_odds=show_odds
    )
    games_won(session, host, players[:2])
    game = game_start(session=session, kind=kind, seat_names=players, options=options or {})
    crash = kind == "crash"
    deals = _deals(players, 13 if crash else 3, seed=kind)
    outcome = None
    for number in range(1, rounds + 1):
        dealt = next(deals)
        still_in = [name for name in players if not outcome or name not in outcome.out]
        if crash:
            hands = {
                name: [format_cards(hand) for hand in best_setting(dealt[name], opponents=3).best.hands]
                for name in still_in
            }
        else:
            hands = {name: format_cards(dealt[name]) for name in still_in}
        _, outcome = round_record(game=game, number=number, entry={"hands": hands}, by=host)
    return session, game
