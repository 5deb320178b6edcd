"""The night's story (engine/recap.py): random evenings of every game and house rule checked
item by item against tests/engine/recap_oracle.py, worked out another way; then each item in
situations written out by hand, each present only when the evening had one."""

from __future__ import annotations

import datetime
import re

from hypothesis import given
from hypothesis import strategies as st

from engine import replay
from engine.house_rules import RANKING_OPTIONS
from engine.recap import (
    ITEM_KINDS,
    POT,
    Evening,
    GamePlayed,
    KeptHindsight,
    RatingChange,
    fewest_transfers,
    recap,
)

from . import recap_oracle as oracle
from .strategies import PROPERTY_SETTINGS, played_games


@st.composite
def evenings(draw):
    """One to four games of any kind and house rules, with hindsight kept for Crash rounds."""
    games = []
    for number, (kind, players, options, rounds) in enumerate(
        draw(st.lists(played_games(), min_size=1, max_size=4)), 1
    ):
        outcome = replay(kind, players, rounds, **options)
        kept = ()
        if kind == "crash":
            kept = tuple(
                KeptHindsight(r.number, name, draw(st.integers(0, 3)), f"{name} could have done better")
                for r in outcome.rounds
                for name in r.hands
            )
        games.append(GamePlayed(number, outcome, tuple(rounds), kept))
    return Evening("Friday", tuple(games), played_on=datetime.date(2026, 11, 20))


def _items(told, kind):
    return [item for item in told.items if item.kind == kind]


def _one(told, kind):
    items = _items(told, kind)
    assert len(items) <= 1
    return items[0] if items else None


@PROPERTY_SETTINGS
@given(evenings())
def test_every_item_agrees_with_the_oracle(evening):
    games = evening.games
    told = recap(evening)
    assert [ITEM_KINDS.index(item.kind) for item in told.items] == sorted(ITEM_KINDS.index(i.kind) for i in told.items)

    # Who won each finished game (one ended before a hand was played names nobody).
    won = [(g.label, g.outcome.winners) for g in games if g.outcome.finished and g.outcome.winners and g.entries]
    assert [(item.title, item.players) for item in _items(told, "winner")] == won

    # Who leads each game not finished, and the standings: every player's wins and standings.
    led = [(g.label, oracle.leaders(g)) for g in games if not g.outcome.finished and g.entries]
    assert [(item.title, item.players) for item in _items(told, "leading")] == led
    assert told.standings == oracle.standings(games)

    # The hand of the night: as many hands beaten as the best shown, its holders in the order shown.
    best, item = oracle.hand_of_the_night(games), _one(told, "hand_of_the_night")
    if best is None:
        assert item is None
    else:
        count, holders = best
        assert list(item.players) == holders
        shown_in = next(g for g in games if f"of {g.label}" in item.text)
        from engine import parse_cards

        assert oracle.beaten(shown_in.outcome, parse_cards(" ".join(item.cards))) == count
        # A line of why only where a house ranking option decided it.
        assert bool(item.why) == oracle.decided_by_a_house_rule(shown_in, parse_cards(" ".join(item.cards)))

    # The biggest crash or four-of-a-kind bonus.
    crash, item = oracle.biggest_crash(games), _one(told, "biggest_crash")
    assert (crash is None) == (item is None)
    if crash:
        key, found = crash
        assert list(item.players) == list(dict.fromkeys(name for name, _ in found))
        assert sorted(item.cards) == sorted(card.code for card in found[0][1])
        assert item.title == ("The biggest crash" if key[0] else "The biggest four of a kind")

    # The most left on the table.
    kept = [(k, g) for g in games for k in g.kept if k.points_missed]
    item = _one(told, "most_left")
    assert (item is None) == (not kept)
    if kept:
        most = max(k.points_missed for k, _ in kept)
        assert list(item.players) == list(dict.fromkeys(k.player for k, _ in kept if k.points_missed == most))
        assert f"left {most} point" in item.text

    # The luckiest escape: the one that saved the most players, the first played.
    escapes, item = oracle.escapes(games), _one(told, "luckiest_escape")
    assert (item is None) == (not escapes)
    if escapes:
        players, game, number = max(escapes, key=lambda one: len(one[0]))
        assert set(item.players) == set(players) and f"round {number} of {game.label}" in item.text

    # The comeback.
    best, item = oracle.comeback(games), _one(told, "comeback")
    assert (item is None) == (best is None)
    if best:
        deficit, name, number, game = best
        assert item.players == (name,) and f"after round {number} of {game.label}" in item.text
        assert re.search(rf"\b{deficit} ", item.text)

    # Fouls and stand-offs counted.
    fouls, stand_offs, item = oracle.fouls(games), len(oracle.stand_offs(games)), _one(told, "counts")
    assert (item is None) == (not fouls and not stand_offs)
    if item:
        said = dict(re.findall(r"(\d+) (foul|stand-off)", item.text)[::1])
        assert {v: int(k) for k, v in said.items()} == {
            **({"foul": sum(fouls.values())} if fouls else {}),
            **({"stand-off": stand_offs} if stand_offs else {}),
        }
        assert {line.split(":")[0]: int(line.split(": ")[1].split()[0]) for line in item.lines} == dict(fouls)

    # Settling up: each balance, then every balance settled, in the fewest transfers there are.
    owed, item = oracle.balances(games), _one(told, "settle_up")
    assert (item is None) == (not owed)
    if owed:
        assert item.table == (("Player", "Balance"), *oracle.balance_rows(games))
        assert len(item.lines) == oracle.fewest_transfers(owed)
        left = dict(owed)
        for line in item.lines:
            payer, payee, amount = re.fullmatch(r"(.+) pays (.+) (\d+)", line).groups()
            assert int(amount) > 0
            left[payer] += int(amount)
            left[payee] -= int(amount)
        assert not any(left.values())


