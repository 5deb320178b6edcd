// The host's session page, live: its socket (kept by live.js) brings, after each change, the
// table panel of the game being played, the pad's row of ticks and each seat's phone
// (referee/host). A piece for another game than the one this page shows is left out (the
// page keeps its own panel; the phones are on the game being played), and so is a piece the
// page has no place for (a finished game has no panel): the extension below drops them before
// htmx swaps the rest in by element id.
(function () {
  "use strict";

  function shownGame() {
    var game = document.getElementById("game");
    return game ? game.dataset.game || "" : "";
  }

  htmx.defineExtension("host-live", {
    transformResponse: function (text) {
      var template = document.createElement("template");
      template.innerHTML = text;
      var game = shownGame();
      Array.prototype.slice.call(template.content.children).forEach(function (piece) {
        var elsewhere = piece.hasAttribute("data-game") && piece.dataset.game !== game;
        if (elsewhere || (piece.id && !document.getElementById(piece.id))) piece.remove();
      });
      return template.innerHTML;
    },
  });

  // The list of seats without a phone stays open as the panel follows the seats: only its
  // being open is kept (the list itself is the panel's new one: a player out, a new game).
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var old = event.detail.target;
    if (!old || old.id !== "table-panel" || !old.querySelector("#enter-for[open]")) return;
    var fragment = event.detail.fragment;
    var incoming = fragment.querySelector ? fragment.querySelector("#enter-for") : null;
    if (incoming) incoming.setAttribute("open", "");
  });

  // Down, it is said in the pad's row of ticks too, where the host's eyes are while the pad is
  // open (the page's own line is at its top); the next message brings that row afresh.
  function shownDown(down, words) {
    var ticks = document.querySelector("#pad-table .pad-ticks");
    var said = document.querySelector("#pad-table [data-live-down]");
    if (said && !down) said.remove();
    if (!ticks || said || !down) return;
    said = document.createElement("span");
    said.className = "pad-live-down";
    said.setAttribute("data-live-down", "");
    said.setAttribute("role", "status");
    said.textContent = words;
    ticks.appendChild(said);
  }

  Live.watch({
    main: "#host-live",
    status: "host-status",
    replaced: { element: "div", main: "host-live", notice: "warning", title: document.title },
    shownDown: shownDown,
  });
})();
