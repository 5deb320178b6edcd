"""A recorded round on a 375x812 phone: the page's form stays and moves on to the next round,
emptied (the old refusal gone, the next number and a new submission id), while the standings,
the last round and the list of rounds come from the answer; the next round goes in under the
id the server gave."""

import pytest
from playwright.sync_api import expect

from scoring.models import Round, Submission

from .conftest import SharedLiveServer
from .thumb import Thumb

pytestmark = pytest.mark.browser
THREE = "AS KS QS 7C 7D 9S 2C 3D 5H"
LAST = "JH JD 4C"  # with THREE: Cy's 5 high is the worst hand
NEXT = "2C 3D 5H AS KS QS 7C 7D 9S JH JD 4C"  # Ann's 5 high is the worst hand


class RoundAnswer(Thumb, SharedLiveServer):
    def test_the_form_moves_on_emptied_and_the_next_round_goes_in_under_the_new_id(self):
        game = self.open_game("stop_the_bus", {"tokens": 3})
        self.tap_cards(THREE)
        self.record()
        expect(self.page.locator(".pad-note.error")).to_contain_text("Not recorded")
        self.page.evaluate("document.querySelector('form[data-draft]').dataset.same = 'yes'")
        first_id = self.page.locator("input[name=submission]").input_value()
        self.tap_cards(LAST)
        self.record()
        expect(self.page.locator(".pad-note.recorded")).to_have_text(
            "Round 1 recorded: Cy's 5 high (5-3-2) is the worst hand: Cy loses a token (2 left)"
        )
        expect(self.page.locator(".last-round.just-recorded")).to_contain_text("Cy loses a token (2 left)")
        expect(self.page.locator("#standings")).to_contain_text("Next to deal: Bob")
        expect(self.page.locator(".round-list > li")).to_have_count(1)
        form = self.page.locator("form[data-draft]")
        expect(form).to_have_attribute("data-same", "yes")  # the same form, not a new one
        expect(self.page.locator("#entry-title")).to_have_text("Round 2: enter the hands")
        expect(self.page.locator("input[name=number]")).to_have_value("2")
        next_id = self.page.locator("input[name=submission]").input_value()
        assert next_id and next_id != first_id
        for hand in form.locator("input[data-hand]").all():
            expect(hand).to_have_value("")
            expect(hand).not_to_have_attribute("aria-invalid", "true")
        expect(form.locator(".error, .field-error")).to_have_count(0)
        self.shoot("round-answer-moved-on")
        self.tap_cards(NEXT)
        self.record()
        expect(self.page.locator(".pad-note.recorded")).to_contain_text("Round 2 recorded")
        expect(self.page.locator("#entry-title")).to_have_text("Round 3: enter the hands")
        assert [r.number for r in Round.objects.filter(game=game).order_by("number")] == [1, 2]
        assert str(Submission.objects.get(game=game, round_number=2).id) == next_id
