"""Render once, one invariant (issue 52, point 3; Zulip's test of its events system): a live
screen loaded before a sequence of changes, with every fragment its socket was sent since
swapped in, equals the same screen loaded after them. Random sequences of what an evening
does (a seat's send, the reveal, a round recorded, corrected or taken back, a new game, a
game resumed, a seat's link replaced, a phone closed or opened again, the seats' codes shown
on the TV or hidden, the story on the TV),
checked for the board, each seat and the host's page (its live part: the table panel, the
pad's ticks, each seat's phone), compared as normalised DOM (tests/live_dom.py).

The fragments are those the changes' broadcasts sent the channel layer (a layer that records
them), forwarded as the consumers forward them: only what is newer than what the socket
shows (a seat's own part counted apart), the finale whatever the revision (a show, not the
board's state: left out of the comparison, as is "Now playing", said by the change that
switched games until the next one), a replaced link's close; swapped in as the
pages' scripts let htmx swap them (seat.js: the entry area only for another stage; host.js:
not a piece of another game, nor one the page has no place for)."""

from __future__ import annotations

import difflib
import os
import uuid

import pytest
from channels.layers import InMemoryChannelLayer
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine import EntryError
from referee.board.render import session_group
from referee.host.render import host_group
from referee.seats.render import seat_group, seat_token_group
from scoring import queries
from scoring.models import Game, Round, Session, SessionPlayer
from scoring.services import (
    game_resume,
    game_start,
    round_correct,
    round_delete_last,
    round_record,
    round_reveal,
    seat_codes_show,
    seat_hand_send,
    seat_links_rotate,
    seat_presence,
    session_start,
)

from ..layers import use_layer
from ..live_dom import Element, parsed, pieces, swap, written

pytestmark = pytest.mark.django_db
PLAYERS = ["Ann", "Bob", "Cy"]
GAMES = [("stop_the_bus", {"tokens": 2}), ("commerce", {"stake": 0})]
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
ACTIONS = ["send", "send", "send", "reveal", "record", "record", "correct", "undo", "new game", "resume"]
ACTIONS += ["rotate", "phone", "codes", "story"]
# Every sequence in CI; a quick look locally (make check), unless SEQUENCES says otherwise.
SEQUENCES = int(os.environ.get("SEQUENCES") or (200 if os.environ.get("CI") else 25))


class RecordingLayer(InMemoryChannelLayer):
    """The channel layer the broadcasts send to, every message kept in the order sent."""

    sent: list[tuple[str, dict]] = []

    async def group_send(self, group, message):
        type(self).sent.append((group, message))


@pytest.fixture(autouse=True)
def recording(settings):
    use_layer(settings, RecordingLayer)
    RecordingLayer.sent = []
    yield RecordingLayer.sent


def cards_of(hand: str) -> str:
    return " ".join(("10" + card[1:]) if card[0] == "T" else card for card in hand.split())


class Screen:
    """A page and its socket: its groups, what it shows (revisions) and the page as swapped."""

    def __init__(self, url: str, client: Client, groups: tuple[str, ...]):
        self.url, self.client, self.groups = url, client, groups
        self.page = self.load()
        self.revision = self.own_revision = -1
        self.replaced = False

    def load(self) -> Element:
        response = self.client.get(self.url)
        assert response.status_code == 200, self.url
        return parsed(response.content.decode())

    def told(self, group: str, message: dict) -> None:
        """What the consumer forwards, swapped in as the page's scripts let htmx swap it."""
        kind = message["type"]
        if kind == "link.close":
            self.replaced = True
            return
        if kind == "board.finale":
            return  # a show beside the board's state: the board is back once it ends
        own = kind == "seat.own"
        shown = self.own_revision if own else self.revision
        if message["revision"] <= shown:
            return
        if own:
            self.own_revision = message["revision"]
        else:
            self.revision = message["revision"]
        for piece in pieces(message["html"]):
            self.swap(piece)

    def swap(self, piece: Element) -> None:
        assert swap(self.page, piece), f"{self.url}: no #{piece.id} to swap into"

    def compared(self, page: Element) -> str:
        main = next(element for element in page.elements() if element.tag == "main")
        for said in [element for element in main.elements() if "now-playing" in element.attrs.get("class", "")]:
            said.parent.children.remove(said)  # "Now playing": said by the change that switched, until the next
        return written(main)


