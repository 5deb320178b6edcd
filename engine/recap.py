"""The night's story: an evening told as a few items people share (who won, the hand of the
night, the biggest crash, the points left on the table, the luckiest escape, the comeback, the
night's ratings, who pays whom), each present only when the evening had one.

These are the shapes the recap is told in; what fills them is worked out from what the evening
stored (its rounds, their verdicts and kept hindsight, the ratings)."""

from __future__ import annotations

import datetime
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from . import figures
from .bidi import isolate
from .cards import Card, parse_cards
from .crash import QUAD_ORDER, best_quad
from .entries import listed, named
from .games import GAMES
from .house_rules import RANKING_OPTIONS
from .outcomes import GameOutcome, as_it_stands
from .ranking import CATEGORY_NAMES, HandRank, composed, hand_ranking, in_reading_order, rank_hand, rank_plural
from .ratings import PROVISIONAL_GAMES

# The kinds of item, in the order a recap tells them.
ITEM_KINDS = (
    "winner",  # one item a finished game: who won it, and how
    "leading",  # one item a game not finished: who leads it as it stands
    "hand_of_the_night",  # the best hand shown at any showdown, by its game's own ranking
    "biggest_crash",  # the biggest crash or four-of-a-kind bonus (Crash)
    "most_left",  # the most points left on the table, by hindsight (Crash)
    "luckiest_escape",  # a token kept on a stand-off, a foul that cost nothing
    "comeback",  # the largest deficit turned into a win
    "counts",  # fouls and stand-offs counted
    "ratings",  # each player's rating after the night and its change, "provisional" marked
    "settle_up",  # Commerce for a stake: who pays whom, in the fewest transfers
)


@dataclass(frozen=True, slots=True)
class RecapItem:
    """One thing worth telling: ``title`` ("The hand of the night"), ``text`` (the sentence:
    "Priya's prial of 3s, round 4 of Crash · game 2"), ``why`` (a line of why, where a house
    rule decided it; "" otherwise), the ``players`` it is about, the ``cards`` it shows (card
    codes as stored, "3S", in the order shown), its ``lines`` (rows: a transfer, a foul count;
    each a sentence) and its ``table`` (figures by player, read across: the first row its
    headings, each row after it a player's, the player first; shown before the lines)."""

    kind: str
    title: str
    text: str
    why: str = ""
    players: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Recap:
    """An evening's story: ``title`` (the evening's title and day), ``headline`` (one sentence
    for a picture or a link's preview), its ``items`` in the order of ``ITEM_KINDS`` and its
    ``standings`` (a table as RecapItem's: each player's games won and standing in each game
    played, see ``evening_standings``). An evening with no round has no items and says so in
    its headline."""

    title: str
    headline: str
    items: tuple[RecapItem, ...] = ()
    standings: tuple[tuple[str, ...], ...] = ()


# --- What the recap is worked out from ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class KeptHindsight:
    """One player's kept hindsight of one Crash round (a round's ``told``): the points the
    best setting of their own cards would have scored beyond theirs, and the host's line."""

    round: int
    player: str
    points_missed: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class GamePlayed:
    """One game of the evening: its number in the session, the replay of its rounds, the
    rounds as entered (cards as stored text) and the hindsight its rounds kept."""

    number: int
    outcome: GameOutcome
    entries: tuple[Mapping, ...]
    kept: tuple[KeptHindsight, ...] = ()
    called: str = ""  # a name of its own where "game 2" says too little (a club night's table)

    @property
    def label(self) -> str:
        """As every page names a game: "Crash · game 2" (or as it is ``called``)."""
        return self.called or f"{GAMES[self.outcome.game].title} · game {self.number}"


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A player's rating in one game kind, before the evening's first game of it and after its
    last (ordinals), over ``games`` games that evening; ``provisional`` after it."""

    player: str
    kind: str
    before: float
    after: float
    games: int = 1
    provisional: bool = False

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Evening:
    """What an evening stored, as the recap reads it: its title and day, its games in the order
    played, its players' rating changes and its players (those who played no game too)."""

    title: str
    games: tuple[GamePlayed, ...] = ()
    ratings: tuple[RatingChange, ...] = ()
    played_on: datetime.date | None = None
    players: tuple[str, ...] = ()


# --- The recap ------------------------------------------------------------------------------

