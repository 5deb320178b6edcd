"""The referee's rules, in pure Python (no Django): cards, hand rankings, verdicts, the
games as replays of their rounds, and the best Crash setting of a player's cards."""

from .best_setting import BestSetting, Setting, best_setting
from .cards import (
    DECK,
    Card,
    CardClash,
    CardError,
    card,
    card_clashes,
    check_one_deck,
    format_cards,
    parse_cards,
    parse_hand,
    show_cards,
)
from .commerce import CommerceOptions
from .crash import CrashOptions, SettingCheck, check_setting
from .games import GAMES, GameDescription, game_of, round_extras, rule_lines
from .house_rules import CRASH_PRESETS, GAME_OPTIONS, PRESETS, RANKING_OPTIONS, RANKINGS, Choice, Option, Preset
from .outcomes import EVENT_KINDS, EntryError, Event, GameOutcome, RoundOutcome
from .ranking import (
    BRAG,
    BRAG_ACE_HIGH,
    CATEGORIES,
    COMMERCE,
    RULESETS,
    HandRank,
    Ranking,
    hand_ranking,
    in_reading_order,
    rank_hand,
    show_hand,
)
from .replay import game_settings, replay
from .rule_lines import RuleLine
from .stop_the_bus import StopTheBusOptions

__all__ = [
    "BRAG",
    "BRAG_ACE_HIGH",
    "CATEGORIES",
    "COMMERCE",
    "CRASH_PRESETS",
    "DECK",
    "EVENT_KINDS",
    "GAMES",
    "GAME_OPTIONS",
    "PRESETS",
    "RANKINGS",
    "RANKING_OPTIONS",
    "RULESETS",
    "BestSetting",
    "Card",
    "CardClash",
    "CardError",
    "Choice",
    "CommerceOptions",
    "CrashOptions",
    "EntryError",
    "Event",
    "GameDescription",
    "GameOutcome",
    "HandRank",
    "Option",
    "Preset",
    "Ranking",
    "RoundOutcome",
    "RuleLine",
    "Setting",
    "SettingCheck",
    "StopTheBusOptions",
    "best_setting",
    "card",
    "card_clashes",
    "check_one_deck",
    "check_setting",
    "format_cards",
    "game_of",
    "game_settings",
    "hand_ranking",
    "in_reading_order",
    "parse_cards",
    "parse_hand",
    "rank_hand",
    "round_extras",
    "replay",
    "rule_lines",
    "show_cards",
    "show_hand",
]
