"""Entry checks every game shares: options, players, the shape of a round, cards as
entered, one deck per round. Each refusal is an EntryError that says what and where."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .bidi import isolate
from .cards import Card, CardClash, CardError, check_one_deck, parse_cards, parse_hand
from .house_rules import Option
from .outcomes import EntryError
from .ranking import BRAG, BRAG_ACE_HIGH, HandRank, hand_ranking, rank_hand

# --- Options ---------------------------------------------------------------------------


def check_option_names(title: str, options: Mapping[str, object], allowed: Sequence[str]) -> None:
    for name in options:
        if name not in allowed:
            raise EntryError(f'unknown option "{name}" for {title}: expected {", ".join(allowed)}', field=name)


def whole_number(name: str, value: object, low: int, high: int, what: str = "a whole number") -> int:
    """An int option within [low, high], refused by name otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EntryError(f"{name} must be {what} from {low} to {high}, got {value!r}", field=name)
    return value


def chosen(option: Option, options: Mapping[str, object], default: object = None) -> object:
    """The value given for a catalogue option (house_rules.py), or ``default`` (the option's
    own default when None) if it was not given; refused naming the option and what it takes."""
    try:
        value = options[option.name]
    except KeyError:  # a default is one of the catalogue's values: nothing to check
        return option.default if default is None else default
    if not option.accepts(value):
        raise EntryError(option.refusal(value), field=option.name)
    return value


BRAG_RULES = (
    f"rules must be a Brag ranking: {BRAG!r}, {BRAG_ACE_HIGH!r} or a mapping of top_prial, "
    "ace_two_three, flush_over_run, got {value!r}"
)


def brag_rules(value: object) -> str:
    """A Brag game's ``rules`` option: a Brag ranking's name or a mapping of its options
    (docs/rules.md, Brag hands: Brag ranking options). Returns the ranking's name (HandRank.rules)."""
    ranking = None
    if isinstance(value, str):
        try:
            ranking = hand_ranking(value)
        except ValueError:
            pass
    elif isinstance(value, Mapping) and value.get("game", "brag") == "brag":
        try:
            return hand_ranking(value).name
        except ValueError as error:  # an unknown option or value: named in the message
            raise EntryError(str(error), field="rules") from None
    if ranking is None or ranking.game != "brag":
        raise EntryError(BRAG_RULES.format(value=value), field="rules")
    return ranking.name


def check_players(title: str, players: Sequence[str], low: int, high: int) -> tuple[str, ...]:
    """Names in seat order: text, different from each other (ignoring case), low..high of them."""
    if not isinstance(players, (list, tuple)):
        raise EntryError("players must be a list of names in seat order", field="players")
    seen: dict[str, str] = {}
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise EntryError(f"a player's name must be some text, got {name!r}", field="players")
        if name.casefold() in seen:
            raise EntryError(f"{isolate(name)} is seated twice", player=name, field="players")
        seen[name.casefold()] = name
    if not low <= len(players) <= high:
        raise EntryError(f"{title} needs {low} to {high} players, got {len(players)}", field="players")
    return tuple(players)


def first_dealer(value: object, players: Sequence[str]) -> int:
    return whole_number("first_dealer", value, 0, len(players) - 1, "a seat number")


def read_ended(options: Mapping[str, object]) -> bool:
    """Every game's ``ended``: True once the host has ended it (outcomes.as_it_stands)."""
    value = options.get("ended", False)
    if not isinstance(value, bool):
        raise EntryError(f"ended must be true or false, got {value!r}", field="ended")
    return value


# --- A round's entries ---------------------------------------------------------------------


def check_round_keys(title: str, entry: object, allowed: Sequence[str]) -> Mapping[str, object]:
    if type(entry) is not dict and not isinstance(entry, Mapping):
        raise EntryError(f"a round is a mapping of {', '.join(allowed)}, got {type(entry).__name__}")
    for key in entry:
        if key not in allowed:
            raise EntryError(f'{title} rounds have no "{key}": expected {", ".join(allowed)}', field=str(key))
    return entry


def check_who_gave(
    given: object, players: Sequence[str], still_in: Sequence[str], *, what: str, out_reason: str, field: str = "hands"
) -> Mapping[str, object]:
    """Everyone named is a player still in the game; returns the mapping."""
    if type(given) is not dict and not isinstance(given, Mapping):
        raise EntryError(f"{what} must map each player's name to what they gave", field=field)
    for name in given:
        if name not in players:
            raise EntryError(f"{isolate(name)} is not a player in this game", player=str(name), field=field)
        if name not in still_in:
            raise EntryError(
                f"{isolate(name)} is out of the game ({out_reason}) and gives nothing", player=name, field=field
            )
    return given


def missing_player_error(name: str, gave: str) -> EntryError:
    return EntryError(f"{isolate(name)} is still in the game but gave {gave}", player=name, field="hands")


def place_name(player: str | None, field: str, position: int | None = None) -> str:
    """Where cards were entered, as the refusal names it: "Ann's hand 2", "the table cards"."""
    if field == "table":
        return "the table cards"
    if field == "declarations":
        return f"{isolate(player)}'s declared cards"
    return f"{isolate(player)}'s hand" if position is None else f"{isolate(player)}'s hand {position}"


