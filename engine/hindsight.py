"""Crash hindsight: "could I have done better?", answered exactly after the showdown.

For each player of a refereed Crash round, the best rearrangement of the very cards they
placed (as many hands, three cards each), with every other player's hands as they were,
under the game's options. Best: a crash that wins the game, then the most points that
round, then the fewest cards moved to another hand. Reordering whole hands moves no card,
so the placed hands in a legal order always stand as a candidate (a foul avoided).

"Points that round" are what the hands earn: positions, the crash point and the
four-of-a-kind bonus, without the target cutting the round short.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from .cards import Card, show_cards
from .crash import GAME, CrashOptions, best_quad, read_round, replay_crash, unscorable
from .outcomes import GameOutcome
from .ranking import HandRank, hand_ranking

HANDS_APART = " · "
_UNSEEN = 99  # cards moved by a setting not found yet


@dataclass(frozen=True, slots=True)
class Score:
    """What one setting of a player's hands earns this round."""

    points: int
    crash: bool = False
    wins_game: bool = False  # a crash under crash="wins_game"
    fouled: bool = False

    @property
    def key(self) -> tuple[bool, int, bool]:
        """Bigger is better: a game-winning crash above any points, any legal setting above a foul."""
        return self.wins_game, self.points, not self.fouled


@dataclass(frozen=True, slots=True)
class Hindsight:
    """One player's round: the hands placed and what they earned, the best rearrangement of
    the same cards (strongest first) and what it would have earned, and how many cards it
    moves to another hand."""

    player: str
    placed: tuple[tuple[Card, ...], ...]
    scored: Score
    best: tuple[tuple[Card, ...], ...]
    could: Score
    moved: int

    @property
    def better(self) -> bool:
        return self.could.key > self.scored.key

    @property
    def points_missed(self) -> int:
        """Points left on the table (a foul scores none; a game-winning crash counts its points)."""
        return max(0, self.could.points - self.scored.points)

    @property
    def setting(self) -> str:
        """"A♠ A♥ 9♦ · K♣ Q♣ J♣ · …"."""
        return HANDS_APART.join(show_cards(hand) for hand in self.best)

    @property
    def text(self) -> str:
        """What the host reads, e.g. "Bob could have scored 3 (a crash) instead of 1 with A♠ A♥ 9♦ · …"."""
        if not self.better:
            return f"{self.player} could not have done better with these cards"
        could, scored = self.could, self.scored
        if could.wins_game:
            what = "crashed, which wins the game,"
        elif scored.fouled and could.points == 0:
            what = "avoided the foul"
        else:
            what = f"scored {could.points}{' (a crash)' if could.crash else ''}"
            what += " and not fouled" if scored.fouled else f" instead of {scored.points}"
        how = ("by playing the same hands in order" if self.moved == 0
               else f"by moving {self.moved} card{'s' if self.moved != 1 else ''}")
        return f"{self.player} could have {what} with {self.setting} ({how})"


# --- What a player's hands meet ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Showdown:
    """One player's round with every other hand fixed: what each of their hands would win.

    At each position (0-based), a hand scores if it can score under `ignore`, ranks above
    ``beat[p]`` and is not one of ``ties[p]``: with `stick_up="nobody"` ``beat`` is the best
    other hand there (-1 if none); with "next_best" it is the best hand held once (every
    tie above it cancels), and a hand equal to a cancelled one cancels with it.
    ``alone``: the others all fouled, so this player cannot crash (or, foul_out, wins the
    game without a showdown). ``quad``: this player's cards earn the four-of-a-kind bonus.
    ``others``: the other hands at each position, (value, category, player): a crash by
    another player that wins the game leaves the bonus unscored, and this player's hands
    may stop it or, tying under next_best, hand a position to a third player."""

    settings: CrashOptions
    beat: tuple[int, ...]
    ties: tuple[frozenset[int], ...]
    alone: bool
    quad: bool
    others: tuple[tuple[tuple[int, str, str], ...], ...] = ()

    @property
    def bonus_at_stake(self) -> bool:
        """Another player's crash would win the game and leave the bonus unscored."""
        return self.quad and self.settings.crash == "wins_game"

    def scorer(self, position: int, value: int | None = None, category: str = "") -> str | None:
        """Who scores this position with a hand of ``value`` placed there by this player
        ("" for this player; None: nobody), or with none."""
        hands = self.others[position] if value is None else (*self.others[position], (value, category, ""))
        return _scorer(hands, self.settings)

    def wins(self, position: int, value: int, category: str) -> bool:
        return (value > self.beat[position] and value not in self.ties[position]
                and category not in unscorable(self.settings))

    def score(self, wins: int, hands: int, crashed: bool = False) -> Score:
        """The points of a legal setting of ``hands`` hands that wins ``wins`` positions
        (``crashed``: and leaves the crasher every position)."""
        settings = self.settings
        if self.alone and settings.out_of_order == "foul_out":
            return Score(0)  # the others' fouls leave this player: they win, nothing is scored
        crash = not self.alone and wins == hands == settings.positions
        if crash and settings.crash == "wins_game":
            return Score(wins, crash=True, wins_game=True)
        return Score(wins + crash + (self.quad and not (crashed and self.bonus_at_stake)), crash=crash)


