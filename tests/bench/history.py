"""Looking back (issue 7): a host with 5,000 games of history (500 sessions of 10 games,
dealt by a seeded factory from a shuffled deck and checked by the engine), served by one
Daphne process on a SQLite file of its own: the player page and the circle page, p50 and
p95 over 50 requests each through a kept-alive HTTP connection. Goal: p95 under 300 ms.
Then one evening's history page (its first five games and their rounds, Crash hindsight
kept with each round as the services keep it) against a plain page listing the same rows
(tests/bench/plain.py). Goal: p95 within 2x of the plain page's.
Run alone (it sets Django up on its own database): python -m tests.bench.history
"""

import datetime
import random
import time

from tests.bench.database import django_on_a_new_database

SESSIONS, GAMES_EACH, REQUESTS = 500, 10, 50
CIRCLE = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
FIRST_DAY = datetime.date(2023, 11, 24)


def deal_round(rng: random.Random, kind: str, still_in: list[str], options: dict) -> dict:
    from engine import DECK, format_cards, rank_hand

    deck = list(DECK)
    rng.shuffle(deck)
    if kind != "crash":
        return {"hands": {name: format_cards(deck[3 * i : 3 * i + 3]) for i, name in enumerate(still_in)}}
    dealt = options.get("cards", 13)
    hands = {}
    for seat, name in enumerate(still_in):
        cards = deck[dealt * seat : dealt * seat + dealt]
        triples = [cards[i : i + 3] for i in range(0, dealt - 2, 3)]
        if rng.random() > 0.03:  # now and then a foul
            triples.sort(key=lambda t: rank_hand(t).value, reverse=True)
        hands[name] = [format_cards(t) for t in triples]
    return {"hands": hands}


def deal_game(rng: random.Random, kind: str, players: list[str]):
    """A finished game's options and rounds, as a host would have entered them."""
    from engine import replay

    options = {"first_dealer": rng.randrange(len(players))}
    if kind == "stop_the_bus":
        options |= {"tokens": rng.choice([2, 3]), "rules": rng.choice(["brag", "brag", "brag-ace-high"])}
    elif kind == "crash":
        options |= rng.choice([{"preset": "classic", "target": 5}, {"preset": "arena", "target": 5}])
    else:
        options |= {"stake": rng.choice([0, 1, 5])}
    rounds, outcome = [], replay(kind, players, [], **options)
    while not outcome.finished and len(rounds) < 40:
        rounds.append(deal_round(rng, kind, list(outcome.still_in), options))
        if kind == "commerce" and len(rounds) == 8:
            options["ended"] = True
        outcome = replay(kind, players, rounds, **options)
    return options, rounds, outcome


def generate_history(host, seed: int = 2026) -> int:
    """The factory: 500 sessions of 10 games for ``host``, written in bulk with each game's
    figures (as the services keep them). Returns the number of rounds."""
    from scoring.models import Game, Performance, Player, Round, Seat, Session
    from scoring.statistics import performance_rows

    rng = random.Random(seed)
    circle = Player.objects.bulk_create(Player(host=host, name=name) for name in CIRCLE)
    rounds_written = 0
    for n in range(SESSIONS):
        table = rng.sample(circle, rng.randint(3, 5))
        session = Session.objects.create(
            host=host, title=f"Evening {n + 1}", played_on=FIRST_DAY + datetime.timedelta(days=2 * n)
        )
        session.players.set(table)
        games, seats, rounds, figures = [], [], [], []
        dealt = []
        for number in range(1, GAMES_EACH + 1):
            kind = rng.choice(["stop_the_bus", "crash", "commerce"])
            seated = table[:4] if kind == "crash" else table
            names = [p.name for p in seated]
            options, entries, outcome = deal_game(rng, kind, names)
            ended = bool(options.pop("ended", False))
            games.append(Game(session=session, number=number, kind=kind, options=options, ended=ended))
            dealt.append((seated, entries, outcome))
        Game.objects.bulk_create(games)
        for game, (seated, entries, outcome) in zip(games, dealt, strict=True):
            seats += [Seat(game=game, player=p, position=i) for i, p in enumerate(seated)]
            rounds += [Round(game=game, number=i, entry=e, recorded_by=host) for i, e in enumerate(entries, 1)]
            figures += performance_rows(Performance, game.pk, {p.name: p.pk for p in seated}, outcome)
        Seat.objects.bulk_create(seats)
        Round.objects.bulk_create(rounds)
        Performance.objects.bulk_create(figures)
        rounds_written += len(rounds)
    return rounds_written