class RoundCards:
    """The cards of one round as they are read, each with where it was entered, so the
    round can be checked as one deck. Places are named only when a refusal needs them."""

    __slots__ = ("entered",)

    def __init__(self) -> None:
        # (hands, player, field, numbered): a player's hands, or one set of cards
        self.entered: list[tuple[tuple[tuple[Card, ...], ...], str | None, str, bool]] = []

    def hand(self, text: object, player: str | None, *, field: str = "hands") -> tuple[Card, ...]:
        """Three cards as typed, or an EntryError that says whose they were."""
        return self._one_place(parse_hand, "three cards", text, player, field)

    def hands(self, texts: Sequence[object], player: str) -> tuple[tuple[Card, ...], ...]:
        """A player's hands in the order placed (Crash): hand 1, hand 2, ..."""
        try:
            hands = tuple([parse_hand(text) for text in texts])  # type: ignore[arg-type]
        except CardError:
            for position, text in enumerate(texts, 1):  # find the one refused, and say where
                try:
                    parse_hand(text)  # type: ignore[arg-type]
                except CardError as error:
                    raise _card_entry_error(text, error, player, "hands", position, "three cards") from None
            raise  # pragma: no cover (the loop above raises)
        self.entered.append((hands, player, "hands", True))
        return hands

    def cards(self, text: object, player: str | None, *, field: str) -> tuple[Card, ...]:
        """Any number of cards as typed (a declaration's 13)."""
        return self._one_place(parse_cards, "cards", text, player, field)

    def _one_place(
        self, parse: Callable[[str], tuple[Card, ...]], expected: str, text: object, player: str | None, field: str
    ) -> tuple[Card, ...]:
        """Cards typed in one place, read by ``parse``; refused naming the place and what it expects."""
        try:
            cards = parse(text)  # type: ignore[arg-type]
        except CardError as error:
            raise _card_entry_error(text, error, player, field, None, expected) from None
        self.entered.append(((cards,), player, field, False))
        return cards

    def table(self, entry: Mapping[str, object]) -> None:
        """The three table cards, when given."""
        table = entry.get("table")
        if table is not None and not (isinstance(table, str) and not table.strip()):
            self.hand(table, None, field="table")

    def check_one_deck(self) -> None:
        """One deck a round: a card in two places is refused naming both, next to the
        later place's field."""
        held = count = 0
        for hands, *_ in self.entered:
            for cards in hands:
                for card in cards:
                    held |= card
                count += len(cards)
        if held.bit_count() == count:  # every card set a bit of its own: no card twice
            return
        places: dict[str, tuple[Card, ...]] = {}
        owners: dict[str, tuple[str | None, str, int | None]] = {}
        for hands, player, field, numbered in self.entered:
            for position, cards in enumerate(hands, 1):
                place = place_name(player, field, position if numbered else None)
                places[place], owners[place] = cards, (player, field, position if numbered else None)
        try:
            check_one_deck(places)
        except CardClash as clash:
            player, field, position = owners[clash.second]
            raise EntryError(str(clash), player=player, field=field, position=position) from None


def _card_entry_error(
    text: object, error: CardError, player: str | None, field: str, position: int | None, expected: str
) -> EntryError:
    place = place_name(player, field, position)
    if not isinstance(text, str):
        return EntryError(
            f"{place}: expected {expected} as text, got {text!r}", player=player, field=field, position=position
        )
    return EntryError(f"{place}: {error}", player=player, field=field, position=position)


def read_three_card_round(
    title: str, entry: object, players: Sequence[str], still_in: Sequence[str], *, named: str, out_reason: str
) -> dict[str, tuple[Card, ...]]:
    """A showdown of three-card hands (Stop the Bus, Commerce): every player still in gives
    three cards; optional table cards and the player named (caller or knocker); one deck."""
    entry = check_round_keys(title, entry, ("hands", "table", named))
    given = check_who_gave(entry.get("hands", {}), players, still_in, what="hands", out_reason=out_reason)
    hands: dict[str, tuple[Card, ...]] = {}
    dealt = RoundCards()
    for name in still_in:
        if name not in given:
            raise missing_player_error(name, "no hand")
        hands[name] = dealt.hand(given[name], name)
    dealt.table(entry)
    check_named_player(entry, named, still_in, players)
    dealt.check_one_deck()
    return hands


def ranked_showdown(
    title: str,
    entry: object,
    number: int,
    players: Sequence[str],
    still_in: Sequence[str],
    rules: str,
    *,
    named: str,
    out_reason: str,
) -> dict[str, HandRank]:
    """Round ``number`` of a three-card showdown (read_three_card_round), each hand ranked under
    ``rules``; a refusal says it is in that round."""
    try:
        hands = read_three_card_round(title, entry, players, still_in, named=named, out_reason=out_reason)
    except EntryError as error:
        raise error.in_round(number) from None
    return {name: rank_hand(cards, rules) for name, cards in hands.items()}


def check_named_player(
    entry: Mapping[str, object], key: str, still_in: Sequence[str], players: Sequence[str]
) -> str | None:
    """The caller (Stop the Bus) or knocker (Commerce), when given: a player still in."""
    name = entry.get(key)
    if name is None or name == "":
        return None
    if name not in players:
        raise EntryError(f"the {key}, {isolate(name)}, is not a player in this game", field=key)
    if name not in still_in:
        raise EntryError(f"the {key}, {isolate(name)}, is out of the game", player=name, field=key)
    return name  # type: ignore[return-value]


def listed(phrases: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    phrases = list(phrases)
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def named(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy": each name isolated (engine.bidi)."""
    return listed([isolate(name) for name in names])
