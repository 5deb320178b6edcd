"""What the browser tests share about where things are on screen."""

# What a finger taps smaller than ``size`` px: checkboxes and radios through their labels,
# everything else itself (a link in a sentence: its box, or its ::after reaching over the space
# beside it). Every <details> opened first, so what it holds is measured too; then visible
# elements only (display:none, the 1-px visually hidden are not tapped).
SMALL_TARGETS = """(size) => {
  for (const details of document.querySelectorAll("details")) details.open = true;
  const label = (box) => box.closest("label") || (box.id && document.querySelector(`label[for="${box.id}"]`));
  const targets = new Set();
  for (const el of document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary")) {
    const tapped = el.matches("input[type=checkbox], input[type=radio]") ? (label(el) || el) : el;
    targets.add(tapped);
  }
  const small = [];
  for (const el of targets) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const after = getComputedStyle(el, "::after");  // a link in a sentence reaches over the space beside it
    const width = Math.max(box.width, after.content === "none" ? 0 : parseFloat(after.width) || 0);
    if (width + 0.05 >= size && box.height + 0.01 >= size) continue;  // 0.05: layout rounds to 1/64 px
    const name = (el.innerText || el.value || el.name || el.id || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    small.push(`${el.tagName.toLowerCase()} "${name}" ${+width.toFixed(1)}x${+box.height.toFixed(1)}`);
  }
  return small;
}"""


def overlaps(a: dict, b: dict) -> bool:
    """Whether two bounding boxes (Playwright's x, y, width, height) overlap."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


# Each line of the odds as the room reads it: its name's text; whether the name is cut (by the
# name's element or any box around it in its line: its text wider than the box, the box's
# content wider than it, or an ellipsis); and the share beside it, on the same line, on the screen.
ODDS = """() => [...document.querySelectorAll('#board-last .odds li')].map((li) => {
  const who = li.querySelector('.who'), chance = li.querySelector('.chance');
  const range = document.createRange();
  range.selectNodeContents(who);
  const text = range.getBoundingClientRect(), share = chance.getBoundingClientRect();
  const boxes = [];
  for (let el = who; el !== li; el = el.parentElement) boxes.push(el);
  const cut = boxes.some((el) => {
    const box = el.getBoundingClientRect();  // an ellipsis shows only where the content overflows
    const overflows = el.clientWidth > 0 && el.scrollWidth > el.clientWidth;
    return overflows || text.left < box.left - 0.5 || text.right > box.right + 0.5;
  });
  return {
    name: who.textContent, chance: chance.textContent, cut,
    beside: text.top < share.bottom && share.top < text.bottom && text.right <= share.left,
    inside: text.left >= 0 && share.right <= innerWidth && text.top >= 0
      && Math.max(text.bottom, share.bottom) <= innerHeight,
  };
})"""
