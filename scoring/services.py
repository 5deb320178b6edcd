"""Every change to what the referee remembers goes through here, in one transaction each:
validated through the engine first, written only if the engine accepts it, and announced
(``session_changed``) only once the database has kept it."""

from __future__ import annotations

import contextlib
import datetime
import re
import uuid
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.db.models.functions import Lower
from django.dispatch import Signal
from django.utils import timezone

from engine import EntryError, GameOutcome, replay
from engine.own_hand import check_own_hand

from . import queries
from .models import (
    MAX_REVISIONS,
    MAX_ROUNDS,
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
    new_share_token,
)
from .replays import (
    corrected_replay,
    game_replay,
    points_missed,
    recorded_entries,
    replay_options,
    rounds_told,
    seated_players,
)
from .statistics import keep_figures

# Sent after commit, with ``session=`` and ``revision=`` (the session's, as this change left
# it), whenever a session's games or rounds change; the TV board listens (scoring never
# imports the interface). A change to a game makes it the session's game being played
# (Session.current_game): ``game=`` and ``outcome=`` (its replay, as committed) come too, so
# listeners need not read and replay it again, and ``switched=`` says whether the game being
# played was another one before (the board says which is played now). A change to no game
# (a new session) sends None, None and False.
session_changed = Signal()
# Sent after commit, with ``session=`` and ``old_token=``, when a board's address changes.
share_token_rotated = Signal()
# Sent after commit, with ``session=`` and ``old_tokens=``, when seats' addresses change: the
# seat pages open on them are closed.
seat_links_rotated = Signal()

TITLE_NEEDED = "Give the session a title."
TWO_PLAYERS_NEEDED = "A session needs at least two players."
NAME_TOO_LONG = "“{name}” is too long: at most 24 characters."
NAME_TWICE = "{name} is entered twice: each player once."
ROUND_ALREADY_RECORDED = "Round {number} was already recorded."
ROUND_NOT_NEXT = "This form was for round {number}, but the next round is round {expected}: reload the page."
GAME_ENDED = "This game has ended: it takes no more rounds."
GAME_FULL = f"This game has reached {MAX_ROUNDS:,} rounds, the most a game keeps: start a new game to go on."
ROUND_CORRECTED_ENOUGH = f"This round has been corrected {MAX_REVISIONS} times, the most a round keeps."
ONLY_COMMERCE_ENDS = "Only a Commerce game is ended by the host; the others end by their rules."
NOT_THE_LAST_ROUND = "Only the last round can be deleted: round {number} is not the last."
NO_ROUNDS = "This game has no round to delete."
SEATS_FROM_SESSION = "{name} is not a player of this session."
SAME_HANDS = "Same hands as round {number}: record again?"
HAND_TOO_LATE = "Round {number} was recorded without your entry."
HAND_REVEALED = "Round {number} has been revealed: your hand can no longer change. If it is wrong, tell the host."
HAND_GAME_OVER = "This game is over: it takes no more hands."
GAME_OVER_NOT_RESUMED = "{game} is over: start a new game instead."
NO_SEAT = "{name} has no seat in {game}."
REVEAL_NOT_NEXT = "Round {number} is not the round being entered (round {expected} is): reload the page."
SEASON_NAME_NEEDED = "Give the season a name, like “Autumn 2026”."
SEASON_NAME_TOO_LONG = "“{name}” is too long: at most 40 characters."
SEASON_NAME_TAKEN = "You already have a season named {name}: give this one another name."
SEASON_BACKWARDS = "The last day must be on or after the first day."
SEASON_OVERLAPS = "{name} already runs {days}: a day belongs to one season at most. Change the dates of one of them."
SUBMISSION_REUSED = (
    "This form was already sent with something else in it ({what}): nothing more was changed. "
    "Reload the page for a fresh form."
)


# The sessions as the changes committed within announced() left them.
_announced: ContextVar[list | None] = ContextVar("announced", default=None)


class Turn(NamedTuple):
    """A change's place in its session's queue (see _take_turn)."""

    revision: int  # the session's, as this change leaves it
    latest: int | None  # the number of the session's latest game, as the changes before this one left it


