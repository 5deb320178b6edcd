"""The odds on the TV (issue 30, "Show the odds"): a host with 5,000 finished games of history
(tests/bench/history.py's seeded factory) starts a game of Stop the Bus in a new evening. The
service commits the game, then renders the board once for every TV (referee/board/broadcast.py,
on commit, before the host's page is answered): with the odds shown, that render rates the
game kind's history afresh, since the game's start changed the host's games. Timed: the game's
start with the odds shown and without, and the board a TV connecting before the first round is
sent (the ratings remembered).
Run alone (it sets Django up on its own database): python -m tests.bench.odds
"""

import statistics
import time

from tests.bench.database import django_on_a_new_database

RUNS = 5


def main() -> None:
    django_on_a_new_database("odds")
    from referee.board.render import render_board
    from scoring.models import Game, Session
    from scoring.services import game_start, session_start
    from tests.bench.history import generate_history
    from tests.factories import UserFactory

    host = UserFactory(username="odds")
    generate_history(host)
    finished = Game.objects.filter(session__host=host, performances__finished=True).distinct().count()
    circle = list(host.players.order_by("name").values_list("name", flat=True)[:5])
    print(f"The odds on the TV: {finished:,} finished games of history, a game of {len(circle)} starting")
    times: dict[str, list[float]] = {"on": [], "off": [], "connect": []}
    for n in range(RUNS):
        for shown in (True, False):
            session = session_start(
                host=host, title=f"Odds {n} {shown}", played_on="2026-11-20", player_names=circle, show_odds=shown
            )
            start = time.perf_counter()  # the service, then the board's render on commit, as a request does
            game_start(session=session, kind="stop_the_bus", seat_names=circle, options={})
            times["on" if shown else "off"].append(time.perf_counter() - start)
            if shown:
                start = time.perf_counter()
                board = render_board(Session.objects.get(pk=session.pk))
                times["connect"].append(time.perf_counter() - start)
                assert 'class="odds"' in board.html
    for label, key in [
        ("a game started, its board rendered with the odds (the kind rated afresh)", "on"),
        ("a game started, its board rendered without the odds", "off"),
        ("a TV connecting before the first round (the ratings remembered)", "connect"),
    ]:
        print(f"  {label}: median {statistics.median(times[key]) * 1000:.0f} ms over {RUNS} games")


if __name__ == "__main__":
    main()
