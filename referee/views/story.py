"""The night's story: an evening told as a few items worth sharing (who won, the hand of the
night, the biggest crash...), for its host (scoring/recap.py, engine/recap.py), with its share
block, and played on the TV as its finale (referee/board/finale.py); the public page and the
picture are views/story_link.py's."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from engine import EntryError
from engine.recap import lead_line
from scoring import services
from scoring.models import Session
from scoring.queries import games_of
from scoring.recap import evening_recap

from ..access import host_session
from ..board.broadcast import CHANGE_BEHIND
from ..board.finale import finale_send
from ..forms.rounds import EndOpenGamesForm
from ..links import story_url

STORY_PLAYING = "The night's story is playing on the TV, then the evening's standings."
STORY_STOPPED = "The story is off the TV: the board is back."
GAMES_ENDED = "Ended as they stood: {games}."
ACTIONS = ("play", "end_open", "keep_open", "cancel", "again", "stop")  # story_on_tv's; "play" unless one of these


@login_required
@require_GET
def session_story(request, session_id):
    session = host_session(request, session_id)
    return render(
        request,
        "sessions/story.html",
        {
            "session": session,
            "recap": evening_recap(session),
            # the share block (includes/story_share.html): the public link and its picture
            "story_url": story_url(request, session),
            "picture_path": reverse("story-picture", kwargs={"token": session.story_token}),
        },
    )


def open_games(session: Session) -> list[tuple[object, str]]:
    """The session's games not finished, in the order played, each with who leads it."""
    return [(state.game, lead_line(state.outcome)) for state in games_of(session) if not state.outcome.finished]


@login_required
@require_POST
def story_on_tv(request, session_id):
    """ "End the evening" (``action=play``): with games still open, first the question: which,
    who leads each, and whether to end them as they stand (``end_open``: services.
    games_end_as_they_stand) or keep them open (``keep_open``), or not yet (``cancel``); then
    the story played on the session's boards. ``again`` plays it again from its start,
    ``stop`` takes it off. Answered with the switch as it now is (htmx), else back on the
    session page (the question on a page of its own); if the boards could not be told, that
    the TV may be behind."""
    session = host_session(request, session_id)
    action = request.POST.get("action")
    action = action if action in ACTIONS else "play"
    still_open = open_games(session) if action in ("play", "end_open") else []
    if action == "cancel" or (action == "play" and still_open):
        return _switch(request, session, asked=still_open if action == "play" else [])
    said = [STORY_STOPPED if action == "stop" else STORY_PLAYING]
    if action == "end_open" and still_open:  # none left open: nothing to end, the story plays
        form = EndOpenGamesForm(request.POST, numbers=session.games.values_list("number", flat=True))
        try:
            if not form.is_valid():
                raise EntryError(form.refusal())
            numbers, submission = form.cleaned_data["game"], form.cleaned_data["submission"]
            ended = services.games_end_as_they_stand(session=session, numbers=numbers, submission=submission)
        except EntryError as error:
            return _switch(request, session, asked=still_open, refused=str(error))
        if ended:
            said.insert(0, GAMES_ENDED.format(games=", ".join(str(game) for game in ended)))
    playing = action != "stop"
    told = finale_send(session, playing=playing)
    if request.htmx:
        return _switch(request, session, playing=playing, said=" ".join(said), behind=not told)
    for line in said:
        messages.info(request, line)
    if not told:
        messages.warning(request, CHANGE_BEHIND)
    return redirect(session)


def _switch(request, session, *, asked=(), refused="", playing=False, said="", behind=False):
    """The switch as it now is: the question about the games still open (``asked``), or the
    story playing or not; a page of its own for the question without htmx."""
    context = {
        "session": session,
        "story_playing": playing,
        "said": said,
        "behind": CHANGE_BEHIND if behind else "",
        "asked": asked,
        "refused": refused,
        "end_form": EndOpenGamesForm(initial={"game": [game.number for game, _ in asked]}) if asked else None,
    }
    if request.htmx:
        return render(request, "sessions/story_switch.html", context)
    if asked:
        return render(request, "sessions/end_evening.html", context)
    return redirect(session)