def _take_turn(session_id: int) -> Turn:
    """A change's first write: count the session's revision up. The update holds the
    session's row until the commit, so the session's changes queue up here, one behind the
    other in every process (every service takes this row first: no deadlock), and the
    revisions follow the order they commit in. What the change reads comes after it (but
    see round_record, which reads first and checks the revision it read: _turn_if_unchanged)."""
    if not Session.objects.filter(pk=session_id).update(revision=F("revision") + 1):
        raise Session.DoesNotExist(f"No session {session_id}: it may have been deleted.")
    return Turn(
        *Session.objects.filter(pk=session_id)
        .annotate(latest=Max("games__number"))
        .values_list("revision", "latest")
        .get()
    )


def _turn_if_unchanged(session_id: int, revision: int, latest: int | None) -> Turn | None:
    """The session's turn, as _take_turn takes it, if its revision is still ``revision``
    (with ``latest`` read beside it): None if a change has been committed since."""
    if not Session.objects.filter(pk=session_id, revision=revision).update(revision=F("revision") + 1):
        return None
    return Turn(revision + 1, latest)


def _in_turn(game: Game) -> tuple[Game, Turn]:
    """Take the turn of the game's session, then read the game as the changes before this
    one left it."""
    turn = _take_turn(game.session_id)
    return Game.objects.select_related("session").get(pk=game.pk), turn


def _play(game: Game, latest: int | None) -> bool:
    """Make ``game`` (read with its session in this change's turn) the session's game being
    played; whether another game was (``latest``, the number of the session's latest game,
    stands for the game being played in a session from before it was kept)."""
    was = game.session.current_game_id
    if was == game.pk:
        return False
    Session.objects.filter(pk=game.session_id).update(current_game=game)
    game.session.current_game = game
    return was is not None or game.number != latest


def _announce(
    session: Session,
    turn: Turn,
    game: Game | None = None,
    outcome: GameOutcome | None = None,
    switched: bool = False,
    seat: str | None = None,
) -> None:
    """Announce the change once committed, with its game (now the game being played) and
    replay; ``seat``, the player whose own hand alone it changed; ``now``, the session as it
    left it, read once for every listener and for the view that made the change
    (queries.SessionNow; none for a change without a game's replay: each listener reads the
    session). A listener that fails is logged and never undoes or fails the change (robust)."""

    def tell() -> None:
        now = None if game is None or outcome is None else queries.SessionNow(session, turn.revision, game, outcome)
        if now is not None and (kept := _announced.get()) is not None:
            kept.append(now)
        session_changed.send(
            sender=Session,
            session=session,
            revision=turn.revision,
            game=game,
            outcome=outcome,
            switched=switched,
            seat=seat,
            now=now,
        )

    transaction.on_commit(tell, robust=True)


@contextlib.contextmanager
def announced() -> Iterator[list[queries.SessionNow]]:
    """The sessions as the changes committed within the block left them: a view answers from
    what its change left, read once with the board's and the seats' (a service commits, and
    so announces, before it returns, in the caller's context)."""
    kept: list[queries.SessionNow] = []
    token = _announced.set(kept)
    try:
        yield kept
    finally:
        _announced.reset(token)


def tidy_name(name: str) -> str:
    """A name as typed, spaces tidied; one typed all in lower case capitalised ("cy" is Cy)."""
    tidy = re.sub(r"\s+", " ", name or "").strip()
    return tidy[0].upper() + tidy[1:] if tidy.islower() else tidy


