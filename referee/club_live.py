"""A club night's live screens after a committed change: its big screen (referee.screen), its
organiser's page (referee.organiser) and its players' own pages (referee.nights), from one read
of the event (club_night.EventNow).
Told on a change to the event itself (scoring.services.event_changed) and on a change to one of
its tables' games (session_changed of a table's session: the screen shows each table's state;
a table's players are offered to confirm its result once its game is over: their own part alone,
as a table's game moves what every player sees alike only once its result is confirmed)."""

from __future__ import annotations

from scoring.club_night import EventNow
from scoring.models import Entrant, Event, EventTable, Session

from .nights.broadcast import close_night, tell_nights
from .organiser.broadcast import tell_organiser
from .screen.broadcast import tell_screen


def event_told(
    sender=None, *, event: Event, tables: list[int] | None = None, withdrawn: Entrant | None = None, **kwargs
) -> None:
    """A change to the event: the screen, and the players' pages it concerns (``tables``: the
    players of those tables; None: everyone); a player who withdrew has their pages closed."""
    now = EventNow(event)
    tell_screen(event, now)
    tell_organiser(event, now)
    tell_nights(event, tables, now)
    if withdrawn is not None:
        close_night(event, withdrawn)


def table_told(sender=None, *, session: Session, seat: str | None = None, phones: bool = False, **kwargs) -> None:
    """A change to a game, if it is a club night's table's (Session.club_table: no query for
    any other evening): a seat's hand or phone alone changes nothing the event's screens show."""
    if seat or phones or not session.club_table:
        return
    table = EventTable.objects.filter(session=session).select_related("round__event").first()
    if table is None:
        return
    event = table.round.event
    now = EventNow(event)
    # The standings count confirmed results: a table's game moves them once its result is
    # confirmed (a correction), never before.
    confirmed = table.confirmed_at is not None
    if confirmed:
        tell_screen(event, now)
        tell_organiser(event, now)
    else:  # the tables' parts alone
        tell_screen(event, now, ("tables",))
        tell_organiser(event, now, ("tables",))
    tell_nights(event, [table.pk], now, shared=confirmed)
