"""The new game form's option fields of one game: {{ form|game_fields:kind }} (the preset,
the ranking, the numbers) and {{ form|house_rule_fields:kind }} (the rest)."""

from django import template

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
