"""What the referee remembers: a host's circle of players, the evenings (sessions), the
games played in them, and each round exactly as it was entered, with its corrections.

Standings, eliminations and winners are not stored: `replay` derives them from the rounds
(docs/contributing.md, The layers), so a correction to round 3 re-derives everything after it.
"""

from __future__ import annotations

import datetime
import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone

from engine import GAMES, GameDescription, game_of
from engine.hindsight import told_line
from engine.ranking import CATEGORY_NAMES
from engine.statistics import Figures

# A game's rounds and a round's revisions at most (an evening's game has tens of rounds):
# what replaying or showing one game may cost.
MAX_ROUNDS = 1_000
MAX_REVISIONS = 100
MAX_EVENT_ROUNDS = 20  # the rounds a club night plays at most


def new_share_token() -> str:
    """The unguessable part of a board's address."""
    return secrets.token_urlsafe(16)


def new_seed() -> int:
    """An event's seed: its random draws are reproducible from it."""
    return secrets.randbelow(2**31)


class Player(models.Model):
    """A name in a host's circle of friends, reused across sessions so statistics follow a person."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=24)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(Lower("name"), "host", name="player_name_unique_per_host"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player", kwargs={"player_id": self.public_id})


class Season(models.Model):
    """A stretch of the host's evenings given a name ("Autumn 2026"), its first and last day
    included: the league page shows one season's games, or all time. A host's seasons never
    share a day (services.season_add and season_edit refuse an overlap), so a day is in one
    season at most and "the current season" is the one holding today."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=40)
    first_day = models.DateField()
    last_day = models.DateField()

    class Meta:
        ordering = ["-first_day"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "host", name="season_name_unique_per_host"),
            models.CheckConstraint(
                condition=models.Q(first_day__lte=models.F("last_day")), name="season_ends_after_it_starts"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def holds(self, day: datetime.date) -> bool:
        return self.first_day <= day <= self.last_day

    @property
    def days(self) -> str:
        """Its days as people say them: "1 September to 30 November 2026"."""
        last = f"{self.last_day.day} {self.last_day:%B %Y}"
        if self.first_day.year != self.last_day.year:
            return f"{self.first_day.day} {self.first_day:%B %Y} to {last}"
        return f"{self.first_day.day} {self.first_day:%B} to {last}"


class Session(models.Model):
    """One evening at the table: its players and the games played in turn."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sessions")
    title = models.CharField(max_length=80)
    played_on = models.DateField()
    # In the order the host named them: a table's seat order (SessionPlayer.position).
    players = models.ManyToManyField(Player, related_name="sessions", through="SessionPlayer")
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token, editable=False)
    # The night's story's public link, read-only, for the group chat: a token of its own, so
    # handing the story round gives no way onto the board, and rotating one leaves the other.
    story_token = models.CharField(max_length=32, unique=True, default=new_share_token, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    # Counts the changes to the session's games and rounds, in the order they commit: a board
    # forwards only a board newer than the one it shows (see services.announcing.take_turn).
    revision = models.PositiveIntegerField(default=0, editable=False)
    # The game being played: the one the host last started, recorded into, corrected, deleted
    # a round of or ended (the services set it with the change). The board shows it; a
    # session from before it was kept (None) shows its latest game (queries.current_game).
    current_game = models.ForeignKey(
        "Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", editable=False
    )
    # The host shows the seats' QR codes on the board (players open their own seat from it).
    seat_codes_shown = models.BooleanField(default=False)
    # "Show the odds": as a game starts, the board shows each player's chance to win it, from
    # the circle's ratings of that game (referee.board.render, scoring.odds).
    show_odds = models.BooleanField(default=False)
    # The player the host plays as, if the host plays too: the host's page offers that seat's
    # own hand, entered privately like every other seat's.
    host_player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", editable=False
    )
    # A club night's table (EventTable.session): its changes are told to the event's screens
    # too. Kept here, set when the table opens, so that a change to any other evening costs
    # those listeners no query.
    club_table = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["-played_on", "-created"]
        indexes = [models.Index(fields=["host", "-played_on", "-created"], name="session_host_newest")]

    def __str__(self) -> str:
        return f"{self.title} ({self.played_on:%d %b %Y})"

    def get_absolute_url(self) -> str:
        return reverse("session", kwargs={"session_id": self.public_id})


class SessionPlayer(models.Model):
    """A player of an evening, ``position`` the place in the order the host named them: the
    session page lists them so, and a new game's seats follow it."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE)
    player = models.ForeignKey(Player, on_delete=models.CASCADE)
    position = models.PositiveSmallIntegerField(default=0)
    # The player's own phone: the unguessable part of the seat's address (/seat/<token>/),
    # like the board's, and when a page of the seat was last heard from (its socket's
    # heartbeat), which tells the host whether the seat is connected.
    seat_token = models.CharField(max_length=32, unique=True, default=new_share_token, editable=False)
    seat_seen = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        db_table = "scoring_session_players"  # the table Session.players always had
        ordering = ["position", "id"]
        unique_together = [("session", "player")]

    def __str__(self) -> str:
        return f"{self.player} at {self.session}, named {self.position + 1}"


def game_kinds() -> list[tuple[str, str]]:
    """Every game the engine describes, as a choice: its kind and its title."""
    return [(kind, game.title) for kind, game in GAMES.items()]


class Game(models.Model):
    """One game (Stop the Bus, Crash, Commerce, any game the engine describes) within a
    session: its options as `replay` takes them, the seats in clockwise order (Seat) and the
    first dealer."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    # Read from the engine each time, so that a game registered later (a test's toy game) is one.
    kind = models.CharField(max_length=16, choices=game_kinds)
    options = models.JSONField(default=dict, blank=True)  # keyword options of replay, first_dealer included
    ended = models.BooleanField(default=False)  # the host ended it (Commerce)
    # The round whose seat hands the host revealed (0: none yet): the round being entered is
    # revealed while this is its number; recording it moves the game past it.
    revealed = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [models.UniqueConstraint(fields=["session", "number"], name="game_number_unique_per_session")]

    def __str__(self) -> str:
        """How every page names a game: "Stop the Bus · game 1"."""
        return f"{self.get_kind_display()} · game {self.number}"

    def get_absolute_url(self) -> str:
        """The session page showing this game: where it is continued and corrected."""
        return reverse("session", kwargs={"session_id": self.session.public_id}) + f"?game={self.number}"

    @property
    def described(self) -> GameDescription:
        """The game as the engine describes it (engine/games.py): what a round's entry holds,
        what the game can do, what its standings count."""
        return game_of(self.kind)

    @property
    def first_dealer(self) -> int:
        """The seat that dealt first (kept with the options, as replay takes it)."""
        return int(self.options.get("first_dealer", 0))


class Seat(models.Model):
    """A player's place at a game's table, clockwise from position 0."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique_per_game"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_player_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position}"


