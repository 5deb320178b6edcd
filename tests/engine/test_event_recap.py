"""A club night's story (engine/event_recap.py): the winner of the night and the tie-break that
decided it, the biggest climbs between rounds, the closest finishes, each table's line, and
the evening's items over the tables' games, each naming its table."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from engine import replay
from engine.event_recap import ClubNight, TablePlayed, night_recap, ordinal, standings_after
from engine.event_standings import TableResult
from engine.recap import GamePlayed

from .strategies import PROPERTY_SETTINGS

BEST, WORST = "Ah Ad Ac", "Jc 6h 4s"


def result(*names_and_figures):
    """A table's result, best placed first: (name, figure) each, no one tied."""
    return TableResult(
        places={name: place for place, (name, _) in enumerate(names_and_figures, 1)},
        figures=dict(names_and_figures),
    )


def table(round_number, number, *names_and_figures, confirmed=True, game=None):
    return TablePlayed(round_number, number, game, result(*names_and_figures), confirmed)


def stop_the_bus(round_number, number, winner, loser, lost):
    """A game of two at a table: ``loser`` loses ``lost`` tokens of 3, then the game is ended."""
    rounds = [{"hands": {winner: BEST, loser: WORST}}] * lost
    outcome = replay("stop_the_bus", [winner, loser], rounds, tokens=3, ended=True)
    game = GamePlayed(1, outcome, tuple(rounds), called=f"table {number} in round {round_number} of the night")
    return table(round_number, number, (winner, 3), (loser, 3 - lost), game=game)


# Two rounds of two tables of two. After round 1: A 1st, C 2nd, B and D joint 3rd. After
# round 2 everyone has 3 points and a game won: A and D lead on the game's figure (3 each)
# and share first on strength, C is 3rd on the figure (2), B 4th.
NIGHT = ClubNight(
    "Friday club",
    datetime.date(2026, 11, 29),
    ("A", "B", "C", "D"),
    (
        table(1, 1, ("A", 3), ("B", 0)),
        table(1, 2, ("C", 2), ("D", 0)),
        table(2, 1, ("D", 3), ("A", 0)),
        table(2, 2, ("B", 1), ("C", 0)),
    ),
)


def item(told, kind):
    return next(one for one in told.items if one.kind == kind)


def test_the_winners_of_the_night_share_first_and_the_tie_break_below_them_is_said():
    told = night_recap(NIGHT)
    winner = item(told, "night_winner")
    assert winner.title == "The winners of the night"
    assert winner.text == "A and D share first place, with 3 points each"
    assert winner.why == "C had as many points, and was placed below on the game's figure"
    assert told.headline == "A and D share first place, with 3 points each."
    assert told.title == "Friday club · 29 November 2026"
    assert told.standings == (
        ("Player", "Place", "Points", "Won", "Played"),
        ("A", "=1", "3", "1", "2"),
        ("D", "=1", "3", "1", "2"),
        ("C", "3", "3", "1", "2"),
        ("B", "4", "3", "1", "2"),
    )


def test_a_result_not_confirmed_counts_for_nothing_and_the_leader_only_leads():
    night = ClubNight(
        "Friday club", None, NIGHT.players, (*NIGHT.tables[:3], table(2, 2, ("B", 1), ("C", 0), confirmed=False))
    )
    winner = item(night_recap(night), "night_winner")
    assert winner.title == "Leading the night"
    assert winner.text == "D leads the night, with 3 points from 1 game won of 2"  # C's 3 points and B's 0
    assert [row.played for row in standings_after(night) if row.name in ("B", "C")] == [1, 1]


def test_the_biggest_climb_is_the_most_places_gained_over_a_round():
    climbs = item(night_recap(NIGHT), "climbs")
    assert climbs.title == "The biggest climb"
    assert climbs.text == "D climbed 2 places in round 2, from joint 3rd to joint 1st"
    assert climbs.players == ("D",) and climbs.lines == ()


def test_a_night_of_one_round_or_no_result_tells_no_climb_and_no_winner():
    kinds = [one.kind for one in night_recap(ClubNight("One", None, NIGHT.players, NIGHT.tables[:2])).items]
    assert "climbs" not in kinds and "night_winner" in kinds
    unconfirmed = tuple(TablePlayed(t.round, t.table, t.game, t.result, False) for t in NIGHT.tables)
    told = night_recap(ClubNight("None", None, NIGHT.players, unconfirmed))
    assert told.items == () and told.headline == "Nothing to tell yet: no table has played a round."


def test_the_closest_finish_is_the_smallest_margin_as_a_share_of_what_was_at_stake_naming_its_table():
    night = ClubNight(
        "Friday club",
        None,
        ("A", "B", "C", "D"),
        (stop_the_bus(1, 1, "A", "B", 2), stop_the_bus(1, 2, "C", "D", 1)),
    )
    told = night_recap(night)
    closest = item(told, "closest_finishes")
    assert closest.title == "The closest finishes"
    assert closest.text == "C won table 2 in round 1 of the night by 1 token, ahead of D"
    assert closest.lines == ("A won table 1 in round 1 of the night by 2 tokens, ahead of B",)
    tables = item(told, "tables")
    assert tables.text == "2 tables played"
    assert tables.lines[0].startswith("Table 1 in round 1 of the night: A won, with 3 tokens")
    hand = item(told, "hand_of_the_night")  # the evening's item, over every table, naming its table
    assert hand.text.startswith("A's prial of aces, round 1 of table 1 in round 1 of the night")


@given(st.integers(min_value=1, max_value=10_000))
@PROPERTY_SETTINGS
def test_an_ordinal_ends_as_people_say_it(number):
    said = ordinal(number)
    assert said.startswith(str(number))
    ending = said[len(str(number)) :]
    if number % 100 in (11, 12, 13):
        assert ending == "th"
    else:
        assert ending == {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
