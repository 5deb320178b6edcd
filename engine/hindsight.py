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

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations, permutations

from .bidi import isolate
from .cards import Card, show_cards
from .crash import GAME, CrashOptions, best_quad, read_round, unscorable
from .outcomes import GameOutcome
from .ranking import hand_ranking, in_reading_order

HANDS_APART = " · "
_ALL_CARDS = (1 << 52) - 1  # the card bits of a deck
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
        """ "A♠ A♥ 9♦ · J♣ Q♣ K♣ · …"."""
        return HANDS_APART.join(show_cards(hand) for hand in self.best)

    @property
    def text(self) -> str:
        """What the host reads, e.g. "Bob could have scored 3 (a crash) instead of 1 with A♠ A♥ 9♦ · …"."""
        if not self.better:
            return f"{isolate(self.player)} could not have done better with these cards"
        could, scored = self.could, self.scored
        if could.wins_game:
            what = "crashed, which wins the game,"
        elif scored.fouled and could.points == 0:
            what = "avoided the foul"
        else:
            what = f"scored {could.points}{' (a crash)' if could.crash else ''}"
            what += " and not fouled" if scored.fouled else f" instead of {scored.points}"
        how = (
            "by playing the same hands in order"
            if self.moved == 0
            else f"by moving {self.moved} card{'s' if self.moved != 1 else ''}"
        )
        return f"{isolate(self.player)} could have {what} with {self.setting} ({how})"


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
        return (
            value > self.beat[position]
            and value not in self.ties[position]
            and category not in unscorable(self.settings)
        )

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
    return _decided(hands, settings)[0]


def _decided(hands: Sequence[tuple[int, str, str]], settings: CrashOptions) -> tuple[str | None, int]:
    """(who scores a position among (value, category, player) hands, the value of the hands
    that decide it; -1 if all of them cancel out): a hand added below that value changes nothing."""
    cannot = unscorable(settings)
    while hands:
        top = max(value for value, _, _ in hands)
        holders = [hand for hand in hands if hand[0] == top]
        if holders[0][1] in cannot:
            return None, top
        if len(holders) == 1:
            return holders[0][2], top
        if settings.stick_up == "nobody":
            return None, top
        hands = [hand for hand in hands if hand[0] != top]
    return None, -1


def showdown_for(
    name: str, placed: Mapping[str, Sequence[Sequence[Card]]], fouled: Sequence[str], settings: CrashOptions
) -> Showdown:
    """What ``name``'s hands meet in a round where ``placed`` are everyone's hands as entered
    and ``fouled`` who fouled."""
    table = hand_ranking(settings.rules).table
    rivals = {other: hands for other, hands in placed.items() if other != name and other not in fouled}
    ranked = {}
    for other, hands in rivals.items():
        ranks = [table[a | b | c] for a, b, c in hands]
        ranked[other] = sorted(ranks, key=lambda rank: rank.value, reverse=True) if settings.sorts else ranks
    others = tuple(
        tuple((ranks[p].value, ranks[p].category, other) for other, ranks in ranked.items() if len(ranks) > p)
        for p in range(settings.positions)
    )
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


def best_rearrangement(
    hands: Sequence[Sequence[Card]], showdown: Showdown
) -> tuple[Score, tuple[tuple[Card, ...], ...], Score, int]:
    """(what the placed hands score, the best setting strongest first, its score, cards moved).

    Every triple of the player's cards is listed strongest first (equal hands in a fixed
    order); a setting chooses its hands down that list, each after the last, so each setting
    is met once, and ties on points and cards moved go to the setting first in that order
    (`_Search` says how it is found)."""
    placed = tuple(tuple(hand) for hand in hands)
    found = _Triples(placed, showdown)
    search = _Search(found, showdown)
    placed_order = sorted(found.index[hand] for hand in found.placed)
    order, moved = search.best(placed_order) if len(placed) > 1 else (placed_order, 0)
    if showdown.settings.sorts or _in_order([found.values[found.index[hand]] for hand in found.placed]):
        scored = search.score_of(placed_order)
    else:
        scored = Score(0, fouled=True)
    setting = tuple(_cards_of(found.bits[i], placed, showdown.settings.rules) for i in order)
    return scored, setting, search.score_of(order), moved


