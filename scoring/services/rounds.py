"""A round's writes: recorded if the engine accepts it, corrected (the game replayed whole)
or, the last one, deleted."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import NamedTuple

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from engine import EntryError, GameOutcome

from ..models import MAX_REVISIONS, MAX_ROUNDS, Game, Performance, Round, RoundRevision, Submission
from ..replays import corrected_replay, game_replay, points_missed, recorded_entries, rounds_told, seated_players
from ..statistics import keep_figures
from .announcing import announce, in_turn, play, take_turn, turn_if_unchanged
from .games import GAME_ENDED
from .submissions import check_not_submitted, keep_submission

ROUND_ALREADY_RECORDED = "Round {number} was already recorded."
ROUND_NOT_NEXT = "This form was for round {number}, but the next round is round {expected}: reload the page."
GAME_FULL = f"This game has reached {MAX_ROUNDS:,} rounds, the most a game keeps: start a new game to go on."
ROUND_CORRECTED_ENOUGH = f"This round has been corrected {MAX_REVISIONS} times, the most a round keeps."
NOT_THE_LAST_ROUND = "Only the last round can be deleted: round {number} is not the last."
NO_ROUNDS = "This game has no round to delete."
SAME_HANDS = "Same hands as round {number}: record again?"


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


def entries_before(game: Game, number: int) -> list[dict]:
    """The entries of the game's rounds recorded before round ``number``, if it is the round
    being entered: RoundAlreadyRecorded if it has been recorded, ROUND_NOT_NEXT if it is ahead."""
    entries = recorded_entries(game)
    expected = len(entries) + 1
    if number < expected:
        raise RoundAlreadyRecorded(ROUND_ALREADY_RECORDED.format(number=number))
    if number > expected:
        raise EntryError(ROUND_NOT_NEXT.format(number=number, expected=expected))
    return entries


def _round_checked(game: Game, number: int, entry: Mapping, check_same_hands: bool = False) -> _CheckedRound:
    """Round ``number`` read against the game as stored and replayed with it; refused, naming
    what and where, if the engine or the game's state refuses it (or, if asked, when its hands
    are the previous round's)."""
    game = Game.objects.select_related("session").annotate(latest=Max("session__games__number")).get(pk=game.pk)
    entries = entries_before(game, number)
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
    if game.described.hindsight:
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
    check_not_submitted(submission, game, action, entry)
    try:
        checked = _round_checked(game, number, entry, check_same_hands)
        with transaction.atomic():
            turn = turn_if_unchanged(game.session_id, checked.game.session.revision, checked.game.latest)
            if turn is None:
                turn = take_turn(game.session_id)
                check_not_submitted(submission, game, action, entry)
                checked = _round_checked(game, number, entry, check_same_hands)
            # The unique (game, number) and the submission's key back the checks above: the
            # change then stops, undone whole.
            round_ = Round.objects.create(
                game=checked.game, number=number, entry=dict(entry), recorded_by=by, told=checked.told
            )
            keep_submission(submission, checked.game, action, entry, number)
            keep_figures(checked.game, checked.outcome, checked.players, checked.missed)
            switched = play(checked.game, checked.game.latest)
            announce(checked.game.session, turn, checked.game, checked.outcome, switched)
    except (IntegrityError, RoundAlreadyRecorded):
        check_not_submitted(submission, game, action, entry)  # a twin of this form committed first
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
    game, turn = in_turn(round.game)
    check_not_submitted(submission, game, Submission.Action.CORRECT, entry)
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
    keep_submission(submission, game, Submission.Action.CORRECT, entry, target.number)
    keep_figures(game, outcome, players, points_missed(_keep_told(rounds, outcome, entries)))
    announce(game.session, turn, game, outcome, play(game, turn.latest))
    return outcome


@transaction.atomic
def round_delete_last(*, game: Game, number: int, submission: uuid.UUID | None = None) -> GameOutcome:
    """Delete the last round (``number`` is the round the host confirmed deleting).
    ``submission``, the confirmation's id, makes a second send answer AlreadySubmitted."""
    game, turn = in_turn(game)
    check_not_submitted(submission, game, Submission.Action.DELETE, {"number": number})
    last = game.rounds.order_by("-number").first()
    if last is None:
        raise EntryError(NO_ROUNDS)
    if last.number != number:
        raise EntryError(NOT_THE_LAST_ROUND.format(number=number))
    last.delete()
    keep_submission(submission, game, Submission.Action.DELETE, {"number": number}, number)
    players = seated_players(game)
    rounds = list(game.rounds.order_by("number"))
    entries = [r.entry for r in rounds]
    outcome = game_replay(game, entries, list(players))
    keep_figures(game, outcome, players, points_missed(_keep_told(rounds, outcome, entries)))
    announce(game.session, turn, game, outcome, play(game, turn.latest))
    return outcome
