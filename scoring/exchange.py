"""Export and import: a host's sessions (and club nights) as a documented JSON file, and back.

The file (format "brag-referee", version 2), keys sorted, two-space indents:

    {"format": "brag-referee", "version": 2,
     "players": ["Ann", "Bob", ...],                       # the host's circle
     "seasons": [{"name": "Autumn 2026", "first_day": "2026-09-01", "last_day": "2026-11-30"}],
     "sessions": [{"title": "Friday", "played_on": "2026-11-20", "players": ["Ann", ...],
                   "games": [{"number": 1, "kind": "crash", "options": {...}, "ended": false,
                              "seats": ["Ann", "Bob"],       # clockwise
                              "rounds": [{"number": 1, "entry": {...},   # exactly as entered
                                          "recorded_at": "...", "corrected_at": null,
                                          "revisions": [{"number": 1, "entry": {...},
                                                         "replaced_at": "..."}]}]}]}],
     "events": [{"name": "Friday club", "held_on": "2026-11-29", "kind": "stop_the_bus",
                 "options": {...}, "rounds": 3, "table_size": 4, "seating": "random", "seed": 12,
                 "entrants": [{"name": "Ann", "withdrawn": false, "checked_in": "..."}],
                 "drawn": [{"number": 1, "seating": "random", "repeats": 0, "fewest": 0,
                            "explained": "...", "started": "...",
                            "tables": [{"number": 1, "seats": ["Ann", ...], "captain": "Ann",
                                        "hosts": ["Ann"],  # who hosted it: its captain, then any who carried on
                                        "session": 0,     # its game's session: a place in "sessions"
                                        "confirmed_at": "...", "confirmed_by": "the organiser"}]}]}]}

A version 1 file (before club nights) has no events, and imports as it always did; a version 2
file from before tables' hosts has none, and a table whose game is going on is its captain's.

Ids, share tokens and accounts are not in it: an import makes new ones for the host who
imports it, so exporting again gives the same file. An import is checked whole (shape and
limits, names, every game replayed through the engine and every replaced entry checked by
it) before anything is saved, then written in batches. A session already in the account
(same title, date, players, and games with the same rounds) is skipped, so importing a
file twice makes no copies; so is a season it already has (same name, same days), and an
event (a club night) alike in all but moments. A file from before
seasons, without them, imports as it always did. docs/export-format.md documents every field.

A module of its own, beside services/ and queries.py: an import is one write path (checked
whole, then written in one transaction), an export one read, and each is the file's format.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from engine import GAMES, EntryError, game_of, replay

from .models import (
    MAX_EVENT_ROUNDS,
    MAX_REVISIONS,
    MAX_ROUNDS,
    Entrant,
    Event,
    EventRound,
    EventSeat,
    EventTable,
    Game,
    Performance,
    Player,
    Round,
    RoundRevision,
    Season,
    Seat,
    Session,
)
from .replays import points_missed, replay_options, rounds_told
from .statistics import performance_rows

# The version a file is written in; an older one is read as it was written (a version 1 file,
# from before club nights, has no events). A change that an older reader would misread
# (a new kind of record, a field changing meaning) takes the next version.
FORMAT, VERSION = "brag-referee", 2
READABLE = (1, 2)


class ImportRefused(ValueError):
    """A file that cannot be imported; the message says what and where."""


@dataclass(frozen=True)
class Imported:
    """What an import did: the sessions it made, and how many of the file's were already here;
    the same of its events (club nights)."""

    sessions: list[Session]
    skipped: int
    events: tuple[Event, ...] = ()
    events_skipped: int = 0

    def __iter__(self) -> Iterator:
        """Unpacked as (sessions, skipped), as it was before events."""
        return iter((self.sessions, self.skipped))


IMPORTED = "{sessions} imported"
SKIPPED = ", {count:,} already here {were} skipped"


def import_summary(imported: Imported) -> str:
    """What an import did, in words: "2 sessions imported, 3 already here were skipped"."""
    said = IMPORTED.format(sessions=_sessions(len(imported.sessions)))
    if imported.skipped:
        said += SKIPPED.format(count=imported.skipped, were="was" if imported.skipped == 1 else "were")
    if imported.events or imported.events_skipped:
        count = len(imported.events)
        said += f"; {count:,} club night{'' if count == 1 else 's'} imported"
        if imported.events_skipped:
            skipped = imported.events_skipped
            said += SKIPPED.format(count=skipped, were="was" if skipped == 1 else "were")
    return said


def _sessions(count: int) -> str:
    return f"{count:,} session{'' if count == 1 else 's'}"


# --- Export -----------------------------------------------------------------------------------


def export_sessions(host, sessions: Iterable[Session] | None = None) -> dict:
    """The host's sessions (or those given) as plain data, in the order they were played."""
    chosen = (
        Session.objects.filter(host=host)
        if sessions is None
        else Session.objects.filter(host=host, pk__in=[s.pk for s in sessions])
    )
    chosen = list(chosen.order_by("played_on", "created", "pk").prefetch_related("players"))
    games = Game.objects.filter(session__in=chosen).order_by("session_id", "number")
    seats = Seat.objects.filter(game__in=games).select_related("player").order_by("game_id", "position")
    rounds = Round.objects.filter(game__in=games).order_by("game_id", "number")
    revisions = RoundRevision.objects.filter(round__in=rounds).order_by("round_id", "number")
    seats_of, rounds_of, revisions_of, games_of = {}, {}, {}, {}
    for seat in seats:
        seats_of.setdefault(seat.game_id, []).append(seat.player.name)
    for revision in revisions:
        revisions_of.setdefault(revision.round_id, []).append(
            {"number": revision.number, "entry": revision.entry, "replaced_at": _when(revision.replaced_at)}
        )
    for round_ in rounds:
        rounds_of.setdefault(round_.game_id, []).append(
            {
                "number": round_.number,
                "entry": round_.entry,
                "recorded_at": _when(round_.recorded_at),
                "corrected_at": _when(round_.corrected_at),
                "revisions": revisions_of.get(round_.pk, []),
            }
        )
    for game in games:
        games_of.setdefault(game.session_id, []).append(
            {
                "number": game.number,
                "kind": game.kind,
                "options": game.options,
                "ended": game.ended,
                "seats": seats_of.get(game.pk, []),
                "rounds": rounds_of.get(game.pk, []),
            }
        )
    circle = sorted(
        {p.name for s in chosen for p in s.players.all()}
        if sessions is not None
        else set(Player.objects.filter(host=host).values_list("name", flat=True)),
        key=str.casefold,
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": circle,
        "seasons": _export_seasons(host, None if sessions is None else {s.played_on for s in chosen}),
        # An event's tables are sessions of the export: chosen sessions leave the events out.
        "events": export_events(host, {s.pk: i for i, s in enumerate(chosen)}) if sessions is None else [],
        "sessions": [
            {
                "title": s.title,
                "played_on": s.played_on.isoformat(),
                "players": sorted((p.name for p in s.players.all()), key=str.casefold),
                "games": games_of.get(s.pk, []),
            }
            for s in chosen
        ],
    }


