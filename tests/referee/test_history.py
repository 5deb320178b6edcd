"""Looking back on a past session: each game, a chart with its figures, every round's hands."""

import pytest

from scoring.services import game_start, round_correct, round_record, session_start

from ..factories import UserFactory
from ..pages import text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def friday(host):
    session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob", "Cy"])
    bus = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    round_record(game=bus, number=1, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}})
    second, _ = round_record(
        game=bus, number=2, by=host, entry={"hands": {"Ann": "2C 3D 5H", "Bob": "AS KS QS", "Cy": "7C 7D 9S"}}
    )
    round_correct(round=second, by=host, entry={"hands": {"Ann": "AS KS QS", "Bob": "7C 7D 9S", "Cy": "2C 3D 5H"}})
    return session


def test_a_past_session_shows_each_game_its_chart_and_every_round(host_client, friday):
    response = host_client.get(f"/sessions/{friday.public_id}/history/")
    text = text_of(response)
    assert "Game 1: Stop the Bus, 2 tokens" in text and "Not finished · 2 rounds" in text
    assert "Ann Q♠ K♠ A♠ Running flush Q-K-A" in text and "Cy 5♥ 3♦ 2♣ 5 high (5-3-2)" in text
    assert "Cy has no tokens left: Cy is out" in text
    assert "corrected" in text and "First recorded as: Ann: 5♥ 3♦ 2♣; Bob: Q♠ K♠ A♠; Cy: 7♦ 7♣ 9♠" in text
    html = response.content.decode()
    assert '<svg viewBox="0 0 640 260" role="img"' in html
    assert (
        '<desc id="chart-1-desc">Tokens after each round. Ann: 2, 2, 2; Bob: 2, 2, 2; Cy: 2, 1, 0.'
        " Cy went out in round 2.</desc>" in html
    )
    assert html.count('class="out-marker"') == 1 and "<title>Cy out in round 2</title>" in html


def test_each_hand_is_shown_as_card_chips_like_the_judges_and_a_crash_hand_a_line(host_client, host):
    import re

    from ..data import HINDSIGHT_ROUND

    session = session_start(host=host, title="Crash", played_on="2026-11-20", player_names=["Ann", "Bob"])
    game = game_start(session=session, kind="crash", seat_names=["Ann", "Bob"], options={})
    round_record(game=game, number=1, by=host, entry={"hands": HINDSIGHT_ROUND})
    html = host_client.get(f"/sessions/{session.public_id}/history/").content.decode()
    ann = re.search(r'<strong class="hands-player">Ann</strong>\s*<ol class="player-hands">(.*?)</ol>', html, re.S)
    lines = re.findall(r'<li class="shown-hand">(.*?)</li>', ann.group(1), re.S)
    assert [text_of(line).strip() for line in lines] == [
        "Hand 1 2♠ 2♥ 2♦ Prial of 2s",
        "Hand 2 J♣ Q♣ K♣ Running flush J-Q-K",
        "Hand 3 A♠ A♥ 9♦ Pair of aces, 9 kicker",
        "Hand 4 6♦ 4♥ 3♠ 6 high (6-4-3)",
    ]
    assert lines[0].count('class="card suit-') == 3 and '<span class="card suit-h">2♥</span>' in lines[0]
    assert " | " not in text_of(html)


def test_a_crash_player_who_fouled_out_is_marked_on_the_chart_where_they_went_out(host_client, host):
    from ..data import HINDSIGHT_ROUND

    players = ["Ann", "Bob", "Cy"]
    session = session_start(host=host, title="Crash", played_on="2026-11-20", player_names=players)
    game = game_start(session=session, kind="crash", seat_names=players, options={"preset": "classic"})
    fouled = {"Ann": ["3S 4H 6D", "KC QC JC", "AS AH 9D", "2S 2H 2D"], "Bob": HINDSIGHT_ROUND["Bob"]}
    fouled["Cy"] = ["QS QH 4D", "8D 8C 6S", "KS 10D 5S", "JS 9C 3D"]
    round_record(game=game, number=1, by=host, entry={"hands": fouled})
    round_record(game=game, number=2, by=host, entry={"hands": {"Bob": fouled["Bob"], "Cy": fouled["Cy"]}})
    html = host_client.get(f"/sessions/{session.public_id}/history/").content.decode()
    assert html.count('class="out-marker"') == 1 and "<title>Ann out in round 1</title>" in html
    assert "Ann went out in round 1.</desc>" in html


