"""Rules before they bite: the new-game form and the round's entry say a game's first rules
as its options make them, each with its section of the Rules page; the live setting check
says what a foul costs; Stop the Bus's extra fields say what they change."""

import re

import pytest

from scoring.services import game_start, round_record

from ..pages import HX, text_of

pytestmark = pytest.mark.django_db

CLASSIC_LINES = (
    "Hand 1 is your strongest, hand 4 your weakest. Setting hands, in the rules "
    "Classic: a hand placed left of a stronger one is a foul, and a foul puts you out of the game. "
    "Fouls, in the rules"
)


def first_rules(markup: str) -> list[str]:
    """The text of each list of first rules on a page."""
    return [text_of(found).strip() for found in re.findall(r'<ul class="rule-lines">(.*?)</ul>', markup, re.S)]


def test_the_new_game_form_says_each_games_first_rules_under_its_default_options(host_client, evening):
    markup = host_client.get(f"/sessions/{evening.public_id}/games/new/").content.decode()
    assert first_rules(markup) == [
        "Everyone starts with 3 tokens: the worst hand of each round loses one, and the last player with tokens "
        "wins. The worst hand, in the rules",
        CLASSIC_LINES,
        "Played for the win alone: the best hand of each deal counts a hand won, and when the host ends "
        "the game the most hands won wins. Standings and the end, in the rules "
        "Ace counts 11, K Q J 10 count 10, the rest their number; a sequence must be of one suit. "
        "Commerce hands, in the rules",
    ]
    assert 'href="/rules/#fouls"' in markup and 'href="/rules/#setting-hands"' in markup


def test_the_new_game_forms_first_rules_follow_the_options_as_the_host_changes_them(host_client, evening):
    url = f"/sessions/{evening.public_id}/games/new/rules/"
    arena = host_client.get(url, {"game": "crash", "crash-preset": "arena", "crash-cards": "9"}, headers=HX)
    assert first_rules(arena.content.decode()) == [
        "Hand 1 is your strongest, hand 3 your weakest. Setting hands, in the rules "
        "Arena: hands out of order are no foul: they are played sorted, best first. Fouls, in the rules"
    ]
    house = host_client.get(url, {"game": "crash", "crash-out_of_order": "foul_round"}, headers=HX)
    assert "House rule: a hand placed left of a stronger one is a foul, and a foul costs you the round's points." in (
        text_of(house)
    )
    tokens = host_client.get(url, {"game": "stop_the_bus", "stop_the_bus-tokens": "5"}, headers=HX)
    assert text_of(tokens).strip().startswith("Everyone starts with 5 tokens:")
    staked = host_client.get(url, {"game": "commerce", "commerce-stake": "10"}, headers=HX)
    assert "Everyone pays 10 into the pot each hand" in text_of(staked)
    wrong = host_client.get(url, {"game": "stop_the_bus", "stop_the_bus-tokens": "99"}, headers=HX)
    assert "Everyone starts with 3 tokens" in text_of(wrong)  # a number the form refuses says nothing yet


def test_the_first_rules_answer_is_for_a_game_and_for_htmx(host_client, evening):
    url = f"/sessions/{evening.public_id}/games/new/rules/"
    assert host_client.get(url, {"game": "poker"}, headers=HX).status_code == 404
    opened = host_client.get(url, {"game": "crash"})
    assert opened.status_code == 302 and opened["Location"] == f"/sessions/{evening.public_id}/games/new/"


def test_the_preset_is_chosen_by_radio_buttons_its_names_read_in_full(host_client, evening):
    markup = host_client.get(f"/sessions/{evening.public_id}/games/new/").content.decode()
    assert '<select name="crash-preset"' not in markup
    assert re.search(r'<input type="radio" name="crash-preset" value="classic"[^>]*checked', markup)
    assert "Classic: the rule books' Thirteen-Card Brag" in text_of(markup)


@pytest.mark.parametrize(
    ("kind", "options", "said"),
    [
        ("crash", {"preset": "classic"}, CLASSIC_LINES),
        (
            "crash",
            {"preset": "arena"},
            "Hand 1 is your strongest, hand 4 your weakest. Setting hands, in the rules "
            "Arena: hands out of order are no foul: they are played sorted, best first. Fouls, in the rules",
        ),
        (
            "stop_the_bus",
            {"tokens": 2},
            "Everyone starts with 2 tokens: the worst hand of each round loses one, and the last player with "
            "tokens wins. The worst hand, in the rules",
        ),
        (
            "commerce",
            {"stake": 4},
            "Everyone pays 4 into the pot each hand; the best hand takes the pot, tied best hands split it. "
            "Players, the stake and the pot, in the rules "
            "Ace counts 11, K Q J 10 count 10, the rest their number; a sequence must be of one suit. "
            "Commerce hands, in the rules",
        ),
    ],
)
def test_the_rounds_entry_says_the_games_first_rules(host_client, evening, kind, options, said):
    game_start(session=evening, kind=kind, seat_names=["Ann", "Bob", "Cy"], options=options)
    markup = host_client.get(evening.get_absolute_url()).content.decode()
    entry = markup[markup.index('<section class="entry"') :]
    assert first_rules(entry)[0] == said


