"""The night's story worked out again, another way, to check engine/recap.py against: hands
ranked by tests/engine/reference.py's best-first lists (not the engine's tables), fouls and
stand-offs found from the entries, the fewest transfers by trying every partition,
and the comeback measured by what was at stake as docs/rules.md says."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from fractions import Fraction
from functools import cache

from engine import hand_ranking, parse_cards

from .reference import ALL_HANDS, brag_key, commerce_key

QUADS_BEST_FIRST = [4, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 3, 2]


def key_of(outcome):
    """The reference key (smaller is better) under the game's ranking."""
    key, options = _ranking(outcome)
    return lambda cards: key(cards, **options)


@cache
def _sorted_keys(game: str, options: tuple) -> list:
    key = commerce_key if game == "commerce" else brag_key
    return sorted(key(hand, **dict(options)) for hand in ALL_HANDS)


def beaten(outcome, cards) -> int:
    """How many of the 22,100 hands these cards beat under the game's ranking."""
    settings = outcome.settings
    if outcome.game == "commerce":
        game, options = (
            "commerce",
            (
                ("ace_two_three", settings.ace_two_three),
                ("flush_by", settings.flush_by),
                ("point_by", settings.point_by),
            ),
        )
        key = commerce_key(cards, **dict(options))
    else:
        game, options = "brag", tuple(hand_ranking(settings.rules).options.items())
        key = brag_key(cards, **dict(options))
    keys = _sorted_keys(game, options)
    return len(keys) - bisect_right(keys, key)


def shown(game):
    """(round, player, cards) of every hand shown, in the order played."""
    for number, entry in enumerate(game.entries, 1):
        for name, given in entry.get("hands", {}).items():
            for text in given if isinstance(given, list) else [given]:
                yield number, name, parse_cards(text)


def hand_of_the_night(games):
    """(how many hands the best beats, its holders in the order shown), or None."""
    found = [(beaten(game.outcome, cards), name) for game in games for _, name, cards in shown(game)]
    if not found:
        return None
    best = max(count for count, _ in found)
    return best, list(dict.fromkeys(name for count, name in found if count == best))


def _ranking(outcome):
    """The reference key and the game's ranking options, as keyword arguments."""
    settings = outcome.settings
    if outcome.game == "commerce":
        options = {
            "ace_two_three": settings.ace_two_three,
            "flush_by": settings.flush_by,
            "point_by": settings.point_by,
        }
        return commerce_key, options
    return brag_key, hand_ranking(settings.rules).options


def decided_by_a_house_rule(game, cards) -> bool:
    """Whether these cards, shown in ``game``, beat the strongest hand of the game they beat only
    because of a ranking option: with that option left out (the reference key's own default,
    the game's default ranking), they would not beat it."""
    key, options = _ranking(game.outcome)
    mine = key(cards, **options)
    beaten = [other for _, _, other in shown(game) if key(other, **options) > mine]
    if not beaten:
        return False
    runner = min(beaten, key=lambda other: key(other, **options))  # the first shown of the strongest
    for name in options:
        rest = {other: value for other, value in options.items() if other != name}
        if not key(cards, **rest) < key(runner, **rest):
            return True
    return False


def fouls(games) -> Counter:
    """Each player's fouls: hands placed left of a stronger hand, in a round not settled by a
    declaration or voided by the host, in a game that does not sort hands."""
    counted: Counter = Counter()
    for game, entry in _crash_rounds(games):
        for name in _fouled(game, entry):
            counted[name] += 1
    return counted


def _crash_rounds(games):
    for game in games:
        if game.outcome.game == "crash" and game.outcome.settings.out_of_order != "sort":
            for entry in game.entries:
                if not entry.get("void") and not entry.get("declarations"):
                    yield game, entry


def _fouled(game, entry):
    key = key_of(game.outcome)
    for name, hands in entry["hands"].items():
        keys = [key(parse_cards(text)) for text in hands]
        if any(left > right for left, right in zip(keys, keys[1:])):
            yield name


def stand_offs(games):
    """(game, round, players) of each stand-off: every player still in ties for the worst hand,
    each on a last token."""
    found = []
    for game in games:
        if game.outcome.game != "stop_the_bus":
            continue
        key = key_of(game.outcome)
        tokens = dict.fromkeys(game.outcome.players, game.outcome.settings.tokens)
        for number, entry in enumerate(game.entries, 1):
            keys = {name: key(parse_cards(text)) for name, text in entry["hands"].items()}
            if len(set(keys.values())) == 1 and all(tokens[name] == 1 for name in keys):
                found.append((game, number, tuple(keys)))
            tokens = dict(game.outcome.rounds[number - 1].standings)
    return found


def escapes(games):
    """Stand-offs and deals every player fouled, in the order played: (players, game, round)."""
    found = [(players, game, number) for game, number, players in stand_offs(games)]
    for game in games:
        if game.outcome.game != "crash" or game.outcome.settings.out_of_order == "sort":
            continue
        for number, entry in enumerate(game.entries, 1):
            if entry.get("void") or entry.get("declarations"):
                continue
            fouled = list(_fouled(game, entry))
            if len(fouled) >= 2 and len(fouled) == len(entry["hands"]):
                found.append((tuple(fouled), game, number))
    order = {id(game): i for i, game in enumerate(games)}
    return sorted(found, key=lambda one: (order[id(one[1])], one[2]))