class SeatScreen(Screen):
    """A seat's page: what the player types in the entry area is the player's, kept by the
    page while the round is the same (a fresh page fills in the hand sent)."""

    def swap(self, piece: Element) -> None:
        old = self.page.by_id(piece.id)
        stage = old.attrs.get("data-stage") if old is not None else None
        if piece.id == "seat-entry" and stage == piece.attrs.get("data-stage"):
            return  # seat.js: the same round's entry area keeps the player's taps
        super().swap(piece)

    def compared(self, page: Element) -> str:
        entry = page.by_id("seat-entry")
        for field in entry.elements() if entry is not None else ():
            if field.tag == "input" and field.attrs.get("type") == "text":
                field.attrs["value"] = ""
        return super().compared(page)


class BoardScreen(Screen):
    def compared(self, page: Element) -> str:
        finale = page.by_id("board-finale")
        finale.children = []  # the finale plays, then leaves its place empty again
        return super().compared(page)


class HostScreen(Screen):
    """The host's page: its live part alone (the rest changes only by the host's own requests,
    whose answers bring what they change)."""

    def swap(self, piece: Element) -> None:
        game = self.page.by_id("game")
        shown = game.attrs.get("data-game", "") if game is not None else ""
        if "data-game" in piece.attrs and piece.attrs["data-game"] != shown:
            return  # host.js: the page shows another game
        swap(self.page, piece)  # host.js: a piece the page has no place for is left out

    @staticmethod
    def shown(page: Element) -> str | None:
        return page.by_id("game").attrs.get("data-game")

    def compared(self, page: Element, same_game: bool) -> str:
        """Each seat's phone; and the panel and the pad's ticks if the page shows the same game
        as the page loaded after (a game the host started or went back to elsewhere is the
        fresh page's, and the page loaded before stays on its own)."""
        live = [element for element in page.elements() if (element.id or "").startswith("phone-")]
        if same_game:
            live += [element for element in (page.by_id("table-panel"), page.by_id("pad-table")) if element]
        return "\n".join(sorted(written(element) for element in live))


def differences(live: str, fresh: str) -> str:
    """Where the screen as swapped (-) and as loaded afresh (+) differ, a tag a line."""
    lines = [text.replace("><", ">\n<").splitlines() for text in (live, fresh)]
    return "\n".join(difflib.unified_diff(*lines, "as swapped", "loaded after", lineterm="", n=2))


def screens_of(session, host_client: Client) -> dict[str, Screen]:
    screens: dict[str, Screen] = {
        "board": BoardScreen(reverse("board", args=[session.share_token]), Client(), (session_group(session.pk),)),
        "host": HostScreen(session.get_absolute_url(), host_client, (host_group(session.pk),)),
    }
    for seat in queries.seats_of(session):
        groups = (seat_group(session.pk), seat_token_group(seat.seat_token))
        screens[seat.player.name] = SeatScreen(reverse("seat", args=[seat.seat_token]), Client(), groups)
    return screens


