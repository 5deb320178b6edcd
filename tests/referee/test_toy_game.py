"""A new game is described once (engine/games.py) and the pages follow: a toy game, registered
for the test alone, is started, played through the host's form and a seat's own phone, and
shown on the session page, the TV board, a seat's page and looking back, in its own words."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest

from engine import BRAG, GAMES, EntryError, Event, GameDescription, GameOutcome, RoundOutcome, rank_hand
from engine.entries import check_option_names, check_players, chosen, first_dealer, read_three_card_round
from engine.games import register, unregister
from engine.house_rules import Option
from engine.seating import pass_the_deal
from scoring.models import Game, SessionPlayer
from scoring.services import game_start

from ..pages import HX, sent, text_of
from .seats import hidden_fields

pytestmark = pytest.mark.django_db

KIND, TITLE = "high_hand", "High Hand"
STARS = Option("stars", "Stars to win", (KIND,), 2, numbers=range(1, 10), text="The stars that win the game")


@dataclass(frozen=True, slots=True)
class HighHandOptions:
    stars: int = 2
    first_dealer: int = 0
    rules: str = BRAG

    def as_dict(self) -> dict[str, object]:
        return {"stars": self.stars, "first_dealer": self.first_dealer}


def read_options(players: Sequence[str], options: Mapping[str, object]) -> HighHandOptions:
    check_option_names(TITLE, options, ("stars", "first_dealer"))
    return HighHandOptions(chosen(STARS, options), first_dealer(options.get("first_dealer", 0), players))


def read_own(part: Mapping, players: Sequence[str], name: str, settings) -> tuple:
    return read_three_card_round(TITLE, dict(part), players, [name], named="", out_reason="")[name]


def replay_high_hand(players: Sequence[str], rounds: Sequence[object], **options: object) -> GameOutcome:
    """The best hand of each round wins a star; the first to the stars chosen wins."""
    players = check_players(TITLE, players, 2, 8)
    settings = read_options(players, options)
    stars, dealer, played, winners = dict.fromkeys(players, 0), settings.first_dealer, [], ()
    for number, entry in enumerate(rounds, 1):
        if winners:
            raise EntryError(f"the game is over: {winners[0]} won", round=number)
        try:
            hands = read_three_card_round(TITLE, entry, players, players, named="", out_reason="")
        except EntryError as error:
            raise error.in_round(number) from None
        ranks = {name: rank_hand(cards, BRAG) for name, cards in hands.items()}
        best = max(ranks, key=ranks.__getitem__)
        stars[best] += 1
        events = [Event("won_pot", (best,), f"{best} has the high hand: a star ({stars[best]})")]
        if stars[best] == settings.stars:
            winners = (best,)
            events.append(Event("won", winners, f"{best} reaches {settings.stars} stars and wins"))
        deltas = {name: int(name == best) for name in players}
        hands_ranked = {name: (rank,) for name, rank in ranks.items()}
        played.append(RoundOutcome(number, players[dealer], tuple(events), deltas, dict(stars), hands_ranked))
        dealer = pass_the_deal(players, dealer, players)
    return GameOutcome(
        game=KIND,
        players=tuple(players),
        settings=settings,
        rounds=tuple(played),
        standings=stars,
        finished=bool(winners),
        winners=winners,
        out=(),
        next_dealer=None if winners else players[dealer],
        still_in=tuple(players),
    )


HIGH_HAND = GameDescription(
    kind=KIND,
    title=TITLE,
    replay=replay_high_hand,
    read_options=read_options,
    read_own=read_own,
    summary=lambda settings: f"{TITLE}, first to {settings.stars} stars",
    unit=lambda settings: "stars",
    at_stake=lambda outcome: outcome.settings.stars,  # the stars that win
    options=(STARS,),
)


@pytest.fixture
def high_hand():
    register(HIGH_HAND)
    yield HIGH_HAND
    unregister(KIND)
    assert KIND not in GAMES


@pytest.fixture
def game(high_hand, evening):
    return game_start(session=evening, kind=KIND, seat_names=["Ann", "Bob", "Cy"], options={"stars": 3})


def test_a_registered_game_is_played_and_shown_on_the_session_board_seat_and_history_pages(host_client, game):
    session = game.session
    assert game.get_kind_display() == TITLE and str(game) == "High Hand · game 1"
    page = host_client.get(session.get_absolute_url())
    assert page.status_code == 200
    text = text_of(page)
    assert "High Hand, first to 3 stars" in text and "Stars" in text
    # its round form: a hand a player, no table cards and nobody named beside them
    form = page.content.decode()
    assert all(f'name="hand_{seat}"' in form for seat in range(3))
    assert 'name="table"' not in form and 'name="caller"' not in form and 'name="knocker"' not in form

    # Bob sends his own hand from his phone; the host records the round with it
    token = SessionPlayer.objects.get(session=session, player__name="Bob").seat_token
    seat_page = host_client.get(f"/seat/{token}/")
    assert seat_page.status_code == 200 and "High Hand, first to 3 stars" in text_of(seat_page)
    data = {**hidden_fields(seat_page), "hand_0": "Qs Qh Qd"}
    sent_page = host_client.post(f"/seat/{token}/", data, headers=HX)
    assert sent_page.status_code == 200 and "Sent ✓" in text_of(sent_page)
    data = {**sent({"number": "1"}), "hand_0": "As Ks 2d", "hand_1": "Qs Qh Qd", "hand_2": "7c 8d 10s"}
    assert host_client.post(session.get_absolute_url(), data).status_code == 302
    assert game.rounds.get(number=1).entry == {"hands": {"Ann": "AS KS 2D", "Bob": "QS QH QD", "Cy": "7C 8D TS"}}

    text = text_of(host_client.get(session.get_absolute_url()))
    assert "Bob has the high hand: a star (1)" in text

    board = host_client.get(f"/board/{session.share_token}/")
    assert board.status_code == 200
    text = text_of(board)
    assert "High Hand, first to 3 stars" in text and "Bob has the high hand: a star (1)" in text

    seat_page = host_client.get(f"/seat/{token}/")
    assert seat_page.status_code == 200
    assert "High Hand, first to 3 stars" in text_of(seat_page) and "Round 2" in text_of(seat_page)

    history = host_client.get(f"/sessions/{session.public_id}/history/")
    assert history.status_code == 200
    text = text_of(history)
    assert "High Hand · game 1" in text and "High Hand, first to 3 stars" in text and "stars" in text
    assert "Prial of queens" in text


def test_the_kinds_of_game_are_the_games_the_engine_describes(high_hand):
    assert Game._meta.get_field("kind").choices[-1] == (KIND, TITLE)
    unregister(KIND)
    assert (KIND, TITLE) not in Game._meta.get_field("kind").choices
    register(HIGH_HAND)  # for the fixture's teardown
