"""Reading what the referee remembers: querysets and plain values, with their joins and
order built in, in a constant number of queries however long the evening."""

from __future__ import annotations

import datetime
import uuid
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from django.db.models import Case, Count, Exists, F, OuterRef, QuerySet, Value, When
from django.utils import timezone

from engine import EntryError, GameOutcome, card_clashes, parse_cards
from engine.bidi import isolate

from .models import (
    Event,
    EventTable,
    Game,
    Performance,
    Player,
    Round,
    RoundRevision,
    Season,
    Seat,
    SeatHand,
    Session,
    SessionPlayer,
    Submission,
)
from .replays import corrected_replay, game_options, game_replay, seat_names


def sessions_of(host) -> QuerySet[Session]:
    """The host's evenings, newest first, with how many players and games each has: a club
    night's tables are not among them (each is on its event's pages)."""
    return (
        Session.objects.filter(host=host, club_table=False)
        .annotate(player_count=Count("players", distinct=True), game_count=Count("games", distinct=True))
        .order_by("-played_on", "-created")
    )


def events_of(organiser) -> QuerySet[Event]:
    """The organiser's club nights, latest first, each with ``has_results``: whether a table's
    result is confirmed, so the night has results to show (one query for the whole list)."""
    confirmed = EventTable.objects.filter(round__event=OuterRef("pk"), confirmed_at__isnull=False)
    return (
        Event.objects.filter(organiser=organiser)
        .annotate(has_results=Exists(confirmed))
        .order_by("-held_on", "-created")
    )


def players_of(host) -> QuerySet[Player]:
    return Player.objects.filter(host=host)


def seasons_of(host) -> QuerySet[Season]:
    """The host's seasons, latest first."""
    return Season.objects.filter(host=host).order_by("-first_day")


def season_holding(seasons: Sequence[Season], day: datetime.date) -> Season | None:
    """The season of these that holds ``day`` (seasons never share a day), if any."""
    return next((season for season in seasons if season.holds(day)), None)


def players_at(session: Session) -> QuerySet[Player]:
    """An evening's players in the order the host named them (a table's seat order)."""
    return Player.objects.filter(sessionplayer__session=session).order_by(
        "sessionplayer__position", "sessionplayer__id"
    )


@dataclass(frozen=True)
class GameState:
    """A game with its seats, its rounds as recorded, and the engine's replay of them."""

    game: Game
    seats: list[str]
    rounds: list[Round]
    outcome: GameOutcome | None
    error: EntryError | None = None  # a stored round the engine now refuses (should never happen)

    @property
    def settings(self):
        """The game's options as the engine reads them (typed, defaults filled in)."""
        return self.outcome.settings if self.outcome else game_options(self.game, self.seats)

    @property
    def next_number(self) -> int:
        return len(self.rounds) + 1

    @property
    def history(self) -> list[tuple]:
        """(the engine's outcome, the round as recorded) for each round, newest first."""
        if not self.outcome:
            return []
        return list(zip(self.outcome.rounds, self.rounds, strict=True))[::-1]

    def hindsight(self, number: int) -> list[dict]:
        """Round ``number``'s players who could have done better with the same cards, in seat
        order, as the round keeps them (Crash: Round.told; nobody in the other games)."""
        return self.rounds[number - 1].better_told if 0 < number <= len(self.rounds) else []

    def after(self, outcome: GameOutcome) -> GameState:
        """The game as a change a service has just committed left it, shown with the replay
        the service returned (not replayed again): its rounds read again, one query (a
        game's seats never change)."""
        return replace(self, rounds=list(self.game.rounds.order_by("number")), outcome=outcome, error=None)

    @property
    def last_round(self):
        return self.outcome.rounds[-1] if self.outcome and self.outcome.rounds else None


def games_of(session: Session) -> list[GameState]:
    """Every game of the session, oldest first, replayed: three queries in all."""
    return game_states(list(session.games.order_by("number")))


def game_states(games: list[Game]) -> list[GameState]:
    """These games (of one page, say), each with its seats and rounds, replayed: two queries."""
    seats: dict[int, list[str]] = defaultdict(list)
    for game_id, name in (
        Seat.objects.filter(game__in=games).order_by("game_id", "position").values_list("game_id", "player__name")
    ):
        seats[game_id].append(name)
    rounds: dict[int, list[Round]] = defaultdict(list)
    for round_ in Round.objects.filter(game__in=games).order_by("game_id", "number"):
        rounds[round_.game_id].append(round_)
    return [_state(game, seats[game.pk], rounds[game.pk]) for game in games]


