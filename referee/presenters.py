"""A game as people read it, for every screen that shows one (the host's page, the board
and looking back): the game in a word, the unit of its figures, the standings as rows,
and recorded cards as text. The figures come from the engine's replay; nothing here
knows a default of its own."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import (
    GAMES,
    RANKING_OPTIONS,
    RANKINGS,
    CardError,
    GameOutcome,
    HandRank,
    game_of,
    hand_ranking,
    in_reading_order,
    parse_cards,
    rank_hand,
    show_cards,
    show_hand,
)
from engine.bidi import isolate
from engine.figures import figure


def date_under_title(title: str, played_on: datetime.date) -> str:
    """The evening's date to show under its title ("Friday 20 November 2026"), or "" when
    the title says it already (the default title, "Friday 20 November", does)."""
    said = f"{played_on.day} {played_on:%B}".casefold()
    return "" if said in " ".join(title.split()).casefold() else f"{played_on:%A} {played_on.day} {played_on:%B %Y}"


def void_deal_reasons(game: str, settings) -> str:
    """What voids a deal of ``game`` under these options, in words ("" when nothing can: the
    host records no void deal; docs/rules.md, Crash: A void deal)."""
    causes = game_of(game).void_deal_causes
    return ", or ".join(causes(settings)) if causes else ""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The game in a line ("Crash, classic, to 7") and its house rules, one line each as
    the host's form words them: a list, never joined, since a rule may hold a ";" itself."""

    line: str
    house_rules: tuple[str, ...] = ()

    def __str__(self) -> str:  # where the line alone is shown (a page's title, a seat's header)
        return self.line


def game_summary(outcome: GameOutcome) -> GameSummary:
    """The game and its options in words: "Crash, classic, to 7", and each house rule that
    changes it ("Taking every position of a round scores one extra point")."""
    return GameSummary(game_of(outcome.game).summary(outcome.settings), tuple(house_rules(outcome)))


def house_rules(outcome: GameOutcome) -> list[str]:
    """What a game plays differently from its preset (Crash) and its named ranking, each in
    the host's line for the value chosen."""
    settings = outcome.settings
    lines = list(game_of(outcome.game).house_rules(settings))
    ranking = hand_ranking(settings.rules)
    if ranking.name not in RANKINGS:  # composed: say how it differs from the game's usual ranking
        usual = RANKINGS[ranking.game].options
        lines += [
            option.explain(ranking.options[option.name])
            for option in RANKING_OPTIONS[ranking.game]
            if ranking.options[option.name] != usual[option.name]
        ]
    return lines


def unit(outcome: GameOutcome) -> str:
    """What the standings count."""
    return game_of(outcome.game).unit(outcome.settings)


def scores_said(outcome: GameOutcome, number: int) -> str:
    """What round ``number`` did to the scores, in a line (the pad's after it is recorded):
    every change of score, then whether it won the game ("Sam scores 2 points (4); Cy scores a
    point (2)"; a game whose events each change a score says those); with no change, its last
    decision (a void deal, a stick-up)."""
    round_ = outcome.rounds[number - 1]
    changed = {name: change for name, change in round_.deltas.items() if change}
    summed = game_of(outcome.game).scored
    if summed is not None:
        said = [summed(name, change, round_.standings[name]) for name, change in changed.items()]
    else:
        said = [e.text for e in round_.events if e.kind != "won" and any(name in changed for name in e.players)]
    said += [event.text for event in round_.events if event.kind == "won"]
    return "; ".join(said) or (round_.events[-1].text if round_.events else "")


def starting_figures(outcome: GameOutcome) -> dict[str, int]:
    """Each player's figure before the first round."""
    return dict.fromkeys(outcome.players, game_of(outcome.game).tokens(outcome.settings))


def standings_rows(outcome: GameOutcome | None) -> list[dict]:
    """One row a player: the figure (and as shown), tokens as pips (Stop the Bus), out, dealing
    next, won."""
    if outcome is None:
        return []
    tokens = game_of(outcome.game).tokens(outcome.settings)
    return [
        {
            "name": name,
            "value": value,
            "figure": figure(outcome, value),  # as shown: a balance with its sign
            "pips": [i < value for i in range(tokens)],
            "out": name in outcome.out,
            "deals": name == outcome.next_dealer,
            "won": name in outcome.winners,
        }
        for name, value in outcome.standings.items()
    ]


