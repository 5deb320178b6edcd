"""Importing the largest file the limits accept: sessions of 4-player Commerce games of
MAX_ROUNDS rounds each (dealt from a shuffled deck, a few rounds corrected once), as many as
fit in MAX_BYTES and MAX_FILE_ENTRIES; once as the export writes it (indented), once compact
(more rounds in the same bytes). Then the most work the limits let in: every game a table
of 16. Each is checked and written into a SQLite file of the benchmark's own. Goal: under 30 s.
Run alone (it sets Django up on its own database): python -m tests.bench.import_file
"""

import datetime
import json
import math
import random
import sys
import time

from tests.bench.database import django_on_a_new_database

CIRCLE = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
GAMES_EACH = 4
GOAL_SECONDS = 30


def commerce_round(rng: random.Random, players: list[str]) -> dict:
    from engine import DECK, format_cards

    deck = rng.sample(DECK, 3 * len(players) + 3)
    entry = {
        "hands": {name: format_cards(deck[3 * i : 3 * i + 3]) for i, name in enumerate(players)},
        "table": format_cards(deck[-3:]),
    }
    if rng.random() < 0.5:
        entry["knocker"] = rng.choice(players)
    return entry


def commerce_game(rng: random.Random, number: int, players: list[str], start: datetime.datetime) -> dict:
    from scoring.models import MAX_ROUNDS

    rounds = []
    for n in range(1, MAX_ROUNDS + 1):
        moment = start + datetime.timedelta(seconds=30 * n)
        corrected = rng.random() < 0.02
        rounds.append(
            {
                "number": n,
                "entry": commerce_round(rng, players),
                "recorded_at": moment.isoformat(),
                "corrected_at": (moment + datetime.timedelta(seconds=20)).isoformat() if corrected else None,
                "revisions": [
                    {
                        "number": 1,
                        "entry": commerce_round(rng, players),
                        "replaced_at": (moment + datetime.timedelta(seconds=20)).isoformat(),
                    }
                ]
                if corrected
                else [],
            }
        )
    return {
        "number": number,
        "kind": "commerce",
        "options": {"first_dealer": rng.randrange(len(players)), "stake": rng.choice([0, 1, 5])},
        "ended": True,
        "seats": players,
        "rounds": rounds,
    }


def entries_of(games: list[dict]) -> int:
    return sum(1 + len(r["revisions"]) for g in games for r in g["rounds"])


def largest_file(compact: bool, seed: int = 2026) -> tuple[str, dict]:
    """The export of as many sessions of full games as the limits take, the last game cut
    short to fit."""
    from scoring.exchange import FORMAT, MAX_BYTES, MAX_FILE_ENTRIES, VERSION, to_json

    def encode(data: dict) -> str:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) if compact else to_json(data)

    rng = random.Random(seed)
    data = {"format": FORMAT, "version": VERSION, "players": CIRCLE, "sessions": []}
    day = datetime.datetime(2024, 1, 5, 19, 30, tzinfo=datetime.UTC)
    size, entries = len(encode(data).encode()), 0
    while size < MAX_BYTES and entries < MAX_FILE_ENTRIES:
        players = rng.sample(CIRCLE, 4)
        games = [commerce_game(rng, g, players, day + datetime.timedelta(hours=g)) for g in range(1, GAMES_EACH + 1)]
        data["sessions"].append(
            {
                "title": f"Evening {len(data['sessions']) + 1}",
                "played_on": day.date().isoformat(),
                "players": sorted(players),
                "games": games,
            }
        )
        size += len(encode(data["sessions"][-1]).encode())
        entries += entries_of(games)
        day += datetime.timedelta(days=7)
    while True:
        text = encode(data)
        over = max(
            math.ceil((len(text.encode()) - MAX_BYTES) / 250),  # a round takes a few hundred bytes
            entries_of([g for s in data["sessions"] for g in s["games"]]) - MAX_FILE_ENTRIES,
        )
        if over <= 0:
            return text, data
        last = data["sessions"][-1]
        del last["games"][-1]["rounds"][-over:]
        if not last["games"][-1]["rounds"]:
            last["games"].pop()
        if not last["games"]:
            data["sessions"].pop()


