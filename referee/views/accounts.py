"""Hosts are Django users: sign up here; log in and out with Django's own views."""

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods


@require_http_methods(["GET", "POST"])
def signup(request):
    """A new host: a username and a password, then straight to their sessions."""
    if request.user.is_authenticated:
        return redirect("my-sessions")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("my-sessions")
    return render(request, "registration/signup.html", {"form": form})
