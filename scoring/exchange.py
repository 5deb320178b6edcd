"""Export and import: a host's sessions as a documented JSON file, and back.

The file (format "brag-referee", version 1), keys sorted, two-space indents:

    {"format": "brag-referee", "version": 1,
     "players": ["Ann", "Bob", ...],                       # the host's circle
     "sessions": [{"title": "Friday", "played_on": "2026-11-20", "players": ["Ann", ...],
                   "games": [{"number": 1, "kind": "crash", "options": {...}, "ended": false,
                              "seats": ["Ann", "Bob"],       # clockwise
                              "rounds": [{"number": 1, "entry": {...},   # exactly as entered
                                          "recorded_at": "...", "corrected_at": null,
                                          "revisions": [{"number": 1, "entry": {...},
                                                         "replaced_at": "..."}]}]}]}]}

Ids, share tokens and accounts are not in it: an import makes new ones for the host who
imports it, so exporting again gives the same file. An import is checked whole (shape,
names, and every game replayed through the engine) before anything is saved.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable

from django.db import transaction
from django.utils.dateparse import parse_datetime

from engine import EntryError, replay

from .models import Game, Player, Round, RoundRevision, Seat, Session
from .replays import game_replay
from .statistics import keep_figures

FORMAT, VERSION = "brag-referee", 1
MAX_BYTES = 20 * 1024 * 1024
GAME_KINDS = [kind for kind, _ in Game.Kind.choices]


class ImportRefused(ValueError):
    """A file that cannot be imported; the message says what and where."""


# --- Export -----------------------------------------------------------------------------------

def export_sessions(host, sessions: Iterable[Session] | None = None) -> dict:
    """The host's sessions (or those given) as plain data, in the order they were played."""
    chosen = Session.objects.filter(host=host) if sessions is None else Session.objects.filter(
        host=host, pk__in=[s.pk for s in sessions])
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
            {"number": revision.number, "entry": revision.entry, "replaced_at": _when(revision.replaced_at)})
    for round_ in rounds:
        rounds_of.setdefault(round_.game_id, []).append({
            "number": round_.number, "entry": round_.entry, "recorded_at": _when(round_.recorded_at),
            "corrected_at": _when(round_.corrected_at), "revisions": revisions_of.get(round_.pk, [])})
    for game in games:
        games_of.setdefault(game.session_id, []).append({
            "number": game.number, "kind": game.kind, "options": game.options, "ended": game.ended,
            "seats": seats_of.get(game.pk, []), "rounds": rounds_of.get(game.pk, [])})
    circle = sorted({p.name for s in chosen for p in s.players.all()} if sessions is not None
                    else set(Player.objects.filter(host=host).values_list("name", flat=True)), key=str.casefold)
    return {
        "format": FORMAT, "version": VERSION, "players": circle,
        "sessions": [{"title": s.title, "played_on": s.played_on.isoformat(),
                      "players": sorted((p.name for p in s.players.all()), key=str.casefold),
                      "games": games_of.get(s.pk, [])} for s in chosen],
    }


