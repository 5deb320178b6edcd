"""Crash (Thirteen-Card Brag): the classic and arena presets, and every option of
docs/rules.md, Crash: Crash options, over them.

A round, in the order docs/rules.md settles (Crash: The order of a round): declarations,
then fouls, then positions 1-4 (1-3 with 9 cards), then the crash, then the four-of-a-kind
bonus; each as the options say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import ge

from . import house_rules as catalogue
from .bidi import isolate
from .cards import Card, CardError, parse_hand, show_cards
from .entries import (
    RoundCards,
    brag_rules,
    check_option_names,
    check_players,
    check_round_keys,
    check_who_gave,
    chosen,
    first_dealer,
    named,
    read_ended,
)
from .house_rules import CRASH_PRESETS
from .outcomes import EntryError, Event, GameOutcome, RoundOutcome, as_it_stands
from .ranking import BRAG, CATEGORY_NAMES, HandRank, hand_ranking, in_reading_order, rank_hand, rank_plural, show_hand
from .seating import pass_the_deal

GAME, TITLE = "crash", "Crash"
CLASSIC, ARENA = "classic", "arena"
# Replay's keywords: the options that existed first, in their order, then the house rules.
OPTIONS = (
    "preset",
    "target",
    "cards",
    "ignore",
    "first_dealer",
    "out_of_order",
    "stick_up",
    "crash",
    "quads",
    "declarations",
    "ending",
    "rules",
    "coach",
    "ended",
)
ROUND_KEYS = ("hands", "declarations", "void")
SIX_PAIRS, THIRTEEN_RUN = "six_pairs", "thirteen_run"
# What a player may declare instead of setting hands, as the host's form names it.
DECLARATION_KINDS = {SIX_PAIRS: "Six pairs", THIRTEEN_RUN: "Thirteen-card run"}
PLAYERS = {13: (2, 4), 9: (2, 5)}  # the fewest and most players, by the cards dealt
# What each `ignore` setting makes unable to score.
CANNOT_SCORE = {"high_card": frozenset({"high_card"}), "pair": frozenset({"high_card", "pair"}), "none": frozenset()}
# Four of a kind for the bonus, best first: 4s highest, then A, K, ... 5, 3, 2.
QUAD_ORDER = (4, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 3, 2)
_QUAD_SHIFT = {rank: 4 * (rank - 2) for rank in QUAD_ORDER}
_QUAD_STARTS = sum(1 << shift for shift in _QUAD_SHIFT.values())  # the lowest bit of each rank
DECLARATIONS_NEED_13 = (
    "declarations must be False when cards is 9: six pairs and the thirteen-card run "
    "use 13 cards{preset}, got declarations=True with cards=9"
)
_CLASSIC = CRASH_PRESETS[CLASSIC].options


@dataclass(frozen=True, slots=True)
class CrashOptions:
    """A Crash game's options, the preset's filled in (defaults: the classic preset)."""

    preset: str = CLASSIC
    target: int = _CLASSIC["target"]  # type: ignore[assignment]
    cards: int = _CLASSIC["cards"]  # type: ignore[assignment]
    ignore: str = _CLASSIC["ignore"]  # type: ignore[assignment]
    first_dealer: int = 0
    out_of_order: str = _CLASSIC["out_of_order"]  # type: ignore[assignment]
    stick_up: str = _CLASSIC["stick_up"]  # type: ignore[assignment]
    crash: str = _CLASSIC["crash"]  # type: ignore[assignment]
    quads: str = _CLASSIC["quads"]  # type: ignore[assignment]
    declarations: bool = _CLASSIC["declarations"]  # type: ignore[assignment]
    ending: str = _CLASSIC["ending"]  # type: ignore[assignment]
    rules: str = BRAG  # the Brag ranking's name (HandRank.rules)
    # A player may ask for the best setting of their own cards before sending them from their
    # own phone (docs/rules.md, Players' own phones): no rule of the replay reads it.
    coach: bool = _CLASSIC["coach"]  # type: ignore[assignment]
    ended: bool = False  # the host ended the game as it stands

    @property
    def classic(self) -> bool:
        """The game started from the classic preset (its options may differ since)."""
        return self.preset == CLASSIC

    def as_dict(self) -> dict[str, object]:
        """As replay takes them, every one spelled out (the end once the host has ended the
        game); a composed ranking as its options."""
        options = {name: getattr(self, name) for name in OPTIONS if name != "ended" or self.ended}
        options["rules"] = hand_ranking(self.rules).as_option()
        return options

    @property
    def positions(self) -> int:
        """How many hands a player may set: four from 13 cards, three from 9."""
        return self.cards // 3

    @property
    def sorts(self) -> bool:
        """Hands out of order are sorted before scoring rather than a foul."""
        return self.out_of_order == "sort"

    @property
    def fouls(self) -> bool:
        return self.out_of_order != "sort"


def read_options(players: Sequence[str], options: Mapping[str, object]) -> CrashOptions:
    """The preset (classic by default), then every option given over it."""
    check_option_names(TITLE, options, OPTIONS)
    preset = chosen(catalogue.PRESET, options)
    chosen_ = dict(CRASH_PRESETS[preset].options)  # type: ignore[index]
    for option in catalogue.CRASH_PRESET_OPTIONS:  # what a preset sets, each the host may change
        if option.name in options:
            chosen_[option.name] = chosen(option, options)
    if chosen_["declarations"] and chosen_["cards"] != 13:
        from_preset = f" (the {preset} preset plays declarations)" if "declarations" not in options else ""
        raise EntryError(DECLARATIONS_NEED_13.format(preset=from_preset), field="declarations")
    players = check_players(TITLE, players, *PLAYERS[chosen_["cards"]])  # type: ignore[index]
    return CrashOptions(
        preset=preset,
        rules=brag_rules(options.get("rules", BRAG)),  # type: ignore[arg-type]
        first_dealer=first_dealer(options.get("first_dealer", 0), players),
        ended=read_ended(options),
        **chosen_,  # type: ignore[arg-type]
    )


# Choices read_options refuses together, as the new-game form says them next to each field they
# name (the rule is read_options'; these only say it the way the form asks it).
PICK_13_FOR_DECLARATIONS = "Declarations need 13 cards: pick 13 cards dealt or no declarations."
CARDS_FOR_FEWER = (
    "{cards} cards dealt is for {low} to {high} players, and {seated} are seated: "
    "pick {other} cards dealt or seat fewer players."
)
CRASH_FOR_FEWER = (
    "Crash is for {low} to {high} players ({high} with {cards} cards dealt), and {seated} are seated: "
    "seat fewer players."
)


def refused_together(options: Mapping[str, object], seated: int, field: str) -> tuple[tuple[str, str], ...]:
    """Choices that cannot go together, the engine having refused ``field``: declarations
    with 9 cards dealt, or more players seated than the cards dealt allow. Each as (the
    option it is said beside, or "seats"; the words), every field it names; none when the
    refusal is another one. ``options``: as the host set them (the preset fills in the rest)."""
    preset = CRASH_PRESETS[options.get(catalogue.PRESET.name, catalogue.PRESET.default)].options
    cards = options.get(catalogue.CARDS.name, preset[catalogue.CARDS.name])
    if field == "declarations" and options.get("declarations", preset["declarations"]) and cards != 13:
        return ((catalogue.CARDS.name, PICK_13_FOR_DECLARATIONS), ("declarations", PICK_13_FOR_DECLARATIONS))
    low, high = PLAYERS[cards]
    if field != "players" or low <= seated <= high:
        return ()
    fits = [other for other, (least, most) in PLAYERS.items() if least <= seated <= most]
    if fits:
        message = CARDS_FOR_FEWER.format(cards=cards, low=low, high=high, seated=seated, other=fits[0])
        return ((catalogue.CARDS.name, message), ("seats", message))
    most, (least, top) = max(PLAYERS.items(), key=lambda dealt: dealt[1][1])
    return (("seats", CRASH_FOR_FEWER.format(low=least, high=top, cards=most, seated=seated)),)


# --- Entry -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrashRound:
    placed: dict[str, tuple[tuple[Card, ...], ...]]  # hands in the order placed
    declared: dict[str, tuple[str, tuple[Card, ...]]]  # kind and the 13 cards
    void: bool = False  # the host recorded the deal as void (docs/rules.md, Crash: A void deal)


def void_deal_causes(settings: CrashOptions) -> tuple[str, ...]:
    """What can void a deal of this game: six pairs shown (declarations on), every player
    fouling (hands out of order a foul). Arena's options (sorted, no declarations) have none."""
    return (("six pairs shown",) if settings.declarations else ()) + (
        ("every player fouled",) if settings.fouls else ()
    )


