"""Form fields for the engine's options (engine/house_rules.py): a game's when it starts,
a ranking's in the hand judge."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms

from engine import Option
from engine.house_rules import game_rankings

AS_PRESET, AS_RANKING = "As the preset", "As the ranking"


def option_field(option: Option, blank: str | None) -> forms.Field:
    """A form field for one of the engine's options: its values with the host's line for
    each; ``blank``, when given, labels leaving it to the preset or ranking."""
    if option.numbers is not None:
        return forms.IntegerField(
            min_value=option.numbers.start,
            max_value=option.numbers.stop - 1,
            initial=option.default,
            required=False,
            label=option.title,
            help_text=option.text,
        )
    choices = [(str(choice.value), choice.text) for choice in option.choices]
    return forms.ChoiceField(
        choices=[("", blank)] + choices if blank else choices,
        required=False,
        initial="" if blank else str(option.default),
        label=option.title,
    )


def chosen_value(option: Option, posted: str) -> object:
    """The option's value for what a form posted (its text)."""
    return next(choice.value for choice in option.choices if str(choice.value) == posted)


def changed_options(options: Sequence[Option], cleaned: Mapping, prefix: str) -> dict[str, object]:
    """The options (choices) the host set in fields named ``prefix + option.name``, each as
    the engine takes it; a field left empty keeps the preset's or the ranking's value."""
    return {
        option.name: chosen_value(option, cleaned[prefix + option.name])
        for option in options
        if cleaned.get(prefix + option.name)
    }


def ranking_field(game: str, required: bool = True) -> forms.ChoiceField:
    """A choice of the named rankings a game is played with, its usual one first."""
    rankings = game_rankings(game)
    return forms.ChoiceField(
        choices=[(ranking.name, ranking.title) for ranking in rankings],
        initial=rankings[0].name,
        required=required,
        label="Hand ranking",
    )