def game_state(game: Game) -> GameState:
    """One game with its seats and rounds (two queries), replayed."""
    return _state(game, seat_names(game), list(game.rounds.order_by("number")))


def unfinished_games(session: Session) -> QuerySet[Game]:
    """The session's games still going (neither won nor ended), oldest first, each with
    ``round_count``, from the figures the services keep: one query."""
    return (
        session.games.filter(ended=False)
        .exclude(performances__finished=True)
        .annotate(round_count=Count("rounds", distinct=True))
        .order_by("number")
    )


def latest_game(session: Session) -> Game | None:
    return session.games.order_by("-number").first()


def current_game(session: Session) -> Game | None:
    """The game being played (Session.current_game, as the services last set it: read
    afresh); in a session from before it was kept, the latest game. One query."""
    being_played = Case(When(session__current_game=F("pk"), then=Value(0)), default=Value(1))
    return session.games.order_by(being_played, "-number").first()


def _state(game: Game, seats: list[str], rounds: list[Round]) -> GameState:
    try:
        outcome = game_replay(game, [r.entry for r in rounds], seats)
    except EntryError as error:
        return GameState(game, seats, rounds, None, error)
    return GameState(game, seats, rounds, outcome)


def first_entries_of(games: list[Game]) -> dict[int, dict[int, dict]]:
    """For each of these games (by game pk), each corrected round's first entry, by round
    number. One query."""
    first: dict[int, dict[int, dict]] = defaultdict(dict)
    for game_id, number, entry in (
        RoundRevision.objects.filter(round__game__in=games)
        .order_by("round__game_id", "round__number", "number")
        .values_list("round__game_id", "round__number", "entry")
    ):
        first[game_id].setdefault(number, entry)
    return first


def players_in(entry: Mapping, seats: Sequence[str]) -> list[str]:
    """The players a round's entry names, in seat order: those still in when it was dealt
    (every player still in gives a hand or a declaration; a player out gives nothing)."""
    named = {*entry.get("hands", {}), *entry.get("declarations", {})}
    return [name for name in seats if name in named]


@dataclass(frozen=True)
class RoundCorrection:
    """A past round opened for correction, read without a replay: its game's seats and rounds
    as stored (``state``, not replayed: its outcome is None), the round, and its players."""

    state: GameState
    round: Round
    players: list[str]

    def preview(self, entry: Mapping) -> GameOutcome:
        """The game as the correction would leave it, replayed once with ``entry`` in place of
        the round's; raises EntryError as saving it would (a later round it breaks, named)."""
        entries = [r.entry for r in self.state.rounds]
        entries[self.round.number - 1] = dict(entry)
        return corrected_replay(self.state.game, entries, self.round.number, self.state.seats)


def round_correction_preview(game: Game, number: int) -> RoundCorrection:
    """Round ``number`` of the game, to correct (Round.DoesNotExist if there is none): two
    queries, no replay; ``preview`` replays the game with a corrected entry."""
    seats = seat_names(game)
    rounds = list(game.rounds.order_by("number"))
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        raise Round.DoesNotExist(f"Game {game.number} has no round {number}.")
    return RoundCorrection(GameState(game, seats, rounds, None), round_, players_in(round_.entry, seats))


def players_of_submitted_round(submission: str, state: GameState) -> list[str] | None:
    """The players (in seat order) of the round this game already recorded from this
    submission id, if any: its form is read with them again (some may have gone out since)."""
    try:
        key = uuid.UUID(str(submission))
    except ValueError:
        return None
    entry = (
        Submission.objects.filter(pk=key, game=state.game, action=Submission.Action.RECORD)
        .values_list("content", flat=True)
        .first()
    )
    return None if entry is None else players_in(entry, state.seats)


def tally_of(session: Session) -> dict[str, int]:
    """Games won per player over the evening (a shared win counts for each), most first,
    from the figures the services keep. A game ended before any round was played wins
    nobody anything, as in the statistics."""
    wins = (
        Performance.objects.filter(game__session=session, finished=True, won=True)
        .values_list("player__name")
        .annotate(won=Count("id"))
        .order_by("-won", "player__name")
    )
    return dict(wins)


# A seat whose page has not been heard from for this long is not connected: its socket writes
# when it opens and closes, and once a minute while it stays open (referee/seats/consumer.py),
# so a seat whose process died shows as gone within this.
SEAT_CONNECTED_WITHIN = datetime.timedelta(seconds=150)


