// The TV board: keep the screen awake where the browser allows it; keep the strip of earlier
// rounds to the lines that fit on this screen; its socket is kept by live.js (the server
// sends the whole board again on each reconnect; "Reconnecting…" while it is down; a link
// the host replaced says so in place of the stale standings).
(function () {
  "use strict";
  var lock = null;

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

  // --- The connection (live.js) -------------------------------------------------------------
  Live.watch({
    main: "main.board",
    status: "board-status",
    replaced: { main: "", notice: "board-replaced", title: "Board link replaced" },
    afterMessage: fitStrip,
  });

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    fitStrip();
  });
  window.addEventListener("resize", fitStrip);
})();