def keep_hindsight(session) -> int:
    """Keep each Crash round's hindsight with it, as round_record does (the factory writes
    rounds in bulk without it). Returns how many rounds tell something."""
    from scoring.models import Round
    from scoring.replays import game_replay, rounds_told

    telling = 0
    for game in session.games.filter(kind="crash"):
        rounds = list(game.rounds.order_by("number"))
        entries = [r.entry for r in rounds]
        told = rounds_told(game_replay(game, entries), entries)
        for round_ in rounds:
            round_.told = told[round_.number]
            telling += any(found["text"] for found in round_.told)
        Round.objects.bulk_update(rounds, ["told"])
    return telling


def timed(phone, path: str, expected: str = "") -> tuple[float, float]:
    times = []
    for _ in range(REQUESTS):
        start = time.perf_counter()
        page = phone.request("GET", path)
        times.append(time.perf_counter() - start)
        assert (expected in page) if expected else ("League table" in page or "Games played" in page), page[:500]
    ordered = sorted(times)
    return ordered[len(ordered) // 2] * 1000, ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] * 1000


def main() -> None:
    url = django_on_a_new_database("history")
    from django.db.models import Count

    from scoring.models import Game, Player
    from tests.bench.board import Phone
    from tests.factories import PASSWORD, UserFactory
    from tests.servers import Daphne

    host = UserFactory(username="history")
    start = time.perf_counter()
    rounds = generate_history(host)
    built = time.perf_counter() - start
    busiest = Player.objects.filter(host=host).annotate(n=Count("performances")).order_by("-n").first()
    print(
        f"History: {Game.objects.count():,} games, {rounds:,} rounds in {SESSIONS} sessions "
        f"(generated in {built:.0f} s); {busiest.name} played {busiest.n:,} of them"
    )
    evening = host.sessions.order_by("played_on").first()
    telling = keep_hindsight(evening)
    with Daphne(database_url=url, env={"DJANGO_SETTINGS_MODULE": "tests.bench.settings"}) as server:
        phone = Phone(server.url)
        phone.log_in("history", PASSWORD)
        for label, path in [
            (f"player page ({busiest.name}, all games)", busiest.get_absolute_url()),
            (f"player page ({busiest.name}, Crash)", busiest.get_absolute_url() + "?game=crash"),
            ("circle page (all time)", "/players/"),
            ("circle page (since 1 January 2025)", "/players/?since=2025-01-01"),
        ]:
            timed(phone, path)  # warm the connection and the template cache
            p50, p95 = timed(phone, path)
            print(
                f"  {label}: p50 {p50:.1f} ms, p95 {p95:.1f} ms over {REQUESTS} requests "
                f"(goal: p95 < 300 ms) {'ok' if p95 < 300 else 'MISSED'}"
            )
        pages = {
            "history page": (f"/sessions/{evening.public_id}/history/", "Round 1"),
            "plain page": (f"/bench/plain-history/{evening.public_id}/", "Game 1"),
        }
        p95s = {}
        for label, (path, expected) in pages.items():
            timed(phone, path, expected)
            p50, p95s[label] = timed(phone, path, expected)
            print(f"  {evening.title}'s {label}: p50 {p50:.1f} ms, p95 {p95s[label]:.1f} ms over {REQUESTS} requests")
        ratio = p95s["history page"] / p95s["plain page"]
        print(
            f"  history page p95 {ratio:.1f}x the plain page's, {telling} Crash rounds with hindsight "
            f"(goal: within 2x) {'ok' if ratio <= 2 else 'MISSED'}"
        )


if __name__ == "__main__":
    main()
