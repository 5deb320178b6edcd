"""Figures for people: statistics are exact fractions until they are shown."""

import datetime
from fractions import Fraction

from django import template
from django.utils import timezone

from engine.figures import signed
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


# A balance with its sign: +12, −5, 0 (engine/figures.py writes a player's figure).
register.filter("signed", signed)


@register.filter
def rating(value: float) -> str:
    """A rating or skill, one decimal, with a true minus sign: 12.3, −4.1."""
    shown = f"{value:.1f}"
    return "0.0" if shown == "-0.0" else shown.replace("-", "−")


@register.filter
def rating_change(value: float) -> str:
    """A change of rating with its sign, one decimal: +1.2, −0.8, 0.0."""
    shown = f"{value:+.1f}"
    return "0.0" if shown in ("+0.0", "-0.0") else shown.replace("-", "−")


@register.filter
def ago(day: datetime.date, today: datetime.date | None = None) -> str:
    """How long ago an evening was, as people say it: "last night" beside a date weeks old
    says so ("3 weeks ago")."""
    days = ((today or timezone.localdate()) - day).days
    if days <= 0:
        return "today"
    if days == 1:
        return "yesterday"
    count, unit = (days, "day") if days < 14 else (days // 7, "week") if days < 60 else (days // 30, "month")
    return f"{count} {unit}s ago"
