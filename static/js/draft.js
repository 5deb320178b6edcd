// The round being entered, kept in this browser's storage as it is tapped or typed (every
// card, and which hand the pad types into), so a reload, a locked phone or a closed tab loses
// nothing: put back when the page shows the same round of the same game again; dropped once
// that round is recorded, once the page has moved past it, or when the host starts it again.
// The form is the one marked data-draft="<session id>:<game id>"; the round is its `number`.
(function () {
  "use strict";

  var PREFIX = "brag:draft:";
  var entryForm = window.keeping.entryForm, numberOf = window.keeping.numberOf, typed = window.keeping.typed;

  // Storage may be full or refused (private browsing): the form then works as before, saying so.
  function read(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (error) { return null; }
  }
  function write(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
      if (window.keeping) window.keeping.persist();
    } catch (error) {  // kept in the page only: said once (static/js/keeping.js)
      if (window.keeping) window.keeping.refused("draft");
    }
  }
  function forget(key) {
    try { localStorage.removeItem(key); } catch (error) { /* nothing kept */ }
  }
  function storedKeys() {
    var keys = [];
    try { for (var i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i)); } catch (error) { /* none */ }
    return keys;
  }

  function gameKey(form) { return PREFIX + form.getAttribute("data-draft") + ":"; }
  function keyOf(form) { return gameKey(form) + numberOf(form); }
  function entered(form) { return typed(form).some(function (element) { return element.value.trim(); }); }

  function save(form) {
    dropPassed(form);
    if (!entered(form)) { forget(keyOf(form)); return; }
    var values = {};
    typed(form).forEach(function (element) { if (element.value) values[element.name] = element.value; });
    var active = form.querySelector(".active [data-hand]");  // the hand the pad types into (picker.js)
    write(keyOf(form), { values: values, active: active ? active.id : "", revealed: revealed(form) });
  }

  // Drafts of this game's earlier rounds: those rounds were recorded (here or elsewhere).
  function dropPassed(form) {
    var prefix = gameKey(form), number = numberOf(form);
    storedKeys().forEach(function (key) {
      if (key && key.indexOf(prefix) === 0 && parseInt(key.slice(prefix.length), 10) < number) forget(key);
    });
  }

  // The host revealed this round: the form came filled with the seats' own hands. (A form that
  // stays for the next round keeps the mark of the round it was revealed for.)
  function revealed(form) { return form.getAttribute("data-draft-revealed") === String(numberOf(form)); }

  // Put the kept round back into an empty form; a form that comes with hands (a refusal, shown
  // with what was sent, or the seats' hands of a revealed round) is what the host sees, so it
  // is what is kept: a draft from before the reveal never covers the seats' hands. Only the
  // host's own fixes to a revealed round (a draft kept since the reveal) are put back over it.
  function restore(form) {
    dropPassed(form);
    var draft = read(keyOf(form));
    var fixes = revealed(form) && draft && draft.revealed && draft.values;
    if (entered(form) && !fixes) {
      // The seats' hands just revealed: the pad goes to the first hand still empty (a seat
      // that sent nothing), which the host fills for it.
      if (revealed(form)) document.dispatchEvent(new CustomEvent("picker:refresh", { detail: {} }));
      save(form);
      return;
    }
    if (!draft || !draft.values) return;
    typed(form).forEach(function (element) {
      if (!(element.name in draft.values)) {
        if (fixes && element.value) { element.value = ""; element.dispatchEvent(new Event("input", { bubbles: true })); }
        return;
      }
      element.value = draft.values[element.name];
      element.dispatchEvent(new Event("input", { bubbles: true }));  // Crash's live setting check
      var details = element.closest("details");
      if (details && element.value) details.open = true;  // a declaration shows what it holds
    });
    document.dispatchEvent(new CustomEvent("picker:refresh", { detail: { active: draft.active } }));
    save(form);
  }

  // "Start this round again": one tap empties the form and forgets what was kept.
  function restart(form) {
    typed(form).forEach(function (element) {
      element.value = element.tagName === "SELECT" ? element.options[0].value : "";
      element.dispatchEvent(new Event("input", { bubbles: true }));
    });
    form.querySelectorAll(".field-error, .pad-note, .request-failure").forEach(function (note) { note.remove(); });
    forget(keyOf(form));
    var first = form.querySelector("input[data-hand]");
    document.dispatchEvent(new CustomEvent("picker:refresh", { detail: { active: first ? first.id : "" } }));
  }

  function start() {
    var form = entryForm();
    if (form) restore(form);
  }

  function formOf(event) { return event.target.closest && event.target.closest("form[data-draft]"); }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = formOf(event);
      if (form) save(form);
    });
  });
  document.addEventListener("click", function (event) {
    var form = formOf(event);
    if (!form) return;
    if (event.target.closest("[data-draft-restart]")) restart(form);
    else save(form);  // a player's step: the pad now types into that player's hands
  });
  // The server recorded this round (now, or earlier under the same submission id).
  document.addEventListener("submission", function (event) {
    var answer = event.detail && (event.detail.value || event.detail);
    var form = formOf(event);
    if (form && answer && (answer.status === "recorded" || answer.status === "repeated")) {
      forget(gameKey(form) + (answer.number || numberOf(form)));
    }
  });
  document.addEventListener("visibilitychange", function () {
    var form = entryForm();
    if (form && document.visibilityState === "hidden") save(form);
  });

  // After picker.js (loaded first) has set up the pad: on load, and for each form htmx swaps in.
  document.addEventListener("DOMContentLoaded", start);
  // Once per answer: not again for each piece an answer swaps out of band (its target staying).
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (event.target === target || !target || !document.contains(target)) start();
  });
})();