@dataclass(frozen=True)
class SeatTick:
    """What anyone may know of a seat's own hand before the reveal: whether it came."""

    name: str
    sent: bool
    by_host: bool = False  # the host entered it for the seat


@dataclass(frozen=True)
class SeatClash:
    """One card sent from two seats, found once the round is revealed."""

    card: str
    first: str
    second: str

    def __str__(self) -> str:
        return f"{isolate(self.first)} and {isolate(self.second)} both entered {self.card}"

    def concerns(self, name: str) -> bool:
        return name in (self.first, self.second)


@dataclass(frozen=True)
class TableRound:
    """The round being entered as the seats send their own hands: a tick per player still in
    (seat order), whether the host has revealed it, and once revealed the cards two seats
    both sent. The hands themselves are private until then: ``hand_of`` gives a seat its
    own, and ``entry`` (everything sent, as the round's entry) is for the reveal."""

    number: int
    revealed: bool
    ticks: list[SeatTick]
    clashes: list[SeatClash]
    hands: dict[str, dict]

    @property
    def all_in(self) -> bool:
        return all(tick.sent for tick in self.ticks)

    @property
    def any_in(self) -> bool:
        return any(tick.sent for tick in self.ticks)

    @property
    def waiting(self) -> list[str]:
        """The players whose hand is not in yet, in seat order."""
        return [tick.name for tick in self.ticks if not tick.sent]

    def hand_of(self, name: str) -> dict | None:
        return self.hands.get(name)

    def tick_of(self, name: str) -> SeatTick | None:
        return next((tick for tick in self.ticks if tick.name == name), None)

    def entry(self) -> dict:
        """Every hand sent, as one round's entry (the host completes and records it)."""
        hands: dict = {}
        declarations: dict = {}
        for part in self.hands.values():
            hands.update(part.get("hands") or {})
            declarations.update(part.get("declarations") or {})
        return {"hands": hands, "declarations": declarations} if declarations else {"hands": hands}


def own_cards(part: Mapping) -> list:
    """The cards in a seat's own part of a round (its hands, or its declaration)."""
    texts = [
        text for hands in (part.get("hands") or {}).values() for text in ([hands] if isinstance(hands, str) else hands)
    ]
    texts += [cards for _, cards in (part.get("declarations") or {}).values()]
    return list(parse_cards(" ".join(texts))) if texts else []


def table_round(state: GameState) -> TableRound | None:
    """The seats' own hands for the game's round being entered, None once the game is over
    (or a stored round no longer passes): one query."""
    if state.outcome is None:
        return None
    return round_being_entered(state.game, state.seats, state.outcome)


def round_being_entered(game: Game, seats: Sequence[str], outcome: GameOutcome) -> TableRound | None:
    """The seats' own hands for the round after ``outcome``'s (the game's replay, as a
    service has just committed it: its rounds need not be read), None once the game is over:
    one query."""
    if outcome.finished or game.ended:
        return None
    number = len(outcome.rounds) + 1
    sent = {
        hand.player.name: hand for hand in SeatHand.objects.filter(game=game, number=number).select_related("player")
    }
    players = [name for name in outcome.still_in if name in seats]
    hands = {name: sent[name].entry for name in players if name in sent}
    ticks = [SeatTick(name, name in sent, name in sent and sent[name].by_host) for name in players]
    revealed = game.revealed == number
    # Not before the reveal: a seat (or a host who plays) told of a clash could send trial
    # hands and learn every card the others hold. Revealed, the cards are on the table.
    found = card_clashes({name: own_cards(part) for name, part in hands.items()}) if revealed else []
    clashes = [SeatClash(str(clash.card), clash.first, clash.second) for clash in found]
    return TableRound(number, revealed, ticks, clashes, hands)


