"""Phones open the app on the laptop's LAN address over plain HTTP: an insecure context, where
WebKit (every iPhone browser) and Chromium alike leave out crypto.randomUUID, the clipboard,
share, service workers and navigator.storage. No script of the app relies on them: each is
used only behind a check that it is there. (The WebKit browser tests run every flow on such
an address, tests/e2e/webkit.py, and fail on anything the page throws.)"""

import re

from ..docs import ROOT

SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))
# Each API a plain-http page lacks, and what checks for it before it is used.
GUARDED = {
    "crypto.randomUUID": None,  # never: crypto.getRandomValues is there everywhere (outbox.js's newId)
    "navigator.clipboard": re.compile(
        r"(navigator\.clipboard\s*&&|\"clipboard\" in navigator|if \(!?navigator\.clipboard)"
    ),
    "navigator.share": re.compile(r"(navigator\.share\s*&&|\"share\" in navigator|if \(!?navigator\.share)"),
    "navigator.serviceWorker": re.compile(r"(\"serviceWorker\" in navigator|navigator\.serviceWorker\s*&&)"),
    "navigator.storage": re.compile(
        r"var storage = navigator\.storage;\s+if \(!storage \|\| typeof storage\.persist !== \"function\"\)"
    ),
}


def code_of(path) -> str:
    """The script without its comments (a comment may name an API it does not use)."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r"(^|\s)//[^\n]*", r"\1", text)


def test_there_are_scripts_to_check():
    assert {path.name for path in SCRIPTS} >= {"outbox.js", "draft.js", "picker.js", "keeping.js"}


def test_no_script_relies_on_what_a_plain_http_lan_page_lacks():
    for path in SCRIPTS:
        code = code_of(path)
        for api, guard in GUARDED.items():
            if api not in code:
                continue
            assert guard is not None, f"{path.name} uses {api}, which a LAN page over HTTP lacks"
            assert guard.search(code), f"{path.name} uses {api} without checking first that it is there"
