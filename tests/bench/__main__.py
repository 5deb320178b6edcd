"""Run every benchmark and print its figures: `make bench` (python -m tests.bench)."""

import subprocess
import sys

from . import best_setting, hindsight, ranking, replays

IN_THIS_PROCESS = (ranking, replays, best_setting, hindsight)
# Django is set up once per process, and each of these on a database of its own.
IN_PROCESSES_OF_THEIR_OWN = (
    "board",
    "tables",
    "sockets",
    "history",
    "recap",
    "ratings",
    "odds",
    "story_picture",
    "import_file",
    "capacity",
    "overload_proxy",
    "club_night",
)


def main() -> None:
    for bench in IN_THIS_PROCESS:
        bench.main()
        print()
    for n, name in enumerate(IN_PROCESSES_OF_THEIR_OWN):
        if n:
            print()
        subprocess.run([sys.executable, "-m", f"tests.bench.{name}"], check=True)


if __name__ == "__main__":
    main()
