"""The option catalogue (engine/house_rules.py) that a new-game form is built from: it lists
every option replay takes with every value it accepts, and nothing else."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import EntryError, commerce, crash, hand_ranking, rank_hand, replay, stop_the_bus
from engine.house_rules import (
    CRASH_PRESET_OPTIONS,
    CRASH_PRESETS,
    GAME_OPTIONS,
    GAMES,
    PRESETS,
    RANKING_OPTIONS,
    RANKINGS,
    game_rankings,
    ranking_with,
)

from .referee import CLASSIC_CRASH

PLAYERS = {"stop_the_bus": ["Ann", "Bob", "Cy"], "crash": ["Ann", "Bob", "Cy"], "commerce": ["Ann", "Bob", "Cy"]}
REPLAY_OPTIONS = {"stop_the_bus": stop_the_bus.OPTIONS, "crash": crash.OPTIONS, "commerce": commerce.OPTIONS}
NOT_HOUSE_RULES = {"first_dealer", "ended"}  # a seat, and the host's end of a Commerce game


@pytest.mark.parametrize("game", GAMES)
def test_the_catalogue_lists_every_option_replay_takes_and_no_other(game):
    listed = {o.name for o in GAME_OPTIONS[game] if o.within is None}
    within = {o.within for o in GAME_OPTIONS[game] if o.within is not None}
    assert listed | within == set(REPLAY_OPTIONS[game]) - NOT_HOUSE_RULES


@pytest.mark.parametrize("option", [o for options in GAME_OPTIONS.values() for o in options], ids=lambda o: o.name)
def test_each_option_has_a_default_it_accepts_and_a_line_for_each_value(option):
    assert option.accepts(option.default)
    assert set(option.games) <= set(GAMES) and option.title
    if option.numbers is None:
        assert len(option.choices) >= 2 and len(set(option.values)) == len(option.values)
        lines = [choice.text for choice in option.choices]
    else:
        assert not option.choices and all(option.accepts(n) for n in option.suggested)
        lines = [option.text]
    assert all(line and "\n" not in line and len(line) <= 110 for line in lines)
    assert option.explain(option.default) in lines


def test_the_crash_presets_are_the_rules_table_of_crash_options():
    assert dict(CRASH_PRESETS["classic"].options) == CLASSIC_CRASH
    assert dict(CRASH_PRESETS["arena"].options) == {
        "cards": 13,
        "ignore": "high_card",
        "out_of_order": "sort",
        "stick_up": "nobody",
        "crash": "bonus_point",
        "quads": "off",
        "declarations": False,
        "target": 7,
        "ending": "end_of_round",
        "coach": False,
    }
    assert [p.name for p in PRESETS["crash"]] == ["classic", "arena", "brag", "brag-ace-high"]


def test_the_options_defaults_are_the_classic_game_and_a_preset_sets_every_crash_option():
    assert dict(CRASH_PRESETS["classic"].options) == {option.name: option.default for option in CRASH_PRESET_OPTIONS}
    keywords = {option.name for option in GAME_OPTIONS["crash"] if option.within is None} - {"preset"}
    assert all(set(preset.options) == keywords for preset in CRASH_PRESETS.values())


def test_each_game_is_offered_the_named_rankings_that_rank_it_the_one_it_plays_by_default_first():
    offered = {game: [ranking.name for ranking in game_rankings(game)] for game in GAMES}
    assert offered == {
        "stop_the_bus": ["brag", "brag-ace-high"],
        "crash": ["brag", "brag-ace-high"],
        "commerce": ["commerce"],
    }
    for game in GAMES:
        assert replay(game, PLAYERS[game], []).settings.rules == offered[game][0]


def test_a_named_ranking_with_options_changed_is_that_ranking_with_those_options():
    assert ranking_with("brag-ace-high", {}) == "brag-ace-high"
    brag = ranking_with("brag-ace-high", {"flush_over_run": True})
    assert hand_ranking(brag).options == {"top_prial": "aces", "ace_two_three": "none", "flush_over_run": True}
    assert replay("crash", PLAYERS["crash"], [], rules=brag).settings.rules == hand_ranking(brag).name
    commerce = hand_ranking(ranking_with("commerce", {"flush_by": "cards"}))
    assert (commerce.game, commerce.options) == (
        "commerce",
        {"ace_two_three": "bottom", "flush_by": "cards", "point_by": "sum_then_cards"},
    )


def test_the_named_rankings_are_bundles_of_ranking_options():
    assert dict(RANKINGS["brag"].options) == {"top_prial": "threes", "ace_two_three": "top", "flush_over_run": False}
    assert dict(RANKINGS["brag-ace-high"].options) == {
        "top_prial": "aces",
        "ace_two_three": "none",
        "flush_over_run": False,
    }
    assert dict(RANKINGS["commerce"].options) == {
        "ace_two_three": "bottom",
        "flush_by": "point",
        "point_by": "sum_then_cards",
    }
    for name, preset in RANKINGS.items():
        game = "commerce" if name == "commerce" else "brag"
        assert hand_ranking({"game": game, **preset.options}).name == name


@pytest.mark.parametrize("game", GAMES)
def test_every_preset_replays_as_its_bundle(game):
    for preset in PRESETS[game]:
        if preset.within == "rules":
            assert replay(game, PLAYERS[game], [], rules=preset.name).options["rules"] == preset.name
        elif game == "crash":
            options = replay(game, PLAYERS[game], [], preset=preset.name).options
            assert {name: options[name] for name in preset.options} == dict(preset.options)
        else:  # Commerce's default ranking
            options = replay(game, PLAYERS[game], []).options
            assert {name: options[name] for name in preset.options} == dict(preset.options)


def given_as_a_form_would(game, chosen):
    """Options for replay from (option, value) pairs: ranking options inside `rules`."""
    options = {}
    for option, value in chosen:
        if option.within:
            options.setdefault(option.within, {})[option.name] = value
        else:
            options[option.name] = value
    if game == "crash":  # the one combination docs/rules.md refuses: declarations need 13 cards
        name = options.get("preset")
        preset = CRASH_PRESETS[name if name in tuple(CRASH_PRESETS) else "classic"].options
        if options.get("cards", preset["cards"]) == 9 and options.get("declarations", preset["declarations"]):
            options["declarations"] = False
    return options


def read_back(outcome, option):
    if option.within:
        return hand_ranking(outcome.options[option.within]).option(option.name)
    return outcome.options[option.name]


def a_value(option):
    if option.numbers is None:
        return st.sampled_from(option.values)
    return st.one_of(
        st.sampled_from([option.numbers[0], option.numbers[-1], option.default, *option.suggested]),
        st.integers(option.numbers[0], option.numbers[-1]),
    )


@st.composite
def form_choices(draw):
    game = draw(st.sampled_from(GAMES))
    options = draw(st.lists(st.sampled_from(GAME_OPTIONS[game]), unique_by=lambda o: (o.within, o.name)))
    return game, [(option, draw(a_value(option))) for option in options]


@given(form_choices())
def test_every_combination_of_values_from_the_catalogue_is_a_game_replay_accepts(choices):
    game, chosen = choices
    options = given_as_a_form_would(game, chosen)
    outcome = replay(game, PLAYERS[game], [], **options)
    for option, value in chosen:
        if option.name == "declarations" and options["declarations"] != value:
            continue  # turned off by the form for 9 cards
        assert read_back(outcome, option) == value


@pytest.mark.parametrize(
    ("game", "option", "value"),
    [
        (game, option, value)
        for game in GAMES
        for option in GAME_OPTIONS[game]
        for value in (option.values if option.numbers is None else (option.numbers[0], option.numbers[-1]))
    ],
    ids=str,
)
def test_every_value_of_every_option_is_reachable_on_its_own(game, option, value):
    options = given_as_a_form_would(game, [(option, value)])
    assert read_back(replay(game, PLAYERS[game], [], **options), option) == value


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=2),
)


@given(st.sampled_from([(g, o) for g in GAMES for o in GAME_OPTIONS[g]]), JUNK)
def test_a_value_outside_the_catalogue_is_refused_naming_the_option_and_what_it_accepts(game_option, value):
    game, option = game_option
    if option.accepts(value):
        return
    with pytest.raises(EntryError) as error:
        replay(game, PLAYERS[game], [], **given_as_a_form_would(game, [(option, value)]))
    assert error.value.field == (option.within or option.name)
    assert str(error.value) == option.refusal(value)
    if option.numbers is None:
        assert all(repr(v) in str(error.value) for v in option.values)


@pytest.mark.parametrize("game", ["brag", "commerce"])
def test_rank_hand_takes_each_ranking_option_as_the_games_do(game):
    for option in RANKING_OPTIONS[game]:
        for value in option.values:
            assert (
                rank_hand("As Ks Qs", {"game": game, option.name: value}).rules
                == hand_ranking({"game": game, option.name: value}).name
            )