def biggest_crash(games):
    """(key, [(player, cards)] of the biggest, the first played first), from the referee's events."""
    found = []
    for game in games:
        for round_ in game.outcome.rounds:
            entry = game.entries[round_.number - 1]
            for event in round_.events:
                if event.kind in ("crash", "quad_bonus"):
                    name = event.players[0]
                    cards = [c for text in entry["hands"][name] for c in parse_cards(text)]
                    if event.kind == "crash":
                        found.append(((1, round_.deltas[name]), name, cards))
                    else:
                        ranks = Counter(c.rank for c in cards)
                        quad = min((r for r, n in ranks.items() if n == 4), key=QUADS_BEST_FIRST.index)
                        found.append(((0, -QUADS_BEST_FIRST.index(quad)), name, [c for c in cards if c.rank == quad]))
    if not found:
        return None
    best = max(key for key, *_ in found)
    return best, [(name, cards) for key, name, cards in found if key == best]


def at_stake(game) -> int:
    """What was at stake in a game, as docs/rules.md's comeback says: Stop the Bus, each player's
    tokens at the start; Crash, the target; Commerce, the stake times the players times the
    hands played (at stake 0, the hands played)."""
    outcome = game.outcome
    if outcome.game == "stop_the_bus":
        return outcome.settings.tokens
    if outcome.game == "crash":
        return outcome.settings.target
    hands = len(game.entries)
    return outcome.settings.stake * len(outcome.players) * hands or hands


def comeback(games):
    """(deficit, winner, round, game) of the largest deficit turned into a win, as a share of
    what was at stake in its game; the first played of the largest."""
    best = None
    for game in games:
        outcome = game.outcome
        if not outcome.finished:
            continue
        for name in outcome.winners:
            for round_ in outcome.rounds:
                deficit = max(round_.standings.values()) - round_.standings[name]
                share = Fraction(deficit, at_stake(game))
                if deficit > 0 and (best is None or share > best[0]):
                    best = (share, deficit, name, round_.number, game)
    return best and best[1:]


def nets(games) -> dict:
    """Each player's net over the evening's Commerce for a stake (0 included), from each hand's
    changes, the pots' leftovers as "the pot"."""
    owed: Counter = Counter()
    for game in games:
        if game.outcome.game == "commerce" and game.outcome.settings.stake:
            for round_ in game.outcome.rounds:
                for name, delta in round_.deltas.items():
                    owed[name] += delta
    left = -sum(owed.values())
    if left:
        owed["the pot"] = left
    return dict(owed)


def balances(games) -> dict:
    """The nets that are not zero."""
    return {name: amount for name, amount in nets(games).items() if amount}


def balance_rows(games) -> list:
    """(name, balance as shown) a row: the players by their net, the highest first, equal ones
    in the order first seen; the pot last."""
    owed = nets(games)
    pot = owed.pop("the pot", 0)
    rows = sorted(owed.items(), key=lambda one: -one[1])
    shown = [(name, "0" if not net else f"+{net}" if net > 0 else f"\u2212{-net}") for name, net in rows]
    return shown + ([("The pot", f"+{pot}")] if pot else [])


def fewest_transfers(owed: dict) -> int:
    """n less the most zero-sum blocks any partition of the balances makes, by trying them all."""
    amounts = list(owed.values())

    def most_blocks(left):
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = 0
        for mask in range(1 << len(rest)):
            block = [first] + [rest[i] for i in range(len(rest)) if mask >> i & 1]
            if sum(block) == 0:
                others = [rest[i] for i in range(len(rest)) if not mask >> i & 1]
                best = max(best, 1 + most_blocks(others))
        return best

    return len(amounts) - most_blocks(amounts)


def leaders(game) -> tuple[str, ...]:
    """Who leads a game not finished: the highest standing of the players not out."""
    outcome = game.outcome
    standing = {name: outcome.standings[name] for name in outcome.players if name not in outcome.out}
    return tuple(name for name, figure in standing.items() if figure == max(standing.values()))


def standings(games) -> tuple:
    """The evening's standings table: a column a game with a round, a row a player of one of
    them, by games won, then games led, then name; a balance signed, the other units spelled."""
    played = [game for game in games if game.entries]
    won, led = Counter(), Counter()
    for game in played:
        if game.outcome.finished:
            won.update(game.outcome.winners)
        else:
            led.update(leaders(game))

    def cell(game, name):
        if name not in game.outcome.players:
            return "–"
        figure, settings = game.outcome.standings[name], game.outcome.settings
        if game.outcome.game == "commerce":
            if settings.stake:
                return ("+" if figure > 0 else "\N{MINUS SIGN}" if figure else "") + str(abs(figure))
            return f"{figure} hand{'s' * (figure != 1)} won"
        unit = "token" if game.outcome.game == "stop_the_bus" else "point"
        return f"{figure} {unit}{'s' * (figure != 1)}"

    names = sorted({name for game in played for name in game.outcome.players}, key=lambda n: (-won[n], -led[n], n))
    return (
        ("Player", "Games won", *(game.label.replace("game ", "game\N{NO-BREAK SPACE}") for game in played)),
        *((name, str(won[name]), *(cell(game, name) for game in played)) for name in names),
    )