class _Search:
    """The best setting by a branch and bound over settings in the order of the list.

    A setting beats another by its score's key, then by fewer cards moved (then by coming
    first). Each search is for one key, the most still possible, so two bounds cut a branch:
    the positions it can still win (the hand at position p + j comes at least j places
    further down the list than the one at p), and the cards it surely moves
    (`_least_moved`: each chosen hand is matched to a different placed hand, and moves what
    it takes from the others and what it leaves of its own). A branch that needs some of
    the positions it can still win keeps only those the cards left can hold enough high
    hands for (`_Triples.fits`), and its next hand is no higher than a winner at as many
    of them as it needs (at all of them if it needs them all). The slow rounds are those
    where one point is there to take, far from the placed hands, and many settings take it."""

    def __init__(self, found: _Triples, showdown: Showdown) -> None:
        self.found, self.showdown = found, showdown
        k = self.k = len(found.placed)
        winners = found.winners
        last_win = [members.bit_length() - 1 for members in winners]
        self.up_to = [(1 << last + 1) - 1 for last in last_win]  # the triples as high as a winner at p
        # Position p can be won only if p + 1 disjoint hands rank at least as high as one that wins it.
        self.open = [self.holds(p, members) for p, members in enumerate(self.up_to)]
        self.keys = [showdown.score(won, k).key for won in range(k + 1)]  # by positions won
        # The most any setting scores: every open position, unless another player's crash cannot be stopped.
        self.most = self.score_of([]).key if self.unstoppable() else self.keys[sum(self.open)]
        self.keys = [min(key, self.most) for key in self.keys]  # bounds no higher than that

    def wins_of(self, order: Sequence[int]) -> int:
        return sum(self.found.winners[p] >> i & 1 for p, i in enumerate(order))

    @cached_property
    def crashers(self) -> list[list[int]]:
        """Winning nothing, the bonus may hang on another player's crash: for each player who
        could take every position, the triples that leave them each position."""
        return self.found.crashers(self.showdown) if self.showdown.bonus_at_stake else []

    def score_of(self, order: Sequence[int]) -> Score:
        won = self.wins_of(order)
        crashed = won == 0 and any(all(keeps[p] >> i & 1 for p, i in enumerate(order)) for keeps in self.crashers)
        return self.showdown.score(won, self.k, crashed)

    def moved(self, order: Sequence[int]) -> int:
        return _least_moved(self.k, tuple(sorted(self.found.code[i] for i in order)))

    def holds(self, position: int, members: int) -> bool:
        """Can a setting hold one of ``members`` at ``position``? Only if position + 1 disjoint
        triples are as high as the last of them."""
        members = (1 << members.bit_length()) - 1
        return self.found.fits(position + 1, members, sum(self.found.placed), position == self.k - 1)

    def unstoppable(self) -> bool:
        """Another player crashes, and wins the game, whatever this player sets: no position
        can hold a hand that stops them there (a hand that wins a position stops them)."""
        if not self.showdown.bonus_at_stake or any(self.open):
            return False
        every = (1 << len(self.found.bits)) - 1
        return any(not any(self.holds(p, every ^ keep) for p, keep in enumerate(keeps)) for keeps in self.crashers)

    def best(self, placed_order: list[int]) -> tuple[list[int], int]:
        """(the best setting, its cards moved), the placed hands ``placed_order``. The search
        aims for each key above what the placed hands or the first setting in the list (the
        strongest hand of what is left, again and again) score, highest first: a key ruled
        out caps the bounds of the next search. No setting that scores as much as either
        and moves as few cards comes before it."""
        greedy = _greedy(self.found.bits, sum(self.found.placed))
        (key, moved), order = max(
            ((self.score_of(placed_order).key, 0), placed_order),
            ((self.score_of(greedy).key, self.moved(greedy)), greedy),
            key=lambda seen: (seen[0][0], -seen[0][1]),
        )
        for target in sorted({most for most in self.keys if most > key}, reverse=True):
            hit = self.search(target, _UNSEEN)
            if hit:
                return hit
        return self.search(key, moved) or (order, moved)

    def search(self, key: tuple, moved: int) -> tuple[list[int], int] | None:
        """(the setting that scores ``key`` and moves the fewest cards, fewer than ``moved``,
        the first such in the list; its cards moved), None if there is none. No setting
        scores more than ``key``: the bounds go no higher. Each setting found lowers the
        cards moved allowed, so the last one found is the best."""
        k, found = self.k, self.found
        bits, index, winners, clashes, fits = found.bits, found.index, found.winners, found.clashes, found.fits
        up_to, open_, code = self.up_to, self.open, found.code
        keys = [min(most, key) for most in self.keys]
        need = keys.index(key)  # the positions to win (none: a stake, kept by stopping a crash)
        last_win = [members.bit_length() - 1 for members in self.up_to]
        at_stake = self.showdown.bonus_at_stake
        fewest = [moved]  # the cards moved allowed, and then the setting found
        last_depth = k - 2

        def node(depth: int, inside: int, left: int, chosen: list[int], won: int, codes: tuple, least: int) -> None:
            # `inside`: the triples of the cards `left` that may come next (bit i: triple i);
            # `codes`: the chosen hands' codes; `least`: the cards they surely move.
            # Position p can be won only if p - depth + 1 triples of inside are as high as its winners.
            counted = [p for p in range(depth, k) if open_[p] and (inside & up_to[p]).bit_count() > p - depth]
            short = need - won  # the positions still to win
            if short > len(counted) or least >= fewest[0]:
                return
            candidates = inside
            if short > 0:
                weeded = short < len(counted) and depth < last_depth
                if weeded:  # keep the positions the cards left may still win
                    counted = [
                        p for p in counted if p == depth or fits(p - depth + 1, inside & up_to[p], left, p == k - 1)
                    ]
                    if short > len(counted):
                        return
                # The hand here is at most as high as a winner at `short` of them.
                candidates &= up_to[sorted(counted, key=last_win.__getitem__)[-short]]
                if short == len(counted):  # every position counted must be won
                    if counted[0] == depth:
                        candidates &= winners[depth]
                    far = counted[-1]  # and the cards left hold enough hands as high as its winners
                    if (
                        not weeded
                        and depth < last_depth
                        and far > depth
                        and not fits(far - depth + 1, inside & up_to[far], left, far == k - 1)
                    ):
                        return
            row = _moved_row(k, codes)
            win_here = winners[depth]
            if depth == last_depth:  # the last hand is what is left, and must come after this one
                win_next = winners[depth + 1]
                while candidates:
                    low = candidates & -candidates
                    candidates ^= low
                    i = low.bit_length() - 1
                    last = index[left ^ bits[i]]
                    moves = row[code[i]]
                    if last < i or moves >= fewest[0]:
                        continue
                    won_all = won + (win_here >> i & 1) + (win_next >> last & 1)
                    if at_stake and won_all == 0:
                        got = self.score_of(chosen + [i, last]).key
                    else:
                        got = keys[won_all]
                    if got == key:
                        fewest[:] = moves, chosen + [i, last]
                        if least >= moves:
                            return
                return
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                i = low.bit_length() - 1
                moves = row[code[i]]
                if moves >= fewest[0]:
                    continue
                later = (inside & ~clashes[i]) >> (i + 1) << (i + 1)
                if later:
                    node(
                        depth + 1,
                        later,
                        left ^ bits[i],
                        chosen + [i],
                        won + (win_here >> i & 1),
                        codes + (code[i],),
                        moves,
                    )
                    if least >= fewest[0]:
                        return

        node(0, (1 << len(bits)) - 1, sum(found.placed), [], 0, (), 0)
        return (fewest[1], fewest[0]) if len(fewest) > 1 else None