class Evening:
    """The changes a sequence draws, each made as its screen would make it (a service called
    as the view calls it); one the rules refuse changes nothing."""

    def __init__(self, session, host, draw):
        self.session, self.host, self.draw = session, host, draw
        self.done: list[str] = []
        self.closed: set[str] = set()  # the seats whose phone closed: their socket heard nothing since

    def game(self) -> Game | None:
        return queries.current_game(self.session)

    def hand(self) -> str:
        return cards_of(" ".join(self.draw(st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True))))

    def do(self, action: str) -> None:
        try:
            getattr(self, action.replace(" ", "_"))()
        except EntryError:
            self.done.append(f"{action} (refused)")
        else:
            self.done.append(action)

    def table(self):
        game = self.game()
        state = queries.game_state(game)
        return game, state, queries.table_round(state)

    def send(self) -> None:
        game, state, table = self.table()
        if table is None or table.revealed:
            return
        name = self.draw(st.sampled_from(list(state.outcome.still_in)))
        player = self.session.players.get(name=name)
        entry = {"hands": {name: self.hand()}}
        seat_hand_send(game=game, player=player, number=table.number, entry=entry, submission=uuid.uuid4())

    def reveal(self) -> None:
        game, _, table = self.table()
        if table is not None and table.any_in and not table.revealed:
            round_reveal(game=game, number=table.number)

    def record(self) -> None:
        game, state, table = self.table()
        if table is None:
            return
        sent = table.entry()["hands"] if table.revealed else {}
        hands = {name: sent.get(name) or self.hand() for name in state.outcome.still_in}
        round_record(game=game, number=table.number, entry={"hands": hands}, by=self.host)

    def correct(self) -> None:
        last = Round.objects.filter(game=self.game()).order_by("-number").first()
        if last is not None:
            hands = {name: self.hand() for name in last.entry["hands"]}
            round_correct(round=last, entry={**last.entry, "hands": hands}, by=self.host)

    def undo(self) -> None:
        game = self.game()
        last = Round.objects.filter(game=game).order_by("-number").first()
        if last is not None:
            round_delete_last(game=game, number=last.number)

    def new_game(self) -> None:
        kind, options = self.draw(st.sampled_from(GAMES))
        game_start(session=self.session, kind=kind, seat_names=PLAYERS, options=options)

    def resume(self) -> None:
        others = [game for game in queries.unfinished_games(self.session) if game != self.game()]
        if others:
            game_resume(game=self.draw(st.sampled_from(others)))

    def rotate(self) -> None:
        player = self.session.players.get(name=self.draw(st.sampled_from(PLAYERS)))
        seat_links_rotate(session=self.session, players=[player])

    def phone(self) -> None:
        """A seat's phone closes its page, or opens it again."""
        name = self.draw(st.sampled_from(PLAYERS))
        seat = SessionPlayer.objects.get(session=self.session, player__name=name)
        seat_presence(token=seat.seat_token, present=seat.seat_seen is None)
        self.closed.add(name)

    def codes(self) -> None:
        """The seats' codes shown on the TV, or hidden again."""
        shown = Session.objects.get(pk=self.session.pk).seat_codes_shown
        seat_codes_show(session=self.session, shown=not shown)

    def story(self) -> None:
        client = Client()
        client.force_login(self.host)
        answer = client.post(reverse("story-on-tv", args=[self.session.public_id]), {"action": "keep_open"})
        assert answer.status_code in (200, 302)


@settings(
    max_examples=SEQUENCES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if os.environ.get("SHRINK") else []),
)
@given(data=st.data())
def test_a_screen_loaded_before_with_every_fragment_since_is_the_screen_loaded_after(
    data, host, recording, django_capture_on_commit_callbacks
):
    session = session_start(host=host, title="Tonight", played_on="2026-11-28", player_names=PLAYERS)
    kind, options = data.draw(st.sampled_from(GAMES))
    with django_capture_on_commit_callbacks(execute=True):
        game_start(session=session, kind=kind, seat_names=PLAYERS, options=options)
        for seat in queries.seats_of(session):
            seat_presence(token=seat.seat_token, present=True)  # every phone open on its seat
    host_client = Client()
    host_client.force_login(host)
    screens = screens_of(session, host_client)
    recording.clear()
    evening = Evening(session, host, data.draw)
    for action in data.draw(st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=8), label="changes"):
        with django_capture_on_commit_callbacks(execute=True):
            evening.do(action)
    for group, message in recording:
        for screen in screens.values():
            if group in screen.groups:
                screen.told(group, message)
    after = screens_of(session, host_client)
    for name, screen in screens.items():
        if screen.replaced or name in evening.closed:
            continue  # its link was replaced (the page says so and stops), or its socket closed
        if isinstance(screen, HostScreen):
            same = screen.shown(screen.page) == screen.shown(after[name].page)
            live, fresh = screen.compared(screen.page, same), after[name].compared(after[name].page, same)
        else:
            live, fresh = screen.compared(screen.page), after[name].compared(after[name].page)
        assert live == fresh, f"{name}'s screen after {evening.done}:\n{differences(live, fresh)}"
