"""The standings chart's layout: round numbers on the x axis, names at the lines' ends apart."""

from referee.charts import LABEL_GAP, X_TICKS, round_ticks, spread_apart, standings_chart


def test_the_x_axis_counts_rounds_in_round_steps():
    assert round_ticks(3) == [0, 1, 2, 3]
    assert round_ticks(12) == [0, 2, 4, 6, 8, 10, 12]
    assert round_ticks(23) == [0, 5, 10, 15, 20]
    assert round_ticks(140) == [0, 20, 40, 60, 80, 100, 120, 140]
    assert all(len(round_ticks(n)) <= X_TICKS for n in range(0, 2000))


def test_names_of_lines_ending_on_one_figure_stack_apart_above_the_axis():
    assert spread_apart([220, 20, 220, 220], 28, 20, 220) == [164, 20, 192, 220]


def test_names_far_enough_apart_stay_at_their_lines_ends():
    assert spread_apart([100, 20, 200], 28, 20, 220) == [100, 20, 200]


def test_every_name_on_the_chart_is_a_label_gap_from_the_next():
    chart = standings_chart(
        "Crash · game 1",
        ["Ann", "Bob", "Cy", "Dee", "Eve"],
        dict.fromkeys(["Ann", "Bob", "Cy", "Dee", "Eve"], 0),
        [{"Ann": 3, "Bob": 0, "Cy": 0, "Dee": 1, "Eve": 0}],
        "points",
    )
    ys = sorted(line.label_y for line in chart.lines)
    assert all(b - a >= LABEL_GAP for a, b in zip(ys, ys[1:]))
