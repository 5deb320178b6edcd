"""A new game is described once (engine/games.py) and the pages follow: a toy game, registered
for the test alone, is started on the new-game form, played through the host's form and a
seat's own phone, and shown on the session page, the TV board, a seat's page, looking back,
the player page and the circle's statistics, exported and imported, and told in the night's
story, in its own words."""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from engine import BRAG, GAMES, EntryError, Event, GameDescription, GameOutcome, RoundOutcome, rank_hand
from engine.entries import check_option_names, check_players, chosen, first_dealer, named, read_three_card_round
from engine.games import register, unregister
from engine.house_rules import Option
from engine.seating import pass_the_deal
from scoring.models import Game, Player, SessionPlayer
from scoring.services import game_start, round_record

from ..factories import UserFactory
from ..pages import HX, choices_of, sent, text_of
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
    """The best hand of each round wins a star, the first to the stars chosen the game; a
    round the best hands tie wins nobody a star (a stand-off: the story's escape)."""
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
        top = [name for name, rank in ranks.items() if rank.value == max(r.value for r in ranks.values())]
        best = top[0] if len(top) == 1 else None
        if best is None:
            events = [Event("stand_off", tuple(top), f"{named(top)} tie for the high hand: no star")]
        else:
            stars[best] += 1
            events = [Event("won_pot", (best,), f"{best} has the high hand: a star ({stars[best]})")]
        if best is not None and stars[best] == settings.stars:
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
    escape="tied for the high hand, and nobody took a star",
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


SEATS = {"seat_0": "1", "seat_1": "2", "seat_2": "3", "first_dealer": "Ann"}
# Round 1 a tie of Ann's and Bob's ace-king-nine (nobody's star); then Bob's two stars win the game.
ROUNDS = (
    {"hands": {"Ann": "AS KS 9D", "Bob": "AH KH 9C", "Cy": "2C 5D 7S"}},
    {"hands": {"Ann": "AS KS 2D", "Bob": "3S 3H 3D", "Cy": "7C 8D 10S"}},
    {"hands": {"Ann": "4C 6D 9H", "Bob": "KS KH 2C", "Cy": "5C 7D JS"}},
)


def test_a_registered_game_is_started_on_the_new_game_form_with_its_own_options(host_client, high_hand, evening):
    url = f"/sessions/{evening.public_id}/games/new/"
    page = host_client.get(url)
    assert page.status_code == 200 and (KIND, TITLE) in choices_of(page, "kind")
    assert 'name="high_hand-stars"' in page.content.decode() and "Stars to win" in text_of(page)
    rules = host_client.get(f"{url}rules/", {"game": KIND, "high_hand-stars": "4"}, headers=HX)
    assert rules.status_code == 200

    assert host_client.post(url, {"kind": KIND, **SEATS, "high_hand-stars": "4"}).status_code == 302
    game = Game.objects.get(session=evening)
    assert (game.kind, game.options) == (KIND, {"first_dealer": 0, "stars": 4})
    assert "High Hand, first to 4 stars" in text_of(host_client.get(evening.get_absolute_url()))


@pytest.fixture
def night(high_hand, evening, host):
    """An evening of High Hand to two stars, played out: Bob wins, after a tie in round 1."""
    game = game_start(session=evening, kind=KIND, seat_names=["Ann", "Bob", "Cy"], options={"stars": 2})
    for number, entry in enumerate(ROUNDS, 1):
        round_record(game=game, number=number, entry=entry, by=host)
    return evening


def test_a_registered_game_is_counted_on_the_player_page_and_in_the_circle(host_client, night):
    """Its figures: those of every game (it has no template of its own), its rating, its filter."""
    bob = Player.objects.get(host=night.host, name="Bob")
    for query in ({}, {"game": KIND}):
        page = host_client.get(bob.get_absolute_url(), query)
        assert page.status_code == 200
        text = text_of(page)
        assert "High Hand Games played 1 Won 1 Win rate 100.0% Rounds played 3 Rating Rating 3.3" in text
        assert "Bob's rating in High Hand" in text and "Bob's hands in High Hand" in text
    assert (KIND, TITLE) in choices_of(host_client.get("/players/"), "game")
    circle = host_client.get("/players/", {"game": KIND})
    assert circle.status_code == 200 and "High Hand" in text_of(circle) and "Bob" in text_of(circle)
    ann = Player.objects.get(host=night.host, name="Ann")
    compared = host_client.get("/players/compare/", {"first": bob.public_id, "second": ann.public_id, "game": KIND})
    assert compared.status_code == 200 and "High Hand" in text_of(compared)


def test_a_session_of_a_registered_game_is_exported_and_imported(host_client, client, night):
    exported = host_client.get(f"/sessions/{night.public_id}/export/")
    assert exported.status_code == 200
    (game,) = json.loads(exported.content)["sessions"][0]["games"]
    assert (game["kind"], [r["entry"] for r in game["rounds"]]) == (KIND, [dict(entry) for entry in ROUNDS])

    other = UserFactory(username="another")
    client.force_login(other)
    upload = SimpleUploadedFile("night.json", exported.content, content_type="application/json")
    assert client.post("/sessions/import/", {"file": upload}).status_code == 302
    imported = Game.objects.get(session__host=other)
    assert (imported.kind, imported.rounds.count()) == (KIND, 3)
    history = client.get(f"/sessions/{imported.session.public_id}/history/")
    assert history.status_code == 200 and "Bob reaches 2 stars and wins" in text_of(history)


def test_the_nights_story_tells_a_registered_game_in_its_own_words(host_client, client, night):
    story = host_client.get(f"/sessions/{night.public_id}/story/")
    assert story.status_code == 200
    text = text_of(story)
    assert "Bob won High Hand · game 1" in text
    assert "Ann and Bob tied for the high hand, and nobody took a star, round 1 of High Hand · game 1" in text
    public = client.get(f"/story/{night.story_token}/")
    assert public.status_code == 200 and "nobody took a star" in text_of(public)
