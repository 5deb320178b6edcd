// The TV board: keep the screen awake where the browser allows it, and show a discreet
// mark while the WebSocket is down (htmx's ws extension reconnects by itself; the server
// sends the whole board again on connect). A link the host has replaced is closed with a code
// of its own: the board then says so in place of the stale standings, and stops trying.
(function () {
  "use strict";
  var lock = null;
  var LINK_REPLACED = 4004;  // referee/board/consumer.py

  // Reconnect soon after a Wi-Fi drop or a server restart: at most about 4.5 s apart, not
  // the extension's default backoff, which grows to a minute.
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retries) {
      return 500 + Math.random() * Math.min(4000, 500 * Math.pow(2, retries));
    };
  }

  function note(id, show) {
    var element = document.getElementById(id);
    if (element) element.hidden = !show;
  }

  function keepAwake() {
    if (!("wakeLock" in navigator)) { note("board-wake", true); return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      note("board-wake", false);
    }).catch(function () { note("board-wake", true); });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && (lock === null || lock.released)) keepAwake();
  });
  document.addEventListener("htmx:wsOpen", function () { note("board-status", false); });
  // The board's <main> goes with its socket: the ws extension closes a socket whose element
  // has left the page and never reconnects it.
  function showReplaced(board) {
    var message = document.createElement("p");
    message.textContent = board.dataset.replaced;
    var notice = document.createElement("div");
    notice.className = "board-replaced";
    notice.setAttribute("role", "alert");
    notice.appendChild(message);
    var main = document.createElement("main");
    main.appendChild(notice);
    board.replaceWith(main);
    document.title = "Board link replaced";
  }

  document.addEventListener("htmx:wsClose", function (event) {
    if (event.detail.event.code === LINK_REPLACED) showReplaced(event.target);
    else note("board-status", true);
  });
  document.addEventListener("htmx:wsError", function () { note("board-status", true); });
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
