// The TV board: keep the screen awake where the browser allows it; keep the strip of earlier
// rounds to the lines that fit on this screen; and keep the WebSocket honest. htmx's ws
// extension reconnects after a drop (the server then sends the whole board again); while
// the socket is down the board says "Reconnecting…" and dims. A heartbeat notices a
// connection that died without a word (a TV whose Wi-Fi went away): a "ping" every
// PING_EVERY, and after SILENT_FOR with nothing heard the page drops the socket and opens a
// new one. A link the host has replaced is closed with a code of its own: the board then
// says so in place of the stale standings, and stops trying.
(function () {
  "use strict";
  var LINK_REPLACED = 4004;  // referee/board/consumer.py
  var PING = "ping";         // referee/board/consumer.py answers it
  var PING_EVERY = 15000;    // ms
  var SILENT_FOR = 45000;    // ms: three pings unanswered
  var lock = null;
  var live = null;           // the open socket: {wrapper, socket}
  var pinging = null;
  var silence = null;

  // Reconnect soon after a Wi-Fi drop or a server restart: a capped exponential backoff with
  // jitter, at most about 4.5 s apart, not the extension's default, which grows to a minute.
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retries) {
      return 500 + Math.random() * Math.min(4000, 500 * Math.pow(2, retries));
    };
  }

  // Where the browser gives no wake lock (a plain http address), the TV's own sleep timer
  // decides: the room cannot act on a note about it, so the board shows none.
  function keepAwake() {
    if (!("wakeLock" in navigator)) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
    }).catch(function () { lock = null; });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && (lock === null || lock.released)) keepAwake();
  });

  // --- The earlier rounds: the newest that fit, the oldest hidden ---------------------------
  function fitStrip() {
    var strip = document.getElementById("board-strip");
    if (!strip) return;
    var lines = strip.querySelectorAll(".strip-line");
    lines.forEach(function (line) { line.hidden = false; });
    for (var i = lines.length - 1; i >= 0 && strip.scrollHeight > strip.clientHeight; i--) lines[i].hidden = true;
  }

  // --- The connection -------------------------------------------------------------------------
  function showDown(down) {
    var status = document.getElementById("board-status");
    var board = document.querySelector("main.board");
    if (!status || !board) return;
    board.classList.toggle("is-down", down);
    status.textContent = down ? status.dataset.down : "";
  }

  function listen() {
    clearTimeout(silence);
    silence = setTimeout(giveUp, SILENT_FOR);
  }

  function stopListening() {
    clearTimeout(silence);
    clearInterval(pinging);
    live = null;
  }

  // Nothing heard for SILENT_FOR: the socket is dead though the browser has not noticed. The
  // extension reconnects only once the browser reports the close, which can take minutes on a
  // lost network: this socket's handlers are dropped (its late close would start another
  // reconnect) and a new socket is opened now.
  function giveUp() {
    var dead = live;
    stopListening();
    showDown(true);
    if (!dead) return;
    dead.socket.onclose = null;
    dead.socket.onerror = null;
    dead.socket.close();
    dead.wrapper.reconnect();
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    stopListening();
    live = { wrapper: event.detail.socketWrapper, socket: event.detail.event.target };
    showDown(false);
    listen();
    pinging = setInterval(function () { if (live) live.wrapper.send(PING); }, PING_EVERY);
  });
  document.addEventListener("htmx:wsBeforeMessage", listen);
  document.addEventListener("htmx:wsAfterMessage", fitStrip);

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
    stopListening();
    if (event.detail.event.code === LINK_REPLACED) showReplaced(event.target);
    else showDown(true);
  });
  document.addEventListener("htmx:wsError", function () { showDown(true); });
  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    fitStrip();
  });
  window.addEventListener("resize", fitStrip);
})();
