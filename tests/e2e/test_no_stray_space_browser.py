"""No stray space on a 375x812 phone (issue 43, point 8): an idle seat page shows no empty box,
and a link inside a sentence (home page, Rules) keeps its lines as close as plain text does,
while still a 44 px target."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from scoring.models import SessionPlayer
from scoring.services import session_start

from ..factories import UserFactory
from .conftest import serious_violations
from .thumb import Thumb

pytestmark = pytest.mark.browser

# Each paragraph or list item with a link inside its text: its height, and the height the same
# text takes with the links as plain words kept whole (measured at the same width, then taken
# away).
LINKED_TEXT = """() => [...document.querySelectorAll("main p, main li")]
  .filter(block => block.querySelector("a") && [...block.childNodes].some(
      node => node.nodeType === Node.TEXT_NODE && node.textContent.trim()))
  .map(block => {
    const plain = block.cloneNode(true);
    for (const link of plain.querySelectorAll("a")) {  // a word kept whole, as the link is
      const word = document.createElement("span");
      word.textContent = link.textContent;
      word.style.whiteSpace = "nowrap";
      link.replaceWith(word);
    }
    Object.assign(plain.style, {position: "absolute", visibility: "hidden", left: "0", top: "0",
                                width: `${block.getBoundingClientRect().width}px`});
    block.after(plain);
    const heights = [block.getBoundingClientRect().height, plain.getBoundingClientRect().height];
    plain.remove();
    return [block.innerText.slice(0, 50), ...heights];
  })"""


class NoStraySpace(Thumb, ChannelsLiveServerTestCase):
    serve_static = True

    def test_an_idle_seat_page_shows_no_empty_box(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-27", player_names=["Ann", "Bob"])
        token = SessionPlayer.objects.get(session=session, player__name="Ann").seat_token
        self.page.goto(f"{self.live_server_url}/seat/{token}/")
        expect(self.page.get_by_text("Waiting for the host to start a game.")).to_be_visible()
        expect(self.page.locator("#seat-standings")).to_be_hidden()
        boxes = self.page.evaluate(
            """() => [...document.querySelectorAll("main *")].filter(e => {
                const style = getComputedStyle(e), box = e.getBoundingClientRect();
                return box.height > 0 && parseFloat(style.borderTopWidth) > 0 && !e.innerText.trim()
                    && !e.matches("input, textarea, select, button, hr, svg, svg *, img");
            }).map(e => e.id || e.className)"""
        )
        assert boxes == [], f"empty boxes: {boxes}"
        assert serious_violations(self.page) == []
        self.shoot("space-idle-seat")

    def test_links_in_sentences_keep_the_lines_together(self):
        for path, name in [("/", "home"), ("/rules/", "rules")]:
            self.page.goto(self.live_server_url + path)
            measured = self.page.evaluate(LINKED_TEXT)
            assert measured, f"no link inside a sentence on {path}"
            spread = [(text, round(height - plain)) for text, height, plain in measured if height > plain + 1]
            assert spread == [], f"on {path}, links push their lines apart: {spread[:5]}"
            for link in self.page.locator("main p a").all()[:10]:
                box = link.bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, (link.inner_text(), box)
            assert serious_violations(self.page) == []
            self.shoot(f"space-{name}")
