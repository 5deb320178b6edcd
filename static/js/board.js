// The TV board: kept awake (live.js); keep the strip of earlier
// rounds to the lines that fit on this screen; its socket is kept by live.js (the server
// sends the whole board again on each reconnect; "Reconnecting…" while it is down; a link
// the host replaced says so in place of the stale standings); and the finale the host plays.
(function () {
  "use strict";
  // --- The earlier rounds: the newest that fit, the oldest hidden ---------------------------
  function fitStrip() {
    var strip = document.getElementById("board-strip");
    if (!strip) return;
    var lines = strip.querySelectorAll(".strip-line");
    lines.forEach(function (line) { line.hidden = false; });
    for (var i = lines.length - 1; i >= 0 && strip.scrollHeight > strip.clientHeight; i--) lines[i].hidden = true;
  }

  // --- The finale: the night's story, a card at a time, then the standings -------------------
  // The host's "End the evening" swaps in a filled #board-finale (referee/board/finale.py);
  // it plays from its first card, each for its seconds (the same with reduced motion: only
  // the fade is left out, in the CSS), then the live board is back. "Stop" swaps in an empty
  // one. A card too full for the screen has its type made smaller until it fits.
  var playing = null;  // the timer of the card shown

  function fitCard(card) {
    var size = 100;
    card.style.fontSize = "";
    while (card.scrollHeight > card.clientHeight && size > 50) {
      size -= 5;
      card.style.fontSize = size + "%";
    }
  }

  function endFinale(finale) {
    clearTimeout(playing);
    playing = null;
    var main = document.querySelector("main.board");
    if (main) main.classList.remove("finale-on");
    if (!finale) return;
    var empty = document.createElement("div");  // its place, as the page had it
    empty.id = finale.id;
    empty.className = finale.className;
    finale.replaceWith(empty);
  }

  function playFinale() {
    var finale = document.getElementById("board-finale");
    if (!finale || finale.dataset.started) return;
    if (!finale.dataset.cardSeconds) { endFinale(null); return; }  // stopped
    finale.dataset.started = "yes";
    clearTimeout(playing);
    var cards = finale.querySelectorAll(".finale-card");
    var each = Number(finale.dataset.cardSeconds) * 1000;
    var last = Number(finale.dataset.standingsSeconds) * 1000;
    document.querySelector("main.board").classList.add("finale-on");
    function show(index) {
      if (index >= cards.length) { endFinale(finale); return; }
      cards.forEach(function (card, i) { card.hidden = i !== index; });
      fitCard(cards[index]);
      playing = setTimeout(function () { show(index + 1); }, index === cards.length - 1 ? last : each);
    }
    show(0);
  }

  // --- The connection (live.js) -------------------------------------------------------------
  Live.watch({
    main: "main.board",
    status: "board-status",
    replaced: { main: "", notice: "board-replaced", title: "Board link replaced" },
    afterMessage: function () { fitStrip(); playFinale(); },
  });

  Live.keepAwake();
  document.addEventListener("DOMContentLoaded", fitStrip);
  window.addEventListener("resize", fitStrip);
})();
