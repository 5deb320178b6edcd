from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from . import converters  # noqa: F401 (the <token:...> of the paths below)
from .board.page import board_page
from .board.seat_codes import board_seat_codes, board_seats
from .seats import page as seats
from .views import (
    accounts,
    crash_setting,
    health,
    history,
    judge,
    players,
    rounds,
    rules,
    seasons,
    seat_links,
    sessions,
    table,
    transfers,
    web_app,
)

urlpatterns = [
    path("", judge.hand_judge, name="hand-judge"),
    path("crash-setting/", crash_setting.crash_setting, name="crash-setting"),
    path("rules/", rules.rules, name="rules"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("sessions/", sessions.my_sessions, name="my-sessions"),
    path("sessions/new/", sessions.new_session, name="new-session"),
    path("sessions/export/", transfers.export_all, name="export-all"),
    path("sessions/import/", transfers.import_file, name="import"),
    path("sessions/<uuid:session_id>/export/", transfers.export_one, name="export-session"),
    path("sessions/<uuid:session_id>/history/", history.past_session, name="past-session"),
    path("sessions/<uuid:session_id>/", sessions.session_page, name="session"),
    path("sessions/<uuid:session_id>/games/new/", sessions.new_game, name="new-game"),
    path("sessions/<uuid:session_id>/games/new/rules/", sessions.new_game_rules, name="new-game-rules"),
    path("sessions/<uuid:session_id>/games/<uuid:game_id>/resume/", sessions.resume_game, name="resume-game"),
    path(
        "sessions/<uuid:session_id>/games/<uuid:game_id>/rounds/<int:number>/",
        rounds.correct_round,
        name="correct-round",
    ),
    path(
        "sessions/<uuid:session_id>/games/<uuid:game_id>/delete-last/",
        rounds.delete_last_round,
        name="delete-last-round",
    ),
    path("sessions/<uuid:session_id>/games/<uuid:game_id>/end/", rounds.end_game, name="end-game"),
    path("sessions/<uuid:session_id>/games/<uuid:game_id>/void-deal/", rounds.void_deal, name="void-deal"),
    path("sessions/<uuid:session_id>/games/<uuid:game_id>/setting-check/", rounds.setting_check, name="setting-check"),
    path("sessions/<uuid:session_id>/rotate-board/", sessions.rotate_board, name="rotate-board"),
    path("sessions/<uuid:session_id>/odds/", sessions.show_odds, name="show-odds"),
    path("sessions/<uuid:session_id>/table/", table.table_panel, name="table-panel"),
    path("sessions/<uuid:session_id>/games/<uuid:game_id>/reveal/", table.reveal_round, name="reveal-round"),
    path("sessions/<uuid:session_id>/seat-links/new/", seat_links.rotate_seat_links, name="rotate-seat-links"),
    path(
        "sessions/<uuid:session_id>/seats/<uuid:player_id>/new-link/",
        seat_links.rotate_seat_links,
        name="rotate-seat-link",
    ),
    path("sessions/<uuid:session_id>/seat-codes/", seat_links.seat_codes, name="seat-codes"),
    path("sessions/<uuid:session_id>/host-plays/", seat_links.host_plays, name="host-plays"),
    path(
        "sessions/<uuid:session_id>/seats/<uuid:player_id>/hand/",
        seats.host_seat_hand,
        name="host-seat-hand",
    ),
    path("players/", players.circle_page, name="circle"),
    path("players/seasons/", seasons.seasons_page, name="seasons"),
    path("players/seasons/<uuid:season_id>/", seasons.season_page, name="season"),
    path("players/compare/", players.compare_page, name="compare"),
    path("players/<uuid:player_id>/", players.player_page, name="player"),
    path("board/<token:token>/", board_page, name="board"),
    path("board/<token:token>/seat-codes/", board_seat_codes, name="board-seat-codes"),
    path("board/<token:token>/seats/", board_seats, name="board-seats"),
    path("seat/<token:token>/", seats.seat_page, name="seat"),
    path("seat/<token:token>/setting-check/", seats.seat_setting_check, name="seat-setting-check"),
    path("seat/<token:token>/coach/", seats.seat_coach, name="seat-coach"),
    path("health/", health.health, name="health"),
    path("manifest.webmanifest", web_app.manifest, name="manifest"),
    path("favicon.ico", web_app.favicon, name="favicon"),
    path("admin/", admin.site.urls),
]
