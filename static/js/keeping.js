// What this phone keeps for the app (draft.js's round being tapped, outbox.js's rounds and
// hands waiting to be sent) is in the browser's storage, which Safari deletes after 7 days
// without a visit unless the app is on the home screen or the storage is persisted. Once
// something is kept, the browser is asked to persist it, where it offers that (not in WebKit
// on a plain-http LAN page, where navigator.storage is missing). When the storage refuses
// (full, or turned off as in some private windows), the page says so in the app's words, once.
// And what both keep of the round entry form (draft.js, outbox.js): the form, its round, and
// the fields the person types or taps.
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

  // --- The round entry form, as draft.js and outbox.js both read it -------------------------
  var NOT_TYPED = { csrfmiddlewaretoken: true, number: true, submission: true, same_hands: true };

  function entryForm() { return document.querySelector("form[data-draft]"); }
  function numberOf(form) { return form.elements.number ? parseInt(form.elements.number.value, 10) : NaN; }
  function notTyped(name) { return NOT_TYPED.hasOwnProperty(name); }
  // What is typed or tapped: the hands, the declarations, the table, who called.
  function typed(form) {
    return Array.prototype.filter.call(form.elements, function (element) {
      return element.name && !notTyped(element.name) && /^(text|textarea|select-one)$/.test(element.type);
    });
  }

  window.keeping = {
    persist: persist, refused: refused, entryForm: entryForm, numberOf: numberOf, notTyped: notTyped, typed: typed
  };
})();