# --- Situations written out by hand ---------------------------------------------------------


def _evening(*games, ratings=()):
    played = tuple(
        GamePlayed(number, replay(kind, players, rounds, **options), tuple(rounds), tuple(kept))
        for number, (kind, players, rounds, options, kept) in enumerate(games, 1)
    )
    return recap(Evening("Friday", played, tuple(ratings), datetime.date(2026, 11, 20)))


def _game(kind, players, rounds, kept=(), **options):
    return kind, players, rounds, options, kept


def _shown(kind, *rounds, **options):
    """A game of rounds of hands only, each a mapping of player to cards; its players are the
    first round's, in order."""
    return _game(kind, list(rounds[0]), [{"hands": hands} for hands in rounds], **options)


def _kinds(told):
    return [item.kind for item in told.items]


def test_an_evening_with_no_round_has_nothing_to_tell():
    told = _evening()
    assert told.items == () and told.title == "Friday · 20 November 2026"
    assert told.headline == "Nothing to tell yet: no round was played this evening."


def test_an_evening_of_only_commerce_tells_no_crash_no_fouls_and_no_hindsight():
    commerce = _shown(
        "commerce", {"Ann": "AS KS QS", "Bob": "2H 5D 9C"}, {"Ann": "2S 4D 7C", "Bob": "3H 3D 3C"}, stake=0, ended=True
    )
    told = _evening(commerce)
    assert _kinds(told) == ["winner", "hand_of_the_night", "comeback"]  # Bob, a hand behind, drew level
    assert told.items[0].text == "Ann and Bob shared the win, with 1 hand won"


def test_under_the_default_ranking_no_house_rule_decided_the_hand_of_the_night():
    bus = _shown("stop_the_bus", {"Priya": "3S 3H 3D", "Tom": "KS KH KD", "Cy": "2C 4D 7H"})
    item = _one(_evening(bus), "hand_of_the_night")
    assert item.players == ("Priya",) and item.cards == ("3S", "3H", "3D")
    assert item.text == "Priya's prial of 3s, round 1 of Stop the Bus · game 1"
    assert item.why == ""  # 3-3-3 the best prial is the default: no house rule decided it
    # A run over a flush is the default too, though flush_over_run would turn it round.
    bus = _shown("stop_the_bus", {"Ann": "AS JS 4S", "Bob": "4H 5D 6C"})
    item = _one(_evening(bus), "hand_of_the_night")
    assert item.players == ("Bob",) and item.why == ""


