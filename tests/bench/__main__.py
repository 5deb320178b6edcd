"""Run every benchmark and print its figures: `make bench` (python -m tests.bench)."""

import subprocess
import sys

from . import best_setting, hindsight, ranking, replays


def main() -> None:
    ranking.main()
    print()
    replays.main()
    print()
    best_setting.main()
    print()
    hindsight.main()
    print()
    # Django is set up once per process, and each of these on a database of its own.
    subprocess.run([sys.executable, "-m", "tests.bench.board"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.tables"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.sockets"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.history"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.ratings"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.odds"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.import_file"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.capacity"], check=True)
    print()
    subprocess.run([sys.executable, "-m", "tests.bench.overload_proxy"], check=True)


if __name__ == "__main__":
    main()
