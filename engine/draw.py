"""The draw of a club night: who sits at which table each round, with as few pairs meeting again
as the tables allow (docs/rules.md, A club night: The draw).

Players are names; a pair is the frozenset of two names. A round is drawn alone (`draw_round`, at
random or by the standings) or the rounds of a night drawn at random are planned together
(`plan_night`, the social golfer problem). Each draw carries its repeat pairs and a proven lower
bound on them (`fewest`), so the screen never claims an optimum that was not proven.

Everything random comes from `random.Random(seed)` and every search stops after a fixed count of
steps, never after a time: the same seed gives the same draw on any machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from .figures import plural

Pair = frozenset[str]  # two players' names

# Searches: steps of the tabu search, and the nodes an exact search may visit before it gives up.
ROUND_STEPS = 1500  # one round: a step tries every swap (30 players: about 0.1 s)
ROUND_STALL = 60  # steps without a better draw before it starts again from the best, shaken
PLAN_SWAPS = 2_000_000  # a night: swaps weighed in all, at most (about 1.2 s)
PLAN_PATIENCE = 800_000  # and at most this many since the last better plan (20 players over 6 rounds: 0.6 s),
PLAN_PATIENCE_PER_PAIR = 600  # or this many per pair and round, if fewer: small nights stop sooner
PLAN_STALL = 300  # steps; a step weighs every swap of a player who meets someone again
EXACT_PLAYERS = 14  # rounds this small are searched exhaustively when the bound is not reached
EXACT_NODES = 60_000
GREEDY_GROUPINGS = 16  # groupings tried for the lower bound (`clique_bound`)


# --- Table sizes ------------------------------------------------------------------------------


def table_sizes(players: int, size: int, least: int, most: int) -> tuple[int, ...]:
    """Tables as even as possible for `players` at about `size` seats each: round(players / size)
    tables (at least 1; a half rounds up, to the count whose tables are nearer `size`), sizes
    differing by at most one, largest first, each within least..most; if that count breaks the
    bounds, the nearest count that keeps them. ValueError with a sentence for people when no
    count can."""
    if players < 1:
        raise ValueError("There are no players to seat.")
    if size < 1 or least < 1 or least > most:
        raise ValueError(f"Tables of {least} to {most} seats, about {size} each, are not tables players can sit at.")
    wanted = max(1, (2 * players + size) // (2 * size))  # players / size, a half rounded up

    def fits(count: int) -> bool:
        return least <= players // count and -(-players // count) <= most

    counts = [count for count in range(1, players + 1) if fits(count)]
    if not counts:
        raise ValueError(f"{plural(players, 'player')} cannot sit at tables of {least} to {most}.")
    count = min(counts, key=lambda c: (abs(c - wanted), abs(players / c - size)))
    small, extra = divmod(players, count)
    return tuple([small + 1] * extra + [small] * (count - extra))


# --- Meetings and the draw --------------------------------------------------------------------


def meetings(rounds: Iterable[Sequence[Sequence[str]]]) -> Counter[Pair]:
    """How many times each pair shared a table, over rounds given as tables of names."""
    met: Counter[Pair] = Counter()
    for tables in rounds:
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def repeat_pairs(tables: Sequence[Sequence[str]], met: Mapping[Pair, int]) -> int:
    """The pairs seated together at these tables who had already shared a table, each once."""
    return sum(1 for table in tables for pair in combinations(table, 2) if met.get(frozenset(pair), 0) > 0)


@dataclass(frozen=True, slots=True)
class Draw:
    """One round's tables, each its players in seat order, with its repeat pairs (pairs seated
    together who had already shared a table, each counted once) and a proven lower bound on them."""

    tables: tuple[tuple[str, ...], ...]
    repeats: int
    fewest: int

    @property
    def line(self) -> str:
        """What the draw screen says of it: the optimum only where it is proven."""
        if self.repeats == self.fewest:
            return f"repeat pairs: {self.repeats} (fewest possible: {self.fewest})"
        if self.fewest == 0:
            return f"repeat pairs: {self.repeats} (none were proven unavoidable)"
        verb = "was" if self.fewest == 1 else "were"
        return f"repeat pairs: {self.repeats} (at least {self.fewest} {verb} unavoidable)"

    def __str__(self) -> str:
        return self.line


# --- The lower bound --------------------------------------------------------------------------


def spread_pairs(players: int, sizes: Sequence[int]) -> int:
    """The fewest pairs `players` people can make sitting at tables of these sizes: spread one by
    one, each to the emptiest table with a seat free (a table's next player makes as many new
    pairs as it has players, and those only grow, so the emptiest first is best)."""
    seated = [0] * len(sizes)
    pairs = 0
    for _ in range(players):
        table = min((t for t in range(len(sizes)) if seated[t] < sizes[t]), key=seated.__getitem__)
        pairs += seated[table]
        seated[table] += 1
    return pairs


def clique_bound(
    players: int,
    sizes: Sequence[int],
    adjacent: Sequence[set[int]],
    rng: random.Random,
    earlier: Sequence[Sequence[Sequence[int]]] = (),
) -> int:
    """A proven lower bound on the repeat pairs of a round: groups of players who have all met
    each other (the tables of an earlier round, say), no two groups sharing a pair, each counted
    at its pigeonhole minimum (`spread_pairs`: however its players are seated, at least that many
    of its pairs share a table again). The groups share no pair, so no repeat pair is counted
    twice, and the sum holds for every seating. Greedy groupings (each group grown by the player
    who has met most of those who could still join), ties broken at random, GREEDY_GROUPINGS
    times over, and each `earlier` round's tables (known to be such groups) completed greedily;
    the best of them."""
    best = 0
    for attempt in range(GREEDY_GROUPINGS + len(earlier)):
        left = [set(neighbours) for neighbours in adjacent]
        total = 0
        if attempt >= GREEDY_GROUPINGS:
            for table in earlier[attempt - GREEDY_GROUPINGS]:
                for a, b in combinations(table, 2):
                    left[a].discard(b)
                    left[b].discard(a)
                total += spread_pairs(len(table), sizes)
        noise = [rng.random() for _ in range(players)]  # each grouping breaks ties its own way
        while True:
            start = max(range(players), key=lambda p: (len(left[p]), noise[p]))
            if not left[start]:
                break
            group, candidates = [start], set(left[start])
            while candidates:  # the candidate who has met most of the others still possible
                joining = max(candidates, key=lambda p: (len(left[p] & candidates), noise[p]))
                group.append(joining)
                candidates &= left[joining]
            for a, b in combinations(group, 2):
                left[a].discard(b)
                left[b].discard(a)
            total += spread_pairs(len(group), sizes)
        best = max(best, total)
    return best


def exact_round(
    players: int,
    sizes: Sequence[int],
    weight: Sequence[int],
    placement: Sequence[Sequence[int]] | None,
    incumbent: int,
) -> tuple[int, list[int] | None, bool]:
    """The cheapest seating of one round by branch and bound, if it is cheaper than `incumbent`:
    (its cost, each player's table or None if none is cheaper, whether the search was complete).
    A pair at one table costs weight[a * players + b]; player p at table t costs placement[p][t].
    Complete means every seating was counted or proven no cheaper, so the cost is the optimum."""
    tables = len(sizes)
    order = sorted(range(players), key=lambda p: -sum(weight[p * players + q] for q in range(players)))
    cheapest = [min(placement[p]) if placement else 0 for p in order]
    rest = [0] * (players + 1)
    for i in range(players - 1, -1, -1):
        rest[i] = rest[i + 1] + cheapest[i]
    members: list[list[int]] = [[] for _ in range(tables)]
    where = [-1] * players
    best = [incumbent, None]
    nodes = [0]

    def place(i: int, cost: int) -> bool:
        if cost + rest[i] >= best[0]:
            return True
        if i == players:
            best[0], best[1] = cost, list(where)
            return True
        nodes[0] += 1
        if nodes[0] > EXACT_NODES:
            return False
        p = order[i]
        empty_sizes_tried: set[int] = set()
        for t in range(tables):
            seated = members[t]
            if len(seated) == sizes[t]:
                continue
            if not seated and placement is None:  # empty tables of one size are alike
                if sizes[t] in empty_sizes_tried:
                    continue
                empty_sizes_tried.add(sizes[t])
            added = sum(weight[p * players + q] for q in seated) + (placement[p][t] if placement else 0)
            seated.append(p)
            where[p] = t
            complete = place(i + 1, cost + added)
            seated.pop()
            where[p] = -1
            if not complete:
                return False
        return True

    complete = place(0, 0)
    return best[0], best[1], complete


def met_graph(players: Sequence[str], met: Mapping[Pair, int]) -> list[set[int]]:
    """Each player's (by position) players met before."""
    index = {name: i for i, name in enumerate(players)}
    adjacent: list[set[int]] = [set() for _ in players]
    for pair, times in met.items():
        if times > 0 and pair <= index.keys():
            a, b = (index[name] for name in pair)
            adjacent[a].add(b)
            adjacent[b].add(a)
    return adjacent


def fewest_repeats(
    players: Sequence[str],
    sizes: Sequence[int],
    met: Mapping[Pair, int],
    repeats: int,
    rng: random.Random,
    earlier: Sequence[Sequence[Sequence[int]]] = (),
) -> int:
    """A proven lower bound on the repeat pairs of a round at these tables after these meetings,
    given a seating with `repeats` of them: `clique_bound`'s (with the `earlier` rounds' tables,
    players by position, where they are known); where a round of up to EXACT_PLAYERS
    players has more repeats than that, an exhaustive search proves the fewest (when it finishes
    within EXACT_NODES)."""
    adjacent = met_graph(players, met)
    bound = clique_bound(len(players), sizes, adjacent, rng, earlier)
    if repeats <= bound or len(players) > EXACT_PLAYERS:
        return min(bound, repeats)
    n = len(players)
    weight = [1 if b in adjacent[a] else 0 for a in range(n) for b in range(n)]
    cost, _, complete = exact_round(n, sizes, weight, None, repeats)
    return cost if complete else bound


# --- One round --------------------------------------------------------------------------------


def check_seats(players: Sequence[str], sizes: Sequence[int]) -> None:
    if len(set(players)) != len(players):
        raise ValueError("Each player can sit at one table only: a name is given twice.")
    if any(size < 1 for size in sizes):
        raise ValueError("Every table needs at least one seat.")
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players cannot fill tables of {sum(sizes)} seats.")


def first_seating(sizes: Sequence[int]) -> list[int]:
    """Each position's table, the tables filled in order."""
    return [t for t, size in enumerate(sizes) for _ in range(size)]


def improve_round(
    where: list[int],
    tables: int,
    weight: Sequence[int],
    placement: Sequence[Sequence[int]] | None,
    target: int,
    rng: random.Random,
) -> tuple[int, list[int]]:
    """A tabu search over swaps of two players at different tables: each step takes the cheapest
    swap not tabu (a player just moved stays put a few steps), and after ROUND_STALL steps with no
    better seating it starts again from the best, shaken by a few random swaps. Returns the
    cheapest cost seen and its seating; stops early at `target`, a cost nothing can beat."""
    n = len(where)

    def gains() -> list[list[int]]:
        """gain[p][t]: what p's pairs at table t cost, the players seated as ``where`` says."""
        gain = [[0] * tables for _ in range(n)]
        for p in range(n):
            row = gain[p]
            for q in range(n):
                if q != p:
                    row[where[q]] += weight[p * n + q]
        return gain

    gain = gains()

    def cost_of() -> int:
        pairs = sum(gain[p][where[p]] for p in range(n)) // 2
        return pairs + (sum(placement[p][where[p]] for p in range(n)) if placement else 0)

    def apply(a: int, b: int) -> None:
        ta, tb = where[a], where[b]
        for p in range(n):
            change = weight[p * n + a] - weight[p * n + b]
            gain[p][ta] -= change
            gain[p][tb] += change
        where[a], where[b] = tb, ta

    cost = cost_of()
    best, best_where = cost, list(where)
    tabu = [0] * n
    stall = 0
    for step in range(1, ROUND_STEPS + 1):
        if best <= target:
            break
        chosen: list[tuple[int, int]] = []
        lowest = None
        for a in range(n):
            ta, ga = where[a], gain[a]
            pa = placement[a] if placement else None
            for b in range(a + 1, n):
                tb = where[b]
                if ta == tb:
                    continue
                gb, wab = gain[b], weight[a * n + b]
                delta = gb[ta] + ga[tb] - 2 * wab - ga[ta] - gb[tb]
                if pa is not None:
                    pb = placement[b]
                    delta += pa[tb] - pa[ta] + pb[ta] - pb[tb]
                if (tabu[a] > step or tabu[b] > step) and cost + delta >= best:
                    continue
                if lowest is None or delta < lowest:
                    lowest, chosen = delta, [(a, b)]
                elif delta == lowest:
                    chosen.append((a, b))
        if lowest is None:  # every swap tabu: shake
            stall = ROUND_STALL
        else:
            a, b = rng.choice(chosen)
            apply(a, b)
            cost += lowest
            tabu[a] = tabu[b] = step + rng.randint(2, 2 + n // 4)
            if cost < best:
                best, best_where, stall = cost, list(where), 0
            else:
                stall += 1
        if stall >= ROUND_STALL:
            for p, t in enumerate(best_where):  # back to the best, then a shake
                where[p] = t
            for _ in range(3):
                a, b = rng.sample(range(n), 2)
                where[a], where[b] = where[b], where[a]
            gain = gains()
            cost, stall = cost_of(), 0
    return best, best_where


def draw_round(
    players: Sequence[str],
    sizes: Sequence[int],
    met: Mapping[Pair, int],
    *,
    seed: int,
    standings: Sequence[str] | None = None,
) -> Draw:
    """One round. Repeats are the first cost. At random (seeded, reproducible) when standings is
    None, where a pair that met more often is the worse repeat; by the event's standings (the
    players best first) otherwise: the leaders together (the first table takes the top players,
    and so on), as closely as the fewest repeats allow: the second cost is how many places in the
    standings each player sits from the seats of their table, squared. So the leaders stay
    together, the player just below a table moves up to it rather than one further down, and two
    players move a place rather than one two places. Players missing from the standings come
    after those in it."""
    check_seats(players, sizes)
    rng = random.Random(seed)
    n, tables = len(players), len(sizes)
    if standings is None:
        names = list(players)
        rng.shuffle(names)
        placement = None
        second = [max(met.get(frozenset(pair), 0) - 1, 0) for pair in combinations(names, 2)]
        big = 1 + sum(second)
    else:
        playing = set(players)
        ranked = [name for name in dict.fromkeys(standings) if name in playing]
        names = ranked + [name for name in players if name not in set(ranked)]
        placement = [[places_off(p, sizes, t) ** 2 for t in range(tables)] for p in range(n)]
        big = 1 + sum(max(row) for row in placement)
    weight = [0] * (n * n)
    for a, b in combinations(range(n), 2):
        times = met.get(frozenset((names[a], names[b])), 0)
        if times > 0:
            weight[a * n + b] = weight[b * n + a] = big + (times - 1 if standings is None else 0)
    where = first_seating(sizes)
    if standings is None:
        rng.shuffle(where)
    bound = clique_bound(n, sizes, met_graph(names, met), rng)
    _, where = improve_round(where, tables, weight, placement, bound * big, rng)
    fewest = bound
    if repeat_pairs(seating(names, where, tables), met) > bound and n <= EXACT_PLAYERS:
        # Small enough to search every seating: the cheapest by both costs, and a proof of the fewest.
        cost = cost_of(where, weight, placement)
        cost, exact, complete = exact_round(n, sizes, weight, placement, cost + 1)
        where = exact or where
        if complete:
            fewest = cost // big
    seated = seating(names, where, tables)
    repeats = repeat_pairs(seated, met)
    if standings is None:
        seated = [rng.sample(table, len(table)) for table in seated]
    return Draw(tuple(tuple(table) for table in seated), repeats, fewest)


def places_off(position: int, sizes: Sequence[int], table: int) -> int:
    """How many places in the standings ``position`` is from the seats of ``table`` (the
    tables filled in order: the first takes places 0 to sizes[0] - 1, and so on)."""
    first = sum(sizes[:table])
    last = first + sizes[table] - 1
    return max(first - position, position - last, 0)


def cost_of(where: Sequence[int], weight: Sequence[int], placement: Sequence[Sequence[int]] | None) -> int:
    n = len(where)
    pairs = sum(weight[a * n + b] for a, b in combinations(range(n), 2) if where[a] == where[b])
    return pairs + (sum(placement[p][t] for p, t in enumerate(where)) if placement else 0)


def seating(names: Sequence[str], where: Sequence[int], tables: int) -> list[list[str]]:
    """The tables' players, in the order of `names` (the standings', when by standings)."""
    seated: list[list[str]] = [[] for _ in range(tables)]
    for name, table in zip(names, where):
        seated[table].append(name)
    return seated


# --- A night planned together -------------------------------------------------------------------


def field(order: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of the finite field of this order, for the orders up to
    9 there is one (2, 3, 4, 5, 7, 8, 9), its elements numbered by their coefficients (base p)."""
    modulus = {2: (2, 1, ()), 3: (3, 1, ()), 5: (5, 1, ()), 7: (7, 1, ()), 4: (2, 2, (1, 1)), 8: (2, 3, (1, 1, 0))}
    modulus[9] = (3, 2, (2, 0))  # x² = -1: x² + 1 has no root mod 3
    if order not in modulus:
        return None
    p, k, reduce = modulus[order]  # x^k = reduce[0] + reduce[1] x + ...

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(k)]

    def number(coefficients: Sequence[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    def times(a: int, b: int) -> int:
        product = [0] * (2 * k - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                product[i + j] = (product[i + j] + x * y) % p
        for high in range(2 * k - 2, k - 1, -1):  # x^high = x^(high - k) * x^k
            c, product[high] = product[high], 0
            for i, r in enumerate(reduce):
                product[high - k + i] = (product[high - k + i] + c * r) % p
        return number(product[:k])

    add = [[number([(x + y) % p for x, y in zip(digits(a), digits(b))]) for b in range(order)] for a in range(order)]
    return add, [[times(a, b) for b in range(order)] for a in range(order)]


def resolvable_rounds(players: int, sizes: Sequence[int]) -> list[list[list[int]]]:
    """Rounds in which no pair meets twice, by construction, where the tables allow one: `g`
    tables of `s` players with s <= g and g a field's order. Player (x, c), x in the field, c one
    of s of its elements (the columns), sits in round t at table x - t·c: two players of different
    columns share a table in exactly one round (t = (x - x') / (c - c')), two of one column never.
    With s = g the columns themselves are one more round (the affine plane of order g)."""
    g, s = len(sizes), sizes[0] if sizes else 0
    tables = field(g)
    if not tables or any(size != s for size in sizes) or s > g or g * s != players:
        return []
    add, mul = tables
    negative = [row.index(0) for row in add]
    rounds = []
    for t in range(g):
        seated: list[list[int]] = [[] for _ in range(g)]
        for x in range(g):
            for c in range(s):
                seated[add[x][negative[mul[t][c]]]].append(x * s + c)
        rounds.append(seated)
    if s == g:
        rounds.append([[x * s + c for x in range(g)] for c in range(s)])
    return rounds


def improve_plan(
    where: list[list[int]], members: list[list[list[int]]], met: list[int], n: int, target: int, rng: random.Random
) -> list[list[list[int]]]:
    """A tabu search over the rounds together, after Dotú and Van Hentenryck's for the social
    golfer problem: the cost is the repeats in total (a pair together c times, meetings before the
    night included, costs c - 1), each step takes the cheapest swap of a player who meets someone
    again with a player at another table of that round; a swapped player stays in that round's
    table a few steps (tabu) unless the swap beats the best; after PLAN_STALL steps with no better
    plan it starts again from the best, shaken. Returns the best plan's tables; stops after
    PLAN_SWAPS swaps weighed, or `patience` since the last better plan, or at `target`
    repeats, a total no plan can beat."""
    rounds = len(where)

    def counts() -> list[int]:
        """count[a * n + b]: how often a and b meet, before the night and in the plan as it is."""
        count = list(met)
        for seated in members:
            for table in seated:
                for a, b in combinations(table, 2):
                    count[a * n + b] += 1
                    count[b * n + a] += 1
        return count

    count = counts()

    def total() -> int:
        return sum(max(count[a * n + b] - 1, 0) for a in range(n) for b in range(a + 1, n))

    def move(r: int, a: int, b: int) -> None:
        ta, tb = where[r][a], where[r][b]
        table_a, table_b = members[r][ta], members[r][tb]
        for x in table_a:
            if x != a:
                count[a * n + x] -= 1
                count[x * n + a] -= 1
                count[b * n + x] += 1
                count[x * n + b] += 1
        for y in table_b:
            if y != b:
                count[b * n + y] -= 1
                count[y * n + b] -= 1
                count[a * n + y] += 1
                count[y * n + a] += 1
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        where[r][a], where[r][b] = tb, ta

    floor = sum(max(c - 1, 0) for a in range(n) for c in met[a * n + a + 1 : a * n + n])
    cost = total()
    best, best_members = cost, [[list(table) for table in seated] for seated in members]
    tabu = [[0] * n for _ in range(rounds)]
    stall = step = weighed = 0
    improved = 0
    patience = min(PLAN_PATIENCE, PLAN_PATIENCE_PER_PAIR * n * n * rounds)
    while weighed < PLAN_SWAPS and weighed - improved < patience and best > floor + target:
        step += 1
        chosen: list[tuple[int, int, int]] = []
        lowest = None
        for r in range(rounds):
            here, seated, banned = where[r], members[r], tabu[r]
            for table in seated:
                for a in table:
                    if all(count[a * n + x] < 2 for x in table if x != a):
                        continue  # a meets nobody again here: no swap of a is tried
                    ta = here[a]
                    others_a = [x for x in table if x != a]
                    leave_a = sum(count[a * n + x] >= 2 for x in others_a)
                    for tb, other in enumerate(seated):
                        if tb == ta:
                            continue
                        weighed += len(other)
                        for b in other:
                            delta = -leave_a
                            for x in others_a:
                                delta += count[b * n + x] >= 1
                            for y in other:
                                if y != b:
                                    delta += (count[a * n + y] >= 1) - (count[b * n + y] >= 2)
                            if (banned[a] > step or banned[b] > step) and cost + delta >= best:
                                continue
                            if lowest is None or delta < lowest:
                                lowest, chosen = delta, [(r, a, b)]
                            elif delta == lowest:
                                chosen.append((r, a, b))
        if lowest is None:  # every swap tabu: shake
            stall = PLAN_STALL
        else:
            r, a, b = rng.choice(chosen)
            move(r, a, b)
            cost += lowest
            tabu[r][a] = step + rng.randint(3, 10)
            tabu[r][b] = step + rng.randint(3, 10)
            if cost < best:
                best, stall, improved = cost, 0, weighed
                best_members = [[list(table) for table in seated] for seated in members]
            else:
                stall += 1
        if stall >= PLAN_STALL:
            for r in range(rounds):  # back to the best, then a shake
                for t, table in enumerate(best_members[r]):
                    members[r][t] = list(table)
                    for p in table:
                        where[r][p] = t
            count = counts()
            for _ in range(max(2, n // 5)):
                r = rng.randrange(rounds)
                a, b = rng.sample(range(n), 2)
                if where[r][a] != where[r][b]:
                    move(r, a, b)
            cost, stall = total(), 0
    return best_members


def plan_night(
    players: Sequence[str], sizes: Sequence[int], rounds: int, met: Mapping[Pair, int], *, seed: int
) -> tuple[Draw, ...]:
    """The rounds not yet drawn of a night drawn at random, planned together (the social golfer
    problem): fewest repeats in total; each Draw's repeats and fewest are relative to the meetings
    before it (met, then the planned rounds before it). Used at the start, and again after a late
    arrival or a withdrawal with met the meetings of the rounds already played.

    It starts from rounds where no pair meets twice by construction where the tables allow
    (`resolvable_rounds`), the players numbered at random, the rest at random; then the tabu
    search (`improve_plan`)."""
    check_seats(players, sizes)
    if rounds <= 0:
        return ()
    rng = random.Random(seed)
    n = len(players)
    names = list(players)
    rng.shuffle(names)
    built = resolvable_rounds(n, sizes)
    rng.shuffle(built)
    counts = [0] * (n * n)
    for a, b in combinations(range(n), 2):
        counts[a * n + b] = counts[b * n + a] = met.get(frozenset((names[a], names[b])), 0)
    plan: list[list[list[int]]] = []
    for r in range(rounds):
        if r < len(built):
            seated = built[r]
            rng.shuffle(seated)  # the tables are all one size here
        else:
            order = list(range(n))
            rng.shuffle(order)
            seated, start = [], 0
            for size in sizes:
                seated.append(order[start : start + size])
                start += size
        plan.append([list(table) for table in seated])
    where = [[0] * n for _ in range(rounds)]
    for r, seated in enumerate(plan):
        for t, table in enumerate(seated):
            for p in table:
                where[r][p] = t
    # No plan beats its first round's bound, then for each later round the larger of that bound
    # and the pigeonhole of the round before it (its tables are groups who have all met).
    first = clique_bound(n, sizes, met_graph(names, met), rng)
    later = max(first, sum(spread_pairs(size, sizes) for size in sizes))
    plan = improve_plan(where, plan, counts, n, first + (rounds - 1) * later, rng)
    before: Counter[Pair] = Counter({pair: times for pair, times in met.items() if times > 0})
    draws = []
    for r, seated in enumerate(plan):
        tables = [[names[p] for p in rng.sample(table, len(table))] for table in seated]
        repeats = repeat_pairs(tables, before)
        fewest = fewest_repeats(names, sizes, before, repeats, rng, plan[:r])
        draws.append(Draw(tuple(map(tuple, tables)), repeats, fewest))
        before.update(meetings([tables]))
    return tuple(draws)


def swap(
    draw_tables: Sequence[Sequence[str]], first: str, second: str, met: Mapping[Pair, int]
) -> tuple[tuple[tuple[str, ...], ...], int]:
    """The tables with two players (at different tables) exchanged, each taking the other's seat,
    and the change in repeat pairs it costs (+2: two more; may be negative)."""
    table_of = {name: t for t, table in enumerate(draw_tables) for name in table}
    for name in (first, second):
        if name not in table_of:
            raise ValueError(f"{name} is not seated in this draw.")
    if table_of[first] == table_of[second]:
        raise ValueError(f"{first} and {second} already sit at the same table: there is nothing to swap.")
    exchange = {first: second, second: first}
    swapped = tuple(tuple(exchange.get(name, name) for name in table) for table in draw_tables)
    return swapped, repeat_pairs(swapped, met) - repeat_pairs(draw_tables, met)
