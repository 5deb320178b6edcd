"""The Crash setting tool: the best way to set a player's 13 (or 9) cards before the
showdown, for practice, beside the hand judge."""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from engine import CardError, EntryError, best_setting
from engine.crash_reference import reference_deals

from ..forms.crash_setting import CrashSettingForm
from ..setting_found import present


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def crash_setting(request):
    """GET shows an empty form; POST finds the best setting (action "find", the default) or
    redraws the form for a new deal ("options": 9 cards take more opponents). htmx gets the
    #setting partial, a plain request the whole page, so the form works without JavaScript."""
    found = None
    if request.method == "GET":
        form = CrashSettingForm()
    elif request.POST.get("action") == "options":
        form = CrashSettingForm(initial=request.POST.dict())
    else:
        form = CrashSettingForm(request.POST)
        if form.is_valid():
            try:
                found = best_setting(form.cleaned_data["cards"], form.cleaned_data["opponents"], **form.options())
            except (CardError, EntryError) as error:
                form.add_engine_error(error)
    context = {
        "form": form,
        "found": found and present(found),
        "deals": reference_deals(),
        "dealt": found.options.cards if found else form.dealt(),
    }
    template = "crash_setting.html#setting" if request.htmx else "crash_setting.html"
    return render(request, template, context)
