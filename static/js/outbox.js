// Rounds that could not reach the server (no Wi-Fi, no answer in time, or the server busy or
// its proxy without it: 502, 503, 504) are kept in this browser, each with its submission id,
// and sent in order: again and again on a timer while any wait (a wait that grows with each
// try, capped and jittered, as a server restarted with the Wi-Fi up says nothing to the
// browser), when the browser is back online, when a page of the session loads, when it is
// shown again, after the wait the server asked for (Retry-After), or on "Send now" (Safari
// has no Background Sync). Meanwhile the form moves on to the next round, so the table keeps
// playing; once a round goes, the pad says so with what it did. Sending a round again is
// safe: the server records each submission id at most once. A round the server refuses waits
// in "Needs your attention", its cards kept, until the host puts it back into the form or
// discards it.
// A player's own phone (a seat: <body data-outbox-key>) keeps its hand alike when Send cannot
// reach the server, with its submission id, and sends it by itself the same way: once sent,
// the seat's answer is shown as if the player had tapped Send then.
(function () {
  "use strict";

  var PREFIX = "brag:outbox:";
  var RETRY_FIRST = 1;  // s: the first try again by the timer; each after waits twice as long...
  var RETRY_MOST = 30;  // s: ...up to this; each a random 50-100% of it, so a room's phones spread out
  var tries = 0;        // the timer's tries since something was last sent
  var entryForm = window.keeping.entryForm, numberOf = window.keeping.numberOf, typed = window.keeping.typed;
  var notTyped = window.keeping.notTyped;
  var flushing = null;  // the flush under way: one at a time
  var problem = "";     // why the last flush stopped, shown under the count
  var sentNow = [];     // the rounds the last flush got recorded, said once nothing waits
  var later = null;     // the flush the server asked to wait for (Retry-After)
  var UNAVAILABLE = { 502: true, 503: true, 504: true };  // nothing recorded: send again later
  var RETRY_AFTER = 5;  // s, when the server did not say

  // --- What is kept, per session -----------------------------------------------------------

  // What this page keeps under: the session's id on the host's pages, the seat's on a player's.
  function sessionId() { return document.body.getAttribute("data-outbox-key") || document.body.getAttribute("data-session"); }
  var memory = null;  // what the browser's storage refused to keep: kept in this page alone
  function load() {
    var kept = memory;
    if (!kept) try { kept = JSON.parse(localStorage.getItem(PREFIX + sessionId()) || "null"); } catch (error) { /* none */ }
    return { waiting: (kept && kept.waiting) || [], attention: (kept && kept.attention) || [] };
  }
  // Storage full or turned off: what waits is kept in the page (sent from it while it stays
  // open), and the phone says so in the app's words (static/js/keeping.js).
  function store(box) {
    var some = box.waiting.length || box.attention.length;
    try {
      if (some) localStorage.setItem(PREFIX + sessionId(), JSON.stringify(box));
      else localStorage.removeItem(PREFIX + sessionId());
      memory = null;
    } catch (error) {
      memory = some ? box : null;
      if (some && window.keeping) window.keeping.refused("round");
    }
    if (some && window.keeping) window.keeping.persist();
  }
  function without(list, id) { return list.filter(function (item) { return item.id !== id; }); }

  // --- The round entry form ----------------------------------------------------------------

  function gameOf(form) { return form.getAttribute("data-draft").split(":")[1]; }

  // A new submission id (a UUID v4); crypto.randomUUID is missing on plain-http LAN addresses.
  function newId() {
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (byte) { return (byte + 256).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  // The cards of a kept round as the host reads them: a line per player, then the extras.
  function linesOf(form, fields) {
    var lines = [], byPlayer = {};
    fields.forEach(function (pair) {
      var element = form.elements[pair[0]];
      if (!pair[1] || notTyped(pair[0]) || !element || !element.name) return;
      var seat = element.closest(".seat-entry");
      var option = element.tagName === "SELECT" && element.querySelector('option[value="' + CSS.escape(pair[1]) + '"]');
      var shown = option ? option.textContent : pair[1];
      if (seat) {
        var name = seat.querySelector("legend").textContent.trim();
        if (!byPlayer[name]) { byPlayer[name] = []; lines.push(name); }
        byPlayer[name].push(shown);
      } else {
        var label = element.id && form.querySelector('label[for="' + element.id + '"]');
        lines.push((label ? label.textContent.trim() : pair[0]) + ": " + shown);
      }
    });
    return lines.map(function (line) { return byPlayer[line] ? line + ": " + byPlayer[line].join(" | ") : line; });
  }

  // The round as htmx sent it (or was about to), kept with where it goes.
  function keep(form, config) {
    var fields = [];
    config.formData.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") fields.push([name, String(value)]);
    });
    var number = parseInt(config.formData.get("number"), 10);
    var hand = isHand(form);
    var item = {
      id: config.formData.get("submission") || newId(), url: new URL(config.path, window.location.href).href,
      session: sessionId(), game: gameOf(form), number: number, fields: fields, lines: linesOf(form, fields),
      label: (hand ? "Your hand for round " + number : "Round " + number) + " of " + form.getAttribute("data-game-name"),
      hand: hand, draft: form.getAttribute("data-draft")
    };
    var box = load();
    // A hand sent again for the same round takes the place of the one kept: one per round.
    box.waiting = without(box.waiting, item.id).filter(function (other) {
      return !(hand && other.hand && other.draft === item.draft && other.number === number);
    }).concat([item]);
    store(box);
    return item;
  }

  // A seat's own hand (templates/seats/entry.html), rather than a round the host records.
  function isHand(form) { return form.getAttribute("data-failure") === "send"; }

  function hasCards(config) {
    var any = false;
    config.formData.forEach(function (value, name) { if (!notTyped(name) && String(value).trim()) any = true; });
    return any;
  }

  function setNumber(form, number) {
    form.elements.number.value = number;
    var title = document.getElementById("entry-title");
    if (title) title.textContent = title.textContent.replace(/^Round \d+/, "Round " + number);
  }

  // The form moves on to the next round: empty, numbered ``number``, the submission id ``id``,
  // its old refusals gone; the pad says ``note`` (what became of the round just sent), above
  // the element ``before`` names.
  function moveOn(form, number, id, note, before) {
    setNumber(form, number);
    if (form.elements.submission) form.elements.submission.value = id;
    typed(form).forEach(function (element) {
      element.value = element.tagName === "SELECT" ? element.options[0].value : "";
      element.removeAttribute("aria-invalid");
    });
    form.querySelectorAll(".error, .field-error, .request-failure, .pad-note, .same-hands, .setting-check > *").forEach(function (old) { old.remove(); });
    form.querySelectorAll(".has-error").forEach(function (field) { field.classList.remove("has-error"); });
    form.querySelectorAll("details[open]").forEach(function (details) { details.open = false; });
    var pad = form.querySelector("[data-picker]");
    if (pad) pad.insertBefore(note, pad.querySelector(before));
    form.dispatchEvent(new Event("input", { bubbles: true }));  // draft.js keeps the empty round
    var first = form.querySelector("input[data-hand]");
    document.dispatchEvent(new CustomEvent("picker:refresh", { detail: { active: first ? first.id : "" } }));
  }

  function padNote(className, text, role) {
    var note = document.createElement("p");
    note.className = "pad-note " + className;
    if (role) note.setAttribute("role", role);
    note.textContent = text;
    return note;
  }

  // A round kept on this phone: the form goes on to the next one, with a new id.
  function moveOnFrom(form, item) {
    moveOn(form, item.number + 1, newId(), padNote("kept", item.label + " is kept on this phone: it is sent when the connection is back."), ".pad-bar");
  }

  // The server recorded the round and kept the page's form (the rest of the game came out of
  // band): it moves on to the round and id the server gives.
  document.addEventListener("submission", function (event) {
    var answer = event.detail && (event.detail.value || event.detail);
    var form = event.target.closest && event.target.closest("form[data-draft]");
    if (!form || !answer || !answer.next) return;
    var said = document.createDocumentFragment();
    said.appendChild(padNote("recorded", answer.message, "status"));
    // Recorded, but the boards could not be told (referee/board/broadcast.py): said beside it.
    if (answer.behind) said.appendChild(padNote("behind", answer.behind, "status"));
    moveOn(form, answer.next.number, answer.next.submission, said, ".pad-check");
  });

  // A page rendered before the kept rounds reached the server: its form follows them.
  function catchUp() {
    var form = entryForm();
    if (!form || !form.elements.number) return;
    var game = gameOf(form), last = 0;
    load().waiting.forEach(function (item) { if (!item.hand && item.game === game) last = Math.max(last, item.number); });
    if (last >= numberOf(form)) setNumber(form, last + 1);
  }

  function recordPost(event) {
    var config = event.detail.requestConfig;
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-draft]");
    return form && config && config.verb === "post" && hasCards(config) ? form : null;
  }

  // Record could not reach the server: keep the round, go on to the next. A seat's hand
  // stays in its form, said to be kept (not "try again": it goes by itself).
  function couldNotSend(event) {
    var form = recordPost(event);
    if (!form) return;
    var item = keep(form, event.detail.requestConfig);
    render();  // the pad's line first: moving on brings the next hand above the pad as it then is
    if (item.hand) keptHand(form);
    else moveOnFrom(form, item);
    retryLater();
  }

  function keptHand(form) {
    form.querySelectorAll(".request-failure, .pad-note").forEach(function (old) { old.remove(); });
    var pad = form.querySelector("[data-picker]");
    var note = padNote("kept", "No connection to the server: your hand is kept on this phone and sent by itself when the connection is back.", "status");
    if (pad) pad.insertBefore(note, pad.querySelector(".pad-bar"));
  }

  // While rounds of this game wait, the next one waits behind them: the server takes them in order.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = recordPost(event);
    if (!form || isHand(form) || !load().waiting.some(function (item) { return !item.hand && item.game === gameOf(form); })) return;
    event.preventDefault();
    var item = keep(form, event.detail.requestConfig);
    render();  // the pad's line first: moving on brings the next hand above the pad as it then is
    moveOnFrom(form, item);
    flush();
  });
  // A seat's Send that reached the server: nothing of that round waits any more.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = recordPost(event);
    if (!form || !isHand(form) || !event.detail.successful) return;
    var number = parseInt(event.detail.requestConfig.formData.get("number"), 10), box = load();
    var left = box.waiting.filter(function (item) { return !(item.draft === form.getAttribute("data-draft") && item.number === number); });
    if (left.length === box.waiting.length) return;
    box.waiting = left;
    store(box);
    render();
  });
  document.addEventListener("htmx:sendError", couldNotSend);
  document.addEventListener("htmx:timeout", couldNotSend);
  // The server busy, or the proxy without it: nothing was recorded, as when the network
  // fails, so the round is kept alike and sent again once the wait asked for has passed.
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (!recordPost(event) || !UNAVAILABLE[xhr.status]) return;
    couldNotSend(event);
    flushLater(xhr.getResponseHeader("Retry-After"));
  });

  // --- Sending -----------------------------------------------------------------------------

  // One flush after the seconds the server asked for (a Retry-After header's), or RETRY_AFTER.
  function flushLater(retryAfter) {
    var seconds = parseInt(retryAfter, 10);
    if (!(seconds >= 0)) seconds = RETRY_AFTER;
    clearTimeout(later);
    later = setTimeout(function () { later = null; flush(); }, Math.min(seconds, 60) * 1000);
  }

  // While anything waits, the next try by itself: 1, 2, 4... s up to RETRY_MOST, jittered.
  function retryLater() {
    if (later || !load().waiting.length) return;
    var seconds = Math.min(RETRY_MOST, RETRY_FIRST * Math.pow(2, tries));
    tries += 1;
    later = setTimeout(function () { later = null; flush(); }, seconds * (0.5 + Math.random() / 2) * 1000);
  }

  // The server's own words for people (a plain-text answer), or what its status says.
  function refusal(response) {
    var type = response.headers.get("Content-Type") || "";
    var words = type.indexOf("text/plain") === 0 ? response.text() : Promise.resolve("");
    return words.then(function (text) {
      var error = new Error(text.trim().slice(0, 300) || "The server could not record it (error " + response.status + ").");
      if (UNAVAILABLE[response.status]) error.retryAfter = response.headers.get("Retry-After") || String(RETRY_AFTER);
      throw error;
    });
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["x-csrftoken"]; } catch (error) { /* below */ }
    var cookie = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return cookie ? decodeURIComponent(cookie[1]) : "";
  }

  // The server's word on one round: {status, message} from its HX-Trigger header. Network
  // failures and server errors reject (the round stays queued); any other answer without a
  // status is a refusal the host should see.
  function send(item) {
    return fetch(item.url, {
      method: "POST", credentials: "same-origin", body: new URLSearchParams(item.fields),
      headers: { "HX-Request": "true", "X-CSRFToken": csrfToken() }
    }).then(function (response) {
      if (item.hand) return handAnswer(item, response);
      var trigger = null;
      try { trigger = JSON.parse(response.headers.get("HX-Trigger") || "null"); } catch (error) { /* below */ }
      var answer = trigger && trigger.submission;
      if (answer && answer.status) return answer;
      if (response.status >= 400 && response.status < 500) {
        return { status: "refused", message: "The server refused it (error " + response.status + ")." };
      }
      if (response.ok) throw new Error("The server did not take it: log in again, then send it.");
      return refusal(response);
    });
  }

  // A seat's answer is its page's entry area (seats/seat.html#answer): shown as a Send's is,
  // when the page still shows that round's form; the player's words are what it says.
  function handAnswer(item, response) {
    if (!response.ok && !(response.status >= 400 && response.status < 500)) return refusal(response);
    if (!response.ok) return { status: "refused", message: "The hand was not sent (error " + response.status + ")." };
    return response.text().then(function (html) {
      var answer = new DOMParser().parseFromString(html, "text/html");
      var refused = answer.querySelector("#seat-entry .error, #seat-entry .pad-note.error");
      var form = entryForm(), entry = document.getElementById("seat-entry");
      if (entry && form && form.getAttribute("data-draft") === item.draft && numberOf(form) === item.number && window.htmx) {
        htmx.swap(entry, html, { swapStyle: "outerHTML" });
        var shown = document.getElementById("seat-entry");
        if (shown) shown.dispatchEvent(new CustomEvent("htmx:afterSwap", { bubbles: true, detail: { target: shown, elt: shown } }));
      }
      var text = refused ? refused.textContent.trim() : "";
      return refused ? { status: "refused-hand", message: text } : { status: "recorded", message: "" };
    });
  }

  // What the phone says once a kept round or hand has gone: "Round 7 sent: Cy loses a token
  // (1 left)" (the round's last decision, as the server said it), "Your hand for round 2 was sent".
  function told(item, answer) {
    if (item.hand) return answer.status === "recorded" ? item.label.replace(/ of .*$/, "") + " was sent ✓"
                                                       : item.label.replace(/ of .*$/, "") + " was not sent: " + answer.message;
    var form = entryForm();
    var name = form && gameOf(form) === item.game ? "Round " + item.number : item.label;
    var outcome = (answer.message || "").replace(/^Round \d+ recorded:? ?/, "");
    return name + " sent" + (outcome ? ": " + outcome : "");
  }

  function settle(item, answer) {
    if (item.hand || answer.status === "recorded" || answer.status === "repeated") sentNow.push(told(item, answer));
    var box = load();
    box.waiting = without(box.waiting, item.id);
    if (!item.hand && (answer.status === "refused" || answer.status === "confirm")) {
      item.message = answer.message || "The server did not record it.";
      box.attention = without(box.attention, item.id).concat([item]);
    }
    store(box);  // recorded, repeated (recorded before) or empty: nothing left to send
  }

  function sendFrom(sent) {
    var item = load().waiting[0];
    if (!item) return Promise.resolve(sent);
    return send(item).then(function (answer) {
      settle(item, answer);
      render();
      return sendFrom(sent + 1);
    }, function (error) {
      problem = error instanceof TypeError ? "Not sent yet: no connection to the server." : "Not sent yet: " + error.message;
      if (error.retryAfter) flushLater(error.retryAfter);
      else retryLater();
      return sent;
    });
  }

  // The standings and the form as the server now has them.
  function showGame() {
    var form = entryForm();
    if (!window.htmx || !document.getElementById("game")) return Promise.resolve();
    return htmx.ajax("GET", form ? form.action : window.location.href, { target: "#game", swap: "outerHTML" });
  }

  function flush() {
    if (flushing || !sessionId() || !load().waiting.length) return flushing;
    clearTimeout(later);
    later = null;
    problem = "";
    sentNow = [];
    flushing = sendFrom(0).then(function (sent) {
      flushing = null;
      if (sent) tries = 0;
      var said = sentNow.slice();
      render();
      if (!sent) return;
      return showGame().then(function () { sayInPad(said); }, function () { sayInPad(said); });
    });
    return flushing;
  }

  // What went, said in the pad, where the host (or player) is looking: each a line of its own.
  function sayInPad(said) {
    var pad = document.querySelector("[data-picker-form] [data-picker]");
    if (!pad || !said.length) return;
    pad.querySelectorAll(".pad-note").forEach(function (old) { old.remove(); });
    var bar = pad.querySelector(".pad-bar");
    said.forEach(function (text) { pad.insertBefore(padNote("recorded sent", text, "status"), bar); });
  }

  // --- What the host sees ------------------------------------------------------------------

  function rounds(count) { return count + " round" + (count === 1 ? "" : "s"); }
  function waitingText(items) {
    var hands = items.filter(function (item) { return item.hand; }).length, said = [];
    if (items.length > hands) said.push(rounds(items.length - hands));
    if (hands) said.push(hands + " hand" + (hands === 1 ? "" : "s"));
    return said.length ? said.join(" and ") + " waiting to send" : "";
  }
  function say(element, text) { if (element.textContent !== text) element.textContent = text; }  // announced once

  function render() {
    if (!sessionId()) return;
    var bar = document.querySelector("[data-outbox]");
    var box = load(), list = document.querySelector("[data-outbox-attention]");
    showInPad(box.waiting);
    if (!bar) return;  // a seat's page: its pad says it
    say(bar.querySelector("[data-outbox-count]"), waitingText(box.waiting));
    say(bar.querySelector("[data-outbox-problem]"), box.waiting.length ? problem : sentNow.join(" "));
    var refused = bar.querySelector("[data-outbox-refused]");  // pages other than the session page
    if (refused) {
      refused.hidden = !box.attention.length;
      say(refused.firstElementChild, box.attention.length ? rounds(box.attention.length) + (box.attention.length === 1 ? " needs" : " need") + " your attention on the session page" : "");
    }
    bar.classList.toggle("waiting", !!(box.waiting.length || refused && box.attention.length));
    bar.querySelector("[data-outbox-send]").hidden = !box.waiting.length;
    if (list) renderAttention(list, box.attention);
  }

  // The pad covers the page's foot and the host looks at it: it says too that rounds wait
  // (the bar itself is at the top of the page).
  function showInPad(waiting) {
    var pad = document.querySelector("[data-picker-form] [data-picker]");
    var line = pad && pad.querySelector("[data-outbox-pad]");
    if (pad && waiting.length && !line) {
      line = document.createElement("p");
      line.className = "pad-waiting";
      line.setAttribute("data-outbox-pad", "");
      pad.insertBefore(line, pad.firstChild);
    }
    if (line && !waiting.length) line.remove();
    else if (line) say(line, waitingText(waiting));
  }

  function button(text, action, id) {
    var element = document.createElement("button");
    element.type = "button";
    element.textContent = text;
    element.setAttribute(action, id);
    return element;
  }

  function renderAttention(section, items) {
    var list = section.querySelector("[data-outbox-attention-list]");
    var form = entryForm();
    section.hidden = !items.length;
    list.textContent = "";
    items.forEach(function (item) {
      var entry = document.createElement("li");
      entry.className = "attention-item";
      var head = document.createElement("p");
      var label = document.createElement("strong");
      label.textContent = item.label;
      head.append(label, ": " + item.message);
      var cards = document.createElement("ul");
      cards.className = "attention-cards";
      item.lines.forEach(function (line) {
        var row = document.createElement("li");
        row.textContent = line;
        cards.append(row);
      });
      var actions = document.createElement("div");
      actions.className = "actions";
      var shown = document.querySelector("#game[data-game]");
      if (form && gameOf(form) === item.game) {
        actions.append(button("Put it back in the form", "data-outbox-put-back", item.id));
      } else if (!shown || shown.getAttribute("data-game") !== item.game) {
        var open = document.createElement("a");
        open.className = "button";
        open.href = item.url;
        open.textContent = "Open its game";
        actions.append(open);
      }
      actions.append(button("Discard it", "data-outbox-discard", item.id));
      entry.append(head, cards, actions);
      list.append(entry);
    });
  }

  // A refused round's cards go back into the form (keeping the form's round number and id).
  function putBack(id) {
    var box = load(), form = entryForm();
    var item = box.attention.filter(function (each) { return each.id === id; })[0];
    if (!item || !form) return;
    item.fields.forEach(function (pair) {
      var element = form.elements[pair[0]];
      if (notTyped(pair[0]) || !element || !element.name) return;
      element.value = pair[1];
      element.dispatchEvent(new Event("input", { bubbles: true }));
      var details = element.closest("details");
      if (details && pair[1]) details.open = true;
    });
    box.attention = without(box.attention, id);
    store(box);
    render();
    document.dispatchEvent(new CustomEvent("picker:refresh", { detail: { active: "" } }));
    form.scrollIntoView({ block: "start" });
  }

  function discard(id) {
    var box = load();
    box.attention = without(box.attention, id);
    store(box);
    render();
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-outbox-send], [data-outbox-put-back], [data-outbox-discard]");
    if (!target) return;
    if (target.hasAttribute("data-outbox-send")) flush();
    else if (target.hasAttribute("data-outbox-put-back")) putBack(target.getAttribute("data-outbox-put-back"));
    else discard(target.getAttribute("data-outbox-discard"));
  });

  // Before draft.js (loaded after this) puts back a round kept for the form's number.
  function start() { catchUp(); render(); }
  document.addEventListener("DOMContentLoaded", function () { start(); flush(); });
  document.addEventListener("htmx:afterSwap", function (event) {  // once per answer (see draft.js)
    var target = event.detail.target;
    if (event.target === target || !target || !document.contains(target)) start();
  });
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") flush(); });
  window.addEventListener("storage", function (event) { if (event.key === PREFIX + sessionId()) render(); });
})();
