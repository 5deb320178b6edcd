"""Commerce: every hand pays the stake into the pot; the best hand takes it, tied best
hands split it, and a remainder that does not split stays for the next hand (docs/rules.md,
Commerce)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .bidi import isolate
from .entries import check_option_names, check_players, chosen, first_dealer, named, ranked_showdown, read_ended
from .house_rules import COMMERCE_ACE_TWO_THREE, FLUSH_BY, POINT_BY, STAKE
from .outcomes import Event, GameOutcome, RoundOutcome, replayed, showdown_outcome
from .ranking import HandRank, composed
from .seating import pass_the_deal

GAME, TITLE = "commerce", "Commerce"
RANKING_OPTIONS = (COMMERCE_ACE_TWO_THREE, FLUSH_BY, POINT_BY)  # docs/rules.md, Commerce: Commerce options
OPTIONS = ("stake", "first_dealer", "ended", *(option.name for option in RANKING_OPTIONS))


@dataclass(frozen=True, slots=True)
class CommerceOptions:
    stake: int = STAKE.default  # type: ignore[assignment]
    first_dealer: int = 0
    ended: bool = False
    ace_two_three: str = COMMERCE_ACE_TWO_THREE.default  # type: ignore[assignment]
    flush_by: str = FLUSH_BY.default  # type: ignore[assignment]
    point_by: str = POINT_BY.default  # type: ignore[assignment]

    def as_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in OPTIONS}

    @property
    def rules(self) -> str:
        """The name of the ranking these options make ("commerce" by default; HandRank.rules)."""
        return composed("commerce", (self.ace_two_three, self.flush_by, self.point_by)).name


def read_options(players: Sequence[str], options: Mapping[str, object]) -> CommerceOptions:
    check_option_names(TITLE, options, OPTIONS)
    return CommerceOptions(
        stake=chosen(STAKE, options),  # type: ignore[arg-type]
        first_dealer=first_dealer(options.get("first_dealer", 0), players),
        ended=read_ended(options),
        **{option.name: chosen(option, options) for option in RANKING_OPTIONS},  # type: ignore[arg-type]
    )


def best_hands(ranks: Mapping[str, HandRank]) -> list[str]:
    best = max(ranks.values())
    return [name for name, rank in ranks.items() if rank == best]


def split_pot(pot: int, winners: int) -> tuple[int, int]:
    """Each winner's share, and the remainder that stays in the pot."""
    return divmod(pot, winners)


def replay_commerce(players: Sequence[str], rounds: Sequence[object], **options: object) -> GameOutcome:
    players = check_players(TITLE, players, 2, 16)
    settings = read_options(players, options)
    stake = settings.stake
    rules = settings.rules
    standings = dict.fromkeys(players, 0)
    pot = 0
    dealer = settings.first_dealer
    outcomes: list[RoundOutcome] = []
    for number, entry in enumerate(rounds, 1):
        ranks = ranked_showdown(TITLE, entry, number, players, players, rules, named="knocker", out_reason="")
        winners = best_hands(ranks)
        label = best_hand_phrase([ranks[name] for name in winners])
        deltas = dict.fromkeys(players, -stake)
        pot += stake * len(players)
        if stake:
            share, pot_left = split_pot(pot, len(winners))
        else:
            share, pot_left = 1, 0  # playing for the win alone: a hand won each
        for name in winners:
            deltas[name] += share
        for name in players:
            standings[name] += deltas[name]
        events = [hand_won(winners, label, stake, pot, share, pot_left)]
        pot = pot_left
        outcomes.append(showdown_outcome(number, players[dealer], events, deltas, standings, ranks, pot=pot))
        dealer = pass_the_deal(players, dealer, players)
    # Commerce has no end of its own: unfinished until the host ends it.
    return replayed(
        GAME, players, settings, outcomes, standings, next_dealer=players[dealer], pot=pot, still_in=players
    )


def best_hand_phrase(best: Sequence[HandRank]) -> str:
    """The best hand inside a sentence: "pair of kings, 4 kicker"; equal point hands of other
    cards (point_by="sum") by their point: "point 27 each, as equal points tie"."""
    if any(rank.ranks != best[0].ranks for rank in best):
        return f"point {best[0].key[0]} each, as equal points tie"
    return best[0].phrase


def hand_won(winners: Sequence[str], label: str, stake: int, pot: int, share: int, pot_left: int) -> Event:
    """The pot to the best hand, or split between tied best hands."""
    if len(winners) == 1:
        name = winners[0]
        prize = f"{isolate(name)} wins the pot of {pot}" if stake else f"{isolate(name)} wins the hand"
        return Event("won_pot", (name,), f"{isolate(name)}'s {label} is the best hand: {prize}")
    tied = f"{named(winners)} tie for the best hand ({label})"
    if not stake:
        return Event("split_pot", tuple(winners), f"{tied}: each wins the hand")
    left = f", {pot_left} stays in the pot" if pot_left else ""
    return Event("split_pot", tuple(winners), f"{tied}: they split the pot of {pot}, {share} each{left}")
