"""`manage.py crash_reference_tables`: the Crash setting tool's reference tables, written
from a seed in the format the engine ships and reads."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from engine.crash_reference import brag_rankings, reference_table


def write_tables(path, **options) -> str:
    call_command("crash_reference_tables", output=str(path), stdout=io.StringIO(), **options)
    return path.read_text(encoding="utf-8")


def test_the_command_writes_the_tables_of_every_ranking_and_deal_from_the_seed(tmp_path):
    path = tmp_path / "reference.json"
    out = io.StringIO()
    call_command("crash_reference_tables", deals=40, seed=5, workers=1, output=str(path), stdout=out)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert (data["deals"], data["seed"], set(data["tables"])) == (40, 5, set(brag_rankings()))
    assert all(reference_table(ranking, cards, data).deals == 40 for ranking in brag_rankings() for cards in (13, 9))
    # from the seed: the same seed writes the same tables (with other workers too), another seed others
    assert write_tables(tmp_path / "again.json", deals=40, seed=5, workers=2) == text
    assert write_tables(tmp_path / "other.json", deals=40, seed=6, workers=1) != text
    assert out.getvalue().startswith(f"Wrote {path}: 12 rankings x 13 and 9 cards, 40 deals each from seed 5, in ")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deals": 0}, "--deals must be at least 1, got 0"),
        ({"workers": 0}, "--workers must be at least 1, got 0"),
    ],
)
def test_the_command_refuses_nonsense_counts(tmp_path, options, message):
    with pytest.raises(CommandError, match=f"^{message}$"):
        call_command("crash_reference_tables", output=str(tmp_path / "x.json"), **options)
