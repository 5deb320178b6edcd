"""No stray space on a 375x812 phone (issue 43, point 8): an idle seat page shows no empty box,
and a link inside a sentence (home page, Rules) keeps its lines as close as plain text does,
while still a 44 px target; a list of names reads "Sam, Ann, Bob, Cy", no space before a comma
nor a run of them (issue 50, point 9)."""

import pytest
from playwright.sync_api import expect

from scoring.models import SessionPlayer
from scoring.services import session_start

from ..data import hands, play
from ..factories import UserFactory
from .boxes import SMALL_TARGETS
from .conftest import SharedLiveServer, log_in, serious_violations
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


# Each link in a sentence beside text on its line: the gap between its words and the character
# before and after it (plain text lays a word and its comma side by side: no gap).
GAPS = """() => [...document.querySelectorAll("main p > a")].flatMap(link => {
    const words = document.createRange();
    words.selectNodeContents(link);
    const box = words.getBoundingClientRect(), gaps = [];
    const beside = (node, at) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const char = range.getBoundingClientRect();
        return char.bottom > box.top && char.top < box.bottom ? char : null;  // on its line
    };
    const before = link.previousSibling, after = link.nextSibling;
    if (before?.nodeType === Node.TEXT_NODE && before.length) {
        const char = beside(before, before.length - 1);
        if (char) gaps.push([link.textContent, `${before.data.slice(-1)}|`, box.left - char.right]);
    }
    if (after?.nodeType === Node.TEXT_NODE && after.length) {
        const char = beside(after, 0);
        if (char) gaps.push([link.textContent, `|${after.data[0]}`, char.left - box.right]);
    }
    return gaps;
})"""

# Each of these links: its words, and whether a tap on their middle opens it.
TAPPED = """links => links.map(link => {
    const box = link.getBoundingClientRect();
    const tapped = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return [link.textContent, tapped?.closest("a") === link];
})"""


class NoStraySpace(Thumb, SharedLiveServer):
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

    def test_a_list_of_names_reads_as_a_sentence(self):
        host = UserFactory(username="host")
        names = ["Sam", "Ann", "Bob", "Cy"]
        session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=names)
        play(
            session,
            "stop_the_bus",
            [hands(Sam="AS KS QS", Ann="2C 3D 5H", Bob="7C 7D 9S", Cy="8H 8D 4C")],
            seats=names,
            tokens=1,
        )
        session_start(host=host, title="Saturday", played_on="2026-11-21", player_names=["Al", "Di", "Eve"])
        log_in(self.page, self.live_server_url)
        for path, sentence, name in [
            (f"/sessions/{session.public_id}/history/", "· Sam, Ann, Bob, Cy", "history"),
            ("/players/", "Also in the circle: Al, Ann, Bob, Cy, Di, Eve, Sam", "circle"),
        ]:
            self.page.goto(self.live_server_url + path)
            line = self.page.locator("main p", has_text=sentence)
            expect(line).to_contain_text(sentence)
            assert "  " not in line.inner_text() and " ," not in line.inner_text()
            gaps = self.page.evaluate(GAPS)
            assert {link for link, _, _ in gaps} >= set(sentence.split(": ")[-1].strip("· ").split(", "))
            spread = [(link, side, round(gap, 1)) for link, side, gap in gaps if abs(gap) > 0.5]
            assert spread == [], f"on {path}, a name stands apart from the text beside it: {spread}"
            # still a thumb's target: the words themselves, and 44 px wide over the space beside them
            assert [name for name, hit in line.get_by_role("link").evaluate_all(TAPPED) if not hit] == []
            assert self.page.evaluate(SMALL_TARGETS, 44) == []
            assert serious_violations(self.page) == []
            self.shoot(f"space-names-{name}")
