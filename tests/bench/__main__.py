"""Run every benchmark and print its figures: `make bench` (python -m tests.bench)."""

from . import ranking


def main() -> None:
    ranking.main()


if __name__ == "__main__":
    main()
