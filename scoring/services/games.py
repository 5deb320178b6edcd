"""A game's writes: its start, its end by the host (Commerce's, or any game's as it stands)
and going back to it (which takes back the host's end)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence

from django.db import transaction

from engine import EntryError, GameOutcome, replay

from ..models import Game, Seat, Session, Submission
from ..queries import games_of
from ..replays import game_replay, seated_players
from ..statistics import keep_figures
from .announcing import announce, in_turn, play, take_turn
from .submissions import AlreadySubmitted, check_not_submitted, keep_submission

GAME_ENDED = "This game has ended: it takes no more rounds."
GAME_OVER_NOT_ENDED = "{game} is over already: its rules ended it."
SEATS_FROM_SESSION = "{name} is not a player of this session."
GAME_OVER_NOT_RESUMED = "{game} is over: start a new game instead."


class GameOver(EntryError):
    """A game its rules finished, or one ended already: not ended (again)."""


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
    """The host ends a game as it stands: Commerce, which ends no other way, or any game its
    rules have not finished (docs/rules.md, Ending a game as it stands): the highest standing
    of those still in wins. ``submission``, the confirmation's id, makes a second send answer
    AlreadySubmitted."""
    game, turn = in_turn(game)
    check_not_submitted(submission, game, Submission.Action.END, {})
    if game.ended:
        raise GameOver(GAME_ENDED)
    players = seated_players(game)
    if game_replay(game, seats=list(players)).finished:
        raise GameOver(GAME_OVER_NOT_ENDED.format(game=game))
    game.ended = True
    game.save(update_fields=["ended"])
    keep_submission(submission, game, Submission.Action.END, {}, None)
    outcome = game_replay(game, seats=list(players))
    keep_figures(game, outcome, players)
    announce(game.session, turn, game, outcome, play(game, turn.latest))
    return outcome


@transaction.atomic
def games_end_as_they_stand(*, session: Session, numbers: Sequence[int], submission: uuid.UUID | None) -> list[Game]:
    """The host ends the evening's games of ``numbers`` still open, each as it stands
    (game_end), in one transaction: all or none. A game finished or ended since the host was
    asked (on another phone, say) is left as it is; the game being played is ended last, so
    the board stays on it. ``submission``, the form's id, gives each game an id of its own made
    from it: a second send ends nothing again, even a game the host has gone back to since.
    The games ended now."""
    open_ = [
        state.game
        for state in games_of(session)
        if state.game.number in numbers and state.outcome and not state.outcome.finished
    ]
    playing = Session.objects.filter(pk=session.pk).values_list("current_game_id", flat=True).get()
    open_.sort(key=lambda game: game.pk == playing)
    ended = []
    for game in open_:
        try:
            game_end(game=game, submission=submission and uuid.uuid5(submission, str(game.public_id)))
        except (AlreadySubmitted, GameOver):  # this form ended it already, or another since
            continue
        ended.append(game)
    return ended


@transaction.atomic
def game_resume(*, game: Game) -> bool:
    """The host goes back to a game not finished, or one they ended (its end taken back: it
    counts nowhere as ended until ended again): it becomes the game being played, and the
    board and every seat's phone follow it. Whether it changed anything (the game being
    played already and not ended: nothing); a game its rules finished is refused."""
    game, turn = in_turn(game)
    players = seated_players(game)
    reopened = game.ended
    if reopened:
        game.ended = False
        game.save(update_fields=["ended"])
    outcome = game_replay(game, seats=list(players))
    if outcome.finished:
        raise EntryError(GAME_OVER_NOT_RESUMED.format(game=game))
    if reopened:
        keep_figures(game, outcome, players)
    if not play(game, turn.latest) and not reopened:
        transaction.set_rollback(True)
        return False
    announce(game.session, turn, game, outcome, switched=True)
    return True
