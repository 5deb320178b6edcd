"""Every change a host's form sends is made at most once: the form carries a submission id
made with it, the server keeps the id with the change, and the same form sent again (a double
tap, a retry after a lost answer, a round queued offline) answers what it did the first time."""

import re
import uuid

import pytest
from django.test import Client

from referee.forms.rounds import SUBMISSION_NEEDED
from referee.views.sessions import NOTHING_ENTERED
from scoring.models import Round, RoundRevision, Submission
from scoring.services import game_start, round_record

from ..pages import HX, field_errors, pad_of, said, sent, text_of, without_pad
from ..threads import at_once

pytestmark = pytest.mark.django_db

BUS = {"hand_0": "As Ks Qs", "hand_1": "2c 3d 5h", "hand_2": "7c 7d 9s"}  # Bob has the worst hand


def start(evening, kind="stop_the_bus", **options):
    return game_start(session=evening, kind=kind, seat_names=["Ann", "Bob", "Cy"], options=options)


def submission_of(html: str) -> str:
    return re.search(r'name="submission" value="([0-9a-f-]{36})"', html).group(1)


def test_each_entry_form_is_made_with_a_new_submission_id(host_client, evening):
    start(evening, tokens=3)
    first, second = (submission_of(host_client.get(evening.get_absolute_url()).content.decode()) for _ in range(2))
    assert uuid.UUID(first) and first != second


def test_a_form_sent_twice_records_one_round_and_the_same_outcome(host_client, evening):
    start(evening, tokens=3)
    data = sent({"number": "1", **BUS})
    first = host_client.post(evening.get_absolute_url(), data, headers=HX)
    again = host_client.post(evening.get_absolute_url(), data, headers=HX)
    assert Round.objects.count() == 1 and Submission.objects.get().round_number == 1
    assert said(first)["status"] == "recorded" and said(again)["status"] == "repeated"
    assert (
        said(first)["message"]
        == said(again)["message"]
        == ("Round 1 recorded: Bob's 5 high (5-3-2) is the worst hand: Bob loses a token (2 left)")
    )
    assert "Round 1 recorded" in text_of(pad_of(again)) and not field_errors(again)


def test_a_form_sent_again_without_htmx_goes_back_to_the_game_as_the_first_did(host_client, evening):
    start(evening, tokens=3)
    data = sent({"number": "1", **BUS})
    assert host_client.post(evening.get_absolute_url(), data).status_code == 302
    assert host_client.post(evening.get_absolute_url(), data).status_code == 302
    assert Round.objects.count() == 1


def test_the_same_id_with_other_hands_is_refused_plainly(host_client, evening):
    start(evening, tokens=3)
    data = sent({"number": "1", **BUS})
    host_client.post(evening.get_absolute_url(), data, headers=HX)
    other = host_client.post(evening.get_absolute_url(), {**data, "number": "2", "hand_1": "2c 3d 6h"}, headers=HX)
    assert said(other)["status"] == "refused"
    assert said(other)["message"] == (
        "This form was already sent with something else in it (round 1 recorded): "
        "nothing more was changed. Reload the page for a fresh form."
    )
    assert said(other)["message"] in text_of(without_pad(other))
    assert Round.objects.count() == 1


def test_a_form_without_its_id_is_refused_and_records_nothing(host_client, evening):
    start(evening, tokens=3)
    for fields in ({"number": "1", **BUS}, {"number": "1", **BUS, "submission": "not-an-id"}):
        response = host_client.post(evening.get_absolute_url(), fields, headers=HX)
        assert said(response)["status"] == "refused" and said(response)["message"] == SUBMISSION_NEEDED
        assert SUBMISSION_NEEDED in text_of(without_pad(response))
    assert not Round.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(8))  # a race: each run may interleave differently
