"""Every change to what the referee remembers goes through here, in one transaction each:
validated through the engine first, written only if the engine accepts it, and announced
(``session_changed``) only once the database has kept it.

One module per entity (sessions, games, rounds, submissions, seats, seasons, events) over what they
share (announcing: a change's turn in its session and its announcement; names: names as
typed, tidied), importing one another one way only; callers use them all from here
(``services.round_record(...)``)."""

from .announcing import announced, seat_links_rotated, session_changed, share_token_rotated
from .events import (
    SAME_TABLE,
    EventAlreadySubmitted,
    event_captain_take,
    event_changed,
    event_check_in,
    event_draw,
    event_result_confirm,
    event_round_start,
    event_start,
    event_swap,
    event_withdraw,
)
from .games import (
    GAME_ENDED,
    GAME_OVER_NOT_ENDED,
    GAME_OVER_NOT_RESUMED,
    SEATS_FROM_SESSION,
    game_end,
    game_resume,
    game_start,
    games_end_as_they_stand,
)
from .rounds import (
    GAME_FULL,
    NO_ROUNDS,
    NOT_THE_LAST_ROUND,
    ROUND_ALREADY_RECORDED,
    ROUND_CORRECTED_ENOUGH,
    ROUND_NOT_NEXT,
    SAME_HANDS,
    RoundAlreadyRecorded,
    SameHands,
    round_correct,
    round_delete_last,
    round_record,
)
from .seasons import (
    SEASON_BACKWARDS,
    SEASON_NAME_NEEDED,
    SEASON_NAME_TAKEN,
    SEASON_NAME_TOO_LONG,
    SEASON_OVERLAPS,
    season_add,
    season_delete,
    season_edit,
)
from .seats import (
    HAND_GAME_OVER,
    HAND_REVEALED,
    HAND_TOO_LATE,
    NO_SEAT,
    REVEAL_NO_NUMBER,
    REVEAL_NOT_NEXT,
    HandTooLate,
    host_plays_as,
    round_reveal,
    seat_codes_show,
    seat_hand_send,
    seat_links_rotate,
    seat_presence,
    seat_seen,
)
from .sessions import (
    NAME_TOO_LONG,
    NAME_TWICE,
    TITLE_NEEDED,
    TWO_PLAYERS_NEEDED,
    players_named,
    session_rotate_share_token,
    session_rotate_story_token,
    session_show_odds,
    session_start,
)
from .submissions import SUBMISSION_REUSED, AlreadySubmitted, SubmissionReused

__all__ = [
    # announcing: sent after commit, and the views' hold on what their change left
    "announced",
    "seat_links_rotated",
    "session_changed",
    "share_token_rotated",
    # sessions
    "NAME_TOO_LONG",
    "NAME_TWICE",
    "TITLE_NEEDED",
    "TWO_PLAYERS_NEEDED",
    "players_named",
    "session_rotate_share_token",
    "session_rotate_story_token",
    "session_show_odds",
    "session_start",
    # games
    "GAME_ENDED",
    "GAME_OVER_NOT_RESUMED",
    "GAME_OVER_NOT_ENDED",
    "SEATS_FROM_SESSION",
    "game_end",
    "game_resume",
    "game_start",
    "games_end_as_they_stand",
    # submissions
    "SUBMISSION_REUSED",
    "AlreadySubmitted",
    "SubmissionReused",
    # rounds
    "GAME_FULL",
    "NO_ROUNDS",
    "NOT_THE_LAST_ROUND",
    "ROUND_ALREADY_RECORDED",
    "ROUND_CORRECTED_ENOUGH",
    "ROUND_NOT_NEXT",
    "SAME_HANDS",
    "RoundAlreadyRecorded",
    "SameHands",
    "round_correct",
    "round_delete_last",
    "round_record",
    # seats
    "HAND_GAME_OVER",
    "HAND_REVEALED",
    "HAND_TOO_LATE",
    "NO_SEAT",
    "REVEAL_NO_NUMBER",
    "REVEAL_NOT_NEXT",
    "HandTooLate",
    "host_plays_as",
    "round_reveal",
    "seat_codes_show",
    "seat_hand_send",
    "seat_links_rotate",
    "seat_presence",
    "seat_seen",
    # events: a club night
    "SAME_TABLE",
    "EventAlreadySubmitted",
    "event_captain_take",
    "event_changed",
    "event_check_in",
    "event_draw",
    "event_result_confirm",
    "event_round_start",
    "event_start",
    "event_swap",
    "event_withdraw",
    # seasons
    "SEASON_BACKWARDS",
    "SEASON_NAME_NEEDED",
    "SEASON_NAME_TAKEN",
    "SEASON_NAME_TOO_LONG",
    "SEASON_OVERLAPS",
    "season_add",
    "season_delete",
    "season_edit",
]