def allows_void_deal(settings: CrashOptions) -> bool:
    return bool(void_deal_causes(settings))


def read_round(entry: object, players: Sequence[str], still_in: Sequence[str], settings: CrashOptions) -> CrashRound:
    entry = check_round_keys(TITLE, entry, ROUND_KEYS)
    hands = check_who_gave(entry.get("hands", {}), players, still_in, what="hands", out_reason="fouled")
    declarations = entry.get("declarations") or {}
    if declarations and not settings.declarations:
        raise EntryError(
            "declarations are off in this game: six pairs and the thirteen-card run are not played",
            field="declarations",
        )
    declarations = check_who_gave(
        declarations, players, still_in, what="declarations", out_reason="fouled", field="declarations"
    )
    dealt = RoundCards()
    placed: dict[str, tuple[tuple[Card, ...], ...]] = {}
    declared: dict[str, tuple[str, tuple[Card, ...]]] = {}
    for name in still_in:
        if name in hands and name in declarations:
            raise EntryError(
                f"{isolate(name)} gave hands and a declaration: a player gives one or the other",
                player=name,
                field="declarations",
            )
        if name in declarations:
            declared[name] = read_declaration(name, declarations[name], dealt)
        elif name in hands:
            placed[name] = read_placed_hands(name, hands[name], settings, dealt)
        else:
            gave = "no hands and no declaration" if settings.declarations else "no hands"
            raise EntryError(f"{isolate(name)} is still in the game but gave {gave}", player=name, field="hands")
    dealt.check_one_deck()
    if entry.get("void") is not None:
        check_void_deal(entry["void"], placed, declared, settings)
        return CrashRound(placed, declared, void=True)
    return CrashRound(placed, declared)


