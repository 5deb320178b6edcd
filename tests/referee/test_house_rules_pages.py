"""House rules through real HTTP: every option of the engine's catalogue can be picked when a
game starts, the engine's refusals show next to the option, and the game's options are said
in words on the session page, the board and looking back; the entry and the setting check
follow them."""

import re

import pytest

from engine import CRASH_PRESETS, GAME_OPTIONS, hand_ranking, replay
from engine.crash import DECLARATION_KINDS
from engine.house_rules import game_rankings
from scoring.models import Game, game_kinds
from scoring.replays import game_replay
from scoring.services import game_start, session_start

from ..pages import HX, choices_of, field_errors, house_rules_of, text_of

pytestmark = pytest.mark.django_db
PLAYERS = ["Ann", "Bob", "Cy"]
SEATS = {"seat_0": "1", "seat_1": "2", "seat_2": "3", "first_dealer": "Ann"}


def every_value():
    """(game, option, value) for every value of every option, numbers at both ends."""
    for kind, options in GAME_OPTIONS.items():
        for option in options:
            values = (option.numbers[0], option.numbers[-1]) if option.numbers is not None else option.values
            for value in values:
                yield pytest.param(kind, option, value, id=f"{kind}-{option.name}-{value}")


@pytest.mark.parametrize("kind, option, value", list(every_value()))
def test_every_option_value_can_be_picked_when_a_game_starts(host_client, evening, kind, option, value):
    data = {"kind": kind, **SEATS, f"{kind}-{option.name}": str(value)}
    if kind == "crash" and option.name != "preset":
        # A preset under which the value stands: 9 cards take no declarations (classic plays them).
        data["crash-preset"] = "arena" if (option.name, value) == ("cards", 9) else "classic"
    response = host_client.post(f"/sessions/{evening.public_id}/games/new/", data)
    assert response.status_code == 302, text_of(response)
    settings = game_replay(Game.objects.get(), []).settings
    if option.within == "rules":
        assert hand_ranking(settings.rules).options[option.name] == value
    else:
        assert getattr(settings, option.name) == value


def test_the_form_shows_every_option_with_its_lines_for_the_host(host_client, evening):
    html = host_client.get(f"/sessions/{evening.public_id}/games/new/").content.decode()
    for kind, options in GAME_OPTIONS.items():
        for option in options:
            assert f'name="{kind}-{option.name}"' in html
            for choice in option.choices:
                assert choice.text.replace("'", "&#x27;") in html
    assert ">As the preset<" in html and ">As the ranking<" in html


DECLARATIONS_NEED_13 = "Declarations need 13 cards: pick 13 cards dealt or no declarations."


@pytest.mark.parametrize("declarations", ["", "True"], ids=["from-the-preset", "picked"])
def test_declarations_with_9_cards_are_refused_next_to_both_in_the_forms_words(host_client, evening, declarations):
    response = host_client.post(
        f"/sessions/{evening.public_id}/games/new/",
        {"kind": "crash", **SEATS, "crash-preset": "classic", "crash-cards": "9", "crash-declarations": declarations},
    )
    assert response.status_code == 200 and not Game.objects.exists()
    said = DECLARATIONS_NEED_13
    assert field_errors(response) == [("crash-cards", said), ("crash-declarations", said)]
    html = response.content.decode()
    assert "declarations=True" not in html and "must be False" not in html  # the engine's words stay the engine's
    # The page comes back with the first refused field focused, so a phone shows it (not the page's top).
    assert re.search(r'<select name="crash-cards"[^>]*autofocus', html)
    assert html.count("autofocus") == 1
    # The first rules shown still follow the choices sent: 9 cards, three hands.
    assert "Hand 1 is your strongest, hand 3 your weakest." in text_of(response)


def session_of(host, count: int):
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:count]
    return session_start(host=host, title="Big table", played_on="2026-11-20", player_names=names), names


def seated(names) -> dict:
    return {**{f"seat_{i}": str(i + 1) for i in range(len(names))}, "first_dealer": names[0]}


def test_more_players_than_13_cards_allow_are_refused_next_to_the_cards_and_the_seats(host_client, host):
    session, names = session_of(host, 5)
    response = host_client.post(
        f"/sessions/{session.public_id}/games/new/", {"kind": "crash", **seated(names), "crash-preset": "classic"}
    )
    assert response.status_code == 200 and not Game.objects.exists()
    message = "13 cards dealt is for 2 to 4 players, and 5 are seated: pick 9 cards dealt or seat fewer players."
    assert field_errors(response) == [("crash-cards", message), ("seats", message)]
    assert re.search(r'<select name="crash-cards"[^>]*autofocus', response.content.decode())


def crash_with_9_cards(client, host, players: int):
    """A Crash game with 9 cards dealt (arena) asked for at a table of ``players``, each seated."""
    session, names = session_of(host, players)
    data = {"kind": "crash", **seated(names), "crash-preset": "arena", "crash-cards": "9"}
    return client.post(f"/sessions/{session.public_id}/games/new/", data)


def test_more_players_than_crash_takes_are_refused_in_the_seats(host_client, host):
    response = crash_with_9_cards(host_client, host, 6)
    assert response.status_code == 200 and not Game.objects.exists()
    message = "Crash is for 2 to 5 players (5 with 9 cards dealt), and 6 are seated: seat fewer players."
    assert field_errors(response) == [("seats", message)]
    assert re.search(r'<select name="seat_0"[^>]*autofocus', response.content.decode())


def test_five_players_with_9_cards_start_a_game(host_client, host):
    response = crash_with_9_cards(host_client, host, 5)
    assert response.status_code == 302 and Game.objects.get().seats.count() == 5