def clean_names(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """The names tidied, empty ones dropped, each once (ignoring case); and those entered
    more than once, as first spelt."""
    seen: dict[str, str] = {}
    repeated: dict[str, str] = {}
    for tidy in filter(None, map(tidy_name, names)):
        key = tidy.casefold()
        if key in seen:
            repeated.setdefault(key, seen[key])
        else:
            seen[key] = tidy
    return list(seen.values()), list(repeated.values())


# --- Sessions ---------------------------------------------------------------------------------


@transaction.atomic
def session_start(
    *, host, title: str, played_on: datetime.date, player_names: Iterable[str], show_odds: bool = False
) -> Session:
    """A new evening: its players are taken from the host's circle by name (ignoring case)
    or added to it. ``show_odds``: the board shows the odds as each game starts."""
    title = (title or "").strip()
    names, repeated = clean_names(player_names)
    errors: dict[str, list[str]] = {}
    if not title:
        errors["title"] = [TITLE_NEEDED]
    if repeated:  # said before counting: "ann, Ann" is two people meant, or a slip
        errors["players"] = [NAME_TWICE.format(name=name) for name in sorted(repeated, key=str.casefold)]
    elif len(names) < 2:
        errors["players"] = [TWO_PLAYERS_NEEDED]
    for name in names:
        if len(name) > 24:
            errors.setdefault("players", []).append(NAME_TOO_LONG.format(name=name))
    if errors:
        raise ValidationError(errors)
    session = Session(host=host, title=title, played_on=played_on, show_odds=show_odds)
    session.full_clean()
    session.save()
    SessionPlayer.objects.bulk_create(  # in the order named: the table's seat order
        SessionPlayer(session=session, player=player, position=position)
        for position, player in enumerate(players_named(host=host, names=names))
    )
    _announce(session, _take_turn(session.pk))
    return session


@transaction.atomic
def session_rotate_share_token(*, session: Session) -> str:
    """A new board address: the old link stops working and boards on it are closed. Returns
    the old token (listeners close the sockets that came through it)."""
    old = session.share_token
    session.share_token = new_share_token()
    session.save(update_fields=["share_token"])
    transaction.on_commit(lambda: share_token_rotated.send(sender=Session, session=session, old_token=old), robust=True)
    return old


def players_named(*, host, names: list[str]) -> list[Player]:
    """The host's players of these names, in this order, creating those who are new."""
    existing = {
        p.name.casefold(): p
        for p in Player.objects.filter(host=host).annotate(low=Lower("name")).filter(low__in=[n.lower() for n in names])
    }
    players = []
    for name in names:
        player = existing.get(name.casefold())
        if player is None:
            player = Player.objects.create(host=host, name=name)
        players.append(player)
    return players


# --- Games ---------------------------------------------------------------------------------------


@transaction.atomic
def game_start(*, session: Session, kind: str, seat_names: list[str], options: Mapping[str, object]) -> Game:
    """A new game in the session: the seats clockwise, the options as replay takes them
    (first_dealer included). The engine checks the options and the seats first."""
    present = {p.name: p for p in session.players.all()}
    for name in seat_names:
        if name not in present:
            raise EntryError(SEATS_FROM_SESSION.format(name=name), field="players")
    options = dict(options)
    outcome = replay(kind, list(seat_names), [], **options)  # refuses bad options or seats, naming them
    turn = _take_turn(session.pk)  # two games started at once are numbered one after the other
    game = Game(session=session, number=(turn.latest or 0) + 1, kind=kind, options=options)
    game.full_clean()
    game.save()
    Seat.objects.bulk_create(Seat(game=game, player=present[name], position=i) for i, name in enumerate(seat_names))
    Session.objects.filter(pk=session.pk).update(current_game=game)  # a new game is the one played now
    _announce(session, turn, game, outcome, switched=True)
    return game


@transaction.atomic
def game_end(*, game: Game, submission: uuid.UUID | None = None) -> GameOutcome:
    """The host ends a Commerce game: the highest balance wins. ``submission``, the
    confirmation's id, makes a second send answer AlreadySubmitted."""
    game, turn = _in_turn(game)
    _check_not_submitted(submission, game, Submission.Action.END, {})
    if game.kind != Game.Kind.COMMERCE:
        raise EntryError(ONLY_COMMERCE_ENDS)
    if game.ended:
        raise EntryError(GAME_ENDED)
    game.ended = True
    game.save(update_fields=["ended"])
    _keep_submission(submission, game, Submission.Action.END, {}, None)
    players = seated_players(game)
    outcome = game_replay(game, seats=list(players))
    keep_figures(game, outcome, players)
    _announce(game.session, turn, game, outcome, _play(game, turn.latest))
    return outcome


@transaction.atomic
def game_resume(*, game: Game) -> bool:
    """The host goes back to a game not finished: it becomes the game being played, and the
    board and every seat's phone follow it. Whether it changed anything (the game being
    played already: nothing); a game over is refused."""
    game, turn = _in_turn(game)
    outcome = game_replay(game, seats=list(seated_players(game)))
    if outcome.finished or game.ended:
        raise EntryError(GAME_OVER_NOT_RESUMED.format(game=game))
    if not _play(game, turn.latest):
        transaction.set_rollback(True)
        return False
    _announce(game.session, turn, game, outcome, switched=True)
    return True


# --- Submissions -------------------------------------------------------------------------------


class AlreadySubmitted(Exception):
    """The same form sent again (a double tap, a retry, a round queued offline): nothing is
    done again; ``submission`` is what it did the first time."""

    def __init__(self, submission: Submission):
        super().__init__(f"{submission} was already received")
        self.submission = submission


class SubmissionReused(EntryError):
    """A submission id already used for something else: refused, nothing changed."""


def _check_not_submitted(submission: uuid.UUID | None, game: Game, action: str, content: Mapping) -> None:
    """Refuse a submission id already kept: AlreadySubmitted if it came with the same game,
    action and content (answer what it did), SubmissionReused otherwise."""
    if submission is None:
        return
    kept = Submission.objects.filter(pk=submission).first()
    if kept is None:
        return
    if kept.game_id == game.pk and kept.action == action and kept.content == dict(content):
        raise AlreadySubmitted(kept)
    what = (
        f"round {kept.round_number} {kept.get_action_display()}"
        if kept.round_number
        else f"game {kept.game.number} {kept.get_action_display()}"
    )
    raise SubmissionReused(SUBMISSION_REUSED.format(what=what))


def _keep_submission(
    submission: uuid.UUID | None, game: Game, action: str, content: Mapping, round_number: int | None
) -> None:
    """Keep the submission id with the change, in its transaction: the primary key makes a
    second change from the same form fail (IntegrityError) even when both race."""
    if submission is not None:
        Submission.objects.create(
            id=submission, game=game, action=action, content=dict(content), round_number=round_number
        )


# --- Rounds --------------------------------------------------------------------------------------


class RoundAlreadyRecorded(EntryError):
    """A second submit of a round that is already recorded (a double tap, a retry, two phones)."""


class _CheckedRound(NamedTuple):
    game: Game  # with its session, and ``latest``: the number of the session's latest game
    players: dict[str, int]
    outcome: GameOutcome  # the game's replay with the round
    missed: Mapping[str, int]  # Crash points left on the table, this round's added
    told: list[dict]  # the round's hindsight, as Round.told keeps it


class SameHands(EntryError):
    """A round whose hands are exactly the previous round's, which a host's form is asked
    about before it is recorded (``check_same_hands``): most often the same round sent twice."""


def _cards_shown(entry: Mapping) -> dict[str, list[str]]:
    """Each player's cards in a round, in no particular order (hands and declarations)."""
    shown: dict[str, list[str]] = {}
    for name, hands in entry.get("hands", {}).items():
        shown[name] = sorted(" ".join([hands] if isinstance(hands, str) else hands).split())
    for name, (_, cards) in entry.get("declarations", {}).items():
        shown[name] = sorted(cards.split())
    return {name: cards for name, cards in shown.items() if cards}


def _round_checked(game: Game, number: int, entry: Mapping, check_same_hands: bool = False) -> _CheckedRound:
    """Round ``number`` read against the game as stored and replayed with it; refused, naming
    what and where, if the engine or the game's state refuses it (or, if asked, when its hands
    are the previous round's)."""
    game = Game.objects.select_related("session").annotate(latest=Max("session__games__number")).get(pk=game.pk)
    entries = recorded_entries(game)
    expected = len(entries) + 1
    if number < expected:
        raise RoundAlreadyRecorded(ROUND_ALREADY_RECORDED.format(number=number))
    if number > expected:
        raise EntryError(ROUND_NOT_NEXT.format(number=number, expected=expected))
    if game.ended:
        raise EntryError(GAME_ENDED)
    if number > MAX_ROUNDS:
        raise EntryError(GAME_FULL)
    players = seated_players(game)
    outcome = game_replay(game, [*entries, dict(entry)], list(players))
    if check_same_hands and entries and (shown := _cards_shown(entry)) and shown == _cards_shown(entries[-1]):
        raise SameHands(SAME_HANDS.format(number=number - 1))
    # A new round leaves the earlier rounds' hindsight as it was: add this round's to it.
    told = rounds_told(outcome, [*entries, dict(entry)], [number])
    missed = points_missed(told)
    if game.kind == Game.Kind.CRASH:
        missed.update(dict(Performance.objects.filter(game=game).values_list("player__name", "points_missed")))
    return _CheckedRound(game, players, outcome, missed, told[number])


def round_record(
    *, game: Game, number: int, entry: Mapping, by, submission: uuid.UUID | None = None, check_same_hands: bool = False
) -> tuple[Round, GameOutcome]:
    """Record round ``number`` (the round the form was built for) if the engine accepts it.
    ``submission`` is the form's id: sent again, it records nothing and raises AlreadySubmitted
    with what it did the first time (SubmissionReused if it came with other hands). With
    ``check_same_hands``, a round with the previous round's cards raises SameHands. Another
    form for a round already recorded records nothing and says so (RoundAlreadyRecorded).

    The round is read, checked and replayed first, then written in the session's turn if no
    change has been committed since: so the database is held for the writes, not the replay
    (on SQLite one writer holds the whole database, and rounds come in from every table). If
    another change landed first, the round is read and checked again within the turn."""
    action = Submission.Action.RECORD
    _check_not_submitted(submission, game, action, entry)
    try:
        checked = _round_checked(game, number, entry, check_same_hands)
        with transaction.atomic():
            turn = _turn_if_unchanged(game.session_id, checked.game.session.revision, checked.game.latest)
            if turn is None:
                turn = _take_turn(game.session_id)
                _check_not_submitted(submission, game, action, entry)
                checked = _round_checked(game, number, entry, check_same_hands)
            # The unique (game, number) and the submission's key back the checks above: the
            # change then stops, undone whole.
            round_ = Round.objects.create(
                game=checked.game, number=number, entry=dict(entry), recorded_by=by, told=checked.told
            )
            _keep_submission(submission, checked.game, action, entry, number)
            keep_figures(checked.game, checked.outcome, checked.players, checked.missed)
            switched = _play(checked.game, checked.game.latest)
            _announce(checked.game.session, turn, checked.game, checked.outcome, switched)
    except (IntegrityError, RoundAlreadyRecorded):
        _check_not_submitted(submission, game, action, entry)  # a twin of this form committed first
        raise RoundAlreadyRecorded(ROUND_ALREADY_RECORDED.format(number=number)) from None
    return round_, checked.outcome


def _keep_told(rounds: list[Round], outcome: GameOutcome, entries: list[Mapping]) -> dict[int, list[dict]]:
    """Work out every round's hindsight again after a change to the game (a correction moves
    the scores every later round was played at) and keep what changed; returns it all."""
    told = rounds_told(outcome, entries)
    changed = [r for r in rounds if r.told != told[r.number]]
    for round_ in changed:
        round_.told = told[round_.number]
    Round.objects.bulk_update(changed, ["told"])
    return told


@transaction.atomic
def round_correct(*, round: Round, entry: Mapping, by, submission: uuid.UUID | None = None) -> GameOutcome:
    """Replace a past round's entry, keeping the previous one in its revision trail. The
    whole game is replayed: a later round that the correction makes impossible (a player
    now out, a game now over) refuses the correction, naming that round. ``submission``, the
    form's id, makes a second send of the same correction answer AlreadySubmitted."""
    game, turn = _in_turn(round.game)
    _check_not_submitted(submission, game, Submission.Action.CORRECT, entry)
    rounds = list(game.rounds.order_by("number"))
    target = next(r for r in rounds if r.pk == round.pk)
    entries = [dict(entry) if r.pk == target.pk else r.entry for r in rounds]
    players = seated_players(game)
    outcome = corrected_replay(game, entries, target.number, list(players))
    if target.entry == dict(entry):
        transaction.set_rollback(True)  # nothing changes: the revision isn't counted up either
        return outcome
    revisions = target.revisions.count()
    if revisions >= MAX_REVISIONS:
        raise EntryError(ROUND_CORRECTED_ENOUGH)
    RoundRevision.objects.create(round=target, number=revisions + 1, entry=target.entry, replaced_by=by)
    target.entry = dict(entry)
    target.corrected_at = timezone.now()
    target.save(update_fields=["entry", "corrected_at"])
    _keep_submission(submission, game, Submission.Action.CORRECT, entry, target.number)
    keep_figures(game, outcome, players, points_missed(_keep_told(rounds, outcome, entries)))
    _announce(game.session, turn, game, outcome, _play(game, turn.latest))
    return outcome


@transaction.atomic
def round_delete_last(*, game: Game, number: int, submission: uuid.UUID | None = None) -> GameOutcome:
    """Delete the last round (``number`` is the round the host confirmed deleting).
    ``submission``, the confirmation's id, makes a second send answer AlreadySubmitted."""
    game, turn = _in_turn(game)
    _check_not_submitted(submission, game, Submission.Action.DELETE, {"number": number})
    last = game.rounds.order_by("-number").first()
    if last is None:
        raise EntryError(NO_ROUNDS)
    if last.number != number:
        raise EntryError(NOT_THE_LAST_ROUND.format(number=number))
    last.delete()
    _keep_submission(submission, game, Submission.Action.DELETE, {"number": number}, number)
    players = seated_players(game)
    rounds = list(game.rounds.order_by("number"))
    entries = [r.entry for r in rounds]
    outcome = game_replay(game, entries, list(players))
    keep_figures(game, outcome, players, points_missed(_keep_told(rounds, outcome, entries)))
    _announce(game.session, turn, game, outcome, _play(game, turn.latest))
    return outcome


# --- Seats: each player's own phone --------------------------------------------------------


KEPT_OF_A_HAND = ["entry", "by_host", "sent_at"]  # what a hand sent again replaces


class HandTooLate(EntryError):
    """A seat's hand for a round already recorded (or revealed): refused, politely."""


@transaction.atomic
def seat_hand_send(
    *, game: Game, player, number: int, entry: Mapping, submission: uuid.UUID | None = None, by_host: bool = False
) -> SeatHand:
    """Keep ``player``'s own hand for round ``number`` (the round being entered), sent from
    their seat (or entered for the seat by the host, ``by_host``): ``entry`` is the round's
    entry holding this player only. Checked by the engine as the round will check it; sent
    again, changed, it replaces the hand kept, until the host reveals the round. A hand for
    a round already recorded or revealed is refused (HandTooLate). ``submission``, the
    form's id, makes the same send again answer AlreadySubmitted."""
    game, turn = _in_turn(game)
    action = Submission.Action.HAND
    content = {"player": player.name, **entry}
    _check_not_submitted(submission, game, action, content)
    entries = recorded_entries(game)
    expected = len(entries) + 1
    if number < expected:
        raise HandTooLate(HAND_TOO_LATE.format(number=number))
    if number > expected:
        raise EntryError(ROUND_NOT_NEXT.format(number=number, expected=expected))
    if game.revealed == number:
        raise HandTooLate(HAND_REVEALED.format(number=number))
    players = seated_players(game)
    if player.name not in players:
        raise EntryError(NO_SEAT.format(name=player.name, game=game))
    outcome = game_replay(game, entries, list(players))
    if outcome.finished or game.ended:
        raise EntryError(HAND_GAME_OVER)
    check_own_hand(
        game.kind,
        list(players),
        player.name,
        entry,
        still_in=outcome.still_in,
        **replay_options(game.kind, game.options, game.ended),
    )
    hand = SeatHand(
        game=game,
        number=number,
        player_id=players[player.name],
        entry=dict(entry),
        by_host=by_host,
        sent_at=timezone.now(),
    )
    # Sent again, it replaces the hand kept: one statement (the turn already orders the sends).
    SeatHand.objects.bulk_create(
        [hand], update_conflicts=True, unique_fields=["game", "number", "player"], update_fields=KEPT_OF_A_HAND
    )
    _keep_submission(submission, game, action, content, number)
    _announce(game.session, turn, game, outcome, _play(game, turn.latest), seat=player.name)
    return hand


@transaction.atomic
def round_reveal(*, game: Game, number: int) -> bool:
    """The host reveals round ``number`` (the round being entered): the seats' hands show
    on the host's phone and the board, and no seat can change its hand any more. Whether it
    changed anything (a second tap changes nothing)."""
    game, turn = _in_turn(game)
    expected = game.rounds.count() + 1
    if number != expected:
        raise EntryError(REVEAL_NOT_NEXT.format(number=number, expected=expected))
    if game.revealed == number:
        transaction.set_rollback(True)
        return False
    game.revealed = number
    game.save(update_fields=["revealed"])
    players = seated_players(game)
    _announce(game.session, turn, game, game_replay(game, seats=list(players)), _play(game, turn.latest))
    return True


@transaction.atomic
def seat_links_rotate(*, session: Session, players: Iterable | None = None) -> list[str]:
    """New addresses for these players' seats (every seat's by default): the old links stop
    working at once and the seat pages open on them are closed; a board showing the seats'
    codes shows the new ones. Returns the old tokens."""
    seats = SessionPlayer.objects.filter(session=session)
    if players is not None:
        seats = seats.filter(player__in=list(players))
    seats = list(seats)
    old = [seat.seat_token for seat in seats]
    for seat in seats:
        seat.seat_token = new_share_token()
        seat.seat_seen = None
    SessionPlayer.objects.bulk_update(seats, ["seat_token", "seat_seen"])
    if Session.objects.filter(pk=session.pk, seat_codes_shown=True).exists():
        _announce(session, _take_turn(session.pk))  # the board shows the seats' codes: the new ones now
    transaction.on_commit(lambda: seat_links_rotated.send(sender=Session, session=session, old_tokens=old), robust=True)
    return old


@transaction.atomic
def seat_codes_show(*, session: Session, shown: bool) -> None:
    """Show the seats' QR codes on the board, or hide them again."""
    turn = _take_turn(session.pk)
    Session.objects.filter(pk=session.pk).update(seat_codes_shown=shown)
    session.seat_codes_shown = shown
    _announce(session, turn)


@transaction.atomic
def session_show_odds(*, session: Session, shown: bool) -> None:
    """Show the odds on the board as each game starts, or stop: the board shows it at once."""
    turn = _take_turn(session.pk)
    Session.objects.filter(pk=session.pk).update(show_odds=shown)
    session.show_odds = shown
    _announce(session, turn)


@transaction.atomic
def host_plays_as(*, session: Session, player: Player | None) -> None:
    """The player the host plays as (None: the host does not play): one of the session's."""
    if player is not None and not SessionPlayer.objects.filter(session=session, player=player).exists():
        raise EntryError(SEATS_FROM_SESSION.format(name=player.name))
    Session.objects.filter(pk=session.pk).update(host_player=player)
    session.host_player = player


def seat_seen(token: str, seen: bool = True) -> None:
    """A seat's page was heard from (its socket opened or answered a heartbeat), or closed."""
    SessionPlayer.objects.filter(seat_token=token).update(seat_seen=timezone.now() if seen else None)


# --- Seasons -------------------------------------------------------------------------------------


@transaction.atomic
def season_add(*, host, name: str, first_day: datetime.date, last_day: datetime.date) -> Season:
    """A new season of the host's: a name of its own and days no other season holds."""
    season = Season(host=host)
    return _season_save(season, name, first_day, last_day)


@transaction.atomic
def season_edit(*, season: Season, name: str, first_day: datetime.date, last_day: datetime.date) -> Season:
    """Another name or other days for a season, on the same terms as a new one."""
    return _season_save(season, name, first_day, last_day)


@transaction.atomic
def season_delete(*, season: Season) -> None:
    """The season's name goes; its evenings and games stay, as every other's."""
    season.delete()


def _season_save(season: Season, name: str, first_day: datetime.date, last_day: datetime.date) -> Season:
    """Checked against the host's other seasons with the host's row held until the commit:
    two seasons sent at once cannot both take the same days."""
    get_user_model().objects.select_for_update().filter(pk=season.host_id).first()
    season.name = re.sub(r"\s+", " ", name or "").strip()
    season.first_day, season.last_day = first_day, last_day
    others = Season.objects.filter(host_id=season.host_id).exclude(pk=season.pk)
    errors: dict[str, list[str]] = {}
    if not season.name:
        errors["name"] = [SEASON_NAME_NEEDED]
    elif len(season.name) > 40:
        errors["name"] = [SEASON_NAME_TOO_LONG.format(name=season.name)]
    elif others.filter(name__iexact=season.name).exists():
        errors["name"] = [SEASON_NAME_TAKEN.format(name=season.name)]
    if last_day < first_day:
        errors["last_day"] = [SEASON_BACKWARDS]
    else:
        overlapped = others.filter(first_day__lte=last_day, last_day__gte=first_day).order_by("first_day").first()
        if overlapped is not None:
            errors[NON_FIELD_ERRORS] = [SEASON_OVERLAPS.format(name=overlapped.name, days=overlapped.days)]
    if errors:
        raise ValidationError(errors)
    season.full_clean(validate_constraints=False)  # the checks above said each in words
    season.save()
    return season
