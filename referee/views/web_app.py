"""The app on a home screen: its web app manifest, and the /favicon.ico browsers ask for on
their own. The icons are static files (made by deploy/make-icons.sh)."""

from django.http import JsonResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

NAME = "Brag referee"
THEME_COLOR = "#0b6e4f"  # app.css's --accent: the bar above a page, the icon's card
BACKGROUND_COLOR = "#f6f4ef"  # app.css's --bg: the splash screen while the app opens
ICONS = [
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-192.png", 192, "maskable"),
    ("icons/maskable-512.png", 512, "maskable"),
]


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
