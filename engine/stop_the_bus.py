"""Stop the Bus (Bastard): the worst hand loses a token; the last player with tokens wins
(docs/rules.md, Stop the Bus)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .bidi import isolate
from .entries import (
    brag_rules,
    check_option_names,
    check_players,
    chosen,
    first_dealer,
    named,
    ranked_showdown,
    read_ended,
)
from .house_rules import TOKENS
from .outcomes import EntryError, Event, GameOutcome, RoundOutcome, replayed, showdown_outcome
from .ranking import BRAG, HandRank, hand_ranking
from .seating import pass_the_deal

GAME, TITLE = "stop_the_bus", "Stop the Bus"
OPTIONS = ("tokens", "rules", "first_dealer", "ended")


@dataclass(frozen=True, slots=True)
class StopTheBusOptions:
    tokens: int = TOKENS.default  # type: ignore[assignment]
    rules: str = BRAG  # the Brag ranking's name: "brag", "brag-ace-high" or composed ("brag:ABF")
    first_dealer: int = 0
    ended: bool = False  # the host ended the game as it stands

    def as_dict(self) -> dict[str, object]:
        """As replay takes them; a composed ranking as the mapping of its options; the end
        once the host has ended the game."""
        rules = hand_ranking(self.rules).as_option()
        options = {"tokens": self.tokens, "rules": rules, "first_dealer": self.first_dealer}
        return {**options, "ended": True} if self.ended else options


def read_options(players: Sequence[str], options: Mapping[str, object]) -> StopTheBusOptions:
    check_option_names(TITLE, options, OPTIONS)
    return StopTheBusOptions(
        tokens=chosen(TOKENS, options),  # type: ignore[arg-type]
        rules=brag_rules(options.get("rules", BRAG)),
        first_dealer=first_dealer(options.get("first_dealer", 0), players),
        ended=read_ended(options),
    )


def worst_hands(ranks: Mapping[str, HandRank]) -> list[str]:
    """The players holding the worst hand; players tied for it all lose."""
    worst = min(ranks.values())
    return [name for name, rank in ranks.items() if rank == worst]


def is_stand_off(losers: Sequence[str], tokens: Mapping[str, int], still_in: Sequence[str]) -> bool:
    """Stand-off: the round's losses would leave no player with a token."""
    return all(tokens[name] - (name in losers) <= 0 for name in still_in)


def replay_stop_the_bus(players: Sequence[str], rounds: Sequence[object], **options: object) -> GameOutcome:
    players = check_players(TITLE, players, 2, 16)
    settings = read_options(players, options)
    tokens = dict.fromkeys(players, settings.tokens)
    dealer = settings.first_dealer
    went_out: list[str] = []
    outcomes: list[RoundOutcome] = []
    for number, entry in enumerate(rounds, 1):
        still_in = [name for name in players if tokens[name] > 0]
        if len(still_in) == 1:
            raise EntryError(f"the game is over: {still_in[0]} won", round=number)
        ranks = ranked_showdown(
            TITLE, entry, number, players, still_in, settings.rules, named="caller", out_reason="no tokens left"
        )
        losers = worst_hands(ranks)
        label = ranks[losers[0]].phrase
        events: list[Event] = []
        deltas = dict.fromkeys(players, 0)
        out: list[str] = []
        if is_stand_off(losers, tokens, still_in):
            events.append(
                Event(
                    "stand_off",
                    tuple(losers),
                    f"{named(losers)} tie for the worst hand with {label}, each on a last token: "
                    "stand-off, nobody loses a token",
                )
            )
        else:
            for name in losers:
                tokens[name] -= 1
                deltas[name] = -1
                left = f"{tokens[name]} left" if tokens[name] else "none left"
                worst = (
                    f"{isolate(name)}'s {label} is the worst hand"
                    if len(losers) == 1
                    else f"{named(losers)} tie for the worst hand with {label}"
                )
                events.append(Event("lost_token", (name,), f"{worst}: {isolate(name)} loses a token ({left})"))
            for name in losers:
                if tokens[name] == 0:
                    out.append(name)
                    events.append(Event("out", (name,), f"{isolate(name)} has no tokens left: {isolate(name)} is out"))
            went_out.extend(out)
            survivors = [name for name in players if tokens[name] > 0]
            if len(survivors) == 1:
                events.append(
                    Event(
                        "won",
                        (survivors[0],),
                        f"{isolate(survivors[0])} is the last player with tokens: {isolate(survivors[0])} wins",
                    )
                )
        outcomes.append(showdown_outcome(number, players[dealer], events, deltas, tokens, ranks, out=tuple(out)))
        dealer = pass_the_deal(players, dealer, [name for name in players if tokens[name] > 0])
    still_in = tuple(name for name in players if tokens[name] > 0)
    finished = len(still_in) == 1
    return replayed(
        GAME,
        players,
        settings,
        outcomes,
        tokens,
        finished=finished,
        winners=still_in if finished else (),
        out=tuple(went_out),
        next_dealer=None if finished else players[dealer],
        still_in=still_in,
    )
