"""What every change shares: its turn in its session's queue (the session's revision), the
game it makes the one being played, and its announcement (``session_changed``) once the
database has kept it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import NamedTuple

from django.db import transaction
from django.db.models import F, Max
from django.dispatch import Signal

from engine import GameOutcome

from .. import queries
from ..models import Game, Session

# Sent after commit, with ``session=`` and ``revision=`` (the session's, as this change left
# it), whenever a session's games or rounds change; the TV board listens (scoring never
# imports the interface). A change to a game makes it the session's game being played
# (Session.current_game): ``game=`` and ``outcome=`` (its replay, as committed) come too, so
# listeners need not read and replay it again, and ``switched=`` says whether the game being
# played was another one before (the board says which is played now). A change to no game
# (a new session) sends None, None and False. ``phones=True``: a change to the seats' phones
# alone (one opened or closed, the links replaced), told to the screens that show them.
session_changed = Signal()
# Sent after commit, with ``session=`` and ``old_token=``, when a board's address changes.
share_token_rotated = Signal()
# Sent after commit, with ``session=`` and ``old_tokens=``, when seats' addresses change: the
# seat pages open on them are closed.
seat_links_rotated = Signal()

# The sessions as the changes committed within announced() left them.
_announced: ContextVar[list | None] = ContextVar("announced", default=None)


class Turn(NamedTuple):
    """A change's place in its session's queue (see take_turn)."""

    revision: int  # the session's, as this change leaves it
    latest: int | None  # the number of the session's latest game, as the changes before this one left it


def take_turn(session_id: int) -> Turn:
    """A change's first write: count the session's revision up. The update holds the
    session's row until the commit, so the session's changes queue up here, one behind the
    other in every process (every service takes this row first: no deadlock), and the
    revisions follow the order they commit in. What the change reads comes after it (but
    see round_record, which reads first and checks the revision it read: turn_if_unchanged)."""
    if not Session.objects.filter(pk=session_id).update(revision=F("revision") + 1):
        raise Session.DoesNotExist(f"No session {session_id}: it may have been deleted.")
    return Turn(
        *Session.objects.filter(pk=session_id)
        .annotate(latest=Max("games__number"))
        .values_list("revision", "latest")
        .get()
    )


def turn_if_unchanged(session_id: int, revision: int, latest: int | None) -> Turn | None:
    """The session's turn, as take_turn takes it, if its revision is still ``revision``
    (with ``latest`` read beside it): None if a change has been committed since."""
    if not Session.objects.filter(pk=session_id, revision=revision).update(revision=F("revision") + 1):
        return None
    return Turn(revision + 1, latest)


def in_turn(game: Game) -> tuple[Game, Turn]:
    """Take the turn of the game's session, then read the game as the changes before this
    one left it."""
    turn = take_turn(game.session_id)
    return Game.objects.select_related("session").get(pk=game.pk), turn


def play(game: Game, latest: int | None) -> bool:
    """Make ``game`` (read with its session in this change's turn) the session's game being
    played; whether another game was (``latest``, the number of the session's latest game,
    stands for the game being played in a session from before it was kept)."""
    was = game.session.current_game_id
    if was == game.pk:
        return False
    Session.objects.filter(pk=game.session_id).update(current_game=game)
    game.session.current_game = game
    return was is not None or game.number != latest


def announce(
    session: Session,
    turn: Turn,
    game: Game | None = None,
    outcome: GameOutcome | None = None,
    switched: bool = False,
    seat: str | None = None,
    phones: bool = False,
) -> None:
    """Announce the change once committed, with its game (now the game being played) and
    replay; ``seat``, the player whose own hand alone it changed; ``phones``, a change to the
    seats' phones alone (read once as the session stands); ``now``, the session as it
    left it, read once for every listener and for the view that made the change
    (queries.SessionNow; none for a change without a game's replay: each listener reads the
    session). A listener that fails is logged and never undoes or fails the change (robust)."""

    def tell() -> None:
        if phones:
            now = queries.SessionNow(session)
        else:
            now = None if game is None or outcome is None else queries.SessionNow(session, turn.revision, game, outcome)
        if now is not None and not phones and (kept := _announced.get()) is not None:
            kept.append(now)
        session_changed.send(
            sender=Session,
            session=session,
            revision=turn.revision,
            game=game,
            outcome=outcome,
            switched=switched,
            seat=seat,
            phones=phones,
            now=now,
        )

    transaction.on_commit(tell, robust=True)


def board_setting_change(session: Session, **setting: bool) -> None:
    """Change what the board shows of the session (its fields ``setting`` names), in the
    session's turn: the board shows it at once."""
    turn = take_turn(session.pk)
    Session.objects.filter(pk=session.pk).update(**setting)
    for field, value in setting.items():
        setattr(session, field, value)
    announce(session, turn)


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