_MOVED_ROWS: dict[tuple[int, tuple[int, ...]], list[int]] = {}


def _moved_row(k: int, codes: tuple[int, ...]) -> list[int]:
    """For each code of a next hand, the cards surely moved by the hands of ``codes`` and it
    (of ``k`` placed hands); exact once every hand is known."""
    row = _MOVED_ROWS.get((k, codes))
    if row is None:
        row = [_UNSEEN] * 4**k
        for code in _valid(k):
            row[code] = _least_moved(k, tuple(sorted(codes + (code,))))
        _MOVED_ROWS[k, codes] = row
    return row


@cache
def _valid(k: int) -> frozenset[int]:
    """The codes of triples of k placed hands."""
    return frozenset(_places(3 * k)[1])


@cache
def _least_moved(k: int, codes: tuple[int, ...]) -> int:
    """The fewest cards moved by a setting of k hands that holds the hands of ``codes``
    (sorted): each is matched to a different placed hand (as the cards moved are counted),
    and moves the cards it takes from others, and the cards of its placed hand it leaves to
    the hands not chosen yet. Exact for k - 1 hands or k (the last is what is left)."""
    takes = [[code >> 2 * h & 3 for h in range(k)] for code in codes]
    left = [3 - sum(took[h] for took in takes) for h in range(k)]
    if min(left) < 0:
        return _UNSEEN  # no setting holds them all
    if len(codes) == k - 1:
        takes.append(left)
        left = [0] * k
    return min(
        (sum(3 - took[h] + left[h] for took, h in zip(takes, hands)) for hands in permutations(range(k), len(takes))),
        default=0,
    )


