"""Settings read from the environment: a flag or a number. A number that is not one stops the
server at start-up, saying which setting, what was expected and its default."""

import os


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_number(name: str, default: float, least: float, kind: type = int):
    """``name`` as a ``kind`` (int: a whole number) of at least ``least``, or ``default`` when unset."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = kind(value)
    except ValueError:
        number = None
    if number is None or number < least:
        what = "a whole number" if kind is int else "a number"
        raise ValueError(f"{name}={value!r}: expected {what}, at least {least} (default {default})")
    return number