def test_a_house_ranking_option_that_decided_the_hand_of_the_night_is_said_once():
    bus = _shown(
        "stop_the_bus", {"Ann": "AS JS 4S", "Bob": "4H 5D 6C", "Cy": "2C 8D 9H"}, rules={"flush_over_run": True}
    )
    item = _one(_evening(bus), "hand_of_the_night")
    assert item.players == ("Ann",)
    assert item.why == (
        "Ann's ace-high flush (A-J-4) beat Bob's run 4-5-6, as under these rules a flush beats a run "
        "(a running flush still beats both); by default Bob's run would have won"
    )
    aces = _shown("stop_the_bus", {"Priya": "AS AH AD", "Tom": "3S 3H 3D", "Cy": "2C 4D 7H"}, rules="brag-ace-high")
    assert _one(_evening(aces), "hand_of_the_night").why == (
        "Priya's prial of aces beat Tom's prial of 3s, as under these rules prials go by rank: A-A-A is the best, "
        "2-2-2 the lowest; by default Tom's prial would have won"
    )


def test_a_house_ranking_option_that_did_not_decide_the_hand_of_the_night_says_nothing():
    # A flush over a run is the house's, but a prial beat a prial: 3-3-3 the best is the default.
    bus = _shown(
        "stop_the_bus", {"Priya": "3S 3H 3D", "Tom": "KS KH KD", "Cy": "2C 4D 7H"}, rules={"flush_over_run": True}
    )
    assert _one(_evening(bus), "hand_of_the_night").why == ""
    # Aces over kings whatever the options.
    aces = _shown("stop_the_bus", {"Priya": "AS AH AD", "Tom": "KS KH KD", "Cy": "2C 4D 7H"}, rules="brag-ace-high")
    assert _one(_evening(aces), "hand_of_the_night").why == ""


# For each house ranking option (every choice but the default), hands it decides: Ann's beats
# Bob's under it, and would not under the default.
DECIDED_BY = {
    ("brag", "top_prial", "aces"): ("4S 4H 4D", "3S 3H 3D"),
    ("brag", "ace_two_three", "bottom"): ("2S 3H 4D", "AS 2H 3D"),
    ("brag", "ace_two_three", "none"): ("5S 5H 9D", "AS 2H 3D"),
    ("brag", "flush_over_run", True): ("AS JS 4S", "4H 5D 6C"),
    ("commerce", "ace_two_three", "none"): ("KS QS 5S", "AH 2H 3H"),
    ("commerce", "flush_by", "cards"): ("AS 5S 2S", "KH QH 9H"),
    # Equal points tie: a point hand beats another only by its point, and by default too.
    ("commerce", "point_by", "sum"): None,
}


def test_every_house_ranking_option_that_decides_says_its_rule_once_and_nothing_twice():
    rules = [choice.text for options in RANKING_OPTIONS.values() for option in options for choice in option.choices]
    for game, options in RANKING_OPTIONS.items():
        for option in options:
            for choice in option.choices:
                if choice.value == option.default:
                    continue
                hands = DECIDED_BY[game, option.name, choice.value]
                if hands is None:
                    continue
                if game == "commerce":
                    kind, given = "commerce", {option.name: choice.value}
                else:
                    kind, given = "stop_the_bus", {"rules": {option.name: choice.value}}
                rounds = [{"hands": {"Ann": hands[0], "Bob": hands[1]}}]
                told = _evening(_game(kind, ["Ann", "Bob"], rounds, **given))
                item = next(i for i in told.items if i.kind == "hand_of_the_night")
                said = [text for text in rules if text.lower() in item.why.lower()]
                assert item.players == ("Ann",) and said == [choice.text], (option.name, item.why)
                assert item.why.lower().count(choice.text.lower()) == 1
                assert not re.search(r"\b[ajqk]-", item.why)  # a card is written as the rest of the app writes it
                clauses = [clause.strip() for clause in re.split(r"[,;:()]", item.why) if clause.strip()]
                repeated = [one for one in clauses if sum(one in other for other in clauses) > 1]
                assert not repeated, item.why