class _Triples:
    """Every hand of three of a player's placed cards, strongest first (equal hands in a fixed
    order), as card bits: where each stands in the list, its value, which placed hands it
    takes cards from (`code`), and (as the bits of an int, bit i for triple i) which
    triples win each position and which share a card with each triple."""

    def __init__(self, placed: Sequence[Sequence[Card]], showdown: Showdown) -> None:
        self.table = table = hand_ranking(showdown.settings.rules).table
        self.placed = [hand[0] | hand[1] | hand[2] for hand in placed]
        cards = [card for hand in placed for card in hand]  # placed hand h holds places 3h, 3h + 1, 3h + 2
        places, codes = _places(len(cards))
        # Each triple as one int, value, then card bits, then place in `places`: sorted, they
        # go strongest first, equal hands in the order of their card bits (the order is total).
        listed = sorted(
            [
                table[bits].value << 60 | bits << 8 | n
                for n, bits in enumerate([a | b | c for a, b, c in combinations(cards, 3)])
            ],
            reverse=True,
        )
        self.values = [key >> 60 for key in listed]
        self.bits = [key >> 8 & _ALL_CARDS for key in listed]
        self.index = dict(zip(self.bits, range(len(listed))))
        trios = [places[key & 255] for key in listed]
        self.code = [codes[key & 255] for key in listed]
        self.winners = [self._winning(p, showdown) for p in range(len(placed))]
        holding = [0] * len(cards)  # by place, the triples holding its card
        for i, (a, b, c) in enumerate(trios):
            bit = 1 << i
            holding[a] |= bit
            holding[b] |= bit
            holding[c] |= bit
        self.clashes = [holding[a] | holding[b] | holding[c] for a, b, c in trios]
        self.holding = dict(zip(cards, holding))  # by card

    def fits(self, count: int, members: int, left: int, cover: bool) -> bool:
        """Are there ``count`` disjoint triples among ``members`` (bit i: triple i), all of
        them the cards ``left`` if ``cover``?"""
        if count == 1:
            return members >> self.index[left] & 1 == 1 if cover else members != 0
        # A cover holds the lowest card left; else the triples are tried in order, each before the next.
        options = members & self.holding[left & -left] if cover else members
        while options:
            low = options & -options
            options ^= low
            i = low.bit_length() - 1
            rest = members & ~self.clashes[i]
            if not cover:
                rest = rest >> (i + 1) << (i + 1)
            if self.fits(count - 1, rest, left ^ self.bits[i], cover):
                return True
        return False

    def crashers(self, showdown: Showdown) -> list[list[int]]:
        """For each other player who could score every position, the triples (bits of an
        int) that leave them each of this player's positions; they score the rest already."""
        k, positions = len(self.placed), showdown.settings.positions
        rest = {showdown.scorer(p) for p in range(k, positions)}
        if len(rest) > 1 or None in rest:
            return []
        scorers = [self._scorers(p, showdown) for p in range(k)]
        names = {player for there in showdown.others for _, _, player in there}
        found = []
        for name in sorted(names & rest if rest else names):
            keeps = [
                sum(1 << i for i, who in enumerate(above) if who == name) | (below if alone == name else 0)
                for above, alone, below in scorers
            ]
            if all(keeps):
                found.append(keeps)
        return found

    def _scorers(self, position: int, showdown: Showdown) -> tuple[list[str | None], str | None, int]:
        """(who scores ``position`` with each of the first triples there, who scores it with
        any of the rest, the rest as the bits of an int): the rest rank below the hands
        that decide it without this player's."""
        alone, floor = _decided(showdown.others[position], showdown.settings)
        above = bisect_right(self.values, -floor, key=int.__neg__)  # as high as they are (values go down the list)
        who = [showdown.scorer(position, self.values[i], self.table[self.bits[i]].category) for i in range(above)]
        return who, alone, (1 << len(self.values)) - (1 << above)

    def _winning(self, position: int, showdown: Showdown) -> int:
        """The triples that win ``position``: above the hand to beat there (the first in the
        list), neither tied nor of a category that cannot score."""
        beat = showdown.beat[position]
        above = bisect_left(self.values, -beat, key=int.__neg__)  # values go down the list
        members = (1 << above) - 1
        ties, cannot = showdown.ties[position], unscorable(showdown.settings)
        if ties or cannot:
            table, bits = self.table, self.bits
            for i in range(above):
                if self.values[i] in ties or table[bits[i]].category in cannot:
                    members ^= 1 << i
        return members


