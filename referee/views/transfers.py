"""Export and import from the web: download a session or all of a host's data as the
documented JSON file, and upload one to recreate it (scoring/exchange.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from scoring.exchange import (
    FILE_TOO_BIG,
    MAX_BYTES,
    ImportRefused,
    export_sessions,
    import_sessions,
    import_summary,
    to_json,
)

from ..access import host_session
from ..forms.transfers import ImportForm


def _download(data: dict, name: str) -> HttpResponse:
    response = HttpResponse(to_json(data), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_GET
def export_all(request):
    return _download(export_sessions(request.user), f"brag-referee-{timezone.localdate():%Y-%m-%d}.json")


@login_required
@require_GET
def export_one(request, session_id):
    session = host_session(request, session_id)
    return _download(export_sessions(request.user, [session]), f"brag-referee-{session.played_on:%Y-%m-%d}.json")


@login_required
@require_http_methods(["GET", "POST"])
def import_file(request):
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > MAX_BYTES:
                raise ImportRefused(FILE_TOO_BIG.format(size=upload.size, limit=MAX_BYTES))
            imported = import_sessions(request.user, upload.read())
        except ImportRefused as error:
            form.add_error("file", f"Nothing was imported: {error}")
        else:
            messages.info(request, f"{import_summary(imported)}.")
            return redirect("my-sessions")
    return render(request, "sessions/import.html", {"form": form})
