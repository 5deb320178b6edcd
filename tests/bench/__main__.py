"""Run every benchmark and print its figures: `make bench` (python -m tests.bench)."""

from . import ranking, replays


def main() -> None:
    ranking.main()
    print()
    replays.main()


if __name__ == "__main__":
    main()