def export_events(host, sessions: dict[int, int], events: Iterable[Event] | None = None) -> list[dict]:
    """The organiser's events (or those given), oldest first, each table naming its game's
    session by its place in the file (``sessions``: a session's id to its place; None if not
    there). Six queries, however many events."""
    chosen = Event.objects.filter(organiser=host)
    if events is not None:
        chosen = chosen.filter(pk__in=[e.pk for e in events])
    chosen = list(chosen.order_by("held_on", "created", "pk"))
    entrants = Entrant.objects.filter(event__in=chosen).select_related("player").order_by("checked_in", "id")
    rounds = EventRound.objects.filter(event__in=chosen).order_by("number")
    tables = EventTable.objects.filter(round__event__in=chosen).select_related("captain__player").order_by("number")
    seats = EventSeat.objects.filter(round__event__in=chosen).select_related("entrant__player").order_by("position")
    hosts = (
        EventTable.hosts.through.objects.filter(eventtable__round__event__in=chosen)
        .select_related("entrant__player")
        .order_by("id")  # as they hosted: the captain, then each who carried on
    )
    seats_of, hosts_of, tables_of, rounds_of, entrants_of = {}, {}, {}, {}, {}
    for seat in seats:
        seats_of.setdefault(seat.table_id, []).append(seat.entrant.player.name)
    for hosted in hosts:
        hosts_of.setdefault(hosted.eventtable_id, []).append(hosted.entrant.player.name)
    for table in tables:
        tables_of.setdefault(table.round_id, []).append(
            {
                "number": table.number,
                "seats": seats_of.get(table.pk, []),
                "captain": table.captain.player.name if table.captain else None,
                "hosts": hosts_of.get(table.pk, []),
                "session": sessions.get(table.session_id) if table.session_id else None,
                "confirmed_at": _when(table.confirmed_at),
                "confirmed_by": table.confirmed_by,
            }
        )
    for event_round in rounds:
        rounds_of.setdefault(event_round.event_id, []).append(
            {
                "number": event_round.number,
                "seating": event_round.seating,
                "repeats": event_round.repeats,
                "fewest": event_round.fewest,
                "explained": event_round.explained,
                "started": _when(event_round.started),
                "tables": tables_of.get(event_round.pk, []),
            }
        )
    for entrant in entrants:
        entrants_of.setdefault(entrant.event_id, []).append(
            {"name": entrant.player.name, "withdrawn": entrant.withdrawn, "checked_in": _when(entrant.checked_in)}
        )
    return [
        {
            "name": event.name,
            "held_on": event.held_on.isoformat(),
            "kind": event.kind,
            "options": event.options,
            "rounds": event.rounds,
            "table_size": event.table_size,
            "seating": event.seating,
            "seed": event.seed,
            "entrants": entrants_of.get(event.pk, []),
            "drawn": rounds_of.get(event.pk, []),
        }
        for event in chosen
    ]


def _export_seasons(host, days: set[datetime.date] | None) -> list[dict]:
    """The host's seasons, earliest first: all of them, or (``days``: an export of chosen
    sessions) those holding one of the sessions' days."""
    return [
        {"name": season.name, "first_day": season.first_day.isoformat(), "last_day": season.last_day.isoformat()}
        for season in Season.objects.filter(host=host).order_by("first_day")
        if days is None or any(season.holds(day) for day in days)
    ]


