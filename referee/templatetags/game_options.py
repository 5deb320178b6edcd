"""The new game form's option fields of one game: {{ form|game_fields:kind }} (the preset,
the ranking, the numbers) and {{ form|house_rule_fields:kind }} (the rest); a game's first
rules as its options make them: {{ game|first_rules }}."""

from django import template

from engine import rule_lines

register = template.Library()


@register.filter
def game_fields(form, kind: str) -> list:
    return form.game_fields(kind)


@register.filter
def house_rule_fields(form, kind: str) -> list:
    return form.game_fields(kind, house_rules=True)


@register.filter
def house_rules_changed(form, kind: str) -> bool:
    return form.house_rules_changed(kind)


@register.filter
def first_rules(game) -> tuple:
    """The rules that bite first in ``game`` (a Game), as its options make them."""
    return rule_lines(game.kind, game.options)


@register.filter
def first_rules_of(form, kind: str) -> tuple:
    """The new-game form's first rules of ``kind``, as its options stand."""
    return form.rule_lines(kind)