def to_json(data: dict) -> str:
    """The file's text: keys sorted, so the same data always gives the same file."""
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _when(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


# --- Import -------------------------------------------------------------------------------------

@transaction.atomic
def import_sessions(host, text: str | bytes) -> list[Session]:
    """Recreate the file's sessions for ``host``; refuse the whole file, saving nothing, if
    any part of it is wrong."""
    data = _parse(text)
    sessions = _check(data)
    players = _players(host, data["players"], sessions)
    created = []
    for item in sessions:
        session = Session.objects.create(host=host, title=item["title"],
                                         played_on=datetime.date.fromisoformat(item["played_on"]))
        session.players.set([players[name.casefold()] for name in item["players"]])
        for game_item in item["games"]:
            _import_game(host, session, game_item, players)
        created.append(session)
    return created


def _import_game(host, session: Session, item: dict, players: dict) -> None:
    game = Game.objects.create(session=session, number=item["number"], kind=item["kind"],
                               options=item["options"], ended=item["ended"])
    Seat.objects.bulk_create(Seat(game=game, player=players[name.casefold()], position=i)
                             for i, name in enumerate(item["seats"]))
    for round_item in item["rounds"]:
        round_ = Round.objects.create(game=game, number=round_item["number"], entry=round_item["entry"],
                                      recorded_by=host)
        Round.objects.filter(pk=round_.pk).update(recorded_at=parse_datetime(round_item["recorded_at"]),
                                                  corrected_at=_moment(round_item["corrected_at"]))
        for revision_item in round_item["revisions"]:
            revision = RoundRevision.objects.create(round=round_, number=revision_item["number"],
                                                    entry=revision_item["entry"], replaced_by=host)
            RoundRevision.objects.filter(pk=revision.pk).update(
                replaced_at=parse_datetime(revision_item["replaced_at"]))
    outcome = game_replay(game, [round_item["entry"] for round_item in item["rounds"]], item["seats"])
    keep_figures(game, outcome, {name: players[name.casefold()].pk for name in item["seats"]})


def _moment(text: str | None):
    return parse_datetime(text) if text else None


def _players(host, names: list[str], sessions: list[dict]) -> dict[str, Player]:
    """The host's players by name (ignoring case), adding the file's new ones."""
    wanted = {name.casefold(): name for name in names}
    for item in sessions:
        for name in item["players"]:
            wanted.setdefault(name.casefold(), name)
    existing = {p.name.casefold(): p for p in Player.objects.filter(host=host)}
    for key, name in wanted.items():
        if key not in existing:
            existing[key] = Player.objects.create(host=host, name=name)
    return existing


def _parse(text: str | bytes) -> dict:
    if len(text) > MAX_BYTES:
        raise ImportRefused(f"the file is {len(text):,} bytes: at most {MAX_BYTES:,} are accepted")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise ImportRefused(f"the file is not JSON (it may be truncated): {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused(f'this is not a Brag referee export: expected "format": "{FORMAT}"')
    if data.get("version") != VERSION:
        raise ImportRefused(f"version {data.get('version')!r} of the file format is not supported: expected {VERSION}")
    return data


def _expect(condition: bool, where: str, what: str) -> None:
    if not condition:
        raise ImportRefused(f"{where}: expected {what}")


def _name(value, where: str) -> str:
    _expect(isinstance(value, str) and 0 < len(value.strip()) <= 24, where, "a name of 1 to 24 characters")
    return value


def _list(value, where: str, limit: int = 100_000) -> list:
    _expect(isinstance(value, list) and len(value) <= limit, where, f"a list (at most {limit:,} items)")
    return value


def _check(data: dict) -> list[dict]:
    """Every part of the file, by its place in it; every game replayed by the engine."""
    for i, name in enumerate(_list(data.get("players"), "players")):
        _name(name, f"players[{i}]")
    sessions = _list(data.get("sessions"), "sessions", 10_000)
    for s, item in enumerate(sessions):
        where = f"sessions[{s}]"
        _expect(isinstance(item, dict), where, "an object")
        _expect(isinstance(item.get("title"), str) and 0 < len(item["title"].strip()) <= 80, f"{where}.title",
                "a title of 1 to 80 characters")
        try:
            datetime.date.fromisoformat(item.get("played_on"))
        except (TypeError, ValueError):
            raise ImportRefused(f"{where}.played_on: expected a date like 2026-11-22") from None
        present = {_name(name, f"{where}.players[{i}]").casefold() for i, name in enumerate(
            _list(item.get("players"), f"{where}.players", 16 * 64))}
        for g, game in enumerate(_list(item.get("games"), f"{where}.games", 1000)):
            _check_game(game, f"{where}.games[{g}]", present, g + 1)
    return sessions


def _check_game(game, where: str, present: set[str], number: int) -> None:
    _expect(isinstance(game, dict), where, "an object")
    _expect(game.get("number") == number, f"{where}.number", f"{number} (games are numbered in order)")
    _expect(game.get("kind") in GAME_KINDS, f"{where}.kind", f"one of {', '.join(GAME_KINDS)}")
    _expect(isinstance(game.get("options"), dict), f"{where}.options", "an object")
    _expect(isinstance(game.get("ended"), bool), f"{where}.ended", "true or false")
    seats = _list(game.get("seats"), f"{where}.seats", 16)
    for i, name in enumerate(seats):
        _expect(_name(name, f"{where}.seats[{i}]").casefold() in present, f"{where}.seats[{i}]",
                "a player of the session")
    rounds = _list(game.get("rounds"), f"{where}.rounds", 100_000)
    for r, round_ in enumerate(rounds):
        at = f"{where}.rounds[{r}]"
        _expect(isinstance(round_, dict), at, "an object")
        _expect(round_.get("number") == r + 1, f"{at}.number", f"{r + 1} (rounds are numbered in order)")
        _expect(isinstance(round_.get("recorded_at"), str) and parse_datetime(round_["recorded_at"]) is not None,
                f"{at}.recorded_at", "a date and time")
        _expect(round_.get("corrected_at") is None or (isinstance(round_["corrected_at"], str)
                and parse_datetime(round_["corrected_at"]) is not None), f"{at}.corrected_at", "a date and time or null")
        for v, revision in enumerate(_list(round_.get("revisions"), f"{at}.revisions", 1000)):
            _expect(isinstance(revision, dict) and revision.get("number") == v + 1
                    and isinstance(revision.get("entry"), dict) and isinstance(revision.get("replaced_at"), str)
                    and parse_datetime(revision["replaced_at"]) is not None,
                    f"{at}.revisions[{v}]", "a revision numbered in order, with its entry and when it was replaced")
    options = dict(game["options"])
    if game["kind"] == "commerce":
        options["ended"] = game["ended"]
    try:
        replay(game["kind"], seats, [r.get("entry") for r in rounds], **options)
    except EntryError as error:
        place = f"{where}.rounds[{error.round - 1}]" if error.round else f"{where}"
        raise ImportRefused(f"{place}: {error}") from None
    except TypeError as error:  # options that are not keyword names
        raise ImportRefused(f"{where}.options: {error}") from None