def crowded_file(seed: int = 2026) -> tuple[str, dict]:
    """The most work the limits let in, however unlikely: MAX_FILE_GAMES Commerce games at
    tables of MAX_SEATS, sharing MAX_FILE_ENTRIES rounds, compact."""
    from scoring.exchange import FORMAT, MAX_FILE_ENTRIES, MAX_FILE_GAMES, MAX_GAMES, MAX_SEATS, VERSION

    rng = random.Random(seed)
    players = [f"P{n}" for n in range(1, MAX_SEATS + 1)]
    when = datetime.datetime(2024, 1, 5, 19, 30, tzinfo=datetime.UTC).isoformat()
    rounds = [
        {"number": n, "entry": commerce_round(rng, players), "recorded_at": when, "corrected_at": None, "revisions": []}
        for n in range(1, MAX_FILE_ENTRIES // MAX_FILE_GAMES + 1)
    ]
    games = [
        {"number": g, "kind": "commerce", "options": {"stake": 1}, "ended": False, "seats": players, "rounds": rounds}
        for g in range(1, MAX_GAMES + 1)
    ]
    data = {
        "format": FORMAT,
        "version": VERSION,
        "players": players,
        "sessions": [
            {"title": f"Evening {n}", "played_on": "2024-01-05", "players": players, "games": games}
            for n in range(1, MAX_FILE_GAMES // MAX_GAMES + 1)
        ],
    }
    return json.dumps(data, separators=(",", ":")), data


def crash_file(seed: int = 2026) -> tuple[str, dict]:
    """The most Crash the limits let in: MAX_FILE_CRASH_ROUNDS rounds of 4 players, in games of
    one round each (so every round is refereed, none ends a game early), the hands set as
    people set them (tests/engine/crash_rounds.py), each worked out again for hindsight."""
    from scoring.exchange import FORMAT, MAX_FILE_CRASH_ROUNDS, MAX_GAMES, VERSION
    from tests.engine.crash_rounds import random_round

    rng = random.Random(seed)
    players = ["Ann", "Bob", "Cy", "Di"]
    when = datetime.datetime(2024, 1, 5, 19, 30, tzinfo=datetime.UTC).isoformat()
    games = []
    for g in range(MAX_FILE_CRASH_ROUNDS):
        _, options, entry = random_round(rng, players)
        games.append(
            {
                "number": g % MAX_GAMES + 1,
                "kind": "crash",
                "options": options,
                "ended": False,
                "seats": players,
                "rounds": [{"number": 1, "entry": entry, "recorded_at": when, "corrected_at": None, "revisions": []}],
            }
        )
    sessions = [
        {
            "title": f"Evening {n}",
            "played_on": "2024-01-05",
            "players": players,
            "games": games[n * MAX_GAMES : (n + 1) * MAX_GAMES],
        }
        for n in range(len(games) // MAX_GAMES)
    ]
    data = {"format": FORMAT, "version": VERSION, "players": players, "sessions": sessions}
    return json.dumps(data, separators=(",", ":")), data


def main() -> None:
    django_on_a_new_database("import")
    from scoring import exchange
    from scoring.models import Round, RoundRevision
    from tests.factories import UserFactory

    for name, build in [
        ("Exported", lambda: largest_file(False)),
        ("Compact", lambda: largest_file(True)),
        ("Crowded", crowded_file),
        ("Crash", crash_file),
    ]:
        start = time.perf_counter()
        text, data = build()
        built = time.perf_counter() - start
        games = [g for s in data["sessions"] for g in s["games"]]
        rounds = sum(len(g["rounds"]) for g in games)
        revisions = sum(len(r["revisions"]) for g in games for r in g["rounds"])
        print(
            f"{name} file: {len(text.encode()) / 2**20:.1f} MB, {len(data['sessions'])} sessions, "
            f"{len(games):,} games of {len(games[0]['seats'])} players, {rounds:,} rounds, {revisions:,} revisions "
            f"(built in {built:.0f} s)"
        )
        raw = text.encode()
        del text, data
        start = time.perf_counter()
        exchange._check(exchange._parse(raw))
        checked = time.perf_counter() - start
        host = UserFactory(username=f"import-{name.lower()}")
        start, cpu = time.perf_counter(), time.process_time()
        exchange.import_sessions(host, raw)
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        written = Round.objects.filter(game__session__host=host).count()
        assert written == rounds, (written, rounds)
        assert RoundRevision.objects.filter(round__game__session__host=host).count() == revisions
        print(
            f"  check alone {checked:.1f} s; import (check and write) {took:.1f} s, {cpu:.1f} s of CPU "
            f"(goal < {GOAL_SECONDS} s) {'ok' if took < GOAL_SECONDS else 'MISSED'}"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