def _scorer(hands: Sequence[tuple[int, str, str]], settings: CrashOptions) -> str | None:
    """Who scores a position among (value, category, player) hands, as crash.showdown rules."""
    cannot = unscorable(settings)
    while hands:
        top = max(value for value, _, _ in hands)
        holders = [hand for hand in hands if hand[0] == top]
        if holders[0][1] in cannot:
            return None
        if len(holders) == 1:
            return holders[0][2]
        if settings.stick_up == "nobody":
            return None
        hands = [hand for hand in hands if hand[0] != top]
    return None


def showdown_for(name: str, placed: Mapping[str, Sequence[Sequence[Card]]], fouled: Sequence[str],
                 settings: CrashOptions) -> Showdown:
    """What ``name``'s hands meet in a round where ``placed`` are everyone's hands as entered
    and ``fouled`` who fouled."""
    table = hand_ranking(settings.rules).table
    rivals = {other: hands for other, hands in placed.items() if other != name and other not in fouled}
    ranked = {}
    for other, hands in rivals.items():
        ranks = [table[a | b | c] for a, b, c in hands]
        ranked[other] = sorted(ranks, key=lambda rank: rank.value, reverse=True) if settings.sorts else ranks
    others = tuple(tuple((ranks[p].value, ranks[p].category, other) for other, ranks in ranked.items() if len(ranks) > p)
                   for p in range(settings.positions))
    beat, ties = [], []
    for hands_here in others:
        there = Counter(value for value, _, _ in hands_here)
        if settings.stick_up == "nobody":
            beat.append(max(there, default=-1))
            ties.append(frozenset())
        else:
            beat.append(max((value for value, count in there.items() if count == 1), default=-1))
            ties.append(frozenset(value for value, count in there.items() if count > 1))
    alone = bool(fouled) and not [other for other in placed if other != name and other not in fouled]
    quad = False
    if settings.quads == "bonus":
        quad = (best_quad({**rivals, name: placed[name]}) or ("",))[0] == name
    return Showdown(settings, tuple(beat), tuple(ties), alone, quad, others)


# --- The search ----------------------------------------------------------------------------------