class Round(models.Model):
    """One showdown exactly as entered (the round's plain data, as `replay` takes it).
    The unique (game, number) is what makes a double submit record one round."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    # Not auto_now_add, which would override the moments an import gives bulk_create.
    recorded_at = models.DateTimeField(default=timezone.now, editable=False)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.RESTRICT, related_name="+")
    corrected_at = models.DateTimeField(null=True, blank=True)
    # Crash: each player's hindsight of this round (scoring.replays.rounds_told), worked out
    # once when the round is recorded and again when the game changes under it; derived,
    # like Performance, and a test proves it agrees with the replay.
    told = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="round_number_unique_per_game")]

    @property
    def better_told(self) -> list[dict]:
        """The players who could have done better in this round, in seat order."""
        return [{**found, "text": told_line(found["player"], found["text"])} for found in self.told if found["text"]]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.game}"


class RoundRevision(models.Model):
    """An entry a correction replaced: the revision trail of a round, oldest first."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    replaced_at = models.DateTimeField(default=timezone.now, editable=False)  # as recorded_at
    replaced_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.RESTRICT, related_name="+")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="revision_number_unique_per_round")]

    def __str__(self) -> str:
        return f"Revision {self.number} of {self.round}"


class Submission(models.Model):
    """A change sent from a host's form, kept under the id the form was made with (a UUID),
    in the transaction that made the change: the same form sent again (a double tap, a retry
    after a lost answer, a round queued offline) answers what it did the first time rather
    than doing it again; the same id with something else in it is refused."""

    class Action(models.TextChoices):
        RECORD = "record", "recorded"
        CORRECT = "correct", "corrected"
        DELETE = "delete", "deleted"
        END = "end", "ended"
        HAND = "hand", "sent"  # a seat's own hand (SeatHand)

    id = models.UUIDField(primary_key=True, editable=False)  # made with the form; unique as the key
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    action = models.CharField(max_length=8, choices=Action.choices)
    round_number = models.PositiveIntegerField(null=True, blank=True)  # the round it recorded, corrected or deleted
    content = models.JSONField(default=dict, blank=True)  # what was sent: a round's entry, or nothing more
    received_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["received_at"]

    def __str__(self) -> str:
        return f"Submission {self.id} ({self.action})"


