"""A form's id kept with the change it made: the same form sent again (a double tap, a
retry, a round queued offline) does nothing again and answers what it did the first time."""

from __future__ import annotations

import uuid
from collections.abc import Mapping

from engine import EntryError

from ..models import Game, Submission

SUBMISSION_REUSED = (
    "This form was already sent with something else in it ({what}): nothing more was changed. "
    "Reload the page for a fresh form."
)


class AlreadySubmitted(Exception):
    """The same form sent again (a double tap, a retry, a round queued offline): nothing is
    done again; ``submission`` is what it did the first time."""

    def __init__(self, submission: Submission):
        super().__init__(f"{submission} was already received")
        self.submission = submission


class SubmissionReused(EntryError):
    """A submission id already used for something else: refused, nothing changed."""


def check_not_submitted(submission: uuid.UUID | None, game: Game, action: str, content: Mapping) -> None:
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


def keep_submission(
    submission: uuid.UUID | None, game: Game, action: str, content: Mapping, round_number: int | None
) -> None:
    """Keep the submission id with the change, in its transaction: the primary key makes a
    second change from the same form fail (IntegrityError) even when both race."""
    if submission is not None:
        Submission.objects.create(
            id=submission, game=game, action=action, content=dict(content), round_number=round_number
        )
