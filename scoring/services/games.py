"""A game's writes: its start, its end (Commerce's, by the host) and going back to it."""

from __future__ import annotations

import uuid
from collections.abc import Mapping

from django.db import transaction

from engine import EntryError, GameOutcome, replay

from ..models import Game, Seat, Session, Submission
from ..replays import game_replay, seated_players
from ..statistics import keep_figures
from .announcing import announce, in_turn, play, take_turn
from .submissions import check_not_submitted, keep_submission

GAME_ENDED = "This game has ended: it takes no more rounds."
ONLY_COMMERCE_ENDS = "Only a Commerce game is ended by the host; the others end by their rules."
SEATS_FROM_SESSION = "{name} is not a player of this session."
GAME_OVER_NOT_RESUMED = "{game} is over: start a new game instead."


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
    turn = take_turn(session.pk)  # two games started at once are numbered one after the other
    game = Game(session=session, number=(turn.latest or 0) + 1, kind=kind, options=options)
    game.full_clean()
    game.save()
    Seat.objects.bulk_create(Seat(game=game, player=present[name], position=i) for i, name in enumerate(seat_names))
    Session.objects.filter(pk=session.pk).update(current_game=game)  # a new game is the one played now
    announce(session, turn, game, outcome, switched=True)
    return game


@transaction.atomic
def game_end(*, game: Game, submission: uuid.UUID | None = None) -> GameOutcome:
    """The host ends a Commerce game: the highest balance wins. ``submission``, the
    confirmation's id, makes a second send answer AlreadySubmitted."""
    game, turn = in_turn(game)
    check_not_submitted(submission, game, Submission.Action.END, {})
    if not game.described.ended_by_host:
        raise EntryError(ONLY_COMMERCE_ENDS)
    if game.ended:
        raise EntryError(GAME_ENDED)
    game.ended = True
    game.save(update_fields=["ended"])
    keep_submission(submission, game, Submission.Action.END, {}, None)
    players = seated_players(game)
    outcome = game_replay(game, seats=list(players))
    keep_figures(game, outcome, players)
    announce(game.session, turn, game, outcome, play(game, turn.latest))
    return outcome


@transaction.atomic
def game_resume(*, game: Game) -> bool:
    """The host goes back to a game not finished: it becomes the game being played, and the
    board and every seat's phone follow it. Whether it changed anything (the game being
    played already: nothing); a game over is refused."""
    game, turn = in_turn(game)
    outcome = game_replay(game, seats=list(seated_players(game)))
    if outcome.finished or game.ended:
        raise EntryError(GAME_OVER_NOT_RESUMED.format(game=game))
    if not play(game, turn.latest):
        transaction.set_rollback(True)
        return False
    announce(game.session, turn, game, outcome, switched=True)
    return True