TITLES = {
    "hand_of_the_night": "The hand of the night",
    "biggest_crash": "The biggest crash",
    "most_left": "Most left on the table",
    "luckiest_escape": "The luckiest escape",
    "comeback": "The comeback",
    "counts": "Fouls and stand-offs",
    "ratings": "The night's ratings",
    "settle_up": "Settling up",
}
POT = "the pot"  # what stays in a Commerce pot at the end is nobody's: settled as a party of its own
EXACT_SETTLING = 12  # up to this many balances, the fewest transfers are found exactly


def recap(evening: Evening) -> Recap:
    """The evening's story: each item of ITEM_KINDS the evening had, in that order."""
    games = evening.games
    items = [
        *winners(games),
        *leading(games),
        *present(hand_of_the_night(games)),
        *present(biggest_crash(games)),
        *present(most_left(games)),
        *present(luckiest_escape(games)),
        *present(comeback(games)),
        *present(counts(games)),
        *present(ratings(evening.ratings, games)),
        *present(settle_up(games)),
    ]
    title = isolate(evening.title)
    if evening.played_on:
        title += f" · {evening.played_on.day} {evening.played_on:%B %Y}"
    return Recap(title, headline(items, games), tuple(items), evening_standings(evening.players, games))


def present(item: RecapItem | None) -> tuple[RecapItem, ...]:
    """The item, if there is one, to spread into a story's items."""
    return (item,) if item else ()


def headline(items: Sequence[RecapItem], games: Sequence[GamePlayed]) -> str:
    """One sentence: who won what, who leads each game not finished, and the hand of the night."""
    won = [f"{named(item.players)} won {item.title}" for item in items if item.kind == "winner"]
    led = [lead_line(game.outcome, game.label) for game in games if not game.outcome.finished and game.outcome.rounds]
    parts = won + led if won else [f"No game was finished: {'; '.join(led)}" if led else "No game was finished"]
    best = next((item for item in items if item.kind == "hand_of_the_night"), None)
    if best:
        parts.append(f"the hand of the night: {best.text}")
    if not items:
        return "Nothing to tell yet: no round was played this evening."
    return "; ".join(parts) + "."


def _figure(outcome: GameOutcome, figure: int) -> str:
    """A standing in a table's cell: "7 points", "2 tokens", "+12" (a balance), "5 hands won"."""
    return (
        figures.figure(outcome, figure)
        if figures.unit_of(outcome) == figures.BALANCE
        else figures.standing(outcome, figure)
    )


# --- Who won each game ---


def winners(games: Sequence[GamePlayed]) -> list[RecapItem]:
    """One item a finished game with a winner: who won it, with what, and the referee's line."""
    items = []
    for game in games:
        outcome = game.outcome
        if not outcome.finished or not outcome.winners or not outcome.rounds:  # ended before a hand: nobody won
            continue
        won = outcome.winners
        figure = figures.standing(outcome, outcome.standings[won[0]])
        verb = "won" if len(won) == 1 else "shared the win"
        said = [event.text for r in outcome.rounds[-1:] for event in r.events if event.kind == "won"]
        if not said and outcome.settings.ended:
            said = [
                f"The host ended the game after {figures.plural(len(outcome.rounds), 'round')}: "
                "the highest standing wins"
            ]
        items.append(
            RecapItem("winner", game.label, f"{named(won)} {verb}, with {figure}", players=won, lines=tuple(said))
        )
    return items


# --- Who leads each game not finished ---


def leaders(outcome: GameOutcome) -> tuple[str, ...]:
    """Who leads a game as it stands: who would win it if the host ended it now (the highest
    standing of those still in); nobody before its first round."""
    return as_it_stands(outcome).winners if outcome.rounds else ()


def lead_line(outcome: GameOutcome, label: str = "") -> str:
    """Who leads a game not finished, in words: "Ann leads, with 3 tokens", "Sam and Cy share
    the lead, with 2 points each" (of ``label``, if given: "Ann leads Crash · game 2, with…");
    "No round played yet"."""
    ahead = leaders(outcome)
    if not ahead:
        return "No round played yet"
    figure = figures.standing(outcome, outcome.standings[ahead[0]])
    if len(ahead) == 1:
        return f"{named(ahead)} leads{' ' + label if label else ''}, with {figure}"
    return f"{named(ahead)} share the lead{' of ' + label if label else ''}, with {figure} each"


def leading(games: Sequence[GamePlayed]) -> list[RecapItem]:
    """One item a game not finished that has a round: who leads it as it stands."""
    return [
        RecapItem(
            "leading",
            game.label,
            f"Not finished: {lead_line(game.outcome)}",
            players=leaders(game.outcome),
        )
        for game in games
        if not game.outcome.finished and game.outcome.rounds
    ]