def test_equal_best_hands_name_every_holder_and_hands_of_other_rankings_compare_by_what_they_beat():
    bus = _shown("stop_the_bus", {"Ann": "AS AH AD", "Bob": "QS QH QD", "Cy": "2C 4D 7H"}, rules="brag-ace-high")
    commerce = _shown("commerce", {"Cy": "AC KD 5S", "Di": "AS AH AD"})
    item = next(i for i in _evening(bus, commerce).items if i.kind == "hand_of_the_night")
    assert item.players == ("Ann", "Di")  # the best prial and the best tricon: each beats every other hand
    assert item.text.endswith("; Di showed one as strong")


def test_a_stand_off_is_the_luckiest_escape_and_counted():
    bus = _shown(
        "stop_the_bus", {"Ann": "2C 4D 7H", "Bob": "2D 4C 7S"}, {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}, tokens=1
    )
    told = _evening(bus)
    escape = next(i for i in told.items if i.kind == "luckiest_escape")
    assert escape.players == ("Ann", "Bob") and "stand-off, round 1 of Stop the Bus · game 1" in escape.text
    assert next(i for i in told.items if i.kind == "counts").text == "1 stand-off"


CRASH_ROUND = {  # Ann takes every position
    "Ann": ["AS AH AD", "KS QS JS", "9H 9C 4D", "7D 7C 2H"],
    "Bob": ["QH QC 5S", "8S 8H 3C", "6S 6H 2C", "TS JH 3D"],
}
QUAD_ROUND = {  # Bob holds all four 6s, Ann every position but one
    "Ann": ["AS AH AD", "KS QS JS", "9H 9C 4D", "TS JH 3D"],
    "Bob": ["6S 6H 6D", "QH QC 5S", "6C 8H 8C", "7D 7C 2H"],
}


def test_a_crash_beats_a_four_of_a_kind_bonus_as_the_biggest():
    told = _evening(
        _game("crash", ["Ann", "Bob"], [{"hands": QUAD_ROUND}, {"hands": CRASH_ROUND}], crash="bonus_point", target=20)
    )
    item = next(i for i in told.items if i.kind == "biggest_crash")
    assert item.title == "The biggest crash" and item.players == ("Ann",) and len(item.cards) == 12
    assert item.text.startswith("Ann's crash, taking every position (5 points that round), round 2")
    only_quad = _evening(_game("crash", ["Ann", "Bob"], [{"hands": QUAD_ROUND}]))
    item = next(i for i in only_quad.items if i.kind == "biggest_crash")
    assert item.title == "The biggest four of a kind" and item.players == ("Bob",)
    assert sorted(item.cards) == ["6C", "6D", "6H", "6S"] and "all four 6s" in item.text


def test_a_classic_crash_wins_the_game_and_says_so():
    told = _evening(_game("crash", ["Ann", "Bob"], [{"hands": CRASH_ROUND}]))
    assert told.items[0].kind == "winner" and told.items[0].lines == ("A crash wins the game at once: Ann wins",)
    assert "Ann won Crash · game 1" in told.headline


def test_every_player_fouled_is_an_escape_and_each_foul_counted():
    fouled = {"Ann": ["2C 4D 7H", "AS AH AD"], "Bob": ["3C 5D 8H", "KS KH KD"]}
    told = _evening(_game("crash", ["Ann", "Bob"], [{"hands": fouled}]))
    escape = next(i for i in told.items if i.kind == "luckiest_escape")
    assert escape.players == ("Ann", "Bob") and "the fouls cost nothing" in escape.text
    counts = next(i for i in told.items if i.kind == "counts")
    assert counts.text == "2 fouls" and counts.lines == ("Ann: 1 foul", "Bob: 1 foul")
    # Under arena's sorting there are no fouls to count, nor an escape.
    arena = _evening(_game("crash", ["Ann", "Bob"], [{"hands": fouled}], preset="arena"))
    assert "counts" not in _kinds(arena) and "luckiest_escape" not in _kinds(arena)