def best_rearrangement(hands: Sequence[Sequence[Card]], showdown: Showdown
                       ) -> tuple[Score, tuple[tuple[Card, ...], ...], Score, int]:
    """(what the placed hands score, the best setting strongest first, its score, cards moved).

    A branch and bound over settings in order of strength. Every triple of the player's
    cards is listed strongest first (equal hands in a fixed order); a setting chooses its
    hands down that list, each after the last, so each setting is met once, and ties on
    points and cards moved go to the setting first in that order. A branch stops when even
    winning every position it still can cannot beat the best found. The search starts from
    the placed hands in a legal order (no card moved) and the greedy setting, and aims for
    the most positions that can be open first: a target met early bounds the rest hard."""
    placed = tuple(tuple(hand) for hand in hands)
    k = len(placed)
    found = _Triples(placed, showdown)
    bits, index, lost, winners = found.bits, found.index, found.lost, found.winners
    last_win = [members.bit_length() - 1 for members in winners]
    all_cards = sum(found.placed)
    # Position p can be won only if p + 1 disjoint hands rank at least as high as one that wins it.
    open_ = [_disjoint(bits[:last_win[p] + 1], p + 1, all_cards) for p in range(k)]
    keys = [showdown.score(won, k).key for won in range(k + 1)]  # by positions won
    clashes = found.clashes()
    matchings = list(permutations(found.placed))

    def wins_of(order: Sequence[int]) -> int:
        return sum(winners[p] >> i & 1 for p, i in enumerate(order))

    # Winning nothing, the bonus may hang on another player's crash: for each player who
    # could take every position, the triples that leave them each position.
    crashers = found.crashers(showdown) if showdown.bonus_at_stake else []
    at_stake = bool(crashers)

    def score_of(order: Sequence[int], won: int) -> Score:
        crashed = won == 0 and any(all(keeps[p] >> i & 1 for p, i in enumerate(order)) for keeps in crashers)
        return showdown.score(won, k, crashed)

    placed_order = sorted(index[hand] for hand in found.placed)
    best: list = [score_of(placed_order, wins_of(placed_order)).key, 0, placed_order]  # key, cards moved, setting

    def finish(order: list[int], won: int) -> None:
        key = score_of(order, 0).key if at_stake and won == 0 else keys[won]
        if key < best[0] or (key == best[0] and sum(lost[i] for i in order) > best[1]):
            return
        hands = [bits[i] for i in order]
        moved = 3 * k - max(sum((a & b).bit_count() for a, b in zip(hands, m)) for m in matchings)
        if (key, -moved, best[2]) > (best[0], -best[1], order):
            best[:] = [key, moved, order]

    def hopeless(most_wins: int, moved: int, chosen: list[int]) -> bool:
        bound = keys[most_wins]
        if bound != best[0]:
            return bound < best[0]
        # As good as the best: it must move fewer cards, or as few and come first.
        return best[1] == 0 or moved > best[1] or (moved == best[1] and chosen > best[2][:len(chosen)])

    def search(depth: int, inside: int, left: int, chosen: list[int], won: int, lost_cards: int) -> None:
        # `inside`: the triples of the cards left that may come next (bit i: triple i). The
        # hand at position depth + j comes at least j places down them: a bound on the wins.
        firsts = _lowest(inside, k - depth)
        most = won + sum(open_[depth + j] and i <= last_win[depth + j] for j, i in enumerate(firsts))
        if hopeless(most, lost_cards, chosen):  # lost_cards: what the chosen hands surely move
            return
        must_win = firsts[0] <= last_win[depth] and hopeless(most - 1, lost_cards, chosen)  # only winners here
        candidates = inside & winners[depth] if must_win else inside
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            i = low.bit_length() - 1
            rest = left ^ bits[i]
            won_here = won + (winners[depth] >> i & 1)
            if depth == k - 2:  # the last hand is what is left, and must come after this one
                last = index[rest]
                if last > i:
                    finish(chosen + [i, last], won_here + (winners[depth + 1] >> last & 1))
            else:
                later = (inside & ~clashes[i]) >> (i + 1) << (i + 1)
                if later:
                    search(depth + 1, later, rest, chosen + [i], won_here, lost_cards + lost[i])

    if k > 1:
        greedy = _greedy(bits, all_cards)
        finish(greedy, wins_of(greedy))
        incumbent = best[:]
        target = keys[sum(open_)]
        if target > incumbent[0]:  # aim for every open position first: met, it bounds the rest hard
            best[:] = [target, _UNSEEN, []]
            search(0, (1 << len(bits)) - 1, all_cards, [], 0, 0)
        if best[1] == _UNSEEN or target <= incumbent[0]:  # else from the best of the two starts
            best[:] = incumbent
            search(0, (1 << len(bits)) - 1, all_cards, [], 0, 0)
    _, moved, order = best
    if showdown.settings.sorts or _in_order([found.ranks[found.index[hand]].value for hand in found.placed]):
        scored = score_of(placed_order, wins_of(placed_order))
    else:
        scored = Score(0, fouled=True)
    setting = tuple(_cards_of(bits[i], placed) for i in order)
    return scored, setting, score_of(order, wins_of(order)), moved


class _Triples:
    """Every hand of three of a player's placed cards, strongest first (equal hands in a fixed
    order), as card bits: where each stands in the list, the cards it surely moves, and
    (as the bits of an int, bit i for triple i) which triples win each position."""

    def __init__(self, placed: Sequence[Sequence[Card]], showdown: Showdown) -> None:
        table = hand_ranking(showdown.settings.rules).table
        self.placed = [hand[0] | hand[1] | hand[2] for hand in placed]
        listed = []
        for trio in combinations([card for hand in placed for card in hand], 3):
            bits = trio[0] | trio[1] | trio[2]
            listed.append((table[bits].value, bits, trio))
        listed.sort(reverse=True)  # card bits are distinct: the order is total
        self.trios = [trio for _, _, trio in listed]
        self.bits = [bits for _, bits, _ in listed]
        self.index = {bits: i for i, bits in enumerate(self.bits)}
        self.lost = [3 - max([(bits & hand).bit_count() for hand in self.placed]) for bits in self.bits]
        self.ranks = [table[bits] for bits in self.bits]
        self.winners = [self._winning(p, self.ranks, showdown) for p in range(len(placed))]

    def crashers(self, showdown: Showdown) -> list[list[int]]:
        """For each other player who could score every position, the triples (bits of an
        int) that leave them each of this player's positions; they score the rest already."""
        k, positions = len(self.placed), showdown.settings.positions
        rest = {showdown.scorer(p) for p in range(k, positions)}
        if len(rest) > 1 or None in rest:
            return []
        scorers = [[showdown.scorer(p, rank.value, rank.category) for rank in self.ranks] for p in range(k)]
        names = {player for there in showdown.others for _, _, player in there}
        found = []
        for name in sorted(names & rest if rest else names):
            keeps = [sum(1 << i for i, who in enumerate(there) if who == name) for there in scorers]
            if all(keeps):
                found.append(keeps)
        return found

    @staticmethod
    def _winning(position: int, ranks: Sequence[HandRank], showdown: Showdown) -> int:
        members = 0
        for i, rank in enumerate(ranks):
            if rank.value <= showdown.beat[position]:
                break  # all the rest rank lower
            if showdown.wins(position, rank.value, rank.category):
                members |= 1 << i
        return members

    def clashes(self) -> list[int]:
        """For each triple, the triples that share a card with it (itself included)."""
        holding: dict[int, int] = {}
        for i, trio in enumerate(self.trios):
            for card in trio:
                holding[card] = holding.get(card, 0) | 1 << i
        return [holding[a] | holding[b] | holding[c] for a, b, c in self.trios]


