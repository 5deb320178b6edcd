// The live path every page with a socket shares (the TV board, a player's seat, the host's page). htmx's ws
// extension opens the socket and swaps what the server sends by element id (out of band);
// this keeps the socket honest:
// - reconnecting after a drop or a server restart with a capped, jittered, growing delay
//   (about 4.5 s apart at most), not the extension's default, which grows to a minute;
// - a heartbeat: a ping every PING_EVERY (the server answers with a mark that changes
//   nothing); after SILENT_FOR with nothing heard the socket is dead though the browser has
//   not noticed (a lost Wi-Fi can take minutes to be reported): it is dropped and a new one
//   opened now;
// - "Reconnecting…" said (and the page dimmed) while the socket is down;
// - a link the host replaced is closed with a code of its own: the page then says so in
//   place of what it showed, and stops trying.
// The code and the ping's word are the server's (referee/sockets/live.py), given by the page
// on its socket's element (data-link-replaced, data-ping).
// A page calls Live.watch({...}) with its own names (see board.js, seat.js).
window.Live = (function () {
  "use strict";
  var PING_EVERY = 15000;    // ms
  var SILENT_FOR = 45000;    // ms: three pings unanswered

  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retries) {
      return 500 + Math.random() * Math.min(4000, 500 * Math.pow(2, retries));
    };
  }

  // page: the selector of the element holding the socket; status: the id of its status line;
  // replaced: {main: class of the page left, notice: class of the message, title, element:
  // what stands in for the socket's element (a <main> where it was the page's)};
  // afterMessage: what the page does once a message is swapped in; shownDown(down, words): what
  // else it does as the socket goes down or comes back.
  function watch(page) {
    var terms = document.querySelector(page.main).dataset;
    var LINK_REPLACED = Number(terms.linkReplaced);
    var PING = terms.ping;
    var live = null;  // the open socket: {wrapper, socket}
    var pinging = null;
    var silence = null;

    // The socket's element says whether it is open (data-live), for the page's own scripts.
    function showDown(down) {
      var status = document.getElementById(page.status);
      var main = document.querySelector(page.main);
      if (!status || !main) return;
      main.classList.toggle("is-down", down);
      if (down) delete main.dataset.live;
      else main.dataset.live = "open";
      if (page.shownDown) page.shownDown(down, status.dataset.down);
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

    // This socket's handlers are dropped (its late close would start another reconnect).
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

    // The page's <main> goes with its socket: the extension closes a socket whose element
    // has left the page and never reconnects it.
    function showReplaced(main) {
      var message = document.createElement("p");
      message.textContent = main.dataset.replaced;
      var notice = document.createElement("div");
      notice.className = page.replaced.notice;
      notice.setAttribute("role", "alert");
      notice.appendChild(message);
      var left = document.createElement(page.replaced.element || "main");
      left.className = page.replaced.main;
      left.appendChild(notice);
      main.replaceWith(left);
      document.title = page.replaced.title;
    }

    document.addEventListener("htmx:wsOpen", function (event) {
      stopListening();
      live = { wrapper: event.detail.socketWrapper, socket: event.detail.event.target };
      showDown(false);
      listen();
      pinging = setInterval(function () { if (live) live.wrapper.send(PING); }, PING_EVERY);
    });
    document.addEventListener("htmx:wsBeforeMessage", listen);
    if (page.afterMessage) document.addEventListener("htmx:wsAfterMessage", page.afterMessage);
    document.addEventListener("htmx:wsClose", function (event) {
      stopListening();
      if (event.detail.event.code === LINK_REPLACED) showReplaced(event.target);
      else showDown(true);
    });
    document.addEventListener("htmx:wsError", function () { showDown(true); });
  }

  // A TV's screen kept awake where the browser allows it, again each time the page is shown.
  // Where it gives no wake lock (a plain http address), the TV's own sleep timer decides: the
  // room cannot act on a note about it, so the page shows none.
  function keepAwake() {
    var lock = null;
    function ask() {
      if (!("wakeLock" in navigator)) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
      }).catch(function () { lock = null; });
    }
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && (lock === null || lock.released)) ask();
    });
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ask);
    else ask();
  }

  // Rows the same for every player (the standings), this page's player's own marked: the page's
  // socket element says whose page it is (data-me), each row whose (data-player).
  function markMine(main, rows) {
    var page = document.querySelector(main);
    var name = page ? page.dataset.me : "";
    document.querySelectorAll(rows).forEach(function (row) {
      row.classList.toggle("is-you", row.dataset.player === name);
    });
  }

  return { watch: watch, keepAwake: keepAwake, markMine: markMine };
})();
