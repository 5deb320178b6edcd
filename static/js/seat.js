// A player's own phone: keep its WebSocket honest and its entry area right. The socket sends
// this seat's fragments after every change (ticks, the showdown, the outcome); the form the
// player is tapping into is never swapped by it. When the entry area itself must change
// (another round or game, the reveal), the fragments' stage mark differs from the area's and
// the page reloads itself: the taps are kept (draft.js). A heartbeat ("ping" every
// PING_EVERY, answered by the server, which tells the host the seat is connected) notices a
// socket that died without a word; a link the host replaced is closed with a code of its
// own, and the page then says so and stops trying.
(function () {
  "use strict";
  var LINK_REPLACED = 4004;  // referee/board/consumer.py
  var PING = "ping";
  var PING_EVERY = 15000;    // ms (scoring/queries.py: SEAT_CONNECTED_WITHIN is three of them)
  var SILENT_FOR = 45000;    // ms: three pings unanswered
  var live = null;
  var pinging = null;
  var silence = null;

  // The page is drawn again for each round: it opens at its top (the pad then brings the
  // hand to fill into view), not where the last round's page was scrolled to.
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";

  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retries) {
      return 500 + Math.random() * Math.min(4000, 500 * Math.pow(2, retries));
    };
  }

  function showDown(down) {
    var status = document.getElementById("seat-status");
    var main = document.querySelector("main.seat");
    if (!status || !main) return;
    main.classList.toggle("is-down", down);
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

  // The entry area was drawn for another stage than the one the server now says: draw it again.
  function checkStage() {
    var mark = document.getElementById("seat-stage");
    var entry = document.getElementById("seat-entry");
    if (mark && entry && mark.dataset.stage && mark.dataset.stage !== entry.dataset.stage) {
      var form = entry.querySelector("form[data-draft]");
      if (form) form.dispatchEvent(new Event("input", { bubbles: true }));  // draft.js keeps the taps
      window.location.reload();
    }
  }

  function showReplaced(main) {
    var message = document.createElement("p");
    message.className = "error";
    message.setAttribute("role", "alert");
    message.textContent = main.dataset.replaced;
    var page = document.createElement("main");
    page.className = "page seat";
    page.appendChild(message);
    main.replaceWith(page);
    document.title = "Seat link replaced";
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    stopListening();
    live = { wrapper: event.detail.socketWrapper, socket: event.detail.event.target };
    showDown(false);
    listen();
    pinging = setInterval(function () { if (live) live.wrapper.send(PING); }, PING_EVERY);
  });
  document.addEventListener("htmx:wsBeforeMessage", listen);
  document.addEventListener("htmx:wsAfterMessage", checkStage);
  document.addEventListener("htmx:wsClose", function (event) {
    stopListening();
    if (event.detail.event.code === LINK_REPLACED) showReplaced(event.target);
    else showDown(true);
  });
  document.addEventListener("htmx:wsError", function () { showDown(true); });
})();
