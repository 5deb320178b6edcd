// What this phone keeps for the app (draft.js's round being tapped, outbox.js's rounds and
// hands waiting to be sent) is in the browser's storage, which Safari deletes after 7 days
// without a visit unless the app is on the home screen or the storage is persisted. Once
// something is kept, the browser is asked to persist it, where it offers that (not in WebKit
// on a plain-http LAN page, where navigator.storage is missing). When the storage refuses
// (full, or turned off as in some private windows), the page says so in the app's words, once.
(function () {
  "use strict";

  var WORDS = {
    draft: "This phone cannot keep the cards as they are tapped (its storage is full or turned off): a reload or a closed tab would lose them.",
    round: "This phone could not keep the waiting round in its storage (full or turned off): it is sent from this page, so keep it open until the count goes."
  };
  var asked = false;
  var said = {};

  function persist() {
    if (asked) return;
    asked = true;
    var storage = navigator.storage;
    if (!storage || typeof storage.persist !== "function") return;
    var persisted = typeof storage.persisted === "function" ? storage.persisted() : Promise.resolve(false);
    persisted.then(function (already) { return already || storage.persist(); }).catch(function () { /* not offered */ });
  }

  // Said where the person is looking: above the pad's buttons, else at the top of the page.
  function refused(what) {
    if (said[what]) return;
    said[what] = true;
    var note = document.createElement("p");
    note.className = "warning storage-refused";
    note.setAttribute("role", "alert");
    note.setAttribute("data-storage-refused", what);
    note.textContent = WORDS[what] || WORDS.draft;
    var pad = document.querySelector("[data-picker-form] [data-picker]:not([hidden])");
    var place = pad || document.querySelector("main") || document.body;
    place.insertBefore(note, pad ? pad.querySelector(".pad-bar") : place.firstChild);
  }

  window.keeping = { persist: persist, refused: refused };
})();
