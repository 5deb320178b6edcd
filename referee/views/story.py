"""The night's story: an evening told as a few items worth sharing (who won, the hand of the
night, the biggest crash...), for its host (scoring/recap.py, engine/recap.py), with its share
block, and played on the TV as its finale (referee/board/finale.py); the public page and the
picture are views/story_link.py's."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from scoring.recap import evening_recap

from ..access import host_session
from ..board.broadcast import CHANGE_BEHIND
from ..board.finale import finale_send
from ..links import story_url

STORY_PLAYING = "The night's story is playing on the TV, then the evening's standings."
STORY_STOPPED = "The story is off the TV: the board is back."


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


@login_required
@require_POST
def story_on_tv(request, session_id):
    """ "End the evening": the story played on the session's boards (again, from its start),
    or stopped (``action=stop``). Answered with the switch as it now is (htmx), else back on
    the session page; if the boards could not be told, that the TV may be behind."""
    session = host_session(request, session_id)
    playing = request.POST.get("action") != "stop"
    told = finale_send(session, playing=playing)
    said = STORY_PLAYING if playing else STORY_STOPPED
    if request.htmx:
        context = {
            "session": session,
            "story_playing": playing,
            "said": said,
            "behind": CHANGE_BEHIND if not told else "",
        }
        return render(request, "sessions/story_switch.html", context)
    messages.info(request, said)
    if not told:
        messages.warning(request, CHANGE_BEHIND)
    return redirect(session)