NO_VOID_DEAL = (
    "a deal cannot be void in this game: with hands out of order sorted and no declarations, no rule voids a deal"
)


def check_void_deal(void: object, placed: Mapping, declared: Mapping, settings: CrashOptions) -> None:
    """``"void": true``: the host's word that the deal is void; nobody gives cards."""
    if void is not True:
        raise EntryError(f'"void" must be true (a void deal), got {void!r}', field="void")
    if not allows_void_deal(settings):
        raise EntryError(NO_VOID_DEAL, field="void")
    if declared:
        name = next(iter(declared))
        raise EntryError(f"a void deal has no declarations, got {isolate(name)}'s", player=name, field="declarations")
    if name := next((name for name, hands in placed.items() if hands), None):
        raise EntryError(f"a void deal has no hands, got {isolate(name)}'s", player=name, field="hands")


def read_placed_hands(
    name: str, hands: object, settings: CrashOptions, dealt: RoundCards
) -> tuple[tuple[Card, ...], ...]:
    """0 to 4 hands (0 to 3 with 9 cards), three cards each, in the order placed."""
    if not isinstance(hands, (list, tuple)):
        raise EntryError(
            f"{isolate(name)}'s hands must be a list of hands in the order placed", player=name, field="hands"
        )
    if len(hands) > settings.positions:
        raise EntryError(
            f"{isolate(name)} placed {len(hands)} hands ({3 * len(hands)} cards): a deal of {settings.cards} cards "
            f"allows at most {settings.positions}",
            player=name,
            field="hands",
        )
    return dealt.hands(hands, name)


def read_declaration(name: str, declaration: object, dealt: RoundCards) -> tuple[str, tuple[Card, ...]]:
    """[kind, the 13 cards], verified: six pairs, or one card of every rank."""
    if not isinstance(declaration, (list, tuple)) or len(declaration) != 2:
        raise EntryError(
            f"{isolate(name)}'s declaration must be [kind, the 13 cards]", player=name, field="declarations"
        )
    kind, text = declaration
    if kind not in DECLARATION_KINDS:
        raise EntryError(
            f"{isolate(name)}'s declaration must be {SIX_PAIRS} or {THIRTEEN_RUN}, got {kind!r}",
            player=name,
            field="declarations",
        )
    cards = dealt.cards(text, name, field="declarations")
    if len(cards) != 13:
        raise EntryError(
            f"{isolate(name)}'s declared cards: expected 13 cards, got {len(cards)}", player=name, field="declarations"
        )
    if kind == SIX_PAIRS and (pairs := count_pairs(cards)) < 6:
        raise EntryError(f"{isolate(name)}'s 13 cards hold {pairs} pairs, not 6", player=name, field="declarations")
    if kind == THIRTEEN_RUN and (missing := missing_ranks(cards)):
        raise EntryError(
            f"{isolate(name)}'s 13 cards are not a thirteen-card run: no {' and no '.join(missing)}",
            player=name,
            field="declarations",
        )
    return kind, cards  # type: ignore[return-value]


