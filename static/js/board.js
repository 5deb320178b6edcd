// The TV board: keep the screen awake where the browser allows it, and show a discreet
// mark while the WebSocket is down (htmx's ws extension reconnects by itself; the server
// sends the whole board again on connect).
(function () {
  "use strict";
  var lock = null;

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
  document.addEventListener("htmx:wsClose", function () { note("board-status", true); });
  document.addEventListener("htmx:wsError", function () { note("board-status", true); });
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
