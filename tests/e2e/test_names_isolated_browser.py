"""A name typed with a right-to-left override (U+202E), kept from before names were tidied,
does not turn the sentence it is in (issue 50, point 11), in Chromium: the public story's
headline at a phone's size and a TV's, and the finale's opening card on a TV at 1280x720 and
1920x1080, read "Orla won Stop the Bus · game 1" left to right, word after word. Measured
from where each word is drawn; axe finds nothing serious."""

import datetime
import os
import re

import pytest
from playwright.sync_api import expect

from ..factories import UserFactory
from ..named_evening import the_evening
from .conftest import PHONE, InBrowser, log_in, opened, serious_violations

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save the pages, to look at
IN_ORDER = ["Orla", "won", "Stop", "Bus", "game"]  # the sentence's first words, as they read

# Where each word is first drawn inside the element: its box, from a range over its letters.
WORD_BOXES = """([selector, words]) => {
  const root = document.querySelector(selector);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const boxes = {};
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of words) {
      const at = node.data.indexOf(word);
      if (boxes[word] || at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      const box = range.getBoundingClientRect();
      boxes[word] = {left: box.left, top: box.top};
    }
  }
  return boxes;
}"""


def read_in_order(page, selector: str) -> None:
    """The sentence's first words are on one line, each to the right of the one before."""
    boxes = page.evaluate(WORD_BOXES, [selector, IN_ORDER])
    assert set(boxes) == set(IN_ORDER), boxes
    lines = {round(boxes[word]["top"]) for word in IN_ORDER}
    assert len(lines) == 1, boxes
    lefts = [boxes[word]["left"] for word in IN_ORDER]
    assert lefts == sorted(lefts), boxes


class NamesIsolated(InBrowser):
    def evening(self):
        return the_evening(UserFactory(username="host"))

    def shot(self, page, name: str) -> None:
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            page.screenshot(path=os.path.join(SHOTS, name))

    def test_the_public_story_reads_in_order_after_an_override(self):
        session, _ = self.evening()
        for device, size in ((PHONE, "375x812"), ({"viewport": {"width": 1280, "height": 720}}, "1280x720")):
            context, page = opened(self.browser, device)
            try:
                page.goto(f"{self.live_server_url}/story/{session.story_token}/")
                expect(page.locator(".recap-headline")).to_be_visible()
                read_in_order(page, ".recap-headline")
                assert serious_violations(page) == []
                self.shot(page, f"story-public-{size}.png")
            finally:
                context.close()

    def test_the_finale_reads_in_order_after_an_override(self):
        session, _ = self.evening()
        tvs = []
        for width, height in ((1280, 720), (1920, 1080)):
            context, page = opened(self.browser, {"viewport": {"width": width, "height": height}})
            self.addCleanup(context.close)
            page.clock.install()  # held: the opening card stays until the test has read it
            page.add_init_script("document.addEventListener('htmx:wsAfterMessage', () => { window.boardsIn = true; })")
            page.goto(f"{self.live_server_url}/board/{session.share_token}/")
            page.wait_for_function("window.boardsIn === true")
            page.clock.pause_at(datetime.datetime.fromtimestamp(page.evaluate("Date.now()") / 1000 + 1))
            tvs.append(page)
        phone = self.phone
        log_in(phone, self.live_server_url)
        phone.goto(f"{self.live_server_url}{session.get_absolute_url()}")
        self.shot(phone, "host-375x812.png")
        phone.get_by_role("button", name="End the evening: show the story on the TV").tap()
        phone.get_by_role("button", name=re.compile("^Keep (it|them) open and show the story$")).tap()  # still open
        for tv in tvs:
            opening = tv.locator("#board-finale .finale-opening")
            expect(opening).to_be_visible()
            read_in_order(tv, "#board-finale .finale-opening .finale-text")
            self.shot(tv, f"finale-{tv.viewport_size['width']}.png")
