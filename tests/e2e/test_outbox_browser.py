"""Wi-Fi drops on a 375x812 phone: a round that cannot reach the server is kept in the browser
with its submission id, a bar on every page of the session says how many rounds wait, the form
moves on to the next round, and the rounds are sent once the connection is back, each recorded
once; a round the server refuses waits in "Needs your attention", its cards kept."""

import os
import re
import uuid

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from referee.database_unavailable import BUSY
from scoring.models import Round
from scoring.services import game_end, round_record

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the host sees at each step, to look at
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
BUS_ROUND = "AS KS QS 7C 7D 9S 2C 3D 5H JH JD 4C"  # Cy's 5 high is the worst hand


class RoundsKeptOffline(Thumb, SharedLiveServer):
    def submission(self):
        return self.page.locator("input[name=submission]").input_value()

    def waiting(self):
        return self.page.locator("[data-outbox-count]")

    def shoot(self, name):
        if SHOTS:
            self.page.screenshot(path=os.path.join(SHOTS, f"outbox-{name}.png"))

    def axe_problems(self):
        violations = Axe().run(self.page, options=WCAG_A_AA).response["violations"]
        return [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3]) for v in violations]

    def test_a_round_recorded_offline_waits_then_is_sent_once_back_online(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        first_id = self.submission()
        self.tap_cards(BUS_ROUND)
        page.context.set_offline(True)
        self.record()

        expect(self.waiting()).to_have_text("1 round waiting to send")
        in_pad = page.locator(".pad [data-outbox-pad]")  # the bar is at the page's top, the pad in view
        expect(in_pad).to_have_text("1 round waiting to send")
        expect(in_pad).to_be_in_viewport()
        assert not Round.objects.filter(game=game).exists()
        # The host keeps playing: the form is round 2's, empty, with an id of its own.
        expect(page.locator("#entry-title")).to_have_text("Round 2: enter the hands")
        expect(page.locator("#id_hand_0")).to_have_value("")
        expect(page.locator(".field.active #id_hand_0")).to_have_count(1)
        hand, pad = page.locator("#id_hand_0").bounding_box(), page.locator(".pad").bounding_box()
        assert 0 <= hand["y"] and hand["y"] + hand["height"] <= pad["y"], "the hand to fill is under the pad"
        expect(page.locator('[data-card="KS"]')).to_be_enabled()
        expect(page.locator(".pad-note")).to_have_text(
            "Round 1 of Stop the Bus is kept on this phone: it is sent when the connection is back."
        )
        assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", self.submission())
        assert self.submission() != first_id
        expect(page.get_by_role("alert")).to_have_count(0)  # no "check the Wi-Fi, try again"
        self.shoot("waiting")
        assert self.axe_problems() == []

        page.context.set_offline(False)
        expect(self.waiting()).to_have_text("")
        sent = "Round 1 sent: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)"
        expect(page.locator("[data-outbox-problem]")).to_have_text(sent)
        told = page.locator(".pad .pad-note.sent")  # where the host is looking
        expect(told).to_have_text(sent)
        expect(told).to_be_in_viewport()
        expect(in_pad).to_have_count(0)
        cy = page.locator(".standings tr", has=page.locator("th", has_text="Cy")).locator("td")
        expect(cy).to_have_text("2")  # the standings were fetched again
        expect(page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        expect(page.locator("#entry-title")).to_have_text("Round 2: enter the hands")
        assert Round.objects.filter(game=game).count() == 1
        self.shoot("sent")

    def test_rounds_kept_offline_are_sent_in_order(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        page.context.set_offline(True)
        self.tap_cards(BUS_ROUND)
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        self.tap_cards("2S 3S 5D AH KH QH 7H 7S 9D JC JS 4H")  # Ann's 5 high
        self.record()
        expect(self.waiting()).to_have_text("2 rounds waiting to send")
        expect(page.locator("#entry-title")).to_have_text("Round 3: enter the hands")
        page.context.set_offline(False)
        expect(self.waiting()).to_have_text("")
        expect(page.locator(".last-round")).to_contain_text("Ann loses a token (2 left)")
        assert list(Round.objects.filter(game=game).order_by("number").values_list("number", flat=True)) == [1, 2]

    def test_a_round_answered_busy_is_kept_and_sent_again_after_the_wait_asked_for(self):
        """503 (the server busy, or the database down) and 502/504 (the proxy without the
        server) are a network failure to the host: nothing was recorded, so the round is kept
        and sent again, with its id, once the Retry-After has passed; a resend answered busy
        says so and waits again."""
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        first_id = self.submission()
        posts = re.compile(re.escape(self.url) + r"\?game=1$")
        busy = {"status": 503, "headers": {"Retry-After": "2"}, "content_type": "text/plain; charset=utf-8"}
        answered_busy = []

        def busy_twice(route):
            if len(answered_busy) < 2:  # the Record's post, then the first resend
                answered_busy.append(route.request.post_data)
                route.fulfill(**busy, body=BUSY)
            else:
                route.continue_()

        page.route(posts, busy_twice)
        self.tap_cards(BUS_ROUND)
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        expect(page.locator("#entry-title")).to_have_text("Round 2: enter the hands")
        expect(page.locator(".pad-note")).to_have_text(
            "Round 1 of Stop the Bus is kept on this phone: it is sent when the connection is back."
        )
        expect(page.locator("[data-outbox-problem]")).to_have_text(f"Not sent yet: {BUSY}", timeout=10_000)
        self.shoot("busy")
        expect(self.waiting()).to_have_text("", timeout=15_000)  # sent again after Retry-After, unasked
        expect(page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        assert len(answered_busy) == 2 and all(f"submission={first_id}" in body for body in answered_busy)
        assert Round.objects.filter(game=game).count() == 1
        assert list(game.submissions.values_list("id", "action")) == [(uuid.UUID(first_id), "record")]

    def test_the_bar_is_on_every_page_of_the_session(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        round_record(
            game=game,
            number=1,
            by=self.user,
            entry={"hands": {"Ann": "2S 3S 5D", "Bob": "AH KH QH", "Cy": "7H 7S 9D", "Di": "JC JS 4H"}},
        )
        page = self.page
        page.reload()
        self.tap_cards(BUS_ROUND)
        posts = re.compile(re.escape(self.url) + r"\?game=1$")
        page.route(posts, lambda route: route.abort("internetdisconnected"))  # the server is out of reach
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        for link in ["Correct", "Look back on this session"]:
            page.goto(self.live_server_url + page.get_by_role("link", name=link).first.get_attribute("href"))
            expect(self.waiting()).to_have_text("1 round waiting to send")  # still out of reach
            self.shoot(f"bar-{link.split()[0].lower()}")
            page.go_back()
        assert Round.objects.filter(game=game).count() == 1

    def queue_one_round(self):
        """A round whose Record could not reach the server (the route aborted): it waits."""
        game = self.open_game("stop_the_bus", {"tokens": 3})
        posts = re.compile(re.escape(self.url) + r"\?game=1$")
        self.page.route(posts, lambda route: route.abort("internetdisconnected"))
        self.tap_cards(BUS_ROUND)
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        assert not Round.objects.filter(game=game).exists()
        self.page.unroute(posts)  # the server can be reached again: nothing says so to the page
        return game

    def test_a_waiting_round_is_sent_when_a_page_of_the_session_loads(self):
        game = self.queue_one_round()
        self.page.reload()
        expect(self.waiting()).to_have_text("")
        expect(self.page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        assert Round.objects.filter(game=game).count() == 1

    def test_a_waiting_round_is_sent_when_the_page_is_shown_again(self):
        """The phone was locked, or the host was in another app: the page becomes visible."""
        game = self.queue_one_round()
        self.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(self.waiting()).to_have_text("")
        expect(self.page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        assert Round.objects.filter(game=game).count() == 1

    def test_a_waiting_round_is_sent_by_itself_when_the_server_answers_again_though_nothing_told_the_page(self):
        """The laptop's server restarted with the Wi-Fi up: no "online", no page shown again,
        no tap. The phone tries again on a timer, and says what the round did."""
        game = self.queue_one_round()
        page = self.page
        page.evaluate("window.notReloaded = true")
        expect(self.waiting()).to_have_text("", timeout=15_000)
        told = page.locator(".pad .pad-note.sent")
        expect(told).to_have_text("Round 1 sent: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)")
        expect(told).to_be_in_viewport()
        assert page.evaluate("window.notReloaded === true")
        assert Round.objects.filter(game=game).count() == 1

    def test_the_timer_tries_again_less_and_less_often_while_the_server_stays_out_of_reach(self):
        """Each try waits about twice as long as the one before (jittered, capped): a phone
        left waiting does not hammer a server that is down."""
        self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        posts = re.compile(re.escape(self.url) + r"\?game=1$")
        tried = []
        page.route(
            posts, lambda route: (tried.append(page.evaluate("performance.now()")), route.abort("internetdisconnected"))
        )
        self.tap_cards(BUS_ROUND)
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        page.wait_for_timeout(9_000)
        gaps = [later - earlier for earlier, later in zip(tried, tried[1:])]
        # The Record, then tries after about 0.5-1 s, 1-2 s, 2-4 s (within 9 s: 3 or 4 of them).
        assert 3 <= len(gaps) <= 5, gaps
        assert all(gap >= 400 for gap in gaps), gaps
        assert gaps[-1] > gaps[0], gaps

    def test_a_round_whose_answer_was_lost_is_sent_again_and_recorded_once(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        posts = re.compile(re.escape(self.url) + r"\?game=1$")

        def answer_lost(route):
            if route.request.method != "POST":
                route.continue_()
                return
            route.fetch()  # the server records the round...
            route.abort("connectionreset")  # ...and its answer never reaches the phone

        page.route(posts, answer_lost)
        self.tap_cards(BUS_ROUND)
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        assert Round.objects.filter(game=game).count() == 1
        page.unroute(posts)
        page.get_by_role("button", name="Send now").tap()
        expect(self.waiting()).to_have_text("")
        expect(page.locator(".last-round")).to_contain_text("Cy loses a token (2 left)")
        expect(page.locator("[data-outbox-attention]")).to_be_hidden()
        assert Round.objects.filter(game=game).count() == 1

    def test_a_round_whose_game_ended_meanwhile_needs_attention_with_its_cards(self):
        game = self.open_game("commerce", {"stake": 2}, players=["Ann", "Bob"])
        page = self.page
        self.tap_cards("AS KS 6S QH QD 2C")
        page.context.set_offline(True)
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        game_end(game=game)  # from another phone
        page.context.set_offline(False)

        attention = page.locator("[data-outbox-attention]")
        expect(attention).to_be_visible()
        item = attention.locator(".attention-item")
        expect(item).to_have_count(1)
        expect(item.locator("strong")).to_have_text("Round 1 of Commerce")
        expect(item.locator(".attention-cards li")).to_have_text(["Ann: A♠ K♠ 6♠", "Bob: Q♥ Q♦ 2♣"])
        expect(self.waiting()).to_have_text("")
        assert not Round.objects.filter(game=game).exists()
        page.reload()  # kept until the host decides
        expect(item).to_have_count(1)
        attention.scroll_into_view_if_needed()
        self.shoot("attention")
        assert self.axe_problems() == []
        expect(item.get_by_role("button", name="Put it back in the form")).to_have_count(0)  # no form for it
        item.get_by_role("button", name="Discard it").tap()
        expect(attention).to_be_hidden()
        page.reload()
        expect(attention).to_be_hidden()

    def test_a_round_recorded_meanwhile_by_another_phone_can_be_put_back_into_the_form(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        page = self.page
        self.tap_cards(BUS_ROUND)
        page.context.set_offline(True)
        self.record()
        expect(self.waiting()).to_have_text("1 round waiting to send")
        round_record(
            game=game,
            number=1,
            by=self.user,
            entry={"hands": {"Ann": "2S 3S 5D", "Bob": "AH KH QH", "Cy": "7H 7S 9D", "Di": "JC JS 4H"}},
        )
        page.context.set_offline(False)

        item = page.locator("[data-outbox-attention] .attention-item")
        expect(item).to_have_count(1)
        expect(item.locator("strong")).to_have_text("Round 1 of Stop the Bus")
        item.get_by_role("button", name="Put it back in the form").tap()
        expect(page.locator("#id_hand_0")).to_have_value("A♠ K♠ Q♠")
        expect(page.locator("#id_hand_3")).to_have_value("J♥ J♦ 4♣")
        expect(page.locator("#entry-title")).to_have_text("Round 2: enter the hands")
        expect(page.locator("[data-outbox-attention]")).to_be_hidden()
        self.record()
        expect(page.locator(".pad .pad-note")).to_contain_text("Round 2 recorded")
        assert Round.objects.filter(game=game).count() == 2
