// A player's own phone. Its socket is kept by live.js; what the server sends after each
// change is swapped in by element id: what every seat sees alike (ticks, the showdown, the
// outcome, the standings) and this seat's own part (its hand's state, its hindsight, its
// entry area). The entry area the player is tapping into is swapped only when the server's
// is for another stage (another round or game, the reveal): then the taps of the old one are
// kept first (draft.js), and the pad and the draft pick up the new form as after any swap.
// A round costs the page no reload.
(function () {
  "use strict";

  // The standings are the same for every seat: this seat's own row is marked here.
  function markMine() {
    Live.markMine("main.seat", "#seat-standings tr[data-player]");
  }

  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var entry = event.detail.target;
    if (!entry || entry.id !== "seat-entry") return;
    var incoming = event.detail.fragment.querySelector ? event.detail.fragment.querySelector("#seat-entry") : null;
    incoming = incoming || event.detail.fragment.firstElementChild;
    if (incoming && incoming.dataset.stage === entry.dataset.stage) {
      event.detail.shouldSwap = false;  // the same round: the player's taps stay as they are
      return;
    }
    var form = entry.querySelector("form[data-draft]");
    if (form) form.dispatchEvent(new Event("input", { bubbles: true }));  // draft.js keeps the taps
  });

  // A new entry area came over the socket: the pad (picker.js) and the draft (draft.js) take
  // it up as they do a form htmx swapped in for an answer.
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var entry = event.target;
    if (entry && entry.id === "seat-entry") htmx.trigger(entry, "htmx:afterSwap", { target: entry });
  });

  Live.watch({
    main: "main.seat",
    status: "seat-status",
    replaced: { main: "page seat", notice: "error", title: "Seat link replaced" },
    afterMessage: markMine,
  });
  document.addEventListener("DOMContentLoaded", markMine);
})();
