"""The night's story: an evening told as a few items worth sharing (who won, the hand of the
night, the biggest crash...), for its host (scoring/recap.py, engine/recap.py), with its share
block; the public page and the picture are views/story_link.py's."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from scoring.recap import evening_recap

from ..access import host_session
from ..links import story_url


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
