"""An evening's writes: its start, with its players, and what its board shows."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models.functions import Lower

from engine.bidi import isolate, without_controls

from ..models import Player, Session, SessionPlayer, new_share_token
from .announcing import announce, board_setting_change, share_token_rotated, take_turn
from .names import clean_names

TITLE_NEEDED = "Give the session a title."
TWO_PLAYERS_NEEDED = "A session needs at least two players."
NAME_TOO_LONG = "“{name}” is too long: at most 24 characters."
NAME_TWICE = "{name} is entered twice: each player once."


@transaction.atomic
def session_start(
    *, host, title: str, played_on: datetime.date, player_names: Iterable[str], show_odds: bool = False
) -> Session:
    """A new evening: its players are taken from the host's circle by name (ignoring case)
    or added to it. ``show_odds``: the board shows the odds as each game starts."""
    title = without_controls(title or "").strip()  # as names are kept (services.names)
    names, repeated = clean_names(player_names)
    errors: dict[str, list[str]] = {}
    if not title:
        errors["title"] = [TITLE_NEEDED]
    if repeated:  # said before counting: "ann, Ann" is two people meant, or a slip
        errors["players"] = [NAME_TWICE.format(name=isolate(name)) for name in sorted(repeated, key=str.casefold)]
    elif len(names) < 2:
        errors["players"] = [TWO_PLAYERS_NEEDED]
    for name in names:
        if len(name) > 24:
            errors.setdefault("players", []).append(NAME_TOO_LONG.format(name=isolate(name)))
    if errors:
        raise ValidationError(errors)
    session = Session(host=host, title=title, played_on=played_on, show_odds=show_odds)
    session.full_clean()
    session.save()
    SessionPlayer.objects.bulk_create(  # in the order named: the table's seat order
        SessionPlayer(session=session, player=player, position=position)
        for position, player in enumerate(players_named(host=host, names=names))
    )
    announce(session, take_turn(session.pk))
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


@transaction.atomic
def session_rotate_story_token(*, session: Session) -> str:
    """A new public link for the night's story: the old one answers 404 from now on (nothing
    stays open on it: the story's page is read once). Returns the old token."""
    old = session.story_token
    session.story_token = new_share_token()
    session.save(update_fields=["story_token"])
    return old


@transaction.atomic
def session_show_odds(*, session: Session, shown: bool) -> None:
    """Show the odds on the board as each game starts, or stop: the board shows it at once."""
    board_setting_change(session, show_odds=shown)


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
