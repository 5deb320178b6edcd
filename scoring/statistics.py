"""Statistics over a host's evenings: each game's figures per player are kept (Performance),
rewritten from the replay whenever the game changes; the player page and the circle page
add them up in a constant number of queries however many years of evenings there are.

Beside services/ and queries.py because it is the figures' own: keep_figures writes them,
inside the service's transaction that changed the game (never on its own), and the records
read them back."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Q, Sum

from engine import GAMES, GameOutcome, game_of, hand_ranking
from engine.statistics import deal_frequencies, figures_of, ruleset_of

from .models import SHOWN, Game, Performance, Player

# --- Keeping the figures -------------------------------------------------------------------------


def performance_rows(
    model, game_id: int, player_ids: Mapping[str, int], outcome: GameOutcome, missed: Mapping[str, int] | None = None
) -> list:
    """The game's rows (of ``model``, so a migration can pass its historical model, which
    is given the figures it has): none for a game without a round. ``missed``: Crash
    points each player left on the table."""
    if not outcome.rounds:
        return []
    rules = ruleset_of(outcome)
    columns = {f.attname for f in model._meta.concrete_fields}
    rows = []
    for name, figures in figures_of(outcome).items():
        first, second, third, fourth = figures.scored
        kept = dict(
            game_id=game_id,
            player_id=player_ids[name],
            rules=rules,
            finished=figures.finished,
            won=figures.won,
            place=figures.place,
            final=figures.final,
            rounds_played=figures.rounds_played,
            tokens_lost=figures.tokens_lost,
            worst_hand=figures.worst_hand,
            scored_1=first,
            scored_2=second,
            scored_3=third,
            scored_4=fourth,
            stick_ups=figures.stick_ups,
            fouls=figures.fouls,
            crashes=figures.crashes,
            quad_bonuses=figures.quad_bonuses,
            declarations=figures.declarations,
            hands_won=figures.hands_won,
            pots_split=figures.pots_split,
            balance=figures.balance,
            points_missed=(missed or {}).get(name, 0),
            **{column: figures.categories.get(category, 0) for category, column in SHOWN.items()},
            categories=dict(figures.categories),
        )  # one JSON field until migration 0009
        rows.append(model(**{field: value for field, value in kept.items() if field in columns}))
    return rows


# Every column but the key: what an upsert of a game's rows rewrites.
_FIGURE_FIELDS = [f.name for f in Performance._meta.concrete_fields if f.name not in ("id", "game", "player")]


def keep_figures(
    game: Game, outcome: GameOutcome, player_ids: Mapping[str, int], missed: Mapping[str, int] | None = None
) -> None:
    """Rewrite the game's figures from its replay, inside the caller's transaction, in one
    statement (``player_ids``: the seated players' ids by name, which the caller has read
    for the replay; ``missed``: Crash points left on the table, see replays.points_missed).
    A game's seats never change, so its rows are always the same players'."""
    rows = performance_rows(Performance, game.pk, player_ids, outcome, missed)
    if not rows:  # no round left
        Performance.objects.filter(game=game).delete()
        return
    Performance.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["game", "player"], update_fields=_FIGURE_FIELDS
    )


# --- A player's record ---------------------------------------------------------------------------

# Summed per game kind by the database: name -> the Performance field added up.
_SUMS = (
    "rounds_played",
    "tokens_lost",
    "worst_hand",
    "scored_1",
    "scored_2",
    "scored_3",
    "scored_4",
    "stick_ups",
    "fouls",
    "crashes",
    "quad_bonuses",
    "declarations",
    "hands_won",
    "pots_split",
    "balance",
    "final",
    "points_missed",
)


@dataclass(frozen=True)
class CategoryShare:
    category: str
    count: int
    share: Fraction  # of the player's hands
    expected: Fraction  # what a random deal gives


@dataclass(frozen=True)
class KindRecord:
    """A player's record in one game (Stop the Bus, Crash, Commerce...)."""

    kind: str
    appearances: int  # games with at least one round, finished or not
    games: int  # finished games
    won: int
    totals: Mapping[str, int]
    categories: list[CategoryShare] = field(default_factory=list)

    @property
    def title(self) -> str:
        return game_of(self.kind).title

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.won, self.games) if self.games else None

    @property
    def hands_shown(self) -> int:
        return sum(share.count for share in self.categories)

    @property
    def points_per_round(self) -> Fraction | None:
        rounds = self.totals["rounds_played"]
        return Fraction(self.totals["final"], rounds) if rounds else None

    @property
    def rounds_survived(self) -> Fraction | None:
        """Rounds played per game (Stop the Bus: how long the player lasted)."""
        return Fraction(self.totals["rounds_played"], self.appearances) if self.appearances else None

    @property
    def positions_won(self) -> list[int]:
        return [self.totals[f"scored_{n}"] for n in (1, 2, 3, 4)]


@dataclass(frozen=True)
class PlayerRecord:
    player: Player
    kinds: list[KindRecord]  # those the player has played, in the order of the games registered

    @property
    def games(self) -> int:
        return sum(record.games for record in self.kinds)

    @property
    def won(self) -> int:
        return sum(record.won for record in self.kinds)

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.won, self.games) if self.games else None


