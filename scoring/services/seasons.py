"""A host's seasons: named runs of days, never sharing a day, that the league's pages group
the evenings by."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction

from ..models import Season
from .names import tidy_spaces

SEASON_NAME_NEEDED = "Give the season a name, like “Autumn 2026”."
SEASON_NAME_TOO_LONG = "“{name}” is too long: at most 40 characters."
SEASON_NAME_TAKEN = "You already have a season named {name}: give this one another name."
SEASON_BACKWARDS = "The last day must be on or after the first day."
SEASON_OVERLAPS = "{name} already runs {days}: a day belongs to one season at most. Change the dates of one of them."


@transaction.atomic
def season_add(*, host, name: str, first_day: datetime.date, last_day: datetime.date) -> Season:
    """A new season of the host's: a name of its own and days no other season holds."""
    season = Season(host=host)
    return _season_save(season, name, first_day, last_day)


@transaction.atomic
def season_edit(*, season: Season, name: str, first_day: datetime.date, last_day: datetime.date) -> Season:
    """Another name or other days for a season, on the same terms as a new one."""
    return _season_save(season, name, first_day, last_day)


@transaction.atomic
def season_delete(*, season: Season) -> None:
    """The season's name goes; its evenings and games stay, as every other's."""
    season.delete()


def _season_save(season: Season, name: str, first_day: datetime.date, last_day: datetime.date) -> Season:
    """Checked against the host's other seasons with the host's row held until the commit:
    two seasons sent at once cannot both take the same days."""
    get_user_model().objects.select_for_update().filter(pk=season.host_id).first()
    season.name = tidy_spaces(name)
    season.first_day, season.last_day = first_day, last_day
    others = Season.objects.filter(host_id=season.host_id).exclude(pk=season.pk)
    errors: dict[str, list[str]] = {}
    if not season.name:
        errors["name"] = [SEASON_NAME_NEEDED]
    elif len(season.name) > 40:
        errors["name"] = [SEASON_NAME_TOO_LONG.format(name=season.name)]
    elif others.filter(name__iexact=season.name).exists():
        errors["name"] = [SEASON_NAME_TAKEN.format(name=season.name)]
    if last_day < first_day:
        errors["last_day"] = [SEASON_BACKWARDS]
    else:
        overlapped = others.filter(first_day__lte=last_day, last_day__gte=first_day).order_by("first_day").first()
        if overlapped is not None:
            errors[NON_FIELD_ERRORS] = [SEASON_OVERLAPS.format(name=overlapped.name, days=overlapped.days)]
    if errors:
        raise ValidationError(errors)
    season.full_clean(validate_constraints=False)  # the checks above said each in words
    season.save()
    return season
