"""Entry checks every game shares: options, players, the shape of a round, cards as
entered, one deck per round. Each refusal is an EntryError that says what and where."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card, CardClash, CardError, check_one_deck, parse_cards, parse_hand
from .outcomes import EntryError

GAME_NAMES = {"stop_the_bus": "Stop the Bus", "crash": "Crash", "commerce": "Commerce"}


# --- Options ---------------------------------------------------------------------------

def check_option_names(game: str, options: Mapping[str, object], allowed: Sequence[str]) -> None:
    for name in options:
        if name not in allowed:
            raise EntryError(
                f'unknown option "{name}" for {GAME_NAMES[game]}: expected {", ".join(allowed)}', field=name
            )


def whole_number(name: str, value: object, low: int, high: int, what: str = "a whole number") -> int:
    """An int option within [low, high], refused by name otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EntryError(f"{name} must be {what} from {low} to {high}, got {value!r}", field=name)
    return value


def one_of(name: str, value: object, choices: Sequence[object]) -> object:
    if value not in choices:
        expected = ", ".join(repr(choice) for choice in choices)
        raise EntryError(f"{name} must be one of {expected}, got {value!r}", field=name)
    return value


def check_players(game: str, players: Sequence[str], low: int, high: int) -> tuple[str, ...]:
    """Names in seat order: text, different from each other (ignoring case), low..high of them."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise EntryError("players must be a list of names in seat order", field="players")
    seen: dict[str, str] = {}
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise EntryError(f"a player's name must be some text, got {name!r}", field="players")
        if name.casefold() in seen:
            raise EntryError(f"{name} is seated twice", player=name, field="players")
        seen[name.casefold()] = name
    if not low <= len(players) <= high:
        raise EntryError(f"{GAME_NAMES[game]} needs {low} to {high} players, got {len(players)}", field="players")
    return tuple(players)


def first_dealer(value: object, players: Sequence[str]) -> int:
    return whole_number("first_dealer", value, 0, len(players) - 1, "a seat number")


# --- A round's entries ---------------------------------------------------------------------

def check_round_keys(game: str, entry: object, allowed: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(entry, Mapping):
        raise EntryError(f"a round is a mapping of {', '.join(allowed)}, got {type(entry).__name__}")
    for key in entry:
        if key not in allowed:
            raise EntryError(
                f'{GAME_NAMES[game]} rounds have no "{key}": expected {", ".join(allowed)}', field=str(key)
            )
    return entry


def check_who_gave(given: object, players: Sequence[str], still_in: Sequence[str], *, what: str,
                   out_reason: str, field: str = "hands") -> Mapping[str, object]:
    """Everyone named is a player still in the game; returns the mapping."""
    if not isinstance(given, Mapping):
        raise EntryError(f"{what} must map each player's name to what they gave", field=field)
    for name in given:
        if name not in players:
            raise EntryError(f"{name} is not a player in this game", player=str(name), field=field)
        if name not in still_in:
            raise EntryError(f"{name} is out of the game ({out_reason}) and gives nothing",
                             player=name, field=field)
    return given


def missing_player_error(name: str, gave: str) -> EntryError:
    return EntryError(f"{name} is still in the game but gave {gave}", player=name, field="hands")


def read_hand(text: object, place: str, *, player: str | None, field: str = "hands") -> tuple[Card, ...]:
    """Three cards as typed, or an EntryError that says whose they were."""
    if not isinstance(text, str):
        raise EntryError(f"{place}: expected three cards as text, got {text!r}", player=player, field=field)
    try:
        return parse_hand(text)
    except CardError as error:
        raise EntryError(f"{place}: {error}", player=player, field=field) from None


def read_cards(text: object, place: str, *, player: str | None, field: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise EntryError(f"{place}: expected cards as text, got {text!r}", player=player, field=field)
    try:
        return parse_cards(text)
    except CardError as error:
        raise EntryError(f"{place}: {error}", player=player, field=field) from None


def check_one_deck_in_round(places: Mapping[str, Sequence[Card]], owners: Mapping[str, tuple[str | None, str]]) -> None:
    """One deck a round: a card in two places is refused naming both. ``owners`` maps each
    place to (player, field) so the error lands next to the later place's field."""
    try:
        check_one_deck(places)
    except CardClash as clash:
        player, field = owners[clash.second]
        raise EntryError(str(clash), player=player, field=field) from None


def read_optional_table(entry: Mapping[str, object], places: dict, owners: dict) -> None:
    """The three table cards, when given, join the round's deck check."""
    table = entry.get("table")
    if table is None or (isinstance(table, str) and not table.strip()):
        return
    places["the table cards"] = read_hand(table, "the table cards", player=None, field="table")
    owners["the table cards"] = (None, "table")


def check_named_player(entry: Mapping[str, object], key: str, still_in: Sequence[str], players: Sequence[str]) -> str | None:
    """The caller (Stop the Bus) or knocker (Commerce), when given: a player still in."""
    name = entry.get(key)
    if name is None or name == "":
        return None
    if name not in players:
        raise EntryError(f"the {key}, {name}, is not a player in this game", field=key)
    if name not in still_in:
        raise EntryError(f"the {key}, {name}, is out of the game", player=name, field=key)
    return name  # type: ignore[return-value]


def named(names: Sequence[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def lower_first(label: str) -> str:
    """A label inside a sentence: "Run 4-5-6" -> "run 4-5-6"."""
    return label[:1].lower() + label[1:]
