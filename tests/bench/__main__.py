"""Run every benchmark and print its figures: `make bench` (python -m tests.bench)."""

import subprocess
import sys

from . import board, ranking, replays


def main() -> None:
    ranking.main()
    print()
    replays.main()
    print()
    board.main()
    print()
    # Django is set up once per process, and the board's database is not the history's.
    subprocess.run([sys.executable, "-m", "tests.bench.history"], check=True)


if __name__ == "__main__":
    main()
