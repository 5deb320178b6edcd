"""Run every benchmark and print its figures: `make bench` (python -m tests.bench)."""

from . import board, ranking, replays


def main() -> None:
    ranking.main()
    print()
    replays.main()
    print()
    board.main()


if __name__ == "__main__":
    main()