def test_coaching_picked_on_the_form_is_kept_with_the_game_and_said_with_its_options(host_client, evening):
    """The seat's page offers the coach by the game's options ("coach": True); the session page says it."""
    host_client.post(
        f"/sessions/{evening.public_id}/games/new/",
        {"kind": "crash", **SEATS, "crash-preset": "arena", "crash-coach": "True"},
    )
    game = Game.objects.get()
    assert game.options == {"first_dealer": 0, "preset": "arena", "coach": True}
    page = host_client.get(evening.get_absolute_url())
    assert "Crash, arena, to 7" in text_of(page)
    assert house_rules_of(page) == [
        ["A player may ask for the best setting of their own cards before sending their hand (players' own phones)"]
    ]


def test_options_over_a_preset_keep_the_rest_of_the_preset(host_client, evening):
    host_client.post(
        f"/sessions/{evening.public_id}/games/new/",
        {"kind": "crash", **SEATS, "crash-preset": "classic", "crash-crash": "bonus_point", "crash-top_prial": "aces"},
    )
    game = Game.objects.get()
    assert game.options == {
        "first_dealer": 0,
        "preset": "classic",
        "crash": "bonus_point",
        "rules": {"top_prial": "aces", "ace_two_three": "top", "flush_over_run": False},
    }
    settings = game_replay(game, []).settings
    classic = CRASH_PRESETS["classic"].options
    assert settings.crash == "bonus_point" and settings.quads == classic["quads"] and settings.declarations


@pytest.fixture
def house_game(host, evening):
    return game_start(
        session=evening,
        kind="crash",
        seat_names=PLAYERS,
        options={
            "preset": "classic",
            "crash": "bonus_point",
            "out_of_order": "sort",
            "declarations": False,
            "rules": {"top_prial": "aces"},
        },
    )


# One item each, as the form words them: capitals kept, the ";" inside a rule kept (never a separator).
HOUSE_RULES = [
    "No fouls: the referee sorts each player's hands, best first",
    "Taking every position of a round scores one extra point",
    "No declarations: every player sets hands",
    "Prials go by rank: A-A-A is the best, 2-2-2 the lowest",
]


def test_the_games_options_are_said_in_words_everywhere(host_client, client, evening, house_game):
    pages = {
        "session": host_client.get(evening.get_absolute_url()),
        "board": client.get(f"/board/{evening.share_token}/"),
        "history": host_client.get(f"/sessions/{evening.public_id}/history/"),
    }
    for name, page in pages.items():
        assert "Crash, classic, to 7" in text_of(page), name
        assert house_rules_of(page) == [HOUSE_RULES], name
    assert replay("crash", PLAYERS, [], **house_game.options).settings.sorts


def test_a_house_rule_holding_a_semicolon_is_one_item_and_keeps_its_capital(host_client, evening):
    """A-2-3's line holds a ";": joined with "; " it read as two rules, and lowercased as "a-2-3"."""
    game_start(
        session=evening,
        kind="crash",
        seat_names=PLAYERS,
        options={"preset": "classic", "rules": {"ace_two_three": "bottom"}},
    )
    page = host_client.get(evening.get_absolute_url())
    assert house_rules_of(page) == [["A-2-3 is the lowest run (3-high); Q-K-A is the best"]]
    assert "a-2-3" not in text_of(page)


def test_a_game_played_as_its_preset_shows_no_house_rules(host_client, evening):
    game_start(session=evening, kind="crash", seat_names=PLAYERS, options={"preset": "arena"})
    page = host_client.get(evening.get_absolute_url())
    assert "Crash, arena, to 7" in text_of(page) and house_rules_of(page) == []


def test_the_entry_and_the_setting_check_follow_the_games_options(host_client, evening, house_game):
    html = host_client.get(evening.get_absolute_url()).content.decode()
    assert "declare_0" not in html  # declarations are off, though the preset is classic
    url = f"/sessions/{evening.public_id}/games/{house_game.public_id}/setting-check/"
    # Aces are the best prial here, and hands out of order are sorted rather than a foul.
    response = host_client.get(url, {"seat": "0", "hand_0_1": "3s 3h 3d", "hand_0_2": "As Ah Ad"}, headers=HX)
    text = text_of(response)
    assert (
        "Hand 2 (A♠ A♥ A♦, a prial of aces) is stronger than hand 1 (3♠ 3♥ 3♦, a prial of 3s)" in text
        and "sorted" in text
    )


def test_the_setting_check_is_for_crash_only(host_client, evening):
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=PLAYERS, options={})
    url = f"/sessions/{evening.public_id}/games/{bus.public_id}/setting-check/"
    assert host_client.get(url, {"seat": "0"}, headers=HX).status_code == 404


def test_the_new_game_form_offers_the_games_and_each_games_rankings_as_the_engine_lists_them(host_client, evening):
    page = host_client.get(f"/sessions/{evening.public_id}/games/new/")
    assert choices_of(page, "kind") == game_kinds()
    assert [value for value, _ in choices_of(page, "kind")] == list(GAME_OPTIONS)  # the engine's games
    for kind in ("stop_the_bus", "crash"):
        assert choices_of(page, f"{kind}-rules") == [(r.name, r.title) for r in game_rankings(kind)]


def test_the_declarations_offered_are_the_engines(host_client, evening):
    game_start(session=evening, kind="crash", seat_names=PLAYERS, options={"preset": "classic"})
    offered = choices_of(host_client.get(evening.get_absolute_url()), "declare_0")
    assert offered == [("", "No declaration"), *DECLARATION_KINDS.items()]
    assert offered[1:] == [("six_pairs", "Six pairs"), ("thirteen_run", "Thirteen-card run")]