def count_pairs(cards: Sequence[Card]) -> int:
    """Six pairs counting: three of a rank is one pair, four of a rank is two."""
    return sum(count // 2 for count in Counter(card.rank for card in cards).values())


def missing_ranks(cards: Sequence[Card]) -> list[str]:
    held = {card.rank for card in cards}
    return [rank_plural(rank)[:-1] for rank in range(14, 1, -1) if rank not in held]


# --- The setting check -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SettingCheck:
    """Whether one player's placed hands are in order; if not, the first two out of order
    (1-based positions: ``lower`` ranks below ``higher``, placed to its right) and the
    same hands in a legal order, strongest first (each hand's cards as its label writes them)."""

    in_order: bool
    ranks: tuple[HandRank, ...]
    legal_order: tuple[tuple[Card, ...], ...]
    lower: int | None = None
    higher: int | None = None
    text: str = ""
    sorts: bool = False  # hands out of order are sorted, not a foul (out_of_order="sort")

    @property
    def fouls(self) -> bool:
        """Out of order in a game that calls it a foul: left like this, the player fouls."""
        return not self.in_order and not self.sorts


# What a foul costs, by the option for hands out of order (docs/rules.md, Crash: Fouls).
FOUL_COSTS = {"foul_out": "out of the game", "foul_round": "no points this round"}
# What the setting check says of hands out of order: a foul (and its cost, when the game's
# option is known), or (out_of_order="sort") how they are played.
OUT_OF_ORDER_FOULS = "{hands}: foul if left like this{cost}; legal order: {order}"
OUT_OF_ORDER_SORTED = "{hands}: no foul in this game, the hands will be played sorted, best first: {order}"


def check_setting(
    hands: Sequence[str | Sequence[Card]],
    *,
    sorts: bool = False,
    rules: str | Mapping[str, object] = BRAG,
    out_of_order: str | None = None,
) -> SettingCheck:
    """The host's check before the showdown: given one player's hands (text or cards) in
    the order placed, are they in order under the game's Brag ranking ``rules``? ``sorts``:
    the game sorts hands out of order (arena) rather than calling a foul; ``out_of_order``,
    the game's option when known, says so too and has the check say what a foul costs.
    Raises EntryError for hands that are not hands."""
    if out_of_order is not None:
        sorts = out_of_order == "sort"
    parsed = tuple(h if not isinstance(h, str) else _setting_hand(h, i) for i, h in enumerate(hands, 1))
    name = hand_ranking(rules).name
    ranks = tuple(rank_hand(cards, name) for cards in parsed)
    # Best first, each hand's cards as its label writes them (ranking.in_reading_order).
    legal = tuple(
        in_reading_order(cards, name)
        for _, cards in sorted(zip(ranks, parsed), key=lambda pair: pair[0].value, reverse=True)
    )
    pair = first_out_of_order(ranks)
    if pair is None:
        return SettingCheck(True, ranks, legal, text="in order")
    lower, higher = pair
    cost = FOUL_COSTS.get(out_of_order or "")
    text = (OUT_OF_ORDER_SORTED if sorts else OUT_OF_ORDER_FOULS).format(
        hands=out_of_order_hands(pair, parsed, ranks),
        cost=f", {cost}" if cost else "",
        order=", ".join(map(show_cards, legal)),
    )
    return SettingCheck(False, ranks, legal, lower + 1, higher + 1, text, sorts)


def _setting_hand(text: str, position: int) -> tuple[Card, ...]:
    try:
        return parse_hand(text)
    except CardError as error:
        raise EntryError(f"hand {position}: {error}", field="hands") from None


def first_out_of_order(ranks: Sequence[HandRank]) -> tuple[int, int] | None:
    """Foul: a hand ranks strictly below a hand placed to its right. The first such pair
    (0-based, left then right), or None when the hands are in order."""
    values = [rank.value for rank in ranks]
    if all(map(ge, values, values[1:])):
        return None
    for left in range(len(values) - 1):
        for right in range(left + 1, len(values)):
            if values[left] < values[right]:
                return left, right
    return None  # pragma: no cover (a list not in order has such a pair)


# --- Describing hands inside sentences ---------------------------------------------------------


def _a(phrase: str) -> str:
    return ("an " if phrase[:1] in ("a", "8") else "a ") + phrase


def kind_of_hand(rank: HandRank) -> str:
    """ "pair of 5s", "prial of 3s", "flush", "run", "high-card hand"."""
    if rank.category in ("prial", "pair"):
        return f"{rank.category} of {rank_plural(rank.key[0] if rank.category == 'pair' else rank.ranks[0])}"
    return "high-card hand" if rank.category == "high_card" else CATEGORY_NAMES[rank.category]


def hand_shown(position: int, cards: Sequence[Card], rank: HandRank, kind: str) -> str:
    """ "hand 2 (10♠ J♠ Q♠, a run)": a placed hand by its number, its cards (as its label
    writes them) and what it is."""
    return f"hand {position} ({show_hand(cards, rank.rules)}, {kind})"


def out_of_order_hands(pair: tuple[int, int], placed: Sequence[Sequence[Card]], ranks: Sequence[HandRank]) -> str:
    """Two hands out of order, the words of the setting check and the foul alike (0-based
    ``pair``, left then right): "hand 2 (10♠ J♠ Q♠, a run) is stronger than hand 1 (9♥ 9♦ 4♣,
    a pair of 9s)", or, of one kind, "hand 2 (J♣ Q♣ K♣) is a higher running flush than hand 1
    (8♣ 9♣ 10♣)"."""
    left, right = pair
    low, high = kind_of_hand(ranks[left]), kind_of_hand(ranks[right])
    if low == high:
        return (
            f"hand {right + 1} ({show_hand(placed[right], ranks[right].rules)}) is a higher {high} than "
            f"hand {left + 1} ({show_hand(placed[left], ranks[left].rules)})"
        )
    stronger = hand_shown(right + 1, placed[right], ranks[right], _a(high))
    weaker = hand_shown(left + 1, placed[left], ranks[left], _a(low))
    return f"{stronger} is stronger than {weaker}"


def unscorable(settings: CrashOptions) -> frozenset[str]:
    """The categories that cannot score, as the `ignore` option says."""
    return CANNOT_SCORE[settings.ignore]


def best_quad(placed: Mapping[str, Sequence[Sequence[Card]]]) -> tuple[str, int] | None:
    """The four-of-a-kind bonus: (player, rank) of the highest four of a kind among the
    players' placed hands (4s highest), or None. A rank's four cards are four adjacent
    bits (cards.py), so a player holds all four when those bits are all set."""
    held = {}
    for name, hands in placed.items():
        cards = sum(map(sum, hands))  # distinct bits: the sum is the union
        if cards & (cards >> 1) & (cards >> 2) & (cards >> 3) & _QUAD_STARTS:
            held[name] = cards
    for rank in QUAD_ORDER:
        for name, cards in held.items():
            if (cards >> _QUAD_SHIFT[rank]) & 0b1111 == 0b1111:
                return name, rank
    return None


# --- Replay --------------------------------------------------------------------------------------


class _Scoreboard:
    """Points of one game, and `ending="at_once"`: reaching the target wins there and then."""

    def __init__(self, players: Sequence[str], settings: CrashOptions) -> None:
        self.points = dict.fromkeys(players, 0)
        self.settings = settings
        self.winners: tuple[str, ...] = ()

    def add(self, name: str, deltas: dict[str, int], events: list[Event]) -> None:
        self.points[name] += 1
        deltas[name] += 1
        if self.settings.ending == "at_once" and self.points[name] >= self.settings.target:
            self.winners = (name,)
            events.append(
                Event(
                    "won",
                    (name,),
                    f"{isolate(name)} reaches {self.points[name]} points, the target: {isolate(name)} wins",
                )
            )


def replay_crash(players: Sequence[str], rounds: Sequence[object], **options: object) -> GameOutcome:
    settings = read_options(players, options)
    players = tuple(players)
    board = _Scoreboard(players, settings)
    fouled: list[str] = []
    dealer = settings.first_dealer
    outcomes: list[RoundOutcome] = []
    for number, entry in enumerate(rounds, 1):
        if board.winners:
            raise EntryError(f"the game is over: {named(board.winners)} won", round=number)
        still_in = [name for name in players if name not in fouled]
        try:
            entered = read_round(entry, players, still_in, settings)
        except EntryError as error:
            raise error.in_round(number) from None
        outcome = play_round(number, players, still_in, entered, settings, board, players[dealer])
        fouled.extend(outcome.out)
        outcomes.append(outcome)
        if not outcome.void:
            dealer = pass_the_deal(players, dealer, [name for name in players if name not in fouled])
    finished = bool(board.winners)
    outcome = GameOutcome(
        game=GAME,
        players=players,
        settings=settings,
        rounds=tuple(outcomes),
        standings=board.points,
        finished=finished,
        winners=board.winners,
        out=tuple(fouled),
        next_dealer=None if finished else players[dealer],
        still_in=tuple(name for name in players if name not in fouled),
    )
    return as_it_stands(outcome) if settings.ended else outcome


def play_round(
    number: int,
    players: Sequence[str],
    still_in: Sequence[str],
    entered: CrashRound,
    settings: CrashOptions,
    board: _Scoreboard,
    dealer: str,
) -> RoundOutcome:
    events: list[Event] = []
    deltas = dict.fromkeys(players, 0)
    table = hand_ranking(settings.rules).table  # rank_hand's lookup, inlined: the entry checks read valid cards
    ranks = {name: tuple([table[a | b | c] for a, b, c in hands]) for name, hands in entered.placed.items()}

    def outcome(out: Sequence[str] = (), void: bool = False) -> RoundOutcome:
        return RoundOutcome(
            number=number,
            dealer=dealer,
            events=tuple(events),
            deltas=deltas,
            standings=dict(board.points),
            hands=ranks,
            out=tuple(out),
            void=void,
        )

    if entered.void:
        return void_deal(dealer, events, outcome)
    if declared_runs := [name for name, (kind, _) in entered.declared.items() if kind == THIRTEEN_RUN]:
        return thirteen_card_run(declared_runs, board, events, outcome)
    if declared_pairs := [name for name, (kind, _) in entered.declared.items() if kind == SIX_PAIRS]:
        return six_pairs(declared_pairs, dealer, events, outcome)

    in_play = list(ranks)
    out: list[str] = []
    alone = False  # foul_round: the others' fouls left one player, who cannot crash
    if settings.fouls:
        fouls = {}
        for name in in_play:
            values = [rank.value for rank in ranks[name]]
            if values != sorted(values, reverse=True):  # cheap test first: most hands are in order
                fouls[name] = first_out_of_order(ranks[name])
        if fouls and len(fouls) == len(still_in):
            return every_player_fouled(fouls, entered.placed, ranks, dealer, settings, events, outcome)
        events.extend(foul(name, pair, entered.placed[name], ranks[name], settings) for name, pair in fouls.items())
        in_play = [name for name in in_play if name not in fouls]
        remaining = [name for name in still_in if name not in fouls]
        if settings.out_of_order == "foul_out":
            out = list(fouls)
            if fouls and len(remaining) == 1:
                board.winners = (remaining[0],)
                events.append(
                    Event(
                        "won",
                        (remaining[0],),
                        f"Fouls leave {isolate(remaining[0])} the only player: {isolate(remaining[0])} wins",
                    )
                )
                return outcome(out=out)
        else:
            alone = bool(fouls) and len(remaining) == 1
    else:  # sort: each player's hands are sorted before scoring, so nobody fouls
        ranks = {name: tuple(sorted(hands, key=lambda r: r.value, reverse=True)) for name, hands in ranks.items()}

    scorers = showdown(in_play, ranks, settings, board, deltas, events)
    if not board.winners and not alone and is_crash(scorers, settings):
        crash(scorers[0], settings, board, deltas, events)
    if not board.winners and settings.quads == "bonus":
        quad_bonus({name: entered.placed[name] for name in in_play}, board, deltas, events)
    if not board.winners and settings.ending == "end_of_round":
        end_of_round_target(board, events)
    return outcome(out=out)


def thirteen_card_run(names: list[str], board: _Scoreboard, events: list[Event], outcome) -> RoundOutcome:
    """A verified thirteen-card run wins the game at once, whatever else was entered."""
    board.winners = tuple(names)
    for name in names:
        events.append(Event("thirteen_run", (name,), f"{isolate(name)} declares a thirteen-card run, ace down to 2"))
    events.append(
        Event(
            "won",
            tuple(names),
            f"A thirteen-card run wins the game at once: {named(names)} "
            f"{'wins' if len(names) == 1 else 'share the win'}",
        )
    )
    return outcome()


def six_pairs(names: list[str], dealer: str, events: list[Event], outcome) -> RoundOutcome:
    """Six pairs: the deal is void, nothing else of the round counts, the dealer deals again."""
    events.append(
        Event(
            "six_pairs",
            tuple(names),
            f"{named(names)} {'declares' if len(names) == 1 else 'declare'} six pairs: "
            f"the deal is void, nobody scores, and {isolate(dealer)} deals again",
        )
    )
    return outcome(void=True)


def void_deal(dealer: str, events: list[Event], outcome) -> RoundOutcome:
    """The host recorded the deal as void: nothing of it counts, the dealer deals again."""
    events.append(Event("void_deal", (), f"A void deal: nobody scores, and {isolate(dealer)} deals again"))
    return outcome(void=True)


def foul(
    name: str,
    pair: tuple[int, int],
    placed: Sequence[Sequence[Card]],
    ranks: Sequence[HandRank],
    settings: CrashOptions,
) -> Event:
    """A hand below a hand to its right: the player is out of the game (foul_out), or scores
    nothing this round (foul_round)."""
    hands = out_of_order_hands(pair, placed, ranks)
    return Event(
        "foul", (name,), f"{isolate(name)} fouled, {FOUL_COSTS[settings.out_of_order]}: {hands}", position=pair[0] + 1
    )


def every_player_fouled(
    fouls: Mapping[str, tuple[int, int]],
    placed: Mapping[str, Sequence[Sequence[Card]]],
    ranks,
    dealer: str,
    settings: CrashOptions,
    events: list[Event],
    outcome,
) -> RoundOutcome:
    """Every player still in fouled: the deal is void, nobody is put out, the dealer deals again."""
    for name, pair in fouls.items():
        hands = out_of_order_hands(pair, placed[name], ranks[name])
        events.append(Event("foul", (name,), f"{isolate(name)} fouled: {hands}", position=pair[0] + 1))
    nobody = "nobody scores" if settings.out_of_order == "foul_round" else "nobody is out"
    events.append(
        Event(
            "foul", tuple(fouls), f"Every player fouled: the deal is void, {nobody}, and {isolate(dealer)} deals again"
        )
    )
    return outcome(void=True)


def showdown(
    in_play: Sequence[str],
    ranks: Mapping[str, Sequence[HandRank]],
    settings: CrashOptions,
    board: _Scoreboard,
    deltas: dict[str, int],
    events: list[Event],
) -> list[str | None]:
    """Positions in turn: the single highest hand scores a point; a hand that cannot score
    never scores; a tie is a stick-up (nobody scores, or the tied hands cancel and the best
    of the rest scores: `stick_up`). Returns who scored each position (None: nobody)."""
    scorers: list[str | None] = []
    cannot_score = unscorable(settings)
    next_best = settings.stick_up == "next_best"
    for position in range(1, settings.positions + 1):
        hands = [(name, ranks[name][position - 1]) for name in in_play if len(ranks[name]) >= position]
        best, top = highest(hands)
        cancelled: list[list[str]] = []
        if next_best and len(top) > 1 and best.category not in cannot_score:
            best, top, cancelled = after_cancelled_ties(position, hands, best, top, cannot_score, events)
        if best is None:  # nobody placed a hand here, or every hand was in a cancelled tie
            scorers.append(None)
        elif best.category in cannot_score:  # nothing below it can score either
            events.append(no_score(position, top, best, after_tie=bool(cancelled)))
            scorers.append(None)
        elif len(top) > 1:
            events.append(stick_up(position, top, best))
            scorers.append(None)
        else:
            name = top[0]
            points = f"({board.points[name] + 1})"
            if cancelled:
                text = (
                    f"Hand {position}: {cancelled_ties(cancelled)}; {isolate(name)}'s {best.phrase} scores: "
                    f"a point for {isolate(name)} {points}"
                )
            else:
                who = isolate(name)
                text = f"Hand {position}: {who}'s {best.phrase} is the best hand: {who} scores a point {points}"
            events.append(Event("scored", (name,), text, position))
            scorers.append(name)
            board.add(name, deltas, events)
            if board.winners:
                break  # at_once: the target is reached; nothing further is scored
    return scorers


def points_scored(name: str, points: int, total: int) -> str:
    """A player's points from one round, summed: "Sam scores 2 points (4)", "Cy scores a point (2)"."""
    return f"{name} scores {'a point' if points == 1 else f'{points} points'} ({total})"


def highest(hands: Sequence[tuple[str, HandRank]]) -> tuple[HandRank | None, list[str]]:
    """The highest hand among (player, hand) pairs, and every player holding one equal to it."""
    best, top = None, []
    for name, rank in hands:  # values, not HandRank comparisons: a replay's hot loop
        if best is None or rank.value > best.value:
            best, top = rank, [name]
        elif rank.value == best.value:
            top.append(name)
    return best, top


def after_cancelled_ties(
    position: int,
    hands: Sequence[tuple[str, HandRank]],
    best: HandRank,
    top: list[str],
    cannot_score: frozenset[str],
    events: list[Event],
) -> tuple[HandRank | None, list[str], list[list[str]]]:
    """next_best: while the highest hands left tie and can score, they cancel (a stick-up
    event each). Returns the highest hand left (None if none), its holders, and the ties."""
    cancelled: list[list[str]] = []
    while best is not None and len(top) > 1 and best.category not in cannot_score:
        hands = [(name, rank) for name, rank in hands if rank.value != best.value]
        events.append(stick_up(position, top, best, "next_best", hands_left=bool(hands)))
        cancelled.append(top)
        best, top = highest(hands)
    return best, top, cancelled


def cancelled_ties(ties: Sequence[Sequence[str]]) -> str:
    """ "Ann and Bob's tie cancels", "Ann and Bob's tie cancels, then Cy and Di's"."""
    first, *then = [f"{named(tie)}'s" for tie in ties]
    return f"{first} tie cancels" + "".join(f", then {names}" for names in then)


def stick_up(
    position: int, tied: Sequence[str], rank: HandRank, rule: str = "nobody", hands_left: bool = False
) -> Event:
    """Equal highest hands at a position: nobody scores it, or (next_best) they cancel."""
    phrase = kind_of_hand(rank) if rank.category in ("prial", "pair") else rank.phrase
    hands = " and ".join(f"{isolate(name)}'s {phrase}" for name in tied)
    if rule == "nobody":
        then = "nobody scores"
    elif hands_left:
        then = "the tied hands cancel"
    else:
        then = "the tied hands cancel and no hand is left: nobody scores"
    return Event("stick_up", tuple(tied), f"Hand {position}: {hands} tie: stick-up, {then}", position)


def no_score(position: int, top: Sequence[str], rank: HandRank, after_tie: bool = False) -> Event:
    """The highest hand at a position (or the tied highest) cannot score: nobody scores it."""
    left = " left" if after_tie else ""
    holders = (
        f"{isolate(top[0])}'s {rank.phrase} is the best hand{left}"
        if len(top) == 1
        else f"the best hands{left} ({rank.phrase}) tie"
    )
    why = "pairs cannot score in this game" if rank.category == "pair" else "a high-card hand cannot score"
    return Event("no_score", tuple(top), f"Hand {position}: {holders} but {why}: nobody scores", position)


def is_crash(scorers: Sequence[str | None], settings: CrashOptions) -> bool:
    """A crash: the same player scored every position of the round."""
    return len(scorers) == settings.positions and scorers[0] is not None and all(s == scorers[0] for s in scorers)


def crash(name: str, settings: CrashOptions, board: _Scoreboard, deltas: dict[str, int], events: list[Event]) -> None:
    """A crash wins the game at once (wins_game), or scores one extra point (bonus_point)."""
    if settings.crash == "wins_game":
        board.winners = (name,)
        events.append(Event("crash", (name,), f"{isolate(name)} takes every position: crash"))
        events.append(Event("won", (name,), f"A crash wins the game at once: {isolate(name)} wins"))
    else:
        events.append(
            Event(
                "crash",
                (name,),
                f"{isolate(name)} takes every position: crash, one extra point ({board.points[name] + 1})",
            )
        )
        board.add(name, deltas, events)


def quad_bonus(
    placed: Mapping[str, Sequence[Sequence[Card]]], board: _Scoreboard, deltas: dict[str, int], events: list[Event]
) -> None:
    """The highest four of a kind among the placed hands scores one extra point."""
    found = best_quad(placed)
    if found is None:
        return
    name, rank = found
    events.append(
        Event(
            "quad_bonus",
            (name,),
            f"{isolate(name)} holds all four {rank_plural(rank)}: four-of-a-kind bonus, "
            f"{isolate(name)} scores a point ({board.points[name] + 1})",
        )
    )
    board.add(name, deltas, events)


def end_of_round_target(board: _Scoreboard, events: list[Event]) -> None:
    """After the full round, if anyone reached the target, the highest score wins; equal
    highest share the win."""
    best = max(board.points.values())
    if best < board.settings.target:
        return
    board.winners = tuple(name for name, points in board.points.items() if points == best)
    verb = "wins" if len(board.winners) == 1 else "share the win"
    events.append(
        Event(
            "won",
            board.winners,
            f"The target of {board.settings.target} is reached: {named(board.winners)} {verb} with {best} points",
        )
    )
