"""The app on a home screen: its web app manifest, and the /favicon.ico browsers ask for on
their own. The icons are static files (made by deploy/make-icons.sh)."""

from django.http import JsonResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from ..web_app import BACKGROUND_COLOR, ICONS, NAME, THEME_COLOR


@require_GET
@cache_control(public=True, max_age=3600)
def manifest(request):
    """Opened from the home screen, the app starts on the host's sessions, without the
    browser's bars. Icons through static(), so collected files' hashed names are given."""
    return JsonResponse(
        {
            "name": NAME,
            "short_name": NAME,
            "description": "The referee and scorekeeper for Brag, Crash and Commerce at a real table.",
            "id": "/",
            "start_url": reverse("my-sessions"),
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME_COLOR,
            "background_color": BACKGROUND_COLOR,
            "icons": [
                {"src": static(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                for path, size, purpose in ICONS
            ],
        },
        content_type="application/manifest+json",
    )


@require_GET
@cache_control(public=True, max_age=86400)
def favicon(request):
    """The icon itself is a static file; not a permanent redirect, as its collected name
    changes with its content."""
    return redirect(static("favicon.ico"))
