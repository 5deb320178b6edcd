"""The night's story for the group chat: a read-only public page at the story's own link (no
login; any other token, a rotated one too, is a 404), its picture for link previews, and the
host's "New link" (asked first, like the board's).

The public page says only what the story says: no seat link, no board link, not the host."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_http_methods, require_safe

from engine.recap import Recap
from scoring import services
from scoring.models import Session
from scoring.recap import evening_recap

from ..access import host_session
from ..links import room_url
from ..story_picture import HEIGHT, WIDTH, story_picture
from .sessions import new_link_asked

NEW_STORY_LINK = "The story has a new link: the old one no longer opens it. Share the new one."
# A preview fetched again after this long sees a round recorded since; the link itself is
# rotated by the host, after which the picture's address is a 404 too.
PICTURE_KEPT_FOR = 5 * 60


def story_session(token: str) -> Session:
    return get_object_or_404(Session, story_token=token)


@require_safe
def story_page(request, token):
    """The story as anyone with its link reads it, with the tags a chat's preview reads."""
    session = story_session(token)
    picture_path = reverse("story-picture", kwargs={"token": token})
    response = render(
        request,
        "sessions/story_public.html",
        {
            "recap": evening_recap(session),
            "page_url": room_url(request, request.path),
            "picture_path": picture_path,  # the page's own download: same origin, or no download
            "picture_url": room_url(request, picture_path),  # a preview's: absolute
            "picture_width": WIDTH,
            "picture_height": HEIGHT,
        },
    )
    patch_cache_control(response, private=True, no_cache=True)  # the story changes with each round
    return response


def picture_recap(session) -> Recap:
    """The picture's recap: the night without its ratings, which a picture has no room for and
    whose reckoning reads the host's whole history."""
    return evening_recap(session, with_ratings=False)


@require_safe
def story_picture_png(request, token):
    """The story's picture (1200x630 PNG), drawn once per revision of the evening."""
    session = story_session(token)
    response = HttpResponse(story_picture(session, picture_recap), content_type="image/png")
    patch_cache_control(response, public=True, max_age=PICTURE_KEPT_FOR)
    response["Content-Disposition"] = 'inline; filename="the-night.png"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def rotate_story_link(request, session_id):
    """A new public link for the story: GET asks, POST replaces it (the old one is a 404)."""
    session = host_session(request, session_id)
    if request.method == "POST":
        services.session_rotate_story_token(session=session)
        messages.info(request, NEW_STORY_LINK)
        return redirect("session-story", session.public_id)
    return new_link_asked(
        request,
        session,
        question="Give the story a new link?",
        detail="The link already shared stops working: whoever opens it finds nothing. Share the new one.",
        button="New story link",
    )