def shown(text: str) -> str:
    """Stored card text as people read it ("AS TH" -> "A♠ 10♥"); anything else as it is."""
    try:
        return show_cards(parse_cards(text))
    except CardError:
        return text


def shown_hand(text: str, rules) -> str:
    """A stored hand as people read it, in its label's order under ``rules`` ("KC JC QC" ->
    "J♣ Q♣ K♣", engine.show_hand); anything else as it is."""
    try:
        return show_hand(parse_cards(text), rules)
    except CardError:
        return text


def as_tapped(initial: dict) -> dict:
    """Fields of cards as stored ("AS KS") written as the pad types them ("A♠ K♠"): the
    pad's Undo and its greyed cards read them as the player (or the host) left them."""
    return {
        field: shown(value) if field.startswith(("hand_", "declared_")) else value for field, value in initial.items()
    }


def hands_as_played(texts: Sequence[str], ranks: Sequence[HandRank]) -> list[tuple[str, HandRank]]:
    """Each recorded hand beside its own rank, in the order the engine gives the ranks.
    Arena Crash plays a player's hands sorted, best first, so the order placed may differ:
    each rank takes the first hand not yet taken that ranks the same."""
    if len(texts) < 2:
        return list(zip(texts, ranks))
    left = [(text, rank_hand(parse_cards(text), ranks[0].rules).value) for text in texts]
    played = []
    for rank in ranks:
        at = next((i for i, (_, value) in enumerate(left) if value == rank.value), 0)
        played.append((left.pop(at)[0], rank))
    return played


def entry_lines(entry: Mapping, seats: Sequence[str], rules) -> list[str]:
    """A recorded entry as people read it, in seat order (a JSON column may keep its keys
    in another order), each hand as its label writes it under the game's ``rules``: "Ann:
    A♠ K♠ 6♠", "Bob: 3♠ 3♥ 3♦ | Q♥ K♥ A♥", ..."""

    def seated(mapping: Mapping) -> list:
        return sorted(mapping.items(), key=lambda item: seats.index(item[0]) if item[0] in seats else len(seats))

    if entry.get("void"):
        return ["A void deal: no cards entered"]
    lines = []
    for name, hands in seated(entry.get("hands", {})):
        placed = hands if isinstance(hands, list) else [hands]
        lines.append(f"{isolate(name)}: {' | '.join(shown_hand(h, rules) for h in placed) or 'no hand'}")
    for name, (kind, cards) in seated(entry.get("declarations", {})):
        lines.append(f"{isolate(name)} declared {kind.replace('_', ' ')}: {shown(cards)}")
    if entry.get("table"):
        lines.append(f"Table: {shown_hand(entry['table'], rules)}")
    for extra in dict.fromkeys(game.named for game in GAMES.values() if game.named):  # whichever it holds
        if entry.get(extra):
            lines.append(f"{extra.capitalize()}: {entry[extra]}")
    return lines


def cards_of(text: str) -> tuple:
    """Stored card text as cards, to show as chips; a text that no longer parses, none."""
    try:
        return parse_cards(text)
    except CardError:
        return ()


def hand_chips(text: str, rules) -> tuple:
    """A stored hand as chips, in its label's order under ``rules`` (engine.in_reading_order)."""
    return in_reading_order(cards_of(text), rules)


def round_hands(entry: Mapping, ranks: Mapping[str, Sequence[HandRank]], seats: Sequence[str]) -> list[dict]:
    """A round's hands as the board and looking back show them, a player a line in seat
    order: each hand's cards (to show as chips), its number ("hand 1" is the first placed,
    as the form names it) and its label; a Crash declaration is one hand of its 13 cards."""
    shown = []
    declared = entry.get("declarations", {})
    declarations = {kind: said for game in GAMES.values() for kind, said in game.declarations}
    for name in seats:
        given = entry.get("hands", {}).get(name)
        if name in declared:
            kind, cards = declared[name]
            label = f"declared {declarations[kind].lower()}"
            hands = [{"number": 1, "cards": cards_of(cards), "label": label, "declared": True}]
        elif given is not None:
            texts = given if isinstance(given, list) else [given]
            played = hands_as_played(texts, ranks.get(name, ()))
            hands = [
                {"number": n, "cards": hand_chips(text, rank.rules), "label": rank.label}
                for n, (text, rank) in enumerate(played, 1)
            ]
        else:
            continue
        shown.append({"name": name, "hands": hands})
    return shown
