"""A club night's standings across its tables: the points scale, each tie-break where it alone
decides, shared ranks, corrections, and the whole against a small computation of its own."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.event_standings import EventRow, TableResult, event_points, points_text, standings

from .strategies import PROPERTY_SETTINGS

ON_WON, ON_FIGURE, ON_STRENGTH = "on games won", "on the game's figure", "on table-mates' strength"


def table(**seats):
    """A table from name=(place, figure)."""
    return TableResult(
        places={name: place for name, (place, _) in seats.items()},
        figures={name: figure for name, (_, figure) in seats.items()},
    )


def row_of(rows, name):
    return next(row for row in rows if row.name == name)


def names(rows):
    return [row.name for row in rows]


# The scale


@pytest.mark.parametrize(
    "size, scale",
    [
        (2, ["3", "0"]),
        (3, ["3", "1.5", "0"]),
        (4, ["3", "2", "1", "0"]),
        (5, ["3", "2.25", "1.5", "0.75", "0"]),
        (6, ["3", "2.4", "1.8", "1.2", "0.6", "0"]),
    ],
)
def test_first_scores_3_and_last_0_at_any_size(size, scale):
    assert [event_points(place, 1, size) for place in range(1, size + 1)] == [Fraction(p) for p in scale]


def test_tied_players_share_the_points_of_the_places_they_occupy():
    assert event_points(1, 2, 4) == Fraction(5, 2)  # (3 + 2) / 2
    assert event_points(2, 3, 4) == 1  # (2 + 1 + 0) / 3
    assert event_points(3, 2, 4) == Fraction(1, 2)
    assert event_points(1, 4, 4) == Fraction(3, 2)
    assert event_points(2, 2, 5) == Fraction(15, 8)  # (2.25 + 1.5) / 2


@pytest.mark.parametrize("place, tied, size", [(0, 1, 4), (5, 1, 4), (3, 3, 4), (1, 0, 4), (1, 1, 1)])
def test_a_place_outside_the_table_is_refused(place, tied, size):
    with pytest.raises(ValueError):
        event_points(place, tied, size)


@st.composite
def places_at(draw, seated):
    """Competition-style places for the players ``seated``, from scores drawn with many ties."""
    scores = {name: draw(st.integers(0, 3)) for name in seated}
    return {name: 1 + sum(other > score for other in scores.values()) for name, score in scores.items()}


@PROPERTY_SETTINGS
@given(st.integers(2, 9).flatmap(lambda size: places_at([f"P{i}" for i in range(size)])))
def test_the_points_of_a_table_always_sum_to_half_its_size_times_3(places):
    size = len(places)
    tied = {place: list(places.values()).count(place) for place in places.values()}
    assert sum(event_points(place, tied[place], size) for place in places.values()) == Fraction(3 * size, 2)


def test_a_table_whose_places_are_not_competition_style_is_refused():
    with pytest.raises(ValueError):
        table(Ann=(1, 0), Bob=(1, 0), Cy=(2, 0))  # two sharing first, the next is 3rd
    with pytest.raises(ValueError):
        table(Ann=(1, 0), Bob=(3, 0))
    with pytest.raises(ValueError):
        TableResult(places={"Ann": 1, "Bob": 2}, figures={"Ann": 1})


# Tie-breaks, in order, each where it alone decides


def test_points_come_first_whatever_the_rest_says():
    rows = standings(
        [
            table(Ann=(2, 1), Bob=(1, 9), Cy=(3, 0), Dee=(4, 0)),
            table(Ann=(2, 1), Eve=(1, 0), Fay=(3, 0), Bob=(4, 9)),
        ]
    )
    ann, bob = row_of(rows, "Ann"), row_of(rows, "Bob")
    assert (ann.points, bob.points) == (4, 3)
    assert bob.won > ann.won and bob.figure > ann.figure
    assert names(rows).index("Ann") < names(rows).index("Bob")
    assert (ann.tie_break, bob.tie_break) == ("", "")


def test_on_points_level_games_won_decide():
    rows = standings(
        [
            table(Ann=(1, 1), Cy=(2, 0), Dee=(3, 0), Eve=(4, 0)),
            table(Fay=(1, 0), Gus=(2, 0), Hal=(3, 0), Ann=(4, 1)),
            table(Bob=(2, 9), Ida=(1, 0), Jo=(3, 0), Kit=(4, 0)),
            table(Lou=(1, 0), Bob=(3, 9), Max=(2, 0), Ned=(4, 0)),
            table(Kit=(1, 0), Ned=(2, 0)),  # Bob's table-mates stronger
        ]
    )
    ann, bob = row_of(rows, "Ann"), row_of(rows, "Bob")
    assert ann.points == bob.points == 3
    assert (ann.won, bob.won) == (1, 0)
    assert bob.figure > ann.figure and bob.strength > ann.strength
    above = rows[names(rows).index("Bob") - 1]  # Ann, or another with 3 points and a game won
    assert (above.points, above.won) == (bob.points, 1)
    assert names(rows).index("Ann") < names(rows).index("Bob")
    assert bob.tie_break == ON_WON
    assert (bob.rank, bob.shared) == (names(rows).index("Bob") + 1, False)


def test_on_points_and_games_won_level_the_game_s_figure_decides():
    rows = standings(
        [
            table(Ann=(1, 5), Cy=(2, 0), Dee=(3, 0)),
            table(Bob=(1, 4), Eve=(2, 0), Fay=(3, 0)),
            table(Eve=(1, 0), Gus=(2, 0)),  # Bob's table-mates stronger
        ]
    )
    ann, bob = row_of(rows, "Ann"), row_of(rows, "Bob")
    assert (ann.points, ann.won) == (bob.points, bob.won)
    assert ann.figure > bob.figure and bob.strength > ann.strength
    assert names(rows).index("Bob") == names(rows).index("Ann") + 1
    assert bob.tie_break == ON_FIGURE


def test_on_points_games_won_and_figure_level_table_mates_strength_decides():
    rows = standings(
        [
            table(Ann=(1, 5), Cy=(2, 0), Dee=(3, 0)),
            table(Bob=(1, 5), Eve=(2, 0), Fay=(3, 0)),
            table(Cy=(1, 0), Gus=(2, 0)),  # Ann's table-mates stronger
        ]
    )
    ann, bob = row_of(rows, "Ann"), row_of(rows, "Bob")
    assert (ann.points, ann.won, ann.figure) == (bob.points, bob.won, bob.figure)
    assert (ann.strength, bob.strength) == (Fraction(9, 2), Fraction(3, 2))  # Cy's 1.5 + 3, Eve's 1.5
    assert names(rows).index("Bob") == names(rows).index("Ann") + 1
    assert bob.tie_break == ON_STRENGTH


def test_the_strength_of_table_mates_counts_a_table_mate_once_per_table_shared():
    rows = standings([table(Ann=(1, 0), Bob=(2, 0)), table(Bob=(1, 0), Ann=(2, 0)), table(Bob=(1, 0), Cy=(2, 0))])
    assert row_of(rows, "Bob").points == 6
    assert row_of(rows, "Ann").strength == 12  # Bob's 6, at two tables
    assert row_of(rows, "Cy").strength == 6
    assert row_of(rows, "Bob").strength == 6  # Ann's 3, twice, and Cy's 0


def test_players_level_on_everything_share_a_rank_never_split_by_name():
    rows = standings(
        [
            table(Zed=(1, 5), Cy=(2, 0), Dee=(3, 0)),
            table(Ann=(1, 5), Eve=(2, 0), Fay=(3, 0)),
            table(Hal=(1, 0), Gus=(2, 0)),
        ],
        players=["Zed", "Ann"],
    )
    assert [(row.name, row.rank, row.shared, row.tie_break) for row in rows] == [
        ("Zed", 1, True, ""),
        ("Ann", 1, True, ""),
        ("Hal", 3, False, ON_FIGURE),
        ("Cy", 4, True, ""),
        ("Eve", 4, True, ""),
        ("Dee", 6, True, ""),
        ("Fay", 6, True, ""),
        ("Gus", 8, False, ON_STRENGTH),
    ]


def test_someone_checked_in_yet_to_play_shows_with_nothing():
    rows = standings([table(Ann=(1, 3), Bob=(2, 0))], players=["Ann", "Bob", "Cy"])
    assert rows[-1] == EventRow(
        name="Cy",
        rank=3,
        shared=False,
        points=Fraction(0),
        played=0,
        won=0,
        figure=0,
        strength=Fraction(0),
        tie_break=ON_STRENGTH,  # Bob lost to Ann, who has 3 points
    )
    assert (rows[0].played, rows[0].won, rows[0].figure, rows[0].strength) == (1, 1, 3, 0)
    assert standings([], players=["Ann", "Bob", "Ann"]) == tuple(
        EventRow(name, 1, True, Fraction(0), 0, 0, 0, Fraction(0), "") for name in ["Ann", "Bob"]
    )


def test_a_correction_moves_the_standings():
    results = [
        table(Ann=(1, 3), Bob=(2, 2), Cy=(3, 0), Dee=(4, 0)),
        table(Bob=(1, 2), Cy=(2, 1), Dee=(3, 0), Ann=(4, 0)),
        table(Cy=(1, 2), Ann=(2, 1), Bob=(3, 0), Dee=(4, 0)),
    ]
    before = standings(results)
    assert [(row.name, row.rank, row.points, row.tie_break) for row in before] == [
        ("Bob", 1, 6, ""),
        ("Cy", 2, 6, ON_FIGURE),  # one game won each, the game's figure 4 to 3
        ("Ann", 3, 5, ""),
        ("Dee", 4, 1, ""),
    ]
    # The first table was entered wrong: Dee, not Ann, came first there, and Ann last.
    corrected = [table(Dee=(1, 3), Bob=(2, 2), Cy=(3, 0), Ann=(4, 0)), *results[1:]]
    after = standings(corrected)
    assert [(row.name, row.rank, row.points) for row in after] == [
        ("Bob", 1, 6),
        ("Cy", 2, 6),
        ("Dee", 3, 4),
        ("Ann", 4, 2),
    ]


def test_points_text_reads_as_people_read_it():
    assert [points_text(Fraction(p)) for p in ["3", "2.4", "15/8", "0", "12", "1/3", "2/3", "0.125", "10.5"]] == [
        "3",
        "2.4",
        "1.88",
        "0",
        "12",
        "0.33",
        "0.67",
        "0.13",
        "10.5",
    ]


# Properties over any event


@st.composite
def events(draw):
    """Players checked in (some may not play), and tables of 2 to 6 of them with places and figures
    drawn from small ranges so that ties of every kind are common."""
    pool = draw(st.lists(st.sampled_from("Ann Bob Cy Dee Eve Fay Gus Hal Ida Jo".split()), min_size=2, unique=True))
    results = []
    for _ in range(draw(st.integers(0, 6))):
        seated = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=6, unique=True))
        places = draw(places_at(seated))
        figures = {name: draw(st.integers(-2, 2)) for name in seated}
        results.append(TableResult(places=places, figures=figures))
    return pool, results


def renamed(results, rename):
    return [
        TableResult(
            places={rename[name]: place for name, place in result.places.items()},
            figures={rename[name]: figure for name, figure in result.figures.items()},
        )
        for result in results
    ]


@PROPERTY_SETTINGS
@given(events(), st.randoms(use_true_random=False))
def test_renaming_players_never_changes_anyone_s_rank(event, random):
    pool, results = event
    # Reverse the alphabetical order of the names: who came first by name now comes last.
    rename = dict(zip(sorted(pool), sorted(pool, reverse=True)))
    shuffled = list(pool)
    random.shuffle(shuffled)
    before = {row.name: (row.rank, row.shared) for row in standings(results, pool)}
    after = {row.name: (row.rank, row.shared) for row in standings(renamed(results, rename), shuffled)}
    assert {name: after[rename[name]] for name in pool} == before


def separating(above, below):
    """The words for the first tie-break that differs between two keys level on points."""
    if above == below or above[0] != below[0]:
        return ""
    return next(word for word, a, b in zip((ON_WON, ON_FIGURE, ON_STRENGTH), above[1:], below[1:]) if a != b)


@PROPERTY_SETTINGS
@given(events())
def test_the_standings_agree_with_a_sort_key_worked_out_here(event):
    pool, results = event
    points = dict.fromkeys(pool, Fraction(0))
    won, figure, played = dict.fromkeys(pool, 0), dict.fromkeys(pool, 0), dict.fromkeys(pool, 0)
    for result in results:
        size = len(result.places)
        for name, place in result.places.items():
            tied = sum(other == place for other in result.places.values())
            # The mean of the places occupied, mapped linearly from 1 -> 3 to size -> 0.
            mean = place + Fraction(tied - 1, 2)
            points[name] += 3 * (size - mean) / (size - 1)
            won[name] += place == 1
            figure[name] += result.figures[name]
            played[name] += 1
    strength = {
        name: sum(
            (points[mate] for result in results if name in result.places for mate in result.places if mate != name),
            Fraction(0),
        )
        for name in pool
    }
    key = {name: (points[name], won[name], figure[name], strength[name]) for name in pool}

    rows = standings(results, pool)
    assert sorted(names(rows)) == sorted(pool)
    for row in rows:
        assert (row.points, row.won, row.figure, row.strength, row.played) == (*key[row.name], played[row.name])
        assert row.rank == 1 + sum(other > key[row.name] for other in key.values())
        assert row.shared == (sum(other == key[row.name] for other in key.values()) > 1)
    assert [key[name] for name in names(rows)] == sorted(key.values(), reverse=True)
    for above, below in zip(rows, rows[1:]):
        assert below.tie_break == separating(key[above.name], key[below.name])
    assert rows == () or rows[0].tie_break == ""