class SessionNow:
    """A session as one committed change left it (its revision, its game, now the one being
    played, and the replay the service returned: not replayed again), or as it stands when
    there is no change's replay to show: read once for every screen that shows it (the
    board, each seat), each part when first asked for, then kept. ``table`` holds the seats'
    own hands, private until the reveal (referee/seats/render.py says who sees what)."""

    def __init__(
        self,
        session: Session,
        revision: int | None = None,
        game: Game | None = None,
        outcome: GameOutcome | None = None,
        state: GameState | None = None,
    ):
        if state is not None:
            game, outcome = state.game, state.outcome
        if revision is None or game is None or outcome is None:
            # The revision first: what is read after it is at least that new.
            revision = Session.objects.values_list("revision", flat=True).get(pk=session.pk)
            if state is None:
                game = current_game(session)
                state = game_state(game) if game else None
                outcome = state.outcome if state else None  # None if a stored round no longer passes
        self.session, self.revision, self.game, self.outcome = session, revision, game, outcome
        self._state = state

    @cached_property
    def state(self) -> GameState | None:
        """The game being played, its rounds as recorded (one query) and its replay (its
        standings name the game's seats, in seat order)."""
        if self._state is None and self.game is not None and self.outcome is not None:
            rounds = list(self.game.rounds.order_by("number"))
            return GameState(self.game, list(self.outcome.standings), rounds, self.outcome)
        return self._state

    @cached_property
    def table(self) -> TableRound | None:
        """The round being entered, as the seats send their own hands: one query."""
        if self.game is None or self.outcome is None:
            return None
        return round_being_entered(self.game, list(self.outcome.standings), self.outcome)

    @cached_property
    def sent_last(self) -> frozenset[str]:
        """The players who had sent their own hand for the last round recorded: one query."""
        number = len(self.outcome.rounds) if self.outcome else 0
        if not number:
            return frozenset()
        sent = SeatHand.objects.filter(game=self.game, number=number).values_list("player__name", flat=True)
        return frozenset(sent)

    @cached_property
    def tally(self) -> dict[str, int]:
        return tally_of(self.session)

    @cached_property
    def seats(self) -> list[SessionPlayer]:
        """The session's seats, their players and links, and when each was last heard from."""
        return seats_of(self.session)

    @cached_property
    def seats_to_open(self) -> list[SessionPlayer]:
        """The seats whose phone the game being played needs (the seats' codes on the board)."""
        return seats_to_open(self.seats, self.session, self.game)

    def connected(self, now: datetime.datetime | None = None) -> set[str]:
        """The names of the players whose seat page was heard from lately (seats_connected)."""
        since = (now or timezone.now()) - SEAT_CONNECTED_WITHIN
        return {seat.player.name for seat in self.seats if seat.seat_seen and seat.seat_seen >= since}


def seat_of_token(token: str) -> SessionPlayer | None:
    """The seat a private link opens (its session and player read with it), or None."""
    if not token:
        return None
    return SessionPlayer.objects.select_related("session", "player").filter(seat_token=token).first()


def seat_tokens_of(session: Session, name: str) -> list[str]:
    """The link of ``name``'s seat in the session (a list: none once they left it)."""
    return list(SessionPlayer.objects.filter(session=session, player__name=name).values_list("seat_token", flat=True))


def seats_connected(session: Session, now: datetime.datetime | None = None) -> set[str]:
    """The names of the session's players whose seat page was heard from lately."""
    since = (now or timezone.now()) - SEAT_CONNECTED_WITHIN
    return set(
        SessionPlayer.objects.filter(session=session, seat_seen__gte=since).values_list("player__name", flat=True)
    )


def seats_of(session: Session) -> list[SessionPlayer]:
    """The session's seats (each player's private link) in the order the host named them,
    their players read with them: one query."""
    return list(SessionPlayer.objects.filter(session=session).select_related("player").order_by("position", "id"))


def seats_to_open(seats: Sequence[SessionPlayer], session: Session, game: Game | None) -> list[SessionPlayer]:
    """Of the session's ``seats``, those whose player needs their own phone for the game
    being played (``game``; before a first game, every seat): not a player who sits it out,
    nor the one the host plays from the host's page. One query (none without a game)."""
    seated = set(game.seats.values_list("player_id", flat=True)) if game is not None else None
    return [
        seat
        for seat in seats
        if (seated is None or seat.player_id in seated) and seat.player_id != session.host_player_id
    ]


__all__ = [
    "seats_to_open",
    "seats_of",
    "SeatTick",
    "SeatClash",
    "TableRound",
    "table_round",
    "round_being_entered",
    "SessionNow",
    "seat_of_token",
    "seat_tokens_of",
    "seats_connected",
    "own_cards",
    "GameState",
    "RoundCorrection",
    "current_game",
    "game_state",
    "game_states",
    "games_of",
    "latest_game",
    "players_in",
    "players_of",
    "players_of_submitted_round",
    "round_correction_preview",
    "sessions_of",
    "tally_of",
    "unfinished_games",
]
