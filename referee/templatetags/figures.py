"""Figures for people: statistics are exact fractions until they are shown."""

from fractions import Fraction

from django import template

from referee.charts import percent as share_percent

register = template.Library()


@register.filter
def percent(value: Fraction | None) -> str:
    """A share as a percentage; a dash when there is nothing to divide by."""
    return "–" if value is None else share_percent(value)


@register.filter
def decimal(value: Fraction | None) -> str:
    """A ratio with one decimal (points per round, rounds per game)."""
    return "–" if value is None else f"{float(value):.1f}"


@register.filter
def signed(value: int) -> str:
    """A balance with its sign: +12, −5, 0."""
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")
