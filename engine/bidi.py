"""Names kept from turning the text around them (Unicode's bidirectional algorithm, UAX #9).

A name written right to left (Hebrew, Arabic), or holding a direction control such as a
right-to-left override (U+202E), reorders the sentence it is printed in: "Ann won Commerce"
with Ann typed after an override reads backwards to its end. ``isolate`` gives a name as it is
shown inside a sentence: its own direction controls dropped (an override or embedding it opens,
an isolate it leaves open, a closing one that would end ours early) and, when it could turn
anything, wrapped in a first-strong isolate (U+2068 … U+2069): inside it the name reads the way
its own letters go, outside it is one neutral mark. A name of left-to-right letters, digits and
punctuation cannot turn anything and is given as it is (copying it gives just the name).

Plain text only; HTML escaping keeps the two marks as characters, which browsers honour."""

from __future__ import annotations

import unicodedata

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate, pop directional isolate
INITIATORS = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI
# Every explicit direction control: the embeddings and overrides (LRE, RLE, PDF, LRO, RLO),
# then the isolates (LRI, RLI, FSI, PDI).
CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Bidirectional classes that can reorder the text around them: right-to-left letters and
# Arabic digits (the controls are dropped before this is asked).
TURNING = frozenset({"R", "AL", "AN"})


def without_controls(text: str) -> str:
    """``text`` without its explicit direction controls (it keeps the marks LRM and RLM, which
    are letters of no width and open nothing)."""
    return "".join(ch for ch in text if ch not in CONTROLS)


def isolate(name: str) -> str:
    """``name`` as a sentence shows it: without its own direction controls, and between FSI and
    PDI unless it is all left-to-right (nor held a control). The same given its own result."""
    kept = without_controls(name)
    if kept == name and not any(unicodedata.bidirectional(ch) in TURNING for ch in kept):
        return name
    return f"{FSI}{kept}{PDI}"


def balanced(line: str) -> str:
    """A line cut out of isolated text (a picture's line) with its isolates closed: a PDI
    whose opening is on another line dropped, one added for each isolate left open; the
    embeddings and overrides, which ``isolate`` never leaves, dropped."""
    out, open_ = [], 0
    for ch in line:
        if ch in INITIATORS:
            open_ += 1
        elif ch == PDI:
            if not open_:
                continue
            open_ -= 1
        elif ch in CONTROLS:
            continue
        out.append(ch)
    return "".join(out) + PDI * open_
