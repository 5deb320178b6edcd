// The 52-card picker: tapping a card types it into the highlighted hand; cards already
// typed anywhere in the form are greyed out. Typing by hand keeps working without it.
(function () {
  "use strict";

  var SUITS = { "S": "S", "♠": "S", "♤": "S", "H": "H", "♥": "H", "♡": "H",
                "D": "D", "♦": "D", "♢": "D", "C": "C", "♣": "C", "♧": "C" };
  var CARD = /(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])/g;
  var active = null; // the hand input cards go into

  // The cards in a text, as codes like "AS" and "TH", in the order typed.
  function codes(text) {
    var found = [];
    var upper = (text || "").toUpperCase().replace(/[\uFE0E\uFE0F]/g, "");
    upper.replace(CARD, function (_, rank, suit) {
      found.push((rank === "10" ? "T" : rank) + SUITS[suit]);
    });
    return found;
  }

  function handInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-hand]"));
  }

  // The row or field that shows which hand the picker types into.
  function holder(input) { return input && input.closest(".hand-row, .field"); }

  function setActive(input) {
    if (holder(active)) holder(active).classList.remove("active");
    active = input;
    if (holder(active)) holder(active).classList.add("active");
  }

  // How many cards an input takes: 3, or what data-capacity says (a declaration's 13).
  function capacity(input) { return parseInt(input.getAttribute("data-capacity") || "3", 10); }

  // The first hand that still needs cards, after the given one if any (declarations are
  // chosen only by tapping into them).
  function nextOpen(form, after) {
    var inputs = handInputs(form).filter(function (input) { return !input.hasAttribute("data-capacity"); });
    var start = after ? inputs.indexOf(after) + 1 : 0;
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[(start + i) % inputs.length];
      if (codes(input.value).length < 3) return input;
    }
    return after || inputs[0];
  }

  function refresh(form) {
    var used = {};
    handInputs(form).forEach(function (input) {
      codes(input.value).forEach(function (code) { used[code] = true; });
    });
    form.querySelectorAll("[data-card]").forEach(function (button) {
      button.disabled = !!used[button.getAttribute("data-card")];
    });
    if (!active || !form.contains(active)) setActive(nextOpen(form, null));
  }

  function init(root) {
    var form = root.querySelector ? root.querySelector("[data-picker-form]") : null;
    if (!form) return;
    var picker = form.querySelector("[data-picker]");
    if (!picker) return;
    picker.hidden = false;
    active = null;
    refresh(form);
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("input[data-hand]")) setActive(event.target);
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("[data-picker-form]");
    if (form) refresh(form);
  });

  document.addEventListener("click", function (event) {
    var form = event.target.closest && event.target.closest("[data-picker-form]");
    if (!form || !active) return;
    var button = event.target.closest("[data-card], [data-picker-undo], [data-picker-clear]");
    if (!button) return;
    if (button.hasAttribute("data-card")) {
      var shown = button.textContent.trim();
      active.value = (active.value.trim() + " " + shown).trim();
      refresh(form);
      if (codes(active.value).length >= capacity(active)) setActive(nextOpen(form, active));
    } else if (button.hasAttribute("data-picker-undo")) {
      var parts = active.value.trim().split(/[\s,;]+/);
      parts.pop();
      active.value = parts.join(" ");
      refresh(form);
    } else {
      active.value = "";
      refresh(form);
    }
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  // htmx swaps the judge in place: pick up the new form, keep the highlighted row.
  document.addEventListener("htmx:afterSwap", function () {
    var row = active && active.getAttribute("data-hand");
    init(document);
    var form = document.querySelector("[data-picker-form]");
    var again = row && form && form.querySelector('input[data-hand="' + row + '"]');
    if (again) setActive(again);
    var verdict = document.querySelector(".verdict");
    if (verdict) verdict.scrollIntoView({ block: "nearest" });
  });
})();
