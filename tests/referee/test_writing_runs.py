"""Every page writes a run one way, lowest first, in its cards as in its words
(docs/rules.md, Brag hands: Writing hands): the board, the host's page, a seat, the history, a correction's
earlier entries, the night's story and its picture. The runs are typed highest first."""

import re
from uuid import uuid4

import pytest

from referee.board.render import render_board
from referee.story_picture import shown_cards
from referee.views.story_link import picture_recap
from scoring.models import SessionPlayer
from scoring.services import game_start, round_correct, round_record, round_reveal, seat_hand_send

from ..data import HINDSIGHT_ROUND
from ..pages import text_of

pytestmark = pytest.mark.django_db

RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14} | {str(n): n for n in range(2, 11)}
CARD = r"(?:10|[2-9JQKA])[♠♥♦♣]"
# Three cards in a row, and only three (a pad's 52 buttons or a declaration's 13 are no hand).
HAND = re.compile(rf"(?<![♠♥♦♣] )(?<![♠♥♦♣])({CARD}) ?({CARD}) ?({CARD})(?! ?{CARD})")
SEQUENCE_WORDS = re.compile(r"(?i)\b(?:run|running flush|sequence) (10|[2-9JQKA])-(10|[2-9JQKA])-(10|[2-9JQKA])\b")


def ranks_of(*cards: str) -> list[int]:
    return [RANKS[card[:-1]] for card in cards]


def is_sequence(ranks: list[int]) -> bool:
    low = sorted(ranks)
    return low == list(range(low[0], low[0] + 3)) or set(ranks) == {14, 2, 3}


def lowest_first(ranks: list[int]) -> bool:
    return ranks == [14, 2, 3] or ranks == sorted(ranks)


def runs_written(text: str) -> list[str]:
    """Every run the text writes, in cards or in words; each must be lowest first."""
    found = []
    for match in HAND.finditer(text):
        ranks = ranks_of(*match.groups())
        if is_sequence(ranks):
            assert lowest_first(ranks), f"a run written highest first: {match.group(0)!r}"
            found.append(match.group(0))
    for match in SEQUENCE_WORDS.finditer(text):
        ranks = [RANKS[rank] for rank in match.groups()]
        assert lowest_first(ranks), f"a run written highest first: {match.group(0)!r}"
        found.append(match.group(0))
    return found


@pytest.fixture
def friday(evening, host):
    """Stop the Bus: Ann's running flush J-Q-K, Bob's run Q-K-A, typed highest first; round 1
    first recorded with Bob's run 2-3-4 typed 4-3-2, then corrected."""
    bus = game_start(session=evening, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    first, _ = round_record(
        game=bus, number=1, by=host, entry={"hands": {"Ann": "KC QC JC", "Bob": "4S 3D 2H", "Cy": "7C 7D 9S"}}
    )
    round_correct(round=first, by=host, entry={"hands": {"Ann": "KC QC JC", "Bob": "AD KS QH", "Cy": "2C 4D 7H"}})
    return evening


def test_the_board_writes_each_run_lowest_first(friday):
    text = text_of(render_board(friday).html)
    assert {"J♣ Q♣ K♣", "Q♥ K♠ A♦"} <= set(runs_written(text))


def test_the_host_page_writes_each_run_lowest_first_in_the_rounds_and_as_first_recorded(host_client, friday):
    text = text_of(host_client.get(f"{friday.get_absolute_url()}?game=1"))
    written = runs_written(text)
    assert {"J♣ Q♣ K♣", "Running flush J-Q-K", "Q♥ K♠ A♦", "Run Q-K-A", "2♥ 3♦ 4♠"} <= set(written)
    assert "First recorded as: Ann: J♣ Q♣ K♣; Bob: 2♥ 3♦ 4♠; Cy: 7♦ 7♣ 9♠" in text


def test_the_history_and_a_corrections_earlier_entries_write_each_run_lowest_first(host_client, friday):
    history = text_of(host_client.get(f"/sessions/{friday.public_id}/history/"))
    assert {"J♣ Q♣ K♣", "Q♥ K♠ A♦", "2♥ 3♦ 4♠", "Run Q-K-A"} <= set(runs_written(history))
    game = friday.games.get()
    correction = text_of(host_client.get(f"/sessions/{friday.public_id}/games/{game.public_id}/rounds/1/"))
    assert "2♥ 3♦ 4♠" in runs_written(correction)


def test_the_story_and_its_picture_show_the_hand_of_the_night_lowest_first(host_client, friday):
    story = host_client.get(f"/sessions/{friday.public_id}/story/")
    assert "Ann's running flush J-Q-K" in text_of(story)
    chips = re.search(r'<p class="recap-cards">(.*?)</p>', story.content.decode(), re.S).group(1)
    assert re.findall(r'class="card suit-\w">([^<]*)<', chips) == ["J♣", "Q♣", "K♣"]
    runs_written(text_of(story))
    assert shown_cards(picture_recap(friday)) == ["J♣", "Q♣", "K♣"]


def test_a_seat_reads_its_hindsight_and_the_round_with_each_run_lowest_first(client, crash, host):
    round_record(game=crash, number=1, entry={"hands": HINDSIGHT_ROUND}, by=host)
    token = SessionPlayer.objects.get(session=crash.session, player__name="Ann").seat_token
    text = text_of(client.get(f"/seat/{token}/"))
    # Ann's K♣ Q♣ J♣ and Bob's 10♠ 9♠ 8♠ placed; her hindsight's A-2-3, J-Q-K and his 2-3-4.
    assert "You could have scored 3 instead of 2 with A♠ 2♠ 3♠ · J♣ Q♣ K♣ · A♥ 4♥ 2♥ · 9♦ 6♦ 2♦" in text
    assert {"A♠ 2♠ 3♠", "J♣ Q♣ K♣"} <= set(runs_written(text))


@pytest.mark.parametrize("senders", [("Ann", "Bob"), ("Ann", "Bob", "Cy")])
def test_a_revealed_showdown_writes_each_run_lowest_first_a_seat_missing_or_not(evening, bus, senders):
    typed = {"Ann": "KC QC JC", "Bob": "4S 3D 2H", "Cy": "7C 7D 9S"}
    for name in senders:
        player = evening.players.get(name=name)
        seat_hand_send(game=bus, player=player, number=1, entry={"hands": {name: typed[name]}}, submission=uuid4())
    round_reveal(game=bus, number=1)
    text = text_of(render_board(evening).html)
    assert "Round 1: the showdown" in text
    assert {"J♣ Q♣ K♣", "2♥ 3♦ 4♠"} <= set(runs_written(text))
