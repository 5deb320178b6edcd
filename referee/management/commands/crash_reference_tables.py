"""`manage.py crash_reference_tables [--deals N] [--seed S] [--workers W]`: deal the Crash
setting tool's reference opponent its hands and write the tables the engine ships
(engine/data/crash_reference.json; engine/crash_reference.py says what they hold)."""

import os
import time
from importlib.resources import files

from django.core.management.base import BaseCommand, CommandError

from engine.crash_reference import DATA_FILE, DEALS, SEED, dumps, generate

MIN_DEALS = 1


class Command(BaseCommand):
    help = "Generate the Crash setting tool's reference tables (every Brag ranking, 13 and 9 cards) from a fixed seed."

    def add_arguments(self, parser):
        parser.add_argument("--deals", type=int, default=DEALS, help=f"deals per table (default {DEALS:,})")
        parser.add_argument("--seed", type=int, default=SEED, help=f"the random seed (default {SEED})")
        parser.add_argument(
            "--workers",
            type=int,
            default=os.cpu_count() or 1,
            help="processes dealing in parallel (default: one per CPU); the tables are the same",
        )
        parser.add_argument("--output", default=None, help=f"where to write (default: the engine's {DATA_FILE})")

    def handle(self, *args, deals: int, seed: int, workers: int, output: str | None, **options):
        if deals < MIN_DEALS:
            raise CommandError(f"--deals must be at least {MIN_DEALS}, got {deals}")
        if workers < 1:
            raise CommandError(f"--workers must be at least 1, got {workers}")
        path = output or str(files("engine").joinpath(DATA_FILE))
        start = time.perf_counter()
        data = generate(deals, seed, workers)
        with open(path, "w", encoding="utf-8") as file:
            file.write(dumps(data))
        self.stdout.write(
            self.style.SUCCESS(
                f"Wrote {path}: {len(data['tables'])} rankings x 13 and 9 cards, {deals:,} deals each "
                f"from seed {seed}, in {time.perf_counter() - start:.0f} s"
            )
        )