def test_the_most_left_on_the_table_is_the_round_of_the_most_points_missed():
    kept = [
        KeptHindsight(1, "Ann", 1, "Ann could have scored 2"),
        KeptHindsight(1, "Bob", 2, "Bob could have scored 3"),
    ]
    told = _evening(_game("crash", ["Ann", "Bob"], [{"hands": QUAD_ROUND}], kept))
    item = next(i for i in told.items if i.kind == "most_left")
    assert item.players == ("Bob",) and item.lines == ("Bob could have scored 3",)
    assert item.text == "Bob left 2 points on the table in round 1 of Crash · game 1"
    none_missed = _evening(_game("crash", ["Ann", "Bob"], [{"hands": QUAD_ROUND}], [KeptHindsight(1, "Ann", 0)]))
    assert "most_left" not in _kinds(none_missed)


def test_the_comeback_is_the_largest_deficit_turned_into_a_win():
    rounds = [
        {"hands": {"Ann": "2C 4D 7H", "Bob": "AS KS QS"}},
        {"hands": {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}},
        {"hands": {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}},
    ]
    told = _evening(_game("stop_the_bus", ["Ann", "Bob"], rounds, tokens=2))
    item = next(i for i in told.items if i.kind == "comeback")
    assert (
        item.players == ("Ann",)
        and item.text == "Ann was 1 token behind the leader after round 1 of Stop the Bus · game 1, and won"
    )
    # A winner never behind: no comeback.
    assert "comeback" not in _kinds(_evening(_game("stop_the_bus", ["Ann", "Bob"], rounds[1:], tokens=2)))


# Crash, two players: Ann scores three positions and Bob the last (a pair of 4s over a high card).
THREE_TO_ONE = {
    "Ann": ["AS AH AD", "KS QS JS", "9H 9C 4D", "2H 5C 7S"],
    "Bob": ["QH QC 5S", "8S 8H 3C", "6S 6H 2C", "4C 4H 3D"],
}


def _crash_comeback(target=7):
    """Bob 4 points behind Ann after round 2 (6 to 2), then a crash that wins at once: 4 of the target."""
    swapped = {"Ann": CRASH_ROUND["Bob"], "Bob": CRASH_ROUND["Ann"]}
    rounds = [{"hands": THREE_TO_ONE}, {"hands": THREE_TO_ONE}, {"hands": swapped}]
    return _game("crash", ["Ann", "Bob"], rounds, target=target)


def _comeback(told):
    return next(i for i in told.items if i.kind == "comeback")


def test_the_comeback_compares_each_games_deficit_as_a_share_of_what_was_at_stake():
    # Commerce for 5: Cy wins seven hands, Di 70 behind, then Di the next eight; 5 x 2 x 15 = 150
    # staked, and 70 of 150 is less than Crash's 4 of a target of 7.
    cy, di = {"Cy": "AS KS 5D", "Di": "2C 4D 7H"}, {"Cy": "2C 4D 7H", "Di": "AS KS 5D"}
    hands = [{"hands": cy}] * 7 + [{"hands": di}] * 8
    commerce = _game("commerce", ["Cy", "Di"], hands, stake=5, ended=True)
    told = _evening(commerce, _crash_comeback())
    assert _comeback(told).text == "Bob was 4 points behind the leader after round 2 of Crash · game 2, and won"
    # The same Commerce alone: its comeback, in its own unit.
    alone = _comeback(_evening(commerce)).text
    assert alone == "Di was 70 behind the leader after round 7 of Commerce · game 1, and won"