class SeatHand(models.Model):
    """A player's own hand for a round not yet recorded, sent from their seat's phone (or
    entered for the seat by the host): ``entry`` is the round's entry holding this player
    only, as the round will hold it. Private until the host reveals the round; the player
    may send it again, changed, until then."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_hands")
    number = models.PositiveIntegerField()  # the round it is for
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    entry = models.JSONField()
    by_host = models.BooleanField(default=False)  # entered for the seat on the host's phone
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "number", "player"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number", "player"], name="seat_hand_unique_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player}'s hand for round {self.number} of {self.game}"


# Each hand category's column on Performance.
SHOWN = {category: f"shown_{category}" for category in CATEGORY_NAMES}


class Performance(models.Model):
    """One player's figures in one game (engine.statistics.Figures), derived from its replay
    and kept so that statistics over years of evenings are a sum, not thousands of replays.
    Services rewrite a game's rows in the transaction that changes it; the replay stays
    the truth (a test proves they agree)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="performances")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="performances")
    rules = models.CharField(max_length=16)  # the ranking the hands were ranked under
    finished = models.BooleanField()
    won = models.BooleanField()
    place = models.PositiveSmallIntegerField()
    final = models.IntegerField()
    rounds_played = models.PositiveIntegerField()
    tokens_lost = models.PositiveIntegerField()
    worst_hand = models.PositiveIntegerField()
    scored_1 = models.PositiveIntegerField()
    scored_2 = models.PositiveIntegerField()
    scored_3 = models.PositiveIntegerField()
    scored_4 = models.PositiveIntegerField()
    stick_ups = models.PositiveIntegerField()
    fouls = models.PositiveIntegerField()
    crashes = models.PositiveIntegerField()
    quad_bonuses = models.PositiveIntegerField()
    declarations = models.PositiveIntegerField()
    points_missed = models.PositiveIntegerField(default=0)  # Crash: left on the table (engine.hindsight)
    hands_won = models.PositiveIntegerField()
    pots_split = models.PositiveIntegerField()
    balance = models.IntegerField()
    # Hands shown, by category (engine.ranking's CATEGORY_NAMES), a column each, so that a
    # player's record is added up by the database: see SHOWN.
    shown_prial = models.PositiveIntegerField(default=0)
    shown_running_flush = models.PositiveIntegerField(default=0)
    shown_run = models.PositiveIntegerField(default=0)
    shown_flush = models.PositiveIntegerField(default=0)
    shown_pair = models.PositiveIntegerField(default=0)
    shown_high_card = models.PositiveIntegerField(default=0)
    shown_tricon = models.PositiveIntegerField(default=0)
    shown_sequence = models.PositiveIntegerField(default=0)
    shown_point = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "player"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="performance_unique_per_game")]
        indexes = [models.Index(fields=["player", "game"], name="performance_player_game")]

    def __str__(self) -> str:
        return f"{self.player} in {self.game}"

    @property
    def figures(self) -> Figures:
        """The row as the engine's figures, to compare with a fresh replay."""
        return Figures(
            finished=self.finished,
            won=self.won,
            place=self.place,
            final=self.final,
            rounds_played=self.rounds_played,
            tokens_lost=self.tokens_lost,
            worst_hand=self.worst_hand,
            scored=(self.scored_1, self.scored_2, self.scored_3, self.scored_4),
            stick_ups=self.stick_ups,
            fouls=self.fouls,
            crashes=self.crashes,
            quad_bonuses=self.quad_bonuses,
            declarations=self.declarations,
            hands_won=self.hands_won,
            pots_split=self.pots_split,
            balance=self.balance,
            categories={category: count for category, column in SHOWN.items() if (count := getattr(self, column))},
        )


# --- A club night: many tables, one event ---------------------------------------------------