# --- The evening's standings ---


def _heading(game: GamePlayed) -> str:
    """A game as a column's heading: its label, broken (if at all) before "game 2", not in it."""
    return game.label.replace(" game ", " game\N{NO-BREAK SPACE}")


def evening_standings(players: Sequence[str], games: Sequence[GamePlayed]) -> tuple[tuple[str, ...], ...]:
    """Each player's games won and their standing in each game played (a column a game with a
    round, in the order played; "–" where they did not play it), as a table: its headings,
    then a row a player: most games won first, then most games led, then by name. The players
    given (every player of the evening) and every player of a game are in it."""
    played = [game for game in games if game.outcome.rounds]
    won: dict[str, int] = {}
    led: dict[str, int] = {}
    for game in played:
        outcome = game.outcome
        tally = won if outcome.finished else led
        for name in outcome.winners if outcome.finished else leaders(outcome):
            tally[name] = tally.get(name, 0) + 1
    everyone = dict.fromkeys([*players, *(name for game in played for name in game.outcome.players)])
    order = sorted(everyone, key=lambda name: (-won.get(name, 0), -led.get(name, 0), name))
    return (
        ("Player", "Games won", *(_heading(game) for game in played)),
        *(
            (
                isolate(name),
                str(won.get(name, 0)),
                *(
                    _figure(game.outcome, game.outcome.standings[name]) if name in game.outcome.players else "–"
                    for game in played
                ),
            )
            for name in order
        ),
    )


# --- The hand of the night ---


@cache
def _values(rules: str) -> tuple[int, ...]:
    """Every hand's value under a ranking, in order: how many hands a hand beats is a bisection."""
    return tuple(sorted(rank.value for rank in hand_ranking(rules).table.values()))


