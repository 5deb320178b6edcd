"""The Rules page: docs/rules.md served as it is, every heading with an id a link can name,
and every link to a section of it from the other pages landing on a section it has."""

import html as entities
import re

import pytest

from engine import GAME_OPTIONS
from scoring.services import session_start

from ..docs import ROOT, headings
from ..pages import HX

pytestmark = pytest.mark.django_db
RULES = ROOT / "docs" / "rules.md"


def ids_on(markup: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', markup))


def rules_links(markup: str) -> list[str]:
    """The section of each link to the Rules page: "/rules/#crash-options" gives "crash-options"."""
    return re.findall(r'href="/rules/#([^"]+)"', markup)


@pytest.fixture
def rules_page(client) -> str:
    response = client.get("/rules/")
    assert response.status_code == 200
    return response.content.decode()


def test_every_heading_of_docs_rules_md_is_on_the_page_with_its_id(rules_page):
    assert len(headings(RULES)) > 30
    for level, text, anchor in headings(RULES):
        assert f'<h{level} id="{anchor}">{entities.escape(text, quote=False)}</h{level}>' in rules_page


def test_the_headings_of_docs_rules_md_are_all_different_so_each_id_names_one_section():
    anchors = [anchor for _, _, anchor in headings(RULES)]
    assert len(anchors) == len(set(anchors))


def test_the_page_lists_the_sections_first_each_a_link_to_its_heading(rules_page):
    sections = [(text, anchor) for level, text, anchor in headings(RULES) if level == 2]
    contents = rules_page[
        rules_page.index('<nav class="rules-contents"') : rules_page.index(
            "</nav>", rules_page.index('<nav class="rules-contents"')
        )
    ]
    listed = [
        (anchor, entities.unescape(text)) for anchor, text in re.findall(r'<a href="#([^"]+)">([^<]+)</a>', contents)
    ]
    assert listed == [(anchor, text) for text, anchor in sections]  # "Players' own phones" as people read it


def test_the_page_says_the_file_as_it_is_written(rules_page):
    """Tables, lists, emphasis and code come through as HTML, not as Markdown's marks."""
    assert "<table>" in rules_page and "<th>category</th>" in rules_page
    assert "<strong>Suits never rank and never break a tie.</strong>" in rules_page
    assert "<code>ace_two_three</code>" in rules_page
    assert '<a href="#crash-options">Crash options</a>' in rules_page
    assert "| --- |" not in rules_page and "**" not in rules_page


def test_the_page_needs_no_login_and_is_in_the_menu_of_every_page(client):
    assert client.get("/rules/").status_code == 200
    assert '<a href="/rules/">Rules</a>' in client.get("/").content.decode()


def test_the_page_refuses_a_post(client):
    assert client.post("/rules/").status_code == 405


def test_every_option_a_host_may_pick_is_described_with_each_of_its_values():
    """An option added to the engine's catalogue needs its line in the rules."""
    text = RULES.read_text()
    for options in GAME_OPTIONS.values():
        for option in options:
            assert f"**{option.title}** (`{option.name}`)" in text, option.name
            for choice in option.choices:
                value = str(choice.value).lower() if isinstance(choice.value, bool) else choice.value
                assert f"`{value}`" in text, (option.name, value)


# --- Links from the other pages to its sections -------------------------------------------


def test_the_hand_judge_links_to_the_hands_and_the_house_rules_of_the_chosen_ranking(client, rules_page):
    pages = {
        "brag": client.get("/").content.decode(),
        "brag-ace-high": client.post("/", {"rules": "brag-ace-high", "action": "rules"}, headers=HX).content.decode(),
        "commerce": client.post("/", {"rules": "commerce", "action": "rules"}, headers=HX).content.decode(),
    }
    assert rules_links(pages["brag"]) == ["brag-ranking-options", "brag-hands"]
    assert rules_links(pages["brag-ace-high"]) == ["brag-ranking-options", "brag-ace-high"]
    assert rules_links(pages["commerce"]) == ["commerce-options", "commerce-hands"]
    for markup in pages.values():
        assert set(rules_links(markup)) <= ids_on(rules_page)


def test_the_new_game_form_links_each_game_to_its_rules_and_its_house_rules(host, host_client, rules_page):
    evening = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Ann", "Bob"])
    markup = host_client.get(f"/sessions/{evening.public_id}/games/new/").content.decode()
    assert rules_links(markup) == [  # each game, its first rules (engine/rule_lines.py), its options
        "stop-the-bus",
        "the-worst-hand",
        "stop-the-bus-options",
        "crash",
        "setting-hands",
        "fouls",
        "crash-options",
        "commerce",
        "standings-and-the-end",
        "commerce-hands",
        "commerce-options",
    ]
    assert set(rules_links(markup)) <= ids_on(rules_page)


def test_the_crash_setting_tool_links_its_house_rules_to_the_brag_ranking_options(client, rules_page):
    markup = client.get("/crash-setting/").content.decode()
    assert rules_links(markup) == ["brag-ranking-options"]
    assert set(rules_links(markup)) <= ids_on(rules_page)
