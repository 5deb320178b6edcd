"""A Crash setting found (the engine's best_setting) as the pages show it: the setting tool's
answer and, with the house rule "Coach while setting", a seat's coach."""

from engine.house_rules import IGNORE


def present(found) -> dict:
    """The answer as the page shows it: each setting's hands with their chances in percent."""
    settings = [found.best, *found.alternatives]
    return {
        "opponents": found.opponents,
        "cannot_score": IGNORE.explain(found.options.ignore),
        "positions": found.options.positions,
        "settings": [
            {
                "expected": f"{setting.expected_points:.2f}",
                "discard": setting.discard,
                "hands": [
                    {
                        "position": position,
                        "cards": cards,
                        "rank": rank,
                        "can_score": can_score,
                        "chance": percent(chance),
                    }
                    for position, (cards, rank, can_score, chance) in enumerate(
                        zip(setting.hands, setting.ranks, setting.can_score, setting.chances), 1
                    )
                ],
            }
            for setting in settings
        ],
    }


def percent(chance: float) -> str:
    """A chance as people read it: 43.2%; never 0.0% or 100.0% for what is merely unlikely."""
    if 0 < chance < 0.0005:
        return "under 0.1%"
    if 0.9995 <= chance < 1:
        return "over 99.9%"
    return f"{chance:.1%}"