def test_the_past_session_page_runs_a_constant_number_of_queries(
    host_client, host, friday, django_assert_max_num_queries
):
    url = f"/sessions/{friday.public_id}/history/"
    with django_assert_max_num_queries(12) as captured:
        host_client.get(url)
    few = len(captured.captured_queries)
    more = game_start(session=friday, kind="commerce", seat_names=["Ann", "Bob"], options={"stake": 1})
    for number in range(1, 21):
        round_record(game=more, number=number, by=host, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C"}})
    with django_assert_max_num_queries(few):
        host_client.get(url)


def test_another_hosts_past_session_is_a_404(client, friday):
    client.force_login(UserFactory(username="stranger"))
    assert client.get(f"/sessions/{friday.public_id}/history/").status_code == 404


def long_commerce(session, host, rounds):
    game = game_start(session=session, kind="commerce", seat_names=["Ann", "Bob"], options={})
    for number in range(1, rounds + 1):
        round_record(game=game, number=number, by=host, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C"}})
    return game


def rounds_shown(response) -> list[int]:
    import re

    return [int(n) for n in re.findall(r"<strong>Round (\d+)</strong>", response.content.decode())]


def test_a_long_game_shows_its_first_rounds_and_the_rest_a_page_at_a_time(host_client, host, friday):
    long_commerce(friday, host, 120)
    url = f"/sessions/{friday.public_id}/history/"
    overview = host_client.get(url)
    assert rounds_shown(overview) == [1, 2, *range(1, 51)]  # game 1's two rounds, game 2's first fifty
    assert "Rounds 51–120 of game 2" in text_of(overview) and "· 120 rounds" in text_of(overview)
    last = host_client.get(url, {"game": 2, "page": 3})
    assert rounds_shown(last) == list(range(101, 121))
    assert "Rounds: page 3 of 3" in text_of(last) and "Game 1" not in text_of(last)
    assert host_client.get(url, {"game": 9}).status_code == 404
    assert host_client.get(url, {"game": "x"}).status_code == 404


def test_a_long_evening_shows_its_games_five_to_a_page(host_client, host, friday):
    for _ in range(6):
        long_commerce(friday, host, 1)
    url = f"/sessions/{friday.public_id}/history/"
    first, second = host_client.get(url), host_client.get(url, {"page": 2})
    assert "Game 5:" in text_of(first) and "Game 6:" not in text_of(first) and "Games: page 1 of 2" in text_of(first)
    assert "Game 6:" in text_of(second) and "Game 7:" in text_of(second) and "Game 1:" not in text_of(second)


def test_the_session_pages_list_of_rounds_shows_each_hand_as_card_chips(host_client, friday):
    import re

    html = host_client.get(f"{friday.get_absolute_url()}?game=1").content.decode()
    rounds = html[html.index('id="rounds"') :]
    players = re.findall(
        r'<strong class="hands-player">(\w+)</strong>\s*<span class="shown-hand">(.*?)</span>\s*</li>', rounds, re.S
    )
    assert [(name, text_of(hand).split()) for name, hand in players[:3]] == [
        ("Ann", ["Q♠", "K♠", "A♠", "Running", "flush", "Q-K-A"]),
        ("Bob", ["7♦", "7♣", "9♠", "Pair", "of", "7s,", "9", "kicker"]),
        ("Cy", ["5♥", "3♦", "2♣", "5", "high", "(5-3-2)"]),
    ]
    assert players[0][1].count('class="card suit-') == 3