def to_json(data: dict) -> str:
    """The file's text: keys sorted, so the same data always gives the same file."""
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _when(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


# --- Import -------------------------------------------------------------------------------------

# What a file may hold: years of evenings fit, and within these limits a file is checked and
# written in bounded time (each round or revision is refereed and written; each game and seat
# written). Each refusal names the place and the limit.
MAX_BYTES = 20 * 1024 * 1024
MAX_PLAYERS = 1_000  # the file's circle; the sessions' players are among them
MAX_SESSIONS = 1_000
MAX_SEASONS = 1_000
MAX_SESSION_PLAYERS = 50
MAX_GAMES = 100  # a session's
MAX_SEATS = 16  # the engine's largest table
MAX_FILE_GAMES = 2_000
MAX_FILE_ENTRIES = 50_000  # rounds and revisions
MAX_FILE_CRASH_ROUNDS = 2_000  # each is worked out again for hindsight (a few ms a round)
# An entry or a game's options: plain JSON as the engine takes it ({"hands": {"Ann": ["AS KS QS"]}}),
# with room for a table's 16 hands in one object and a declaration's 13 cards, as typed, in one text.
MAX_TEXT, MAX_ITEMS, MAX_DEPTH = 200, 20, 4
BATCH = 1_000  # rows an insert writes at most
FILE_TOO_BIG = "the file is {size:,} bytes: at most {limit:,} are accepted"
STORABLE = "text without a NUL character or half of a surrogate pair"
NESTED_TOO_DEEPLY = "the file is nested too deeply: it is not a Brag referee export"


class _Game(NamedTuple):
    """A checked game, as the writer takes it."""

    session: int  # its session's place in the file
    item: dict
    figures: list[Performance]  # read off the checked replay, in seat order; game and player set when written
    told: dict[int, list[dict]]  # each round's hindsight (Round.told), by number


@transaction.atomic
def import_sessions(host, text: str | bytes) -> Imported:
    """Recreate the file's sessions for ``host``, but those already in the account; refuse
    the whole file, saving nothing, if any part of it is wrong."""
    data = _parse(text)
    seasons = _check_seasons(data.get("seasons"))
    sessions, games = _check(data)
    events = _check_events(data.get("events"), data["players"], sessions, games)
    Season.objects.bulk_create(_new_seasons(host, seasons), batch_size=BATCH)
    here = _already_here(host, sessions)
    new = {s: item for s, item in enumerate(sessions) if s not in here}
    players = _players(host, data["players"])
    created = dict(
        zip(
            new,
            Session.objects.bulk_create(
                [
                    Session(host=host, title=item["title"], played_on=datetime.date.fromisoformat(item["played_on"]))
                    for item in new.values()
                ],
                batch_size=BATCH,
            ),
            strict=True,
        )
    )
    Member = Session.players.through
    Member.objects.bulk_create(
        [
            Member(session=created[s], player=players[name], position=position)
            for s, item in new.items()
            for position, name in enumerate(item["players"])
        ],
        batch_size=BATCH,
    )
    for batch in _batches((g for g in games if g.session in created), BATCH):
        _write_games(host, batch, created, players)
    made, skipped = _write_events(host, events, {**here, **created}, players)
    return Imported(list(created.values()), len(here), tuple(made), skipped)


def _already_here(host, sessions: list[dict]) -> dict[int, Session]:
    """The places in the file of the sessions the host already has, alike in all but ids and
    moments, each with the host's session. Only the host's sessions of the file's titles and
    dates are read: a fixed number of queries, whatever the file or the account holds."""
    days = {(item["title"], _day(item)) for item in sessions}
    alike = [
        session
        for session in Session.objects.filter(
            host=host, title__in={title for title, _ in days}, played_on__in={day for _, day in days}
        ).only("pk", "title", "played_on", "created")
        if (session.title, session.played_on.isoformat()) in days
    ]
    if not alike:
        return {}
    alike.sort(key=lambda session: (session.played_on, session.created, session.pk))  # as the export orders them
    here = {_likeness(item): session for item, session in zip(export_sessions(host, alike)["sessions"], alike)}
    return {s: here[_likeness(item)] for s, item in enumerate(sessions) if _likeness(item) in here}


def _day(item: dict) -> str:
    return datetime.date.fromisoformat(item["played_on"]).isoformat()


def _likeness(item: dict) -> str:
    """A session as a host tells two apart: title, date, players, and each game's kind,
    options, seats, end and rounds as entered (not when they were entered or corrected)."""
    return json.dumps(
        [
            item["title"],
            _day(item),
            sorted(item["players"], key=str.casefold),
            [
                [g["kind"], g["options"], g["ended"], g["seats"], [r["entry"] for r in g["rounds"]]]
                for g in item["games"]
            ],
        ],
        sort_keys=True,
    )


def _write_games(host, checked: list[_Game], sessions: dict[int, Session], players: dict[str, Player]) -> None:
    """Games with their seats and figures, then their rounds and revisions, a batch at a time."""
    games = Game.objects.bulk_create(
        [
            Game(
                session_id=sessions[g.session].pk,
                number=g.item["number"],
                kind=g.item["kind"],
                options=g.item["options"],
                ended=g.item["ended"],
            )
            for g in checked
        ]
    )
    Seat.objects.bulk_create(
        [
            Seat(game_id=game.pk, player_id=players[name].pk, position=i)
            for game, g in zip(games, checked)
            for i, name in enumerate(g.item["seats"])
        ],
        batch_size=BATCH,
    )
    for game, g in zip(games, checked):
        for row, name in zip(g.figures, g.item["seats"]):  # no rows for a game without a round
            row.game_id, row.player_id = game.pk, players[name].pk
    Performance.objects.bulk_create([row for g in checked for row in g.figures], batch_size=BATCH)
    for batch in _batches(((game, g, r) for game, g in zip(games, checked) for r in g.item["rounds"]), BATCH):
        rounds = Round.objects.bulk_create(
            [
                Round(
                    game_id=game.pk,
                    number=r["number"],
                    entry=r["entry"],
                    recorded_at=_moment(r["recorded_at"]),
                    corrected_at=_moment(r.get("corrected_at")),
                    recorded_by_id=host.pk,
                    told=g.told[r["number"]],
                )
                for game, g, r in batch
            ]
        )
        RoundRevision.objects.bulk_create(
            [
                RoundRevision(
                    round_id=round_.pk,
                    number=v["number"],
                    entry=v["entry"],
                    replaced_at=_moment(v["replaced_at"]),
                    replaced_by_id=host.pk,
                )
                for round_, (_, _, r) in zip(rounds, batch)
                for v in r["revisions"]
            ],
            batch_size=BATCH,
        )


def _batches(items: Iterable, size: int) -> Iterator[list]:
    items = iter(items)
    while batch := list(islice(items, size)):
        yield batch


def _new_seasons(host, seasons: list[Season]) -> list[Season]:
    """The file's seasons the host does not have yet (the same name and days: already here).
    One that would share a name or a day with another of the host's is refused, as adding it
    on the seasons' page would be: the host's row is held until the commit, as there."""
    get_user_model().objects.select_for_update().filter(pk=host.pk).first()
    mine = list(Season.objects.filter(host=host))
    new = []
    for i, season in enumerate(seasons):
        same = next((s for s in mine if s.name.casefold() == season.name.casefold()), None)
        if same is not None and (same.first_day, same.last_day) == (season.first_day, season.last_day):
            continue
        if same is not None:
            raise ImportRefused(
                f"seasons[{i}]: {season.name} runs {season.days} in the file but {same.days} in your seasons: "
                "rename or change one of them first"
            )
        overlapped = next((s for s in mine if _overlap(s, season)), None)
        if overlapped is not None:
            raise ImportRefused(
                f"seasons[{i}]: {season.name} ({season.days}) shares days with your season {overlapped.name} "
                f"({overlapped.days}): a day belongs to one season at most; change the dates of one of them first"
            )
        season.host = host
        new.append(season)
    return new


def _overlap(one: Season, other: Season) -> bool:
    return one.first_day <= other.last_day and other.first_day <= one.last_day


def _players(host, names: list[str]) -> dict[str, Player]:
    """The host's players of the file's names, adding the new ones. A name the host's circle
    spells otherwise is refused: the rounds name players as their seats do."""
    existing = {p.name.casefold(): p for p in Player.objects.filter(host=host)}
    for i, name in enumerate(names):
        player = existing.get(name.casefold())
        if player is not None and player.name != name:
            raise ImportRefused(f"players[{i}]: {name} is spelt {player.name} in your circle: rename one of them first")
    new = Player.objects.bulk_create(
        [Player(host=host, name=name) for name in names if name.casefold() not in existing], batch_size=BATCH
    )
    return {p.name: p for p in [*existing.values(), *new]}


def _parse(text: str | bytes) -> dict:
    if len(text) > MAX_BYTES:
        raise ImportRefused(FILE_TOO_BIG.format(size=len(text), limit=MAX_BYTES))
    try:
        data = json.loads(text)
    except RecursionError:
        raise ImportRefused(NESTED_TOO_DEEPLY) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise ImportRefused(f"the file is not JSON (it may be truncated): {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused(f'this is not a Brag referee export: expected "format": "{FORMAT}"')
    version = data.get("version")
    if isinstance(version, bool) or version not in READABLE:
        raise ImportRefused(
            f"version {_shown(version)} of the file format is not supported: expected "
            + " or ".join(map(str, READABLE))
        )
    if version < 2 and data.get("events"):
        raise ImportRefused("events: a version 1 file holds no events (club nights came with version 2)")
    return data


def _shown(value) -> str:
    """A value of the file in a refusal: short, whatever it is."""
    if isinstance(value, (list, dict)):
        return "[…]" if isinstance(value, list) else "{…}"
    text = repr(value)
    return text if len(text) <= 20 else text[:19] + "…"


def _expect(condition: bool, where: str, what: str) -> None:
    if not condition:
        raise ImportRefused(f"{where}: expected {what}")


def _text(value, where: str, low: int, high: int, what: str) -> str:
    _expect(isinstance(value, str) and low <= len(value.strip()) and len(value) <= high, where, what)
    _expect(_storable(value), where, STORABLE)
    return value


def _storable(text: str) -> bool:
    """Text a database keeps as it is: no NUL, no half of a surrogate pair."""
    if "\x00" in text:
        return False
    if text.isascii():
        return True
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _name(value, where: str) -> str:
    return _text(value, where, 1, 24, "a name of 1 to 24 characters")


def _list(value, where: str, limit: int) -> list:
    _expect(isinstance(value, list) and len(value) <= limit, where, f"a list (at most {limit:,} items)")
    return value


def _names(value, where: str, limit: int) -> list:
    """A list of players' names. One name alone ("Ann") is said as such, not read letter by
    letter (which refused it for "n" twice)."""
    if isinstance(value, str):
        raise ImportRefused(f'{where}: expected a list of names, such as ["Ann", "Bob"], not the text {_shown(value)}')
    _expect(isinstance(value, list) and len(value) <= limit, where, f"a list of names (at most {limit:,})")
    return value


def _plain(value, where: str, depth: int = 1) -> None:
    """An entry or a game's options: JSON as the engine takes it, small enough to be shown in a
    refusal and kept as it is."""
    if isinstance(value, str):
        _expect(len(value) <= MAX_TEXT, where, f"text of at most {MAX_TEXT} characters")
        _expect(_storable(value), where, STORABLE)
    elif isinstance(value, float):
        _expect(math.isfinite(value), where, "a finite number")
    elif isinstance(value, (list, dict)):
        _expect(depth <= MAX_DEPTH, where, f"at most {MAX_DEPTH} levels of lists and objects")
        _expect(len(value) <= MAX_ITEMS, where, f"at most {MAX_ITEMS} items")
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            if isinstance(key, str):
                _expect(
                    len(key) <= MAX_TEXT and _storable(key),
                    f"{where} (a key)",
                    f"text of at most {MAX_TEXT} characters, without a NUL or half of a surrogate pair",
                )
            # Most items are short text: their place is spelt out only for a closer look.
            if not (isinstance(item, str) and len(item) <= MAX_TEXT and _storable(item)):
                _plain(item, f"{where}.{key}" if isinstance(key, str) else f"{where}[{key}]", depth + 1)


def _moment(value) -> datetime.datetime | None:
    """A date and time of the file, in the default time zone if it names none; None if it is
    not one, or so near the ends of the calendar that another time zone overflows it."""
    try:
        moment = parse_datetime(value) if isinstance(value, str) and len(value) <= 40 else None
    except ValueError:  # the right shape but no such moment: 2026-02-30
        return None
    if moment is None or not 1 < moment.year < 9999:
        return None
    return timezone.make_aware(moment, timezone.get_default_timezone()) if timezone.is_naive(moment) else moment


def _date(value, where: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ImportRefused(f"{where}: expected a date like 2026-11-22") from None


def _check_seasons(value) -> list[Season]:
    """The file's seasons (none in a file from before them), unsaved: each a name of its own
    and days no other of the file's holds."""
    if value is None:
        return []
    seasons: list[Season] = []
    for i, item in enumerate(_list(value, "seasons", MAX_SEASONS)):
        where = f"seasons[{i}]"
        _expect(isinstance(item, dict), where, "an object")
        name = _text(item.get("name"), f"{where}.name", 1, 40, "a name of 1 to 40 characters")
        season = Season(
            name=name,
            first_day=_date(item.get("first_day"), f"{where}.first_day"),
            last_day=_date(item.get("last_day"), f"{where}.last_day"),
        )
        _expect(season.first_day <= season.last_day, f"{where}.last_day", "a day on or after its first_day")
        for j, other in enumerate(seasons):
            _expect(
                other.name.casefold() != name.casefold(),
                f"{where}.name",
                f"a name of its own (seasons[{j}] has it, ignoring case)",
            )
            _expect(
                not _overlap(other, season),
                where,
                f"days no other season holds (seasons[{j}], {other.name}, runs {other.days})",
            )
        seasons.append(season)
    return seasons


def _check(data: dict) -> tuple[list[dict], list[_Game]]:
    """Every part of the file, by its place in it; every game replayed by the engine."""
    circle: dict[str, str] = {}
    for i, name in enumerate(_names(data.get("players"), "players", MAX_PLAYERS)):
        _expect(
            _name(name, f"players[{i}]").casefold() not in circle, f"players[{i}]", "each name once (ignoring case)"
        )
        circle[name.casefold()] = name
    sessions = _list(data.get("sessions"), "sessions", MAX_SESSIONS)
    games, entries, crash_rounds = [], 0, 0
    for s, item in enumerate(sessions):
        where = f"sessions[{s}]"
        _expect(isinstance(item, dict), where, "an object")
        _text(item.get("title"), f"{where}.title", 1, 80, "a title of 1 to 80 characters")
        _date(item.get("played_on"), f"{where}.played_on")
        present: set[str] = set()
        for i, name in enumerate(_names(item.get("players"), f"{where}.players", MAX_SESSION_PLAYERS)):
            _expect(
                circle.get(_name(name, f"{where}.players[{i}]").casefold()) == name,
                f"{where}.players[{i}]",
                "one of the file's players, spelt as there",
            )
            _expect(name not in present, f"{where}.players[{i}]", "each player once")
            present.add(name)
        for g, game in enumerate(_list(item.get("games"), f"{where}.games", MAX_GAMES)):
            at, fewer = f"{where}.games[{g}]", "in the file (export fewer sessions at a time)"
            _expect(len(games) < MAX_FILE_GAMES, at, f"at most {MAX_FILE_GAMES:,} games {fewer}")
            entries += _check_game(game, at, present, g + 1)
            _expect(entries <= MAX_FILE_ENTRIES, at, f"at most {MAX_FILE_ENTRIES:,} rounds and revisions {fewer}")
            crash_rounds += len(game["rounds"]) if game_of(game["kind"]).hindsight else 0  # hindsight's cost
            _expect(
                crash_rounds <= MAX_FILE_CRASH_ROUNDS, at, f"at most {MAX_FILE_CRASH_ROUNDS:,} Crash rounds {fewer}"
            )
            games.append(_Game(s, game, *_referee(game, at)))
    return sessions, games


def _check_game(game, where: str, present: set[str], number: int) -> int:
    """The game's shape; returns how many rounds and revisions it holds."""
    _expect(isinstance(game, dict), where, "an object")
    _expect(game.get("number") == number, f"{where}.number", f"{number} (games are numbered in order)")
    kind = game.get("kind")  # one of the games registered now
    _expect(isinstance(kind, str) and kind in GAMES, f"{where}.kind", f"one of {', '.join(GAMES)}")
    _expect(isinstance(game.get("options"), dict), f"{where}.options", "an object")
    _plain(game["options"], f"{where}.options")
    _expect(isinstance(game.get("ended"), bool), f"{where}.ended", "true or false")
    seats = _names(game.get("seats"), f"{where}.seats", MAX_SEATS)
    for i, name in enumerate(seats):
        _expect(isinstance(name, str) and name in present, f"{where}.seats[{i}]", "a player of the session")
    rounds = _list(game.get("rounds"), f"{where}.rounds", MAX_ROUNDS)
    entries = len(rounds)
    for r, round_ in enumerate(rounds):
        at = f"{where}.rounds[{r}]"
        _expect(isinstance(round_, dict), at, "an object")
        _expect(round_.get("number") == r + 1, f"{at}.number", f"{r + 1} (rounds are numbered in order)")
        _plain(round_.get("entry"), f"{at}.entry")
        _expect(_moment(round_.get("recorded_at")) is not None, f"{at}.recorded_at", "a date and time")
        _expect(
            round_.get("corrected_at") is None or _moment(round_["corrected_at"]) is not None,
            f"{at}.corrected_at",
            "a date and time or null",
        )
        for v, revision in enumerate(_list(round_.get("revisions"), f"{at}.revisions", MAX_REVISIONS)):
            _expect(
                isinstance(revision, dict)
                and revision.get("number") == v + 1
                and isinstance(revision.get("entry"), dict)
                and _moment(revision.get("replaced_at")) is not None,
                f"{at}.revisions[{v}]",
                "a revision numbered in order, with its entry and when it was replaced",
            )
            _plain(revision["entry"], f"{at}.revisions[{v}].entry")
        entries += len(round_["revisions"])
    return entries


def _referee(game: dict, where: str) -> tuple[list[Performance], dict[int, list[dict]]]:
    """The game replayed by the engine, and each revision checked by it; returns the game's
    figures and its rounds' hindsight (the replay is not kept: a file holds many)."""
    seats, rounds = game["seats"], game["rounds"]
    entries = [r.get("entry") for r in rounds]
    try:
        outcome = replay(game["kind"], seats, entries, **replay_options(game["kind"], game["options"], game["ended"]))
    except EntryError as error:
        place = f"{where}.rounds[{error.round - 1}]" if error.round else f"{where}"
        raise ImportRefused(f"{place}: {error}") from None
    except TypeError as error:  # options that are not keyword names
        raise ImportRefused(f"{where}.options: {error}") from None
    for r, round_ in enumerate(rounds):
        for v, revision in enumerate(round_["revisions"]):
            _check_replaced(game, revision["entry"], f"{where}.rounds[{r}].revisions[{v}]")
    told = rounds_told(outcome, entries)
    return performance_rows(Performance, None, dict.fromkeys(seats), outcome, points_missed(told)), told


def _check_replaced(game: dict, entry: dict, where: str) -> None:
    """A replaced entry was once a round the engine took: it is checked as the only round of
    a game of the players it names (who was still in at the time is not known). Naming fewer
    than two, it is wrong whoever was in: the engine then says why, against every seat."""
    given = [entry.get("hands"), entry.get("declarations")]
    named = [name for name in game["seats"] if any(isinstance(gave, dict) and name in gave for gave in given)]
    options = {name: value for name, value in game["options"].items() if name != "first_dealer"}
    try:
        replay(game["kind"], named if len(named) > 1 else game["seats"], [entry], **options)
    except EntryError as error:
        raise ImportRefused(f"{where}: {error}") from None


# --- Events (club nights), version 2 ----------------------------------------------------------

MAX_EVENTS = 1_000
MAX_TABLES = 100  # a round's
SEATINGS = tuple(Event.Seating.values)


class _Event(NamedTuple):
    """A checked event, as the writer takes it."""

    place: int  # in the file's events
    item: dict


def _whole(value, where: str, low: int, high: int) -> int:
    _expect(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        where,
        f"a whole number from {low:,} to {high:,}",
    )
    return value


# A key left out of an object where the format has it (null included): refused as a wrong value is.
ABSENT = object()


def _moment_or_null(value, where: str) -> None:
    _expect(value is None or _moment(value) is not None, where, "a date and time or null")


def _check_events(value, circle: list[str], sessions: list[dict], games: list[_Game]) -> list[_Event]:
    """The file's events (none in a file from before them): each checked as its organiser's
    page would have made it, each table's session one of the file's, holding the table's game."""
    if value is None:
        return []
    names = set(circle)
    games_of: dict[int, list[_Game]] = {}
    for game in games:
        games_of.setdefault(game.session, []).append(game)
    taken: dict[int, str] = {}  # a session's place: the table it is the game of
    checked = []
    for e, item in enumerate(_list(value, "events", MAX_EVENTS)):
        where = f"events[{e}]"
        _expect(isinstance(item, dict), where, "an object")
        _text(item.get("name"), f"{where}.name", 1, 80, "a name of 1 to 80 characters")
        _date(item.get("held_on"), f"{where}.held_on")
        kind = item.get("kind")
        _expect(isinstance(kind, str) and kind in GAMES, f"{where}.kind", f"one of {', '.join(GAMES)}")
        _expect(isinstance(item.get("options"), dict), f"{where}.options", "an object")
        _plain(item["options"], f"{where}.options")
        _whole(item.get("rounds"), f"{where}.rounds", 1, MAX_EVENT_ROUNDS)
        size = _whole(item.get("table_size"), f"{where}.table_size", 2, MAX_SEATS)
        _expect(item.get("seating") in SEATINGS, f"{where}.seating", " or ".join(f'"{s}"' for s in SEATINGS))
        if item.get("seed") is not None:
            _whole(item["seed"], f"{where}.seed", 0, 2**31 - 1)
        try:
            replay(kind, [f"Seat {i + 1}" for i in range(size)], [], **item["options"])
        except EntryError as error:
            raise ImportRefused(f"{where}: {error}") from None
        except TypeError as error:  # options that are not keyword names
            raise ImportRefused(f"{where}.options: {error}") from None
        entrants = _check_entrants(item.get("entrants"), f"{where}.entrants", names)
        drawn = _list(item.get("drawn"), f"{where}.drawn", item["rounds"])
        for r, event_round in enumerate(drawn):
            at = f"{where}.drawn[{r}]"
            _expect(isinstance(event_round, dict), at, "an object")
            _expect(event_round.get("number") == r + 1, f"{at}.number", f"{r + 1} (rounds are numbered in order)")
            _expect(event_round.get("seating") in SEATINGS, f"{at}.seating", " or ".join(f'"{s}"' for s in SEATINGS))
            _whole(event_round.get("repeats"), f"{at}.repeats", 0, 32_767)
            _whole(event_round.get("fewest"), f"{at}.fewest", 0, 32_767)
            _text(event_round.get("explained", ""), f"{at}.explained", 0, 120, "text of at most 120 characters")
            _moment_or_null(event_round.get("started", ABSENT), f"{at}.started")
            started = event_round.get("started") is not None
            _expect(started or r == len(drawn) - 1, f"{at}.started", "a date and time: only the last round waits")
            seated: set[str] = set()
            for t, table in enumerate(_list(event_round.get("tables"), f"{at}.tables", MAX_TABLES)):
                place = f"{at}.tables[{t}]"
                _check_table(table, place, t + 1, entrants, seated, started)
                s = table.get("session")
                if s is None:
                    continue
                _expect(
                    taken.get(s) is None,
                    f"{place}.session",
                    f"a session no other table's game is ({taken.get(s)} is its game's)",
                )
                taken[s] = place
                session = sessions[s] if s < len(sessions) else None
                _check_tables_session(table, place, kind, session, games_of.get(s, []))
        checked.append(_Event(e, item))
    return checked


def _check_entrants(value, where: str, names: set[str]) -> set[str]:
    entrants: set[str] = set()
    for i, entrant in enumerate(_list(value, where, MAX_PLAYERS)):
        at = f"{where}[{i}]"
        _expect(isinstance(entrant, dict), at, "an object")
        name = entrant.get("name")
        _expect(isinstance(name, str) and name in names, f"{at}.name", "one of the file's players, spelt as there")
        _expect(name not in entrants, f"{at}.name", "each player checked in once")
        _expect(isinstance(entrant.get("withdrawn"), bool), f"{at}.withdrawn", "true or false")
        _expect(_moment(entrant.get("checked_in")) is not None, f"{at}.checked_in", "a date and time")
        entrants.add(name)
    return entrants


def _check_table(table, where: str, number: int, entrants: set[str], seated: set[str], started: bool) -> None:
    """A table's shape: its seats (players checked in, each at one table of the round), its
    captain, its session (once the round started) and its confirmation (of a game played)."""
    _expect(isinstance(table, dict), where, "an object")
    _expect(table.get("number") == number, f"{where}.number", f"{number} (tables are numbered in order)")
    seats = _names(table.get("seats"), f"{where}.seats", MAX_SEATS)
    _expect(len(seats) >= 2, f"{where}.seats", "at least two players")
    for i, name in enumerate(seats):
        _expect(isinstance(name, str) and name in entrants, f"{where}.seats[{i}]", "a player checked in")
        _expect(name not in seated, f"{where}.seats[{i}]", "a player at one table of the round")
        seated.add(name)
    captain = table.get("captain", ABSENT)
    _expect(captain is None or captain in seats, f"{where}.captain", "a player at the table, or null")
    session = table.get("session", ABSENT)
    if started:
        _expect(
            isinstance(session, int) and not isinstance(session, bool) and session >= 0,
            f"{where}.session",
            "the place of its game's session in the file's sessions (its round has started)",
        )
    else:
        _expect(session is None, f"{where}.session", "null (its round has not started)")
    _moment_or_null(table.get("confirmed_at"), f"{where}.confirmed_at")
    by = _text(
        table.get("confirmed_by", ABSENT),
        f"{where}.confirmed_by",
        0,
        80,
        'who confirmed its result (text of at most 80 characters; "" while not confirmed)',
    )
    confirmed = table.get("confirmed_at") is not None
    _expect(
        bool(by.strip()) == confirmed,
        f"{where}.confirmed_by",
        "who confirmed its result, with its confirmed_at (both or neither)",
    )
    if "hosts" not in table:  # a file from before them: its captain, as _hosts reads it
        return
    hosts = _names(table["hosts"], f"{where}.hosts", MAX_SEATS)
    _expect(started or not hosts, f"{where}.hosts", "[] (no one hosts a table before its round starts)")
    for i, name in enumerate(hosts):
        _expect(isinstance(name, str) and name in seats, f"{where}.hosts[{i}]", "a player at the table")
        _expect(name not in hosts[:i], f"{where}.hosts[{i}]", "each host once")
        _expect(
            name != by,
            f"{where}.hosts[{i}]",
            "a player who did not confirm its result (no host of a table confirms it)",
        )


def _hosts(table: dict) -> list[str]:
    """A checked table's hosts, as they hosted it. A file from before them has none: then its
    captain hosts a table whose game is going on (started, not confirmed), as a round's start
    made them; no one else is known to have."""
    if "hosts" in table:
        return table["hosts"]
    going_on = table["session"] is not None and table.get("confirmed_at") is None
    return [table["captain"]] if going_on and table["captain"] is not None else []


def _check_tables_session(table: dict, where: str, kind: str, session: dict | None, games: list[_Game]) -> None:
    """The session a table names holds the table's game: its players the table's, one game of
    the event's kind seated as the table was; a confirmed result, a game over."""
    _expect(session is not None, f"{where}.session", "the place of one of the file's sessions")
    seats = table["seats"]
    _expect(
        sorted(session["players"]) == sorted(seats)
        and len(games) == 1
        and games[0].item["kind"] == kind
        and games[0].item["seats"] == seats,
        f"{where}.session",
        "a session of the table's players holding one game, of the event's, seated as the table",
    )
    if table.get("confirmed_at") is not None:
        _expect(
            any(row.finished for row in games[0].figures),
            f"{where}.confirmed_at",
            "null: the table's game is not over, so its result cannot have been confirmed",
        )


def _event_likeness(item: dict) -> str:
    """An event as an organiser tells two apart: all but its seed and its moments, its tables'
    sessions (whose places differ from file to file) and hosts (a night imported before them
    has none: the same file again is the same night)."""
    return json.dumps(
        [
            [item[key] for key in ("name", "held_on", "kind", "options", "rounds", "table_size", "seating")],
            [[e["name"], e["withdrawn"]] for e in item["entrants"]],
            [
                [
                    r["number"],
                    r["started"] is not None,
                    [[t["seats"], t["captain"], t["confirmed_by"]] for t in r["tables"]],
                ]
                for r in item["drawn"]
            ],
        ],
        sort_keys=True,
    )


def _write_events(
    host, events: list[_Event], sessions: dict[int, Session], players: dict[str, Player]
) -> tuple[list[Event], int]:
    """The file's events the organiser does not have yet, each table linked to its game's
    session (imported now, or already here); the events already here are skipped. Written in
    batches: the tables' sessions claimed at once, then events, entrants, rounds, tables and
    seats and hosts a batch each, however many tables."""
    if not events:
        return [], 0
    mine = Event.objects.filter(organiser=host, name__in={e.item["name"] for e in events})
    here = {_event_likeness(item) for item in export_events(host, {}, mine)}
    new: list[_Event] = []
    for checked in events:
        likeness = _event_likeness(checked.item)
        if likeness not in here:
            here.add(likeness)
            new.append(checked)
    skipped = len(events) - len(new)
    if not new:
        return [], skipped
    _claim(
        {
            f"events[{checked.place}].drawn[{r}].tables[{t}].session": sessions[table["session"]]
            for checked in new
            for r, drawn in enumerate(checked.item["drawn"])
            for t, table in enumerate(drawn["tables"])
            if table["session"] is not None
        }
    )
    made = Event.objects.bulk_create(
        [
            Event(
                organiser=host,
                name=item["name"],
                held_on=datetime.date.fromisoformat(item["held_on"]),
                kind=item["kind"],
                options=item["options"],
                rounds=item["rounds"],
                table_size=item["table_size"],
                seating=item["seating"],
                **({"seed": item["seed"]} if item.get("seed") is not None else {}),
            )
            for item in (checked.item for checked in new)
        ],
        batch_size=BATCH,
    )
    entrants: dict[tuple[int, str], Entrant] = {}  # an event's place in ``made``, and a name: its entrant
    for e, (event, checked) in enumerate(zip(made, new, strict=True)):
        for entrant in checked.item["entrants"]:
            entrants[e, entrant["name"]] = Entrant(
                event=event,
                player=players[entrant["name"]],
                withdrawn=entrant["withdrawn"],
                checked_in=_moment(entrant["checked_in"]),
            )
    Entrant.objects.bulk_create(entrants.values(), batch_size=BATCH)
    drawn = [(e, r) for e, checked in enumerate(new) for r in checked.item["drawn"]]
    rounds = EventRound.objects.bulk_create(
        [
            EventRound(
                event=made[e],
                number=r["number"],
                seating=r["seating"],
                repeats=r["repeats"],
                fewest=r["fewest"],
                explained=r.get("explained", ""),
                started=_moment(r["started"]) if r["started"] else None,
            )
            for e, r in drawn
        ],
        batch_size=BATCH,
    )
    placed = [(e, made_round, t) for (e, r), made_round in zip(drawn, rounds, strict=True) for t in r["tables"]]
    tables = EventTable.objects.bulk_create(
        [
            EventTable(
                round=event_round,
                number=table["number"],
                session=sessions[table["session"]] if table["session"] is not None else None,
                captain=entrants[e, table["captain"]] if table["captain"] else None,
                confirmed_at=_moment(table["confirmed_at"]) if table.get("confirmed_at") else None,
                confirmed_by=table["confirmed_by"],
            )
            for e, event_round, table in placed
        ],
        batch_size=BATCH,
    )
    EventSeat.objects.bulk_create(
        [
            EventSeat(round=event_round, table=made_table, entrant=entrants[e, name], position=p)
            for (e, event_round, table), made_table in zip(placed, tables, strict=True)
            for p, name in enumerate(table["seats"])
        ],
        batch_size=BATCH,
    )
    Hosted = EventTable.hosts.through
    Hosted.objects.bulk_create(
        [
            Hosted(eventtable=made_table, entrant=entrants[e, name])
            for (e, _, table), made_table in zip(placed, tables, strict=True)
            for name in _hosts(table)
        ],
        batch_size=BATCH,
    )
    return made, skipped


def _claim(claims: dict[str, Session]) -> None:
    """Sessions become tables' games (each named by its table's place in the file), all at
    once: refused if one is another event's table already (an evening of the file already
    here, as another club night's)."""
    if not claims:
        return
    others = {
        table.session_id: table
        for table in EventTable.objects.filter(session__in=claims.values()).select_related("round__event")
    }
    for where, session in claims.items():
        other = others.get(session.pk)
        if other is not None:
            raise ImportRefused(
                f"{where}: its evening is already here as table {other.number} of round {other.round.number} of "
                f"your club night {other.round.event.name}: delete one of them first"
            )
    Session.objects.filter(pk__in=[session.pk for session in claims.values()]).update(club_table=True)