def strength(rank: HandRank) -> float:
    """The share of the 22,100 hands a hand beats under its own ranking: hands of games ranked
    differently compare by it."""
    values = _values(rank.rules)
    return bisect_left(values, rank.value) / len(values)


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand shown at a showdown: whose, where, its cards and its rank."""

    game: GamePlayed
    round: int
    player: str
    cards: tuple[Card, ...]
    rank: HandRank


def shown_hands(game: GamePlayed) -> list[Shown]:
    """Every hand shown at the game's showdowns, in the order played, a player's hands in the
    order placed (a declaration is 13 cards, no hand)."""
    rules = game.outcome.settings.rules
    shown = []
    for number, entry in enumerate(game.entries, 1):
        for name, given in (entry.get("hands") or {}).items():
            for text in given if isinstance(given, list) else [given]:
                cards = parse_cards(text)
                shown.append(Shown(game, number, name, cards, rank_hand(cards, rules)))
    return shown


def hand_of_the_night(games: Sequence[GamePlayed]) -> RecapItem | None:
    """The best hand shown, by the share of hands it beats under its own game's ranking; each
    player who showed one as strong is named (first shown first)."""
    shown = [hand for game in games for hand in shown_hands(game)]
    if not shown:
        return None
    best = max(strength(hand.rank) for hand in shown)
    top = [hand for hand in shown if strength(hand.rank) == best]
    first = top[0]
    holders = tuple(dict.fromkeys(hand.player for hand in top))
    where = f"round {first.round} of {first.game.label}"
    text = f"{isolate(first.player)}'s {first.rank.phrase}, {where}"
    if len(holders) > 1:
        text += f"; {named(holders[1:])} showed one as strong"
    return RecapItem(
        "hand_of_the_night",
        TITLES["hand_of_the_night"],
        text,
        why=_decided_by(first, [hand for hand in shown if hand.game is first.game]),
        players=holders,
        cards=tuple(card.code for card in in_reading_order(first.cards, first.rank.rules)),
    )


def _decided_by(best: Shown, others: Sequence[Shown]) -> str:
    """Where a house ranking option decided that the best hand beat the next best of its game
    (under that option's default, the rest as played, it would not have), the line saying so,
    the rule said once; "" otherwise, and always under the default ranking."""
    beaten = [hand for hand in others if hand.rank < best.rank]
    if not beaten:
        return ""
    runner = max(beaten, key=lambda hand: hand.rank.value)  # the first shown of the strongest
    ranking = hand_ranking(best.rank.rules)
    for at, option in enumerate(RANKING_OPTIONS[ranking.game]):
        value = ranking.values[at]
        if value == option.default and type(value) is type(option.default):
            continue
        default = composed(ranking.game, ranking.values[:at] + (option.default,) + ranking.values[at + 1 :]).name
        theirs = rank_hand(runner.cards, default)
        if rank_hand(best.cards, default) > theirs:
            continue
        # Not a tie: a default ranking ties only the same ranks, one suit or not, as every ranking does.
        # The head names both hands and the option's line says the rule: no verdict between
        # them, which would say it again ("a flush beats a run").
        rule = option.explain(value)
        if rule.split(" ", 1)[0].isalpha():  # "A run beats…" reads "a run", but "A-2-3 is…" stays
            rule = rule[0].lower() + rule[1:]
        return (
            f"{isolate(best.player)}'s {best.rank.phrase} beat {isolate(runner.player)}'s {runner.rank.phrase}, "
            f"as under these rules {rule}; by default {isolate(runner.player)}'s "
            f"{CATEGORY_NAMES[theirs.category]} would have won"
        )
    return ""


# --- The biggest crash or four-of-a-kind bonus ---


def biggest_crash(games: Sequence[GamePlayed]) -> RecapItem | None:
    """A crash above any four-of-a-kind bonus; crashes by the points they made that round,
    bonuses by the four of a kind's rank (4s first, as the bonus ranks them); the first
    played of the biggest."""
    found = []  # (key, order, player, game, round, cards, what)
    for game in games:
        if not GAMES[game.outcome.game].sets_hands:  # a crash and a bonus are of hands set in positions
            continue
        for round_ in game.outcome.rounds:
            entry = game.entries[round_.number - 1]
            for event in round_.events:
                if event.kind not in ("crash", "quad_bonus"):
                    continue
                name = event.players[0]
                placed = [parse_cards(text) for text in entry["hands"][name]]
                if event.kind == "crash":
                    key = (1, round_.deltas[name])
                    rules = game.outcome.settings.rules
                    cards = [card for hand in placed for card in in_reading_order(hand, rules)]
                    what = f"crash, taking every position ({figures.plural(round_.deltas[name], 'point')} that round)"
                else:
                    rank = best_quad({name: placed})[1]
                    key = (0, -QUAD_ORDER.index(rank))
                    cards = sorted((card for hand in placed for card in hand if card.rank == rank), reverse=True)
                    what = f"four-of-a-kind bonus, all four {rank_plural(rank)}"
                found.append((key, name, game, round_.number, cards, what))
    if not found:
        return None
    biggest = max(key for key, *_ in found)
    top = [one for one in found if one[0] == biggest]
    _, name, game, number, cards, what = top[0]
    text = f"{isolate(name)}'s {what}, round {number} of {game.label}"
    level = [f"{isolate(other)}'s in round {n} of {g.label}" for _, other, g, n, *_ in top[1:]]
    if level:
        text += f"; level with {listed(level)}"
    title = TITLES["biggest_crash"] if biggest[0] else "The biggest four of a kind"
    return RecapItem(
        "biggest_crash",
        title,
        text,
        players=tuple(dict.fromkeys(one[1] for one in top)),
        cards=tuple(card.code for card in cards),
    )


# --- The most points left on the table ---


def most_left(games: Sequence[GamePlayed]) -> RecapItem | None:
    """The round a player's own cards could have scored the most beyond what they did
    (kept hindsight), the first played of the most."""
    found = [(kept, game) for game in games for kept in game.kept if kept.points_missed > 0]
    if not found:
        return None
    most = max(kept.points_missed for kept, _ in found)
    top = [(kept, game) for kept, game in found if kept.points_missed == most]
    kept, game = top[0]
    points = figures.plural(most, "point")
    text = f"{isolate(kept.player)} left {points} on the table in round {kept.round} of {game.label}"
    if len(top) > 1:
        text += f"; as many as {listed([f'{isolate(k.player)} in round {k.round} of {g.label}' for k, g in top[1:]])}"
    return RecapItem(
        "most_left",
        TITLES["most_left"],
        text,
        players=tuple(dict.fromkeys(kept.player for kept, _ in top)),
        lines=(kept.text,) if kept.text else (),
    )


# --- The luckiest escape ---


def escapes(games: Sequence[GamePlayed]) -> list[tuple[tuple[str, ...], GamePlayed, int, str]]:
    """Every escape, in the order played: a stand-off (each tied player keeps a last token)
    and a deal every player fouled (void: the foul cost nothing), in a game that tells one
    (GameDescription.escape). (players, game, round, line)."""
    found = []
    for game in games:
        if not GAMES[game.outcome.game].escape:
            continue
        for round_ in game.outcome.rounds:
            for event in round_.events:
                if event.kind == "stand_off" or (event.kind == "foul" and len(event.players) > 1):
                    found.append((event.players, game, round_.number, event.text))
    return found


def luckiest_escape(games: Sequence[GamePlayed]) -> RecapItem | None:
    """The escape that saved the most players, the first played of those."""
    found = escapes(games)
    if not found:
        return None
    players, game, number, line = max(found, key=lambda one: len(one[0]))  # max keeps the first
    text = f"{named(players)} {GAMES[game.outcome.game].escape}, round {number} of {game.label}"
    return RecapItem("luckiest_escape", TITLES["luckiest_escape"], text, players=tuple(players), lines=(line,))


# --- The comeback ---


def deficits(game: GamePlayed) -> list[tuple[int, str, int]]:
    """Each winner's largest deficit to the leader after any round, with the first round it was
    that far behind: (deficit, winner, round)."""
    outcome = game.outcome
    if not outcome.finished:
        return []
    found = []
    for name in outcome.winners:
        behind = [(max(r.standings.values()) - r.standings[name], r.number) for r in outcome.rounds]
        deficit, number = max(behind, key=lambda one: one[0], default=(0, 0))
        found.append((deficit, name, number))
    return found


def comeback(games: Sequence[GamePlayed]) -> RecapItem | None:
    """The largest deficit a winner turned into a win, as a share of what was at stake in its
    game (GameDescription.at_stake: games of other units compare by it), the first played of
    the largest."""
    found = [(deficit, name, number, game) for game in games for deficit, name, number in deficits(game)]
    found = [one for one in found if one[0] > 0]
    if not found:
        return None
    deficit, name, number, game = max(found, key=lambda one: _share(one[0], one[3]))  # max keeps the first
    unit = GAMES[game.outcome.game].unit(game.outcome.settings)
    behind = f"{deficit} behind" if unit == figures.BALANCE else f"{figures.standing(game.outcome, deficit)} behind"
    text = f"{isolate(name)} was {behind} the leader after round {number} of {game.label}, and won"
    return RecapItem("comeback", TITLES["comeback"], text, players=(name,))


def _share(deficit: int, game: GamePlayed) -> Fraction:
    """A deficit as a share of what was at stake in its game (exact: equal shares tie)."""
    return Fraction(deficit, GAMES[game.outcome.game].at_stake(game.outcome))


# --- Fouls and stand-offs counted ---


def counts(games: Sequence[GamePlayed]) -> RecapItem | None:
    """Each player's fouls (Crash) and the stand-offs (Stop the Bus), counted."""
    fouls: dict[str, int] = {}
    stand_offs = 0
    for game in games:
        for round_ in game.outcome.rounds:
            for event in round_.events:
                if event.kind == "foul" and len(event.players) == 1:
                    fouls[event.players[0]] = fouls.get(event.players[0], 0) + 1
                elif event.kind == "stand_off":
                    stand_offs += 1
    if not fouls and not stand_offs:
        return None
    told = [figures.plural(sum(fouls.values()), "foul")] if fouls else []
    if stand_offs:
        told.append(figures.plural(stand_offs, "stand-off"))
    lines = tuple(
        f"{isolate(name)}: {figures.plural(count, 'foul')}"
        for name, count in sorted(fouls.items(), key=lambda f: -f[1])
    )
    return RecapItem("counts", TITLES["counts"], " and ".join(told), players=tuple(fouls), lines=lines)


# --- The night's ratings ---


def ratings(changes: Sequence[RatingChange], games: Sequence[GamePlayed]) -> RecapItem | None:
    """Each player's rating after the night and its change, a column for each game kind (in the
    order first played), a row for each player (by their rise in the first kind, biggest first);
    a provisional rating marked "*", and said in ``why``."""
    if not changes:
        return None
    order = list(dict.fromkeys(game.outcome.game for game in games))
    ranked = sorted(
        changes,
        key=lambda c: (order.index(c.kind) if c.kind in order else len(order), -c.change, c.player),
    )
    kinds = tuple(dict.fromkeys(c.kind for c in ranked))
    players = tuple(dict.fromkeys(c.player for c in ranked))
    cells = {(c.player, c.kind): f"{c.after:.1f} ({c.change:+.1f})" + ("*" if c.provisional else "") for c in ranked}
    table = (
        ("Player", *(GAMES[kind].title for kind in kinds)),
        *((isolate(player), *(cells.get((player, kind), "–") for kind in kinds)) for player in players),
    )
    why = f"* provisional: fewer than {PROVISIONAL_GAMES} rated games" if any(c.provisional for c in ranked) else ""
    rose = max(ranked, key=lambda c: c.change)
    text = f"{isolate(rose.player)} rose the most, {rose.change:+.1f} in {GAMES[rose.kind].title}"
    if rose.change <= 0:
        text = "Nobody's rating rose this evening"
    return RecapItem("ratings", TITLES["ratings"], text, why=why, players=players, table=table)


# --- Settling up ---


def balances(games: Sequence[GamePlayed]) -> dict[str, int]:
    """Each player's balance over the evening's Commerce played for a stake (in the order first
    seated), and what stayed in the pots as POT's: they add up to zero."""
    owed: dict[str, int] = {}
    for game in games:
        outcome = game.outcome
        if not GAMES[outcome.game].for_stake(outcome.settings) or not outcome.rounds:
            continue
        for name in outcome.players:
            owed[name] = owed.get(name, 0) + outcome.standings[name]
    left = -sum(owed.values())
    if left:
        owed[POT] = left
    return owed


def fewest_transfers(owed: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Who pays whom, in the fewest transfers: (payer, payee, amount). The balances split into
    the most groups each adding up to zero (n balances in g groups settle in n - g transfers,
    and no fewer); each group settles by its biggest debtor paying its biggest creditor in turn.
    Over EXACT_SETTLING balances the search (2^n) is too slow for a page: one group, greedily."""
    names = [name for name, amount in owed.items() if amount]
    if len(names) <= EXACT_SETTLING:
        groups = _zero_sum_groups([owed[name] for name in names])
    else:
        groups = [list(range(len(names)))]
    transfers = []
    for group in groups:
        left = {names[i]: owed[names[i]] for i in group}
        while any(left.values()):
            payer = min(left, key=lambda name: left[name])  # the biggest debt, first listed
            payee = max(left, key=lambda name: left[name])
            amount = min(-left[payer], left[payee])
            transfers.append((payer, payee, amount))
            left[payer] += amount
            left[payee] -= amount
    return transfers


def _zero_sum_groups(amounts: Sequence[int]) -> list[list[int]]:
    """The amounts (adding up to zero) split into the most groups adding up to zero, by index.
    most[mask]: the most zero-sum groups an order of the set ``mask`` can close, one element
    added at a time (a group closes when the running sum is zero)."""
    n = len(amounts)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    most = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + amounts[low]
        best = max(most[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
        most[mask] = best + (total[mask] == 0)
    order = []
    mask = full
    while mask:
        closes = total[mask] == 0
        i = next(i for i in range(n) if mask >> i & 1 and most[mask ^ (1 << i)] + closes == most[mask])
        order.append(i)
        mask ^= 1 << i
    groups, running = [[]], 0
    for i in reversed(order):
        groups[-1].append(i)
        running += amounts[i]
        if running == 0:
            groups.append([])
    return [group for group in groups if group]


def balance_table(owed: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """The balances as a table: the biggest credit first (equal ones as first seated), so it
    reads from who is owed the most down to who owes the most; what stayed in the pot (POT)
    last, a row of its own, as it is nobody's but a transfer may pay it."""
    players = sorted((name for name in owed if name != POT), key=lambda name: -owed[name])
    rows = [(isolate(name), figures.signed(owed[name])) for name in players]
    if owed.get(POT):
        rows.append((POT.capitalize(), figures.signed(owed[POT])))
    return (("Player", "Balance"), *rows)


def settle_up(games: Sequence[GamePlayed]) -> RecapItem | None:
    """Commerce for a stake: each player's balance, then who pays whom to settle the night, in
    the fewest transfers."""
    owed = balances(games)
    transfers = fewest_transfers(owed)
    if not transfers:
        return None
    lines = tuple(f"{isolate(payer)} pays {isolate(payee)} {amount}" for payer, payee, amount in transfers)
    text = f"{figures.plural(len(transfers), 'transfer')} settle the night"
    why = f"{owed[POT]} stayed in the pot at the end: nobody's" if owed.get(POT) else ""
    players = tuple(name for name in owed if name != POT)
    return RecapItem(
        "settle_up", TITLES["settle_up"], text, why=why, players=players, lines=lines, table=balance_table(owed)
    )
