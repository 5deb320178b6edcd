// The card pad: docked at the bottom of the screen under a form of hands, a tap types a card
// into the highlighted hand, which moves on by itself once full and always stays in view
// above the pad. Undo takes back the last card tapped, whichever hand it went into; cards
// already used anywhere in the form are greyed out. Crash is entered a player at a time. A hand
// is an input (or a textarea: the Crash setting tool's 13 cards) marked data-hand.
// Without this script the pad stays hidden and every hand is typed.
(function () {
  "use strict";

  var SUITS = { "S": "S", "♠": "S", "♤": "S", "H": "H", "♥": "H", "♡": "H",
                "D": "D", "♦": "D", "♢": "D", "C": "C", "♣": "C", "♧": "C" };
  var CARD = /(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])/gi;
  var active = null; // the hand input cards go into
  var taps = [];     // the cards tapped in, newest last: {input, code}

  // The cards in a text, as codes like "AS" and "TH", in the order typed.
  function codes(text) {
    var found = [];
    var upper = (text || "").toUpperCase().replace(/[\uFE0E\uFE0F]/g, "");
    upper.replace(CARD, function (_, rank, suit) {
      found.push((rank === "10" ? "T" : rank) + SUITS[suit]);
    });
    return found;
  }

  function inputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-hand], textarea[data-hand]"));
  }

  // How many cards an input takes: 3, or what data-capacity says (a declaration's 13).
  function capacity(input) { return parseInt(input.getAttribute("data-capacity") || "3", 10); }
  function full(input) { return codes(input.value).length >= capacity(input); }

  // The row or field that shows which hand the pad types into.
  function holder(input) { return input && input.closest(".hand-row, .field"); }
  function labelOf(input) {
    var label = input.id && document.querySelector('label[for="' + input.id + '"]');
    return label ? label.textContent.trim() : "the highlighted hand";
  }

  // --- Crash, a player at a time --------------------------------------------------------

  function seats(form) { return Array.prototype.slice.call(form.querySelectorAll(".seat-entry")); }
  function steps(form) { return form.querySelector("[data-seat-steps]"); }
  function seatOf(input) { return input && input.closest(".seat-entry"); }
  function seatInputs(seat) {
    return Array.prototype.slice.call(seat.querySelectorAll("input[data-hand]:not([data-capacity])"));
  }

  // Show this seat's hands only; when that changes, bring the steps into view above them.
  function showSeat(form, seat) {
    var nav = steps(form);
    if (!nav || !seat || !seat.hidden && seats(form).every(function (each) { return each === seat || each.hidden; })) return;
    seats(form).forEach(function (each, index) {
      each.hidden = each !== seat;
      var button = nav.querySelector('[data-step="' + index + '"]');
      if (each === seat) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    });
    if (following) keepInView(nav);
  }

  function countSteps(form) {
    var nav = steps(form);
    if (!nav) return;
    seats(form).forEach(function (seat, index) {
      var hands = seatInputs(seat);
      var done = hands.filter(full).length;
      var count = nav.querySelector('[data-step="' + index + '"] [data-step-count]');
      count.textContent = done === hands.length ? "✓" : done + "/" + hands.length;
    });
  }

  // --- The highlighted hand ---------------------------------------------------------------

  var following = false;  // whether the page follows the highlighted hand (not while it loads)

  function setActive(input) {
    if (holder(active)) holder(active).classList.remove("active");
    active = input;
    if (!active) return;
    if (holder(active)) holder(active).classList.add("active");
    var form = active.closest("[data-picker-form]");
    showSeat(form, seatOf(active));
    say(form);
    if (following) keepInView(active);
  }

  // The hand and the pad both on screen: scroll the hand above the pad when it is not.
  function keepInView(element) {
    var box = element.getBoundingClientRect();
    var pad = document.querySelector(".pad:not([hidden])");
    var bottom = pad ? pad.getBoundingClientRect().top : window.innerHeight;
    if (box.top < 0 || box.bottom > bottom) element.scrollIntoView({ block: "nearest" });
  }

  // The first hand that still needs cards, after the given one if any (declarations are
  // chosen only by tapping into them).
  function nextOpen(form, after) {
    var hands = inputs(form).filter(function (input) { return !input.hasAttribute("data-capacity"); });
    if (!hands.length) hands = inputs(form);  // a form of one bigger hand (the Crash setting tool's cards)
    var start = after ? hands.indexOf(after) + 1 : 0;
    for (var i = 0; i < hands.length; i++) {
      var input = hands[(start + i) % hands.length];
      if (!full(input)) return input;
    }
    return after || hands[0];
  }

  // What the pad says it types into, and which cards it offers.
  function say(form) {
    var pad = form.querySelector("[data-picker]");
    if (pad) pad.classList.toggle("only-left", onlyLeft(form));
    var into = form.querySelector("[data-pad-into]");
    if (!into || !active) return;
    into.textContent = full(active) ? labelOf(active) + " is full"
                                    : "Into " + labelOf(active);
  }

  // --- The pad ----------------------------------------------------------------------------

  // When Crash deals the whole deck and every other player is entered, the last player's cards
  // are among those left: the pad shows only those.
  function onlyLeft(form) {
    if (!form.querySelector("[data-whole-deck]") || !active) return false;
    var mine = seatOf(active);
    return seats(form).every(function (seat) {
      return seat === mine || seatInputs(seat).some(function (input) { return codes(input.value).length; });
    });
  }

  function refresh(form) {
    var used = {};
    inputs(form).forEach(function (input) {
      codes(input.value).forEach(function (code) { used[code] = true; });
    });
    form.querySelectorAll("[data-card]").forEach(function (button) {
      button.disabled = !!used[button.getAttribute("data-card")];
    });
    countSteps(form);
    if (!active || !form.contains(active)) setActive(nextOpen(form, null));
    else say(form);
  }

  // The pad's height, for the page to leave room for it and scroll hands above it.
  function dock(pad) {
    var set = function () {
      document.documentElement.style.setProperty("--pad-height", pad.offsetHeight + "px");
    };
    document.body.classList.add("has-pad");
    set();
    if (window.ResizeObserver) new ResizeObserver(set).observe(pad);
  }

  function typeCard(form, code, shown) {
    if (full(active)) { say(form); return; }
    active.value = (active.value.trim() + " " + shown).trim();
    taps.push({ input: active, code: code });
    changed(active);
    refresh(form);
    if (full(active)) setActive(nextOpen(form, active));
    else keepInView(active);
  }

  // Take back the newest tapped card still in its hand (typing may have removed it).
  function undo(form) {
    while (taps.length) {
      var tap = taps.pop();
      if (!form.contains(tap.input)) continue;
      var parts = tap.input.value.trim().split(/\s+/);
      for (var i = parts.length - 1; i >= 0; i--) {
        if (codes(parts[i])[0] === tap.code) {
          parts.splice(i, 1);
          tap.input.value = parts.join(" ");
          changed(tap.input);
          refresh(form);
          setActive(tap.input);
          return;
        }
      }
    }
  }

  // What typing would do: htmx's live checks (Crash's setting check) listen for it.
  function changed(input) { input.dispatchEvent(new Event("input", { bubbles: true })); }

  // ``follow``: whether to bring the hand to fill into view now, on a form made for it
  // (data-picker-follow: the next round's), and not on a page opened to look at something
  // else, such as earlier rounds.
  function init(follow) {
    var form = document.querySelector("[data-picker-form]");
    var pad = form && form.querySelector("[data-picker]");
    if (!pad) return;
    pad.hidden = false;
    form.classList.add("padded");
    var nav = steps(form);
    if (nav) nav.hidden = false;
    dock(pad);
    active = null;
    taps = [];
    following = follow && form.hasAttribute("data-picker-follow");
    refresh(form);
    following = true;
    if (form.querySelector(".error")) showRefusal(form);
  }

  // A refusal: the first message on screen, its hand highlighted (the pad says it aloud).
  function showRefusal(form) {
    var message = form.querySelector(".error");
    var field = message && message.closest(".field");
    var input = field && field.querySelector("input[data-hand], textarea[data-hand]");
    if (input) setActive(input);
    if (message) {
      showSeat(form, seatOf(message));
      keepInView(message);
    }
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("input[data-hand], textarea[data-hand]")) setActive(event.target);
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("[data-picker-form]");
    if (form && event.isTrusted) refresh(form);
  });

  document.addEventListener("click", function (event) {
    var form = event.target.closest && event.target.closest("[data-picker-form]");
    if (!form) return;
    var step = event.target.closest("[data-step]");
    if (step) {
      var seat = seats(form)[parseInt(step.getAttribute("data-step"), 10)];
      var hands = seatInputs(seat);
      setActive(hands.filter(function (input) { return !full(input); })[0] || hands[0]);
      return;
    }
    var button = event.target.closest("[data-card], [data-picker-undo]");
    if (!button || !active) return;
    var note = form.querySelector(".pad-note");  // about the last submit: the host has moved on
    if (note) note.remove();
    if (button.hasAttribute("data-card")) typeCard(form, button.getAttribute("data-card"), button.textContent.trim());
    else undo(form);
  });

  document.addEventListener("DOMContentLoaded", function () {
    // A page that opens with a message (the board's new link, say) stays at its top.
    init(!window.location.hash && !/[?&]page=/.test(window.location.search) && !document.querySelector(".messages"));
  });
  // draft.js put a kept round back into the form: read it again, the hand it names highlighted.
  document.addEventListener("picker:refresh", function (event) {
    var form = document.querySelector("[data-picker-form]"), hand = document.getElementById((event.detail || {}).active || "");
    if (form) { refresh(form); setActive(hand && form.contains(hand) ? hand : nextOpen(form, null)); } });
  // htmx swaps the form in place: pick up the new one, keep the highlighted hand.
  document.addEventListener("htmx:afterSwap", function () {
    var row = active && active.id;
    init(true);
    var again = row && document.getElementById(row);
    var form = document.querySelector("[data-picker-form]");
    // (The judge's hands stay in the form; a recorded round brings an empty one: start at its top.)
    var kept = form && inputs(form).some(function (input) { return input.value.trim(); });
    if (again && kept && form.contains(again) && !form.querySelector(".error")) setActive(again);
    var verdict = document.querySelector(".verdict");
    if (verdict) keepInView(verdict);
  });
})();
