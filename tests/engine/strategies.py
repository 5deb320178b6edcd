"""Random legal games, dealt from a shuffled deck: hypothesis strategies for the property tests."""

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine import DECK, format_cards, rank_hand, replay
from engine.crash import count_pairs
from engine.house_rules import CRASH_PRESETS, GAME_OPTIONS, RANKING_OPTIONS

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
MAX_ROUNDS = 25


def some_of(draw, options):
    """Some of the options' values, as a host may pick them (docs/rules.md: each game's options)."""
    return {o.name: draw(st.sampled_from(o.values)) for o in options if o.numbers is None and draw(st.booleans())}


def brag_rules(draw):
    """A named Brag ranking, or some of its options."""
    if draw(st.booleans()):
        return draw(st.sampled_from(["brag", "brag-ace-high"]))
    return some_of(draw, RANKING_OPTIONS["brag"])


@st.composite
def stop_the_bus_games(draw):
    players = NAMES[: draw(st.integers(2, 6))]
    options = {
        "tokens": draw(st.integers(1, 4)),
        "rules": brag_rules(draw),
        "first_dealer": draw(st.integers(0, len(players) - 1)),
    }
    return "stop_the_bus", players, options


@st.composite
def crash_games(draw):
    preset = draw(st.sampled_from(["classic", "arena"]))
    house = [o for o in GAME_OPTIONS["crash"] if o.within is None and o.name != "preset"]
    options = {"preset": preset, "target": draw(st.integers(1, 12)), **some_of(draw, house), "rules": brag_rules(draw)}
    chosen = {**CRASH_PRESETS[preset].options, **options}
    if chosen["cards"] == 9:
        options["declarations"] = False
    players = NAMES[: draw(st.integers(2, 5 if chosen["cards"] == 9 else 4))]
    options["first_dealer"] = draw(st.integers(0, len(players) - 1))
    return "crash", players, options


@st.composite
def commerce_games(draw):
    players = NAMES[: draw(st.integers(2, 6))]
    options = {
        "stake": draw(st.sampled_from([0, 1, 5, 7])),
        "first_dealer": draw(st.integers(0, len(players) - 1)),
        **some_of(draw, RANKING_OPTIONS["commerce"]),
    }
    return "commerce", players, options


def deal_simple_round(draw, still_in, extra_key):
    deck = draw(st.permutations(DECK))
    round_ = {"hands": {name: format_cards(deck[3 * i : 3 * i + 3]) for i, name in enumerate(still_in)}}
    if draw(st.booleans()):
        round_["table"] = format_cards(deck[-3:])
    if draw(st.booleans()):
        round_[extra_key] = draw(st.sampled_from(still_in))
    return round_


def thirteen_of_a_kind(deck, kind):
    """13 cards from the deck making a thirteen-card run, or holding six pairs."""
    if kind == "thirteen_run":
        return [next(c for c in deck if c.rank == rank) for rank in range(2, 15)]
    cards = []
    for rank in range(2, 8):
        cards += [c for c in deck if c.rank == rank][:2]
    return cards + [next(c for c in deck if c.rank == 14)]


def deal_crash_round(draw, still_in, settings):
    deck = list(draw(st.permutations(DECK)))
    dealt = settings.cards
    positions = dealt // 3
    round_ = {"hands": {}, "declarations": {}}
    special = draw(st.sampled_from(["none"] * 10 + ["thirteen_run", "six_pairs"]))
    if settings.declarations and special != "none":
        name = draw(st.sampled_from(still_in))
        cards = thirteen_of_a_kind(deck, special)
        deck = [c for c in deck if c not in cards]
        round_["declarations"][name] = [special, format_cards(cards)]
    for name in still_in:
        if name in round_["declarations"]:
            continue
        cards, deck = deck[:dealt], deck[dealt:]
        if settings.declarations and count_pairs(cards) >= 6 and draw(st.booleans()):
            round_["declarations"][name] = ["six_pairs", format_cards(cards)]
            continue
        count = draw(st.sampled_from([positions] * 4 + list(range(positions))))
        triples = [cards[3 * i : 3 * i + 3] for i in range(count)]
        if draw(st.integers(0, 9)) > 0:  # mostly set in order, sometimes a foul
            triples.sort(key=lambda t: rank_hand(t, settings.rules).value, reverse=True)
        round_["hands"][name] = [format_cards(t) for t in triples]
    return round_


@st.composite
def played_games(draw, games=None):
    """A game (of ``games``, a strategy of one game's table; any game by default) and some legal rounds of it."""
    games = st.one_of(stop_the_bus_games(), crash_games(), commerce_games()) if games is None else games
    game, players, options = draw(games)
    rounds = []
    outcome = replay(game, players, [], **options)
    for _ in range(draw(st.integers(0, MAX_ROUNDS))):
        if outcome.finished:
            break
        if game == "crash":
            round_ = deal_crash_round(draw, outcome.still_in, outcome.settings)
        else:
            round_ = deal_simple_round(draw, outcome.still_in, "caller" if game == "stop_the_bus" else "knocker")
        rounds.append(round_)
        outcome = replay(game, players, rounds, **options)  # a legal round never raises
    if game == "commerce" and draw(st.booleans()):
        options = {**options, "ended": True}
    return game, players, options, rounds


def examples(count: int) -> int:
    """A property test's own ``count`` of examples in CI's profile; in the quick one (tests/
    conftest.py chooses) no more than that profile's few."""
    if settings.get_current_profile_name() == "ci":
        return count
    return min(count, settings.default.max_examples)


PROPERTY_SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
