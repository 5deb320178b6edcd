from django.contrib import admin

from .models import Game, Performance, Player, Round, RoundRevision, Season, Seat, Session, SessionPlayer


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "host", "created"]
    list_filter = ["host"]
    search_fields = ["name", "host__username"]
    readonly_fields = ["public_id", "created"]


class ThroughTheServicesOnly:
    """Games, seats and rounds change only through the services: they check each change
    with the engine, keep the figures, count the session's revision up (which a round
    recorded from the host's reads relies on) and tell the boards. Here: to read."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(ThroughTheServicesOnly, admin.TabularInline):
    model = Seat
    extra = 0


class RoundInline(ThroughTheServicesOnly, admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "entry", "recorded_at", "recorded_by", "corrected_at"]
    readonly_fields = ["recorded_at"]


class SessionPlayerInline(admin.TabularInline):
    model = SessionPlayer
    extra = 0
    fields = ["player", "position"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["title", "played_on", "host", "public_id"]
    list_filter = ["host", "played_on"]
    search_fields = ["title", "host__username"]
    inlines = [SessionPlayerInline]
    readonly_fields = ["public_id", "share_token", "created"]


@admin.register(Game)
class GameAdmin(ThroughTheServicesOnly, admin.ModelAdmin):
    list_display = ["__str__", "session", "kind", "ended", "created"]
    list_filter = ["kind", "ended"]
    search_fields = ["session__title"]
    readonly_fields = ["public_id", "created"]
    inlines = [SeatInline, RoundInline]


@admin.register(Seat)
class SeatAdmin(ThroughTheServicesOnly, admin.ModelAdmin):
    list_display = ["game", "position", "player"]
    list_select_related = ["game", "player"]


class RoundRevisionInline(ThroughTheServicesOnly, admin.TabularInline):
    model = RoundRevision
    extra = 0
    readonly_fields = ["replaced_at"]


@admin.register(Round)
class RoundAdmin(ThroughTheServicesOnly, admin.ModelAdmin):
    list_display = ["__str__", "recorded_at", "recorded_by", "corrected_at"]
    list_select_related = ["game", "recorded_by"]
    readonly_fields = ["public_id", "recorded_at"]
    inlines = [RoundRevisionInline]


@admin.register(RoundRevision)
class RoundRevisionAdmin(ThroughTheServicesOnly, admin.ModelAdmin):
    list_display = ["__str__", "replaced_at", "replaced_by"]
    list_select_related = ["round", "replaced_by"]


@admin.register(Performance)
class PerformanceAdmin(admin.ModelAdmin):
    """Derived from each game's replay and rewritten by the services: to read, not to edit."""

    list_display = ["player", "game", "place", "won", "final", "rounds_played"]
    list_select_related = ["player", "game"]
    list_filter = ["game__kind", "won"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Season)
class SeasonAdmin(ThroughTheServicesOnly, admin.ModelAdmin):
    """Read only: the services keep a host's seasons from sharing a day or a name."""

    list_display = ["name", "host", "first_day", "last_day"]
    list_filter = ["host"]
