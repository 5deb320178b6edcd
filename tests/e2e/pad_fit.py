"""The host's card pad on a phone's width, in every state of the cards (issue 50): the pad put in
each number of cards left, 0 to 52, in the page itself (one script, the same in Chromium and
WebKit), and what of it reaches outside the screen. The cards left are those of the deck's
order, spades first: 7 to 13 left are one suit's, the layout that ran off a 375 px screen."""

# An iPhone mini with Display Zoom (larger text), the phone of the tests, an iPhone Pro Max. (An
# iPhone SE's 320x568 has no room above a pad of 8 rows of 44 px for the hand being filled.)
WIDTHS = ((320, 693), (375, 812), (430, 932))
# Classic Crash, four players: three send legal hands from their phones, no spade among them;
# revealed, the fourth (no phone) has the 13 spades and three threes left.
SENT = {
    "Ann": ["AH AD AC", "KH KD KC", "QH QD QC", "JH JD JC"],
    "Bob": ["TH TD TC", "9H 9D 9C", "8H 8D 8C", "7H 7D 7C"],
    "Cy": ["6H 6D 6C", "5H 5D 5C", "4H 4D 4C", "2H 2D 2C"],  # a prial of threes would beat them all
}

# Crash's hands filled so that ``count`` cards are left, the pad typing into the last player's
# first hand (the other players' hands filled first, as after a reveal with one player without
# a phone), then everything of the pad that shows measured against the screen (``width`` x
# ``height``, as the test set it: a page wider than its phone widens a mobile layout viewport).
# Returns what is wrong, a line a problem ([] when the pad fits at every count). With ``counts``
# null, the pad as it stands is measured.
EVERY_COUNT = """(counts, width, height) => {
  const form = document.querySelector("[data-picker-form]");
  const pad = form.querySelector("[data-picker]");
  const deck = [...pad.querySelectorAll("[data-card]")].map((button) => button.dataset.card);
  const seats = [...form.querySelectorAll(".seat-entry")];
  const handsOf = (seat) => [...seat.querySelectorAll("input[data-hand]:not([data-capacity])")];
  const last = seats[seats.length - 1];
  const others = seats.slice(0, -1).map(handsOf);
  const inOrder = [];  // each player's first hand, then each one's second...
  others[0].forEach((_, position) => others.forEach((hands) => inOrder.push(hands[position])));
  const fields = [...inOrder, ...handsOf(last), ...form.querySelectorAll("[data-hand][data-capacity]")];
  const into = handsOf(last)[0];
  const problems = [];
  const off = (box) => box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5;
  const named = (element) => [
    element.tagName.toLowerCase(), String(element.className || ""), element.dataset.card || "",
    (element.textContent || "").trim().slice(0, 30),
  ].join(" ");
  const leave = (count) => {
    const used = deck.slice(count);  // the first ``count`` cards of the deck are left
    fields.forEach((field) => {
      const room = parseInt(field.getAttribute("data-capacity") || "3", 10);
      field.value = used.splice(0, room).join(" ");
    });
    if (used.length) throw new Error("no room for " + used.length + " cards");
    document.dispatchEvent(new CustomEvent("picker:refresh", { detail: { active: into.id } }));
  };
  const measure = (count) => {
    const said = "with " + count + " left: ";
    const enabled = pad.querySelectorAll("[data-card]:enabled").length;
    if (enabled !== count) problems.push(said + enabled + " cards offered");
    const cards = [...pad.querySelectorAll("[data-card]")];
    const shown = cards.filter((button) => button.getBoundingClientRect().height > 0).length;
    if (!pad.classList.contains("folded") && shown !== 52) problems.push(said + shown + " of the 52 cards shown");
    const wide = document.documentElement.scrollWidth;
    if (wide > width) problems.push(said + "the page scrolls sideways to " + wide + " px");
    [pad, ...pad.querySelectorAll("*")].forEach((element) => {
      const box = element.getBoundingClientRect();
      if (!box.width || !box.height) return;  // not shown
      const where = [box.left, box.top, box.right, box.bottom].map(Math.round).join(", ");
      if (off(box)) problems.push(said + named(element) + " is off screen: " + where);
      else if (element.matches("button") && element.scrollWidth > element.clientWidth + 1) {
        problems.push(said + named(element) + " is cut: " + element.scrollWidth + " px in " + element.clientWidth);
      }
    });
  };
  if (counts === null) measure(pad.querySelectorAll("[data-card]:enabled").length);
  else counts.forEach((count) => { leave(count); measure(count); });
  return problems;
}"""

FOUL_ROUND = {  # each player's cards in the order placed; Cy's hand 2 ranks above hand 1: a foul
    "Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "Bob": "AH AD AC KH QH JH TH 9H 8H 7H 6H 2S",
    "Cy": "TC 9C 8C KC QC JC KD QD JD TD 9D 8D",
    "Di": "7D 6D 5D 6C 5C 4C 4D 3D 2D 3C 2C 3H",
}
NEXT_ROUND = {  # the round after it, Cy out: no foul, no crash (Di's prial of threes is the best)
    "Ann": "AS AH AD KS KH KD QS QH QD JS JH JD",
    "Bob": "TS TH TD 9S 9H 9D 8S 8H 8D 7S 7H 7D",
    "Di": "3S 3H 3D AC KC QC JC TC 9C 8C 7C 6C",
}