def test_every_first_rules_link_lands_on_a_section_of_the_rules(host_client, client, evening):
    rules_page = client.get("/rules/").content.decode()
    for kind, options in [("crash", {"preset": "arena"}), ("stop_the_bus", {}), ("commerce", {"stake": 1})]:
        game_start(session=evening, kind=kind, seat_names=["Ann", "Bob"], options=options)
        markup = host_client.get(evening.get_absolute_url()).content.decode()
        for anchor in re.findall(r'<ul class="rule-lines">.*?</ul>', markup, re.S):
            for section in re.findall(r'href="/rules/#([^"]+)"', anchor):
                assert f'id="{section}"' in rules_page, section


@pytest.mark.parametrize(
    ("options", "cost"),
    [
        ({"preset": "classic"}, "foul if left like this, out of the game"),
        (
            {"preset": "classic", "out_of_order": "foul_round"},
            "foul if left like this, no points this round",
        ),
        (
            {"preset": "arena", "out_of_order": "foul_out"},
            "foul if left like this, out of the game",
        ),
    ],
)
def test_the_live_setting_check_says_what_a_foul_costs_under_the_games_options(host_client, evening, options, cost):
    game = game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options=options)
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/setting-check/"
    response = host_client.get(url, {"seat": "0", "hand_0_1": "7c 7d 9s", "hand_0_2": "Ah Kh Qh"}, headers=HX)
    assert text_of(response).strip() == (
        f"Hand 2 (Q♥ K♥ A♥, a running flush) is stronger than hand 1 (7♦ 7♣ 9♠, a pair of 7s): {cost}; "
        "legal order: Q♥ K♥ A♥, 7♦ 7♣ 9♠ Use this order"
    )


def test_stop_the_bus_says_what_the_table_cards_and_the_caller_change(host_client, evening):
    game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={})
    text = text_of(host_client.get(evening.get_absolute_url()))
    assert (
        "Table cards (optional) The three cards face up at the showdown: checked against the hands "
        "(one deck a round); no result changes."
    ) in text
    assert (
        "Who called “Stop the bus!” (optional) Nobody / not noted Ann Bob "
        "Kept with the round, for the record: who called changes no result."
    ) in text


def test_commerce_says_what_the_table_cards_and_the_knocker_change(host_client, evening):
    game_start(session=evening, kind="commerce", seat_names=["Ann", "Bob"], options={})
    text = text_of(host_client.get(evening.get_absolute_url()))
    assert "Who knocked (optional) Nobody / not noted Ann Bob Kept with the round, for the record: who knocked" in text


def test_the_session_page_shows_no_template_comment(host_client, evening):
    game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={})
    assert "{#" not in text_of(host_client.get(evening.get_absolute_url()))


def test_after_the_first_round_the_first_rules_follow_the_hands(host_client, evening):
    """Above the first round's hands; then below them, where the outcome and the next hand
    keep their room above the pad."""
    game = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob"], options={})
    round_record(game=game, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H"}}, by=evening.host)
    markup = host_client.get(evening.get_absolute_url()).content.decode()
    entry = markup[markup.index('<section class="entry"') :]
    assert len(first_rules(entry)) == 1
    assert entry.index("</form>") < entry.index('<ul class="rule-lines">') < entry.index('id="rounds"')


def test_coaching_on_is_said_in_the_first_rules_of_the_form_and_of_the_game_and_its_link_lands(
    host_client, client, evening
):
    coach_line = (
        "House rule: on your own phone you may ask for the best setting of your cards before you send your hand. "
        "Coach while setting, in the rules"
    )
    url = f"/sessions/{evening.public_id}/games/new/rules/"
    on = host_client.get(url, {"game": "crash", "crash-coach": "True"}, headers=HX)
    assert first_rules(on.content.decode()) == [f"{CLASSIC_LINES} {coach_line}"]
    off = host_client.get(url, {"game": "crash", "crash-coach": "False"}, headers=HX)
    assert first_rules(off.content.decode()) == [CLASSIC_LINES]
    game_start(session=evening, kind="crash", seat_names=["Ann", "Bob"], options={"preset": "arena", "coach": True})
    markup = host_client.get(evening.get_absolute_url()).content.decode()
    assert first_rules(markup[markup.index('<section class="entry"') :])[0].endswith(coach_line)
    assert 'href="/rules/#coach-while-setting"' in markup
    assert 'id="coach-while-setting"' in client.get("/rules/").content.decode()