class Event(models.Model):
    """A club night run by an organiser: one game (with its house rules) played at every table
    in each of its rounds, the players checked in (Entrant), each round's draw (EventRound) and
    its tables, each table an evening of its own (a Session with one game) as any host's."""

    class Seating(models.TextChoices):
        RANDOM = "random", "At random (fewest repeat meetings)"
        STANDINGS = "standings", "By the standings (the leaders together)"

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=80)
    held_on = models.DateField()
    kind = models.CharField(max_length=16, choices=game_kinds)
    options = models.JSONField(default=dict, blank=True)  # the house rules, as replay takes them
    rounds = models.PositiveSmallIntegerField()  # the rounds of the night, as planned
    table_size = models.PositiveSmallIntegerField()  # seats per table, about: tables as even as possible
    seating = models.CharField(max_length=10, choices=Seating.choices, default=Seating.RANDOM)
    seed = models.PositiveIntegerField(default=new_seed, editable=False)  # the random draw's, reproducible
    # The random night's rounds not yet drawn, planned together ({"players": [...], "rounds":
    # [[[names], ...], ...]}): kept so that each round is the plan's, re-planned when the
    # players checked in are no longer those it was planned for.
    plan = models.JSONField(default=dict, blank=True, editable=False)
    # The big screen's link, like a board's.
    screen_token = models.CharField(max_length=32, unique=True, default=new_share_token, editable=False)
    # Counts the event's changes in the order they commit (as Session.revision).
    revision = models.PositiveIntegerField(default=0, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-held_on", "-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.held_on:%d %b %Y})"

    def get_absolute_url(self) -> str:
        return reverse("event", kwargs={"event_id": self.public_id})

    @property
    def described(self) -> GameDescription:
        return game_of(self.kind)


class Entrant(models.Model):
    """A player checked in to an event, with their own link for the night (/night/<token>/):
    it takes them to their table each round. A late arrival plays from the round after the
    last drawn; a withdrawal is drawn in no round after it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="entries")
    token = models.CharField(max_length=32, unique=True, default=new_share_token, editable=False)
    withdrawn = models.BooleanField(default=False)
    checked_in = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["event", "checked_in", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="entrant_unique_per_event")]

    def __str__(self) -> str:
        return f"{self.player} at {self.event}"


class EventRound(models.Model):
    """A round of the night as drawn: its tables (EventTable) and seats (EventSeat). Its draw
    may change (a swap) until it starts; starting it opens each table's game."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="event_rounds")
    number = models.PositiveSmallIntegerField()
    seating = models.CharField(max_length=10, choices=Event.Seating.choices)
    repeats = models.PositiveSmallIntegerField(default=0)  # pairs meeting again at a table
    fewest = models.PositiveSmallIntegerField(default=0)  # proven fewest the tables allow
    explained = models.CharField(max_length=120, blank=True)  # the draw screen's line on repeats
    started = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="event_round_unique_per_event")]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"


class EventTable(models.Model):
    """One table of a round: its seats, its captain (the player who hosts it from their phone,
    by their own link; another player at the table may carry on), and once the round starts its
    game, in a session of its own. Its result counts once confirmed by a player at the table who
    has not hosted it, or the organiser."""

    round = models.ForeignKey(EventRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    session = models.OneToOneField(
        Session, null=True, blank=True, on_delete=models.SET_NULL, related_name="event_table", editable=False
    )
    captain = models.ForeignKey(Entrant, null=True, on_delete=models.SET_NULL, related_name="+")
    # Every player who has hosted the table's game (its captain, then any who carried on): none
    # of them may confirm its result, having entered some of it.
    hosts = models.ManyToManyField(Entrant, blank=True, editable=False, related_name="tables_hosted")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.CharField(max_length=80, blank=True)  # a player's name, or "the organiser"

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="event_table_unique_per_round")]

    def __str__(self) -> str:
        return f"Table {self.number}, round {self.round.number}"


class EventSeat(models.Model):
    """An entrant's seat at a table of a round: one seat a round each (the database refuses a
    player at two tables)."""

    round = models.ForeignKey(EventRound, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(EventTable, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="event_seat_one_per_round"),
            models.UniqueConstraint(fields=["table", "position"], name="event_seat_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.entrant.player} at table {self.table.number}"


class EventSubmission(models.Model):
    """A change sent from an organiser's or a player's form of a club night, kept under the id
    the form was made with, in the transaction that made the change (as Submission is for a
    game's): the same form sent again (a double tap, a retry) answers what it did the first
    time (``result``) rather than doing it again."""

    class Action(models.TextChoices):
        CREATE = "create", "created"
        DRAW = "draw", "drawn"
        SWAP = "swap", "swapped"
        START = "start", "started"
        CONFIRM = "confirm", "confirmed"
        CHECK_IN = "check_in", "checked in"
        WITHDRAW = "withdraw", "withdrawn"

    id = models.UUIDField(primary_key=True, editable=False)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="submissions")
    action = models.CharField(max_length=8, choices=Action.choices)
    result = models.JSONField(default=dict, blank=True)  # what the change did, as its answer says it
    received_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["received_at"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} at {self.event}"
