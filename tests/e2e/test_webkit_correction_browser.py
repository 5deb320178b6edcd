"""A correction saved on the host's phone in WebKit (an iPhone's engine, which has no scroll
anchoring), 390x844: the page it goes back to opens on the confirmation, not on the pad's next
round; and the review before it has one primary action, its Save."""

import os

import pytest

from scoring.models import Round
from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from .webkit import log_in

pytestmark = [pytest.mark.browser, pytest.mark.webkit, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save what the phone sees, to look at
ROUND_1 = {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
PRIMARY = "return Array.from(document.querySelectorAll('.primary')).filter(e => e.offsetParent !== null)"
IN_VIEW = """const said = document.querySelector(".messages"), pad = document.querySelector(".pad:not([hidden])");
if (!said) return false;
const box = said.getBoundingClientRect();
const bottom = pad && !pad.classList.contains("folded") ? pad.getBoundingClientRect().top : innerHeight;
return box.top >= 0 && box.top <= 24 && box.bottom <= bottom + 1;"""  # at the top of what shows


def test_a_saved_correction_opens_on_its_confirmation(lan_server, webkit_window):
    phone = webkit_window()
    host = UserFactory(username="host")
    log_in(phone, lan_server.url)
    session = session_start(host=host, title="Tonight", played_on="2026-11-27", player_names=["Ann", "Bob", "Cy"])
    game = game_start(session=session, kind="stop_the_bus", seat_names=["Ann", "Bob", "Cy"], options={"tokens": 2})
    round_record(game=game, number=1, entry=ROUND_1, by=host)
    phone.goto(f"{lan_server.url}{session.get_absolute_url()}games/{game.public_id}/rounds/1/")
    phone.wait("return !document.querySelector('.pad').hidden", what="the pad shown")
    phone.click('[data-chip-clear][aria-label="Clear Bob\\\'s hand"]')
    for code in ("4C", "3D", "5H"):
        phone.click(f'.pad [data-card="{code}"]')
    phone.click_button("Review the correction", within=".pad")
    phone.wait_text(".preview", "Cy loses a token", contains=True)
    phone.wait("return document.querySelector('.pad').classList.contains('folded')", what="the pad folded")
    assert phone.js(f"{PRIMARY}.map(e => e.textContent.trim())") == ["Save the correction"]
    if SHOTS:
        phone.screenshot(os.path.join(SHOTS, "webkit-correction-review.png"))

    phone.click_button("Save the correction")
    phone.wait_text(".messages", "Round 1 of Stop the Bus · game 1 corrected.", contains=True)
    phone.wait(IN_VIEW, what="the confirmation at the top of the screen, above the pad")
    if SHOTS:
        phone.screenshot(os.path.join(SHOTS, "webkit-correction-saved.png"))
    assert Round.objects.get(game=game).revisions.count() == 1
    assert phone.errors() == []