def test_a_stop_the_bus_comeback_is_measured_by_the_tokens_each_player_started_with():
    # Ann loses two of her three tokens (2 behind: 2/3), then Bob all of his: more than Crash's 4 of 7.
    lost, won = {"Ann": "2C 4D 7H", "Bob": "AS KS QS"}, {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}
    bus = _game("stop_the_bus", ["Ann", "Bob"], [{"hands": lost}] * 2 + [{"hands": won}] * 3, tokens=3)
    item = _comeback(_evening(_crash_comeback(), bus))
    assert item.text == "Ann was 2 tokens behind the leader after round 2 of Stop the Bus · game 2, and won"
    # Out of five tokens, 2 behind is 2/5, less than 4/7: the Crash one, played first, is told.
    bus5 = _game("stop_the_bus", ["Ann", "Bob"], [{"hands": lost}] * 2 + [{"hands": won}] * 5, tokens=5)
    assert _comeback(_evening(bus5, _crash_comeback())).players == ("Bob",)


def test_equal_shares_keep_the_first_played():
    # 1 token behind of 2 in Stop the Bus; 4 points behind of a target of 8 in Crash: a half each.
    lost, won = {"Ann": "2C 4D 7H", "Bob": "AS KS QS"}, {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}
    bus = _game("stop_the_bus", ["Ann", "Bob"], [{"hands": lost}] + [{"hands": won}] * 2, tokens=2)
    assert _comeback(_evening(bus, _crash_comeback(target=8))).text.endswith("of Stop the Bus · game 1, and won")
    assert _comeback(_evening(_crash_comeback(target=8), bus)).text.endswith("of Crash · game 1, and won")


def test_the_nights_ratings_a_row_a_player_a_column_a_game_provisional_marked():
    bus = _shown("stop_the_bus", {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}, tokens=1)
    commerce = _shown("commerce", {"Bob": "9S 9H 9D", "Cy": "4S 5S 6S"})
    ratings = [
        RatingChange("Bob", "stop_the_bus", 2.0, 1.5, 1, False),
        RatingChange("Cy", "commerce", 1.0, 1.75, 1, True),
        RatingChange("Ann", "stop_the_bus", 0.0, 3.25, 1, True),
        RatingChange("Bob", "commerce", 4.0, 3.5, 1, False),
    ]
    item = next(i for i in _evening(bus, commerce, ratings=ratings).items if i.kind == "ratings")
    assert item.table == (
        ("Player", "Stop the Bus", "Commerce"),  # games in the order first played
        ("Ann", "3.2 (+3.2)*", "–"),  # by their rise in the first game; "–": not played
        ("Bob", "1.5 (-0.5)", "3.5 (-0.5)"),
        ("Cy", "–", "1.8 (+0.8)*"),
    )
    assert item.why == "* provisional: fewer than 10 rated games"
    assert item.lines == () and item.players == ("Ann", "Bob", "Cy")
    assert item.text == "Ann rose the most, +3.2 in Stop the Bus"
    settled = [RatingChange("Bob", "stop_the_bus", 2.0, 1.5, 12, False)]
    assert next(i for i in _evening(bus, ratings=settled).items if i.kind == "ratings").why == ""
    assert "ratings" not in _kinds(_evening(bus))


def test_settling_up_takes_the_fewest_transfers_where_greedy_would_take_more():
    owed = {"A": 4, "B": 3, "C": -2, "D": -2, "E": -3}
    transfers = fewest_transfers(owed)
    assert len(transfers) == 3  # {B, E} and {A, C, D}: greedy (the biggest debt to the biggest credit) takes 4
    left = dict(owed)
    for payer, payee, amount in transfers:
        left[payer] += amount
        left[payee] -= amount
    assert not any(left.values())


def test_settling_up_many_players_falls_back_to_one_group_and_still_settles():
    owed = {f"P{i}": (i + 1) * (1 if i % 2 else -1) for i in range(14)}
    owed["P13"] -= sum(owed.values())
    transfers = fewest_transfers(owed)
    left = dict(owed)
    for payer, payee, amount in transfers:
        left[payer] += amount
        left[payee] -= amount
    assert not any(left.values()) and len(transfers) <= len(owed) - 1