def test_the_same_form_sent_twice_at_once_records_one_round(host, evening, attempt):
    """Two requests racing, each on its own connection: one round, and both answers say it
    was recorded (one now, one before)."""
    start(evening, tokens=3)
    data = sent({"number": "1", **BUS})

    def phone():
        client = Client()
        client.force_login(host)
        return said(client.post(evening.get_absolute_url(), data, headers=HX))

    answers = at_once(phone, phone)
    assert sorted(answer["status"] for answer in answers) == ["recorded", "repeated"], answers
    assert {answer["number"] for answer in answers} == {1}
    assert Round.objects.count() == 1 and Submission.objects.count() == 1


@pytest.mark.parametrize("kind, options", [("stop_the_bus", {"tokens": 3}), ("crash", {}), ("commerce", {})])
def test_an_empty_form_right_after_a_round_keeps_its_confirmation_and_shows_no_error(
    host_client, evening, kind, options
):
    """The second of two quick taps on Record lands on the next round's empty form."""
    game = start(evening, kind, **options)
    entry = (
        {"hands": {"Ann": ["AS KS QS"], "Bob": ["2C 3D 5H"], "Cy": ["7C 7D 9S"]}}
        if kind == "crash"
        else {"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}
    )
    recorded = host_client.post(
        evening.get_absolute_url(),
        sent(
            {
                "number": "1",
                **(
                    {"hand_0_1": "As Ks Qs", "hand_1_1": "2c 3d 5h", "hand_2_1": "7c 7d 9s"} if kind == "crash" else BUS
                ),
            }
        ),
        headers=HX,
    )
    assert said(recorded)["status"] == "recorded" and game.rounds.get().entry == entry
    empty = host_client.post(evening.get_absolute_url(), sent({"number": "2"}), headers=HX)
    assert said(empty) | {"id": None} == {"id": None, "status": "empty", "message": NOTHING_ENTERED, "number": None}
    assert not field_errors(empty) and "error" not in pad_of(empty)
    # the same confirmation as the recorded round's, unalarmed
    note = re.search(r'<p class="pad-note recorded" role="status">([^<]*)</p>', pad_of(empty)).group(1)
    assert text_of(note) == said(recorded)["message"]
    assert "Round 1 recorded" in text_of(without_pad(empty)) and "Round 2: enter the hands" in text_of(empty)
    assert game.rounds.count() == 1


@pytest.mark.parametrize("kind", ["stop_the_bus", "crash", "commerce"])
def test_an_empty_first_round_records_nothing_and_says_nothing_was_entered(host_client, evening, kind):
    start(evening, kind)
    empty = host_client.post(evening.get_absolute_url(), sent({"number": "1"}), headers=HX)
    assert said(empty)["status"] == "empty" and NOTHING_ENTERED in text_of(pad_of(empty))
    assert not Round.objects.exists() and not field_errors(empty)


def test_a_form_with_only_a_declaration_chosen_is_not_empty_and_asks_for_its_cards(host_client, evening):
    start(evening, "crash")
    response = host_client.post(evening.get_absolute_url(), sent({"number": "1", "declare_1": "six_pairs"}), headers=HX)
    assert said(response)["status"] == "refused" and (
        "declared_1",
        "Enter the 13 cards of the declaration.",
    ) in field_errors(response)
    assert not Round.objects.exists()


def test_the_previous_rounds_hands_again_ask_before_recording(host_client, evening):
    start(evening, tokens=3)
    host_client.post(evening.get_absolute_url(), sent({"number": "1", **BUS}), headers=HX)
    # The same cards, typed in another order: asked, not recorded.
    data = sent({"number": "2", "hand_0": "Qs As Ks", "hand_1": "2c 3d 5h", "hand_2": "7c 7d 9s"})
    asked = host_client.post(evening.get_absolute_url(), data, headers=HX)
    assert said(asked)["status"] == "confirm" and said(asked)["message"] == "Same hands as round 1: record again?"
    assert "Same hands as round 1: record again?" in text_of(pad_of(asked))
    assert 'name="same_hands" value="confirm"' in pad_of(asked) and 'value="Qs As Ks"' in asked.content.decode()
    assert Round.objects.count() == 1
    confirmed = host_client.post(evening.get_absolute_url(), {**data, "same_hands": "confirm"}, headers=HX)
    assert said(confirmed)["status"] == "recorded" and Round.objects.count() == 2


def test_other_hands_than_the_previous_rounds_are_recorded_without_asking(host_client, evening):
    start(evening, tokens=3)
    host_client.post(evening.get_absolute_url(), sent({"number": "1", **BUS}), headers=HX)
    response = host_client.post(
        evening.get_absolute_url(), sent({"number": "2", **BUS, "hand_2": "7c 7d 8s"}), headers=HX
    )
    assert said(response)["status"] == "recorded" and Round.objects.count() == 2


def test_a_correction_saved_twice_is_kept_once(host_client, evening, host):
    game = start(evening, tokens=3)
    round_record(
        game=game, number=1, entry={"hands": {"Ann": "AS KS QS", "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host
    )
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/rounds/1/"
    data = {
        **sent({"number": "1", "hand_0": "2c 3d 5h", "hand_1": "As Ks Qs", "hand_2": "7c 7d 9s"}),
        "action": "confirm",
    }
    first, again = host_client.post(url, data, follow=True), host_client.post(url, data, follow=True)
    assert RoundRevision.objects.count() == 1 and Round.objects.get().entry["hands"]["Ann"] == "2C 3D 5H"
    corrected = "Round 1 of Stop the Bus · game 1 corrected."
    assert corrected in text_of(first) and corrected in text_of(again)
    other = host_client.post(url, {**data, "hand_2": "7c 7d 8s"})
    assert "This form was already sent with something else in it (round 1 corrected)" in text_of(other)
    assert RoundRevision.objects.count() == 1 and Round.objects.get().entry["hands"]["Cy"] == "7C 7D 9S"


def test_a_deletion_confirmed_twice_deletes_one_round(host_client, evening, host):
    game = start(evening, tokens=3)
    for number, ann in ((1, "AS KS QS"), (2, "AH KH QH")):
        round_record(
            game=game, number=number, entry={"hands": {"Ann": ann, "Bob": "2C 3D 5H", "Cy": "7C 7D 9S"}}, by=host
        )
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/delete-last/"
    page = host_client.get(url).content.decode()
    data = {"number": "2", "submission": submission_of(page)}
    first, again = host_client.post(url, data, follow=True), host_client.post(url, data, follow=True)
    assert list(game.rounds.values_list("number", flat=True)) == [1]
    deleted = "Round 2 of Stop the Bus · game 1 deleted."
    assert deleted in text_of(first) and deleted in text_of(again)
    missing = host_client.post(url, {"number": "1"})
    assert SUBMISSION_NEEDED in text_of(missing) and game.rounds.count() == 1


def test_ending_a_game_twice_ends_it_once_and_says_so(host_client, evening, host):
    game = start(evening, "commerce", stake=5)
    round_record(
        game=game, number=1, entry={"hands": {"Ann": "AS KS 6S", "Bob": "QH QD 2C", "Cy": "7C 7D 9S"}}, by=host
    )
    url = f"/sessions/{evening.public_id}/games/{game.public_id}/end/"
    data = {"submission": submission_of(host_client.get(url).content.decode())}
    first, again = host_client.post(url, data, follow=True), host_client.post(url, data, follow=True)
    assert "Commerce · game 1 ended." in text_of(first) and "Commerce · game 1 ended." in text_of(again)
    assert Submission.objects.filter(action="end").count() == 1
    late = host_client.post(url, sent({}))
    assert "This game has ended: it takes no more rounds." in text_of(late)


def test_an_id_kept_for_one_game_is_refused_in_another(host_client, evening):
    start(evening, tokens=3)
    data = sent({"number": "1", **BUS})
    host_client.post(evening.get_absolute_url(), data, headers=HX)
    start(evening, tokens=3)  # game 2
    response = host_client.post(f"{evening.get_absolute_url()}?game=2", data, headers=HX)
    assert said(response)["status"] == "refused" and "already sent with something else" in said(response)["message"]
    assert Round.objects.count() == 1
