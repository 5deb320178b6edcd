// A request htmx sends that fails (a server error, no network, no answer in time) swaps
// nothing, so without this the host would see nothing happen: say what happened and what to
// do, beside the form's buttons, until a request from that form (or place) succeeds: a page
// that polls keeps saying so while its polls fail, however long each takes to fail.
(function () {
  "use strict";
  var TIMEOUT_MS = 30000;  // a request still unanswered by then is reported, not waited on forever
  var NO_CONNECTION = "No connection to the server: check the Wi-Fi, then try again.";
  // Forms that record something (data-failure="record") say how to check it was not recorded;
  // a seat's hand (data-failure="send") that its cards are kept to send again.
  var MESSAGES = {
    record: {
      status: "The server could not record this (error {status}). Nothing was lost: check the rounds below, then try again.",
      timeout: "The server did not answer in time. Reload the page to see whether this was recorded, then try again if it was not."
    },
    // A seat's own hand (templates/seats/entry.html): the cards stay in the form, and the
    // same form sent again counts once.
    send: {
      status: "The hand was not sent (error {status}). The cards are kept here: send them again.",
      timeout: "The server did not answer in time. The cards are kept here: send them again (a hand sent twice counts once)."
    },
    other: {
      status: "The server could not answer (error {status}). Try again in a moment.",
      timeout: "The server did not answer in time. Try again in a moment."
    }
  };

  if (window.htmx) htmx.config.timeout = TIMEOUT_MS;

  function placeOf(elt) {
    return (elt && elt.closest && elt.closest("form")) || document.querySelector("main") || document.body;
  }

  function messagesFor(event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    var kind = form && verb === "post" && MESSAGES[form.dataset.failure];
    return kind || MESSAGES.other;
  }

  function show(event, text) {
    var place = placeOf(event.detail.elt);
    var alert = place.querySelector(":scope > .request-failure");
    if (!alert) {
      alert = document.createElement("p");
      alert.className = "error request-failure";
      alert.setAttribute("role", "alert");
      var actions = place.querySelector(":scope > .actions");
      if (place.tagName === "FORM") place.insertBefore(alert, actions);  // null: at the end
      else place.insertBefore(alert, place.firstChild);
    }
    alert.textContent = text;
    // Brought into view for a request the host made; not for one the page made by itself (a
    // poll), which would pull the page away from the hand being filled every few seconds.
    var config = event.detail.requestConfig;
    if (config && config.triggeringEvent) alert.scrollIntoView({ block: "nearest" });
  }

  function clear(event) {
    var alert = placeOf(event.detail.elt).querySelector(":scope > .request-failure");
    if (alert) alert.remove();
  }

  document.addEventListener("htmx:afterRequest", function (event) { if (event.detail.successful) clear(event); });
  // An answer in plain text is the server's own words for people (the database not
  // answering, the server busy: referee/database_unavailable.py): said as they are.
  function ownWords(xhr) {
    var type = xhr.getResponseHeader("Content-Type") || "";
    return type.indexOf("text/plain") === 0 ? xhr.responseText.trim().slice(0, 300) : "";
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    show(event, ownWords(xhr) || messagesFor(event).status.replace("{status}", xhr.status));
  });
  document.addEventListener("htmx:sendError", function (event) { show(event, NO_CONNECTION); });
  document.addEventListener("htmx:timeout", function (event) { show(event, messagesFor(event).timeout); });
})();