def test_settling_up_commerce_for_a_stake_with_what_stayed_in_the_pot():
    rounds = [{"hands": {"Ann": "AS KS 5D", "Bob": "AH KH 5C", "Cy": "2C 4D 7H"}}]  # a split pot of 15: 1 stays
    told = _evening(_game("commerce", ["Ann", "Bob", "Cy"], rounds, stake=5, ended=True))
    item = next(i for i in told.items if i.kind == "settle_up")
    assert item.why == "1 stayed in the pot at the end: nobody's"
    assert sorted(item.lines) == sorted(["Cy pays Ann 2", "Cy pays Bob 2", f"Cy pays {POT} 1"])
    # Each balance first, the biggest credit first, a minus sign for a debt; the pot a row of its own.
    assert item.table == (("Player", "Balance"), ("Ann", "+2"), ("Bob", "+2"), ("Cy", "\u22125"), ("The pot", "+1"))
    assert "settle_up" not in _kinds(_evening(_game("commerce", ["Ann", "Bob", "Cy"], rounds, ended=True)))


def test_settling_up_shows_each_balance_over_the_evenings_games_even_at_zero():
    best, worse, worst = "AS KS 5D", "QH JH 5C", "2C 4D 7H"
    first = _shown("commerce", {"Ann": best, "Bob": worse, "Cy": worst}, stake=1)
    second = [{"hands": {"Ann": worse, "Bob": best, "Cy": worst}}] * 2
    told = _evening(first, _game("commerce", ["Ann", "Bob", "Cy"], second, stake=1, ended=True))
    item = next(i for i in told.items if i.kind == "settle_up")
    # Ann +2 then -2, Bob -1 then +4, Cy -1 then -2: Ann's 0 shown too.
    assert item.table == (("Player", "Balance"), ("Bob", "+3"), ("Ann", "0"), ("Cy", "\u22123"))
    assert item.lines == ("Cy pays Bob 3",)


def test_a_game_not_finished_has_no_winner_and_the_headline_says_none_was():
    bus = _shown("stop_the_bus", {"Ann": "AS KS QS", "Bob": "2C 4D 7H"}, tokens=3)
    told = _evening(bus)
    assert _kinds(told) == ["leading", "hand_of_the_night"]
    assert told.items[0].text == "Not finished: Ann leads, with 3 tokens"
    assert told.headline.startswith(
        "No game was finished: Ann leads Stop the Bus · game 1, with 3 tokens; "
        "the hand of the night: Ann's running flush"
    )


def test_the_standings_give_each_players_games_won_and_their_standing_in_each_games_own_measure():
    bus = replay(
        "stop_the_bus", ["Ann", "Bob", "Cy"], [{"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}]
    )
    commerce = replay(
        "commerce", ["Ann", "Bob", "Cy"], [{"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}}], stake=5
    )
    played = (GamePlayed(1, bus, ()), GamePlayed(2, commerce, ()))
    told = recap(Evening("Friday", played, players=("Di", "Cy", "Bob", "Ann")))  # Di played no game
    assert told.standings == (
        ("Player", "Games won", "Stop the Bus · game\N{NO-BREAK SPACE}1", "Commerce · game\N{NO-BREAK SPACE}2"),
        ("Ann", "0", "3 tokens", "+10"),  # leads both: first, though nobody won a game
        ("Bob", "0", "3 tokens", "\N{MINUS SIGN}5"),  # shares the lead of one
        ("Cy", "0", "2 tokens", "\N{MINUS SIGN}5"),
        ("Di", "0", "–", "–"),
    )
    ended = replay(
        "commerce",
        ["Ann", "Bob", "Cy"],
        commerce_rounds := [{"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS", "Cy": "7C 7D 9S"}}],
        ended=True,
    )
    told = recap(
        Evening("Friday", (*played, GamePlayed(3, ended, tuple(commerce_rounds))), players=("Ann", "Bob", "Cy"))
    )
    assert [row[:2] for row in told.standings[1:]] == [("Bob", "1"), ("Ann", "0"), ("Cy", "0")]
    assert told.headline == (
        "Bob won Commerce · game 3; Ann and Bob share the lead of Stop the Bus · game 1, with 3 tokens each; "
        "Ann leads Commerce · game 2, with a balance of +10; "
        "the hand of the night: Bob's sequence Q-K-A, round 1 of Commerce · game 3."  # the only hands given
    )