def _lowest(members: int, count: int) -> list[int]:
    """The ``count`` smallest members of a set held as the bits of an int."""
    found = []
    while members and len(found) < count:
        low = members & -members
        found.append(low.bit_length() - 1)
        members ^= low
    return found


def _disjoint(hands: Sequence[int], count: int, cards: int) -> bool:
    """Are there ``count`` disjoint hands among ``hands`` (card bits) within ``cards``?"""
    if count == 0:
        return True
    for n, bits in enumerate(hands):
        if bits & cards == bits and _disjoint(hands[n + 1:], count - 1, cards ^ bits):
            return True
    return False


def _greedy(bits: Sequence[int], left: int) -> list[int]:
    """The strongest hand of what is left, again and again (as places in the list)."""
    order = []
    for i, hand in enumerate(bits):
        if hand & left == hand:
            order.append(i)
            left ^= hand
    return order


def _in_order(values: Sequence[int]) -> bool:
    return all(a >= b for a, b in zip(values, values[1:]))


def _cards_of(bits: int, placed: Sequence[Sequence[Card]]) -> tuple[Card, ...]:
    """The cards of a triple, highest first as people lay them out."""
    cards = [card for hand in placed for card in hand if card & bits]
    return tuple(sorted(cards, key=lambda card: (card.rank, card), reverse=True))


# --- Rounds and games ----------------------------------------------------------------------------

def round_hindsight(outcome: GameOutcome, entries: Sequence[object], number: int) -> dict[str, Hindsight]:
    """Round ``number`` (1-based) of a refereed Crash game, ``entries`` its rounds as entered:
    each player who placed hands, by name, in seat order; empty for a declaration, a void
    deal, or a game that is not Crash."""
    if outcome.game != GAME:
        return {}
    settings: CrashOptions = outcome.settings  # type: ignore[assignment]
    played = outcome.rounds[number - 1]
    entry = entries[number - 1]
    if played.void or (isinstance(entry, Mapping) and entry.get("declarations")):
        return {}
    out_before = {name for earlier in outcome.rounds[:number - 1] for name in earlier.out}
    still_in = [name for name in outcome.players if name not in out_before]
    placed = read_round(entry, outcome.players, still_in, settings).placed
    if settings.sorts:
        fouled: list[str] = []
    else:
        fouled = [name for event in played.events if event.kind == "foul" for name in event.players]
    found = {}
    for name, hands in placed.items():
        if not hands:
            continue
        scored, best, could, moved = best_rearrangement(hands, showdown_for(name, placed, fouled, settings))
        found[name] = Hindsight(name, tuple(hands), scored, best, could, moved)
    return found


def game_hindsight(outcome: GameOutcome, entries: Sequence[object]) -> dict[int, dict[str, Hindsight]]:
    """Every refereed round of a Crash game, by number (rounds with nothing to say left out)."""
    found = {number: round_hindsight(outcome, entries, number) for number in range(1, len(outcome.rounds) + 1)}
    return {number: players for number, players in found.items() if players}


def hindsight(players: Sequence[str], rounds: Sequence[object], **options: object) -> tuple[dict[str, Hindsight], ...]:
    """A Crash game's hindsight, round by round, from its rounds as entered and replay's
    options (``replay("crash", players, rounds, **options)``)."""
    outcome = replay_crash(players, rounds, **options)
    return tuple(round_hindsight(outcome, rounds, number) for number in range(1, len(rounds) + 1))