@cache
def _places(count: int) -> tuple[list[tuple[int, int, int]], list[int]]:
    """Every triple of ``count`` cards by place, in the order of `combinations`, and its code:
    how many cards it takes from each placed hand, two bits each (placed hand h holds places
    3h to 3h + 2)."""
    places = list(combinations(range(count), 3))
    return places, [sum(1 << 2 * (place // 3) for place in trio) for trio in places]


def _greedy(bits: Sequence[int], left: int) -> list[int]:
    """The strongest hand of what is left, again and again (as places in the list)."""
    order = []
    for i, hand in enumerate(bits):
        if hand & left == hand:
            order.append(i)
            left ^= hand
            if not left:
                break
    return order


def _in_order(values: Sequence[int]) -> bool:
    return all(a >= b for a, b in zip(values, values[1:]))


def _cards_of(bits: int, placed: Sequence[Sequence[Card]], rules) -> tuple[Card, ...]:
    """The cards of a triple as its label writes them (ranking.in_reading_order)."""
    return in_reading_order([card for hand in placed for card in hand if card & bits], rules)


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
    out_before = {name for earlier in outcome.rounds[: number - 1] for name in earlier.out}
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


def told_line(player: str, text: str) -> str:
    """A kept hindsight line ("Ann could have …", Round.told) with its player's name isolated
    (engine.bidi): lines kept before names were isolated begin with the name as typed."""
    return isolate(player) + text[len(player) :] if text.startswith(player + " ") else text