def player_record(player: Player, kind: str | None = None) -> PlayerRecord:
    """The player's record across every session, per game kind (or for ``kind`` only). Two queries."""
    rows = Performance.objects.filter(player=player)
    if kind:
        rows = rows.filter(game__kind=kind)
    sums = {
        row["game__kind"]: row
        for row in rows.values("game__kind")
        .annotate(
            appearances=Count("id"),
            games=Count("id", filter=Q(finished=True)),
            won_games=Count("id", filter=Q(finished=True, won=True)),
            **{name: Sum(name) for name in _SUMS},
        )
        .order_by()
    }
    shown: dict[str, dict[str, Counter]] = defaultdict(dict)
    for row in rows.values("game__kind", "rules").annotate(**{c: Sum(c) for c in SHOWN.values()}).order_by():
        shown[row["game__kind"]][row["rules"]] = Counter(
            {category: row[column] for category, column in SHOWN.items() if row[column]}
        )
    return PlayerRecord(
        player,
        [
            KindRecord(
                k,
                sums[k]["appearances"],
                sums[k]["games"],
                sums[k]["won_games"],
                {name: sums[k][name] or 0 for name in _SUMS},
                category_shares(shown[k]),
            )
            for k in GAMES  # the games registered now, in their order
            if k in sums
        ],
    )


def category_shares(shown: Mapping[str, Counter]) -> list[CategoryShare]:
    """The categories of the hands shown (by ruleset) beside what a random deal gives: the
    expected share weighs each ruleset's exact frequencies by the hands shown under it."""
    total = sum(sum(counts.values()) for counts in shown.values())
    if not total:
        return []
    # The rankings of one game share their categories (a house rule may order them otherwise).
    order = next(hand_ranking(rules).categories for rules in shown)
    counts = Counter()
    for by_category in shown.values():
        counts.update(by_category)
    weights = [(sum(by_category.values()), deal_frequencies(rules)) for rules, by_category in shown.items()]
    expected = {
        category: sum((hands * frequencies[category] for hands, frequencies in weights), Fraction(0)) / total
        for category in order
    }
    return [
        CategoryShare(category, counts[category], Fraction(counts[category], total), expected[category])
        for category in order
    ]


# --- The circle ----------------------------------------------------------------------------------

# The least games two players have finished together for one to be the other's nemesis.
NEMESIS_GAMES = 5


@dataclass(frozen=True)
class Standing:
    """A line of the league table."""

    player: Player
    games: int
    won: int
    places: int  # the sum of places, for the average

    @property
    def win_rate(self) -> Fraction:
        return Fraction(self.won, self.games)

    @property
    def average_place(self) -> Fraction:
        return Fraction(self.places, self.games)


@dataclass(frozen=True)
class Meeting:
    """Two players' finished games together: how often each placed above the other."""

    games: int = 0
    ahead: int = 0
    behind: int = 0

    @property
    def level(self) -> int:
        return self.games - self.ahead - self.behind


@dataclass(frozen=True)
class Circle:
    table: list[Standing]
    players: list[Player]  # those in the table, in its order
    meetings: Mapping[tuple[int, int], Meeting]  # (player pk, opponent pk)

    def meeting(self, player: Player, opponent: Player) -> Meeting:
        return self.meetings.get((player.pk, opponent.pk), Meeting())

    def opponents(self, player: Player) -> list[tuple[Player, Meeting]]:
        """Everyone the player has finished a game with, and how they met: most games first."""
        met = [(other, self.meeting(player, other)) for other in self.players if other.pk != player.pk]
        return sorted(
            ((other, meeting) for other, meeting in met if meeting.games),
            key=lambda pair: (-pair[1].games, pair[0].name.casefold()),
        )

    def nemesis(self, player: Player, least: int = NEMESIS_GAMES) -> tuple[Player, Meeting] | None:
        """The opponent who most often placed above the player, of those who finished ``least``
        games or more with them (level: the higher share of those games, then the name)."""
        ahead_of_them = [(other, meeting) for other, meeting in self.opponents(player) if meeting.games >= least]
        ahead_of_them = [(other, meeting) for other, meeting in ahead_of_them if meeting.behind]
        if not ahead_of_them:
            return None
        return min(
            ahead_of_them,
            key=lambda pair: (-pair[1].behind, -Fraction(pair[1].behind, pair[1].games), pair[0].name.casefold()),
        )


def circle(
    host, since: datetime.date | None = None, until: datetime.date | None = None, kind: str | None = None
) -> Circle:
    """The league table of the host's players over finished games played between ``since`` and
    ``until`` (inclusive, either may be open), and every pair's head-to-head. Two queries."""
    rows = Performance.objects.filter(game__session__host=host, finished=True)
    if since:
        rows = rows.filter(game__session__played_on__gte=since)
    if until:
        rows = rows.filter(game__session__played_on__lte=until)
    if kind:
        rows = rows.filter(game__kind=kind)
    places: dict[int, dict[int, tuple[int, bool]]] = defaultdict(dict)  # game -> player -> (place, won)
    for game_id, player_id, place, won in rows.values_list("game_id", "player_id", "place", "won").order_by():
        places[game_id][player_id] = place, won
    return _circle(places, {p.pk: p for p in Player.objects.filter(host=host)})


def _circle(places: Mapping[int, Mapping[int, tuple[int, bool]]], players: Mapping[int, Player]) -> Circle:
    games, won, place_sums = Counter(), Counter(), Counter()
    together: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for seated in places.values():
        for player_id, (place, has_won) in seated.items():
            games[player_id] += 1
            won[player_id] += has_won
            place_sums[player_id] += place
            for other, (other_place, _) in seated.items():
                if other != player_id:
                    tally = together[player_id, other]
                    tally[0] += 1
                    tally[1] += place < other_place
                    tally[2] += place > other_place
    table = sorted(
        (Standing(players[pk], games[pk], won[pk], place_sums[pk]) for pk in games),
        key=lambda s: (-s.won, -s.win_rate, s.average_place, s.player.name.casefold()),
    )
    return Circle(
        table, [standing.player for standing in table], {pair: Meeting(*tally) for pair, tally in together.items()}
    )
