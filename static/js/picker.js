// The card pad: docked at the bottom of the screen under a form of hands, a tap types a card
// into the highlighted hand, which moves on by itself once full and always stays in view
// above the pad. Undo takes back the last card tapped, whichever hand it went into (or, on a
// hand that came filled, its last card); cards already used anywhere in the form are greyed
// out in their places (the grid of 52 is the same in every state, whole on a 320 px phone).
// Crash is entered a player at a time, that player's setting check said in the pad, and a
// foul said before the pad leaves the player. A result (a recorded round, a verdict, a
// correction's preview) is brought into view with the pad folded away when it would cover it.
// A hand is an input (or a textarea: the Crash setting tool's 13 cards) marked data-hand.
// Without this script the pad stays hidden and every hand is typed.
(function () {
  "use strict";

  var SUITS = { "S": "S", "♠": "S", "♤": "S", "H": "H", "♥": "H", "♡": "H",
                "D": "D", "♦": "D", "♢": "D", "C": "C", "♣": "C", "♧": "C" };
  var CARD = /(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])/gi;
  var FOUL_MARK = '<span aria-hidden="true">✗</span> foul';  // a player's step: "Priya foul", read aloud
  var CHECK_WAIT_MS = 4000;  // a setting check not back by then lets the pad move on unchecked
  var active = null; // the hand input cards go into
  var taps = [];     // the cards tapped in, newest last: {input, code}
  var checking = null;  // Crash: the player whose finished setting is being checked {seat, xhr, timer}

  // The cards in a text, as codes like "AS" and "TH", in the order typed.
  function codes(text) {
    var found = [];
    var upper = (text || "").toUpperCase().replace(/[\uFE0E\uFE0F]/g, "");
    upper.replace(CARD, function (_, rank, suit) {
      found.push((rank === "10" ? "T" : rank) + SUITS[suit]);
    });
    return found;
  }

  // A card as the pad shows it ("K♥"), from its code.
  function shown(form, code) {
    var button = form.querySelector('[data-card="' + code + '"]');
    return button ? button.textContent.trim() : code;
  }

  function inputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-hand], textarea[data-hand]"));
  }

  // How many cards an input takes: 3, or what data-capacity says (a declaration's 13).
  function capacity(input) { return parseInt(input.getAttribute("data-capacity") || "3", 10); }
  function full(input) { return codes(input.value).length >= capacity(input); }

  // The row or field that shows which hand the pad types into.
  function holder(input) { return input && input.closest(".hand-row, .field"); }
  function labelOf(input) {
    var label = input.id && document.querySelector('label[for="' + input.id + '"]');
    return label ? label.textContent.trim() : "the highlighted hand";
  }

  // What the pad calls a hand: "Hand 1 of Ann" (data-pad-name), else its label.
  function padName(input) {
    var name = input.getAttribute("data-pad-name") || labelOf(input);
    return name.charAt(0).toUpperCase() + name.slice(1);
  }

  function padOf(form) { return form && form.querySelector("[data-picker]"); }

  // --- Crash, a player at a time --------------------------------------------------------

  function seats(form) { return Array.prototype.slice.call(form.querySelectorAll(".seat-entry")); }
  function steps(form) { return form.querySelector("[data-seat-steps]"); }
  function seatOf(input) { return input && input.closest(".seat-entry"); }
  function seatName(seat) { return seat.querySelector("legend").textContent.trim(); }
  function seatInputs(seat) {
    return Array.prototype.slice.call(seat.querySelectorAll("input[data-hand]:not([data-capacity])"));
  }
  function seatDone(seat) { var hands = seatInputs(seat); return hands.length && hands.every(full); }

  // Show this seat's hands only; when that changes, bring the steps into view above them.
  function showSeat(form, seat) {
    var nav = steps(form);
    if (!nav || !seat || !seat.hidden && seats(form).every(function (each) { return each === seat || each.hidden; })) return;
    seats(form).forEach(function (each, index) {
      each.hidden = each !== seat;
      var button = nav.querySelector('[data-step="' + index + '"]');
      if (each === seat) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    });
    if (following) keepInView(nav);
  }

  function countSteps(form) {
    var nav = steps(form);
    if (!nav) return;
    seats(form).forEach(function (seat, index) {
      var hands = seatInputs(seat);
      var done = hands.filter(full).length;
      var button = nav.querySelector('[data-step="' + index + '"]');
      var foul = !!seat.querySelector(".setting-check [data-foul]");  // the live check's word, as it stands
      var count = button.querySelector("[data-step-count]");
      button.classList.toggle("is-foul", foul);
      if (foul) count.innerHTML = FOUL_MARK;  // as the server draws it
      else count.textContent = done === hands.length ? "✓" : done + "/" + hands.length;
    });
  }

  // The setting check of the highlighted player, said in the pad: the one place it is read
  // aloud, and always in view (the seat's own check sits under its last hand).
  function sayCheck(form) {
    var line = form.querySelector("[data-pad-check]");
    var seat = seatOf(active);
    if (!line) return;
    var check = seat && seat.querySelector(".setting-check");
    line.textContent = checkText(seat);
    line.classList.toggle("warning", !!(check && check.querySelector("[data-foul]")));
    var offer = form.querySelector(".pad-order[data-use-order]");
    if (offer) offer.hidden = !legalOrder(seat);
  }

  function checkText(seat) {
    var check = seat && seat.querySelector(".setting-check p");
    var text = check ? check.textContent.trim() : "";
    return text ? seatName(seat) + ": " + text.charAt(0).toLowerCase() + text.slice(1) : "";
  }

  // A player's last hand is full: check their setting now and move on only once it is known;
  // a foul is said first, with a tap to go on or to go back (the cards wait meanwhile).
  function awaitCheck(form, seat) {
    var fields = seat.querySelector(".hand-fields[hx-get]");
    if (!fields || !window.htmx) return false;
    checking = { form: form, seat: seat, xhr: null,
                 timer: window.setTimeout(function () { checked(seat, false); }, CHECK_WAIT_MS) };
    setBusy(form, true);
    form.querySelector("[data-pad-into]").textContent = "Checking " + seatName(seat) + "'s setting…";
    htmx.trigger(fields, "setting-check");
    return true;
  }

  function checked(seat, foul) {
    if (!checking || checking.seat !== seat) return;
    var form = checking.form;
    window.clearTimeout(checking.timer);
    checking = null;
    say(form);
    if (foul) return showFoul(form, seat);
    sayCheck(form);
    setBusy(form, false);
    setActive(nextOpen(form, active));
  }

  function showFoul(form, seat) {
    var box = form.querySelector("[data-pad-foul]");
    var nextSeat = seatOf(nextOpen(form, active));
    box.hidden = false;  // shown, then written: an alert is read as it appears
    box.setAttribute("role", "alert");
    form.querySelector("[data-pad-check]").textContent = "";  // the question says it, once
    var offer = form.querySelector(".pad-order[data-use-order]");
    if (offer) offer.hidden = true;  // the question offers it
    box.querySelector("[data-foul-text]").textContent = checkText(seat);
    box.querySelector("[data-foul-back]").textContent = "Change " + seatName(seat) + "'s hands";
    box.querySelector("[data-foul-on]").textContent = nextSeat && nextSeat !== seat
      ? "Leave it, go on to " + seatName(nextSeat) : "Leave it like this";
    keepInView(active);
  }

  // Leave the foul's question: go on to the next player, or stay with this one's hands.
  function hideFoul(form) {
    var box = form.querySelector("[data-pad-foul]");
    box.hidden = true;
    box.removeAttribute("role");
  }

  function answerFoul(form, goOn) {
    hideFoul(form);
    setBusy(form, false);
    if (goOn) setActive(nextOpen(form, active));
    else sayCheck(form);
  }

  // A foul's legal order (the check's data-legal-order), hand by hand as card codes, when it
  // holds the very cards of the player's hands as they stand; else null.
  function legalOrder(seat) {
    var said = seat && seat.querySelector(".setting-check [data-legal-order]");
    if (!said || !seatDone(seat)) return null;
    var hands = said.getAttribute("data-legal-order").split("|").map(codes);
    var placed = seatInputs(seat).map(function (input) { return codes(input.value); });
    var all = function (list) { return [].concat.apply([], list).sort().join(" "); };
    if (hands.length !== placed.length || all(hands) !== all(placed)) return null;
    var same = hands.every(function (hand, index) { return hand.join(" ") === placed[index].join(" "); });
    return same ? null : hands;
  }

  // "Use this order": the player's hands set in their legal order in one tap (checked again
  // as typing would be), then on to the next player's hands, as after a setting in order.
  function useOrder(form, seat) {
    var hands = legalOrder(seat);
    if (!hands) return;
    stopChecking(form);
    var mine = seatInputs(seat);
    mine.forEach(function (input, index) {
      input.value = hands[index].map(function (code) { return shown(form, code); }).join(" ");
    });
    taps = taps.filter(function (tap) { return mine.indexOf(tap.input) < 0; });  // Undo: not into these
    seat.querySelector(".setting-check").innerHTML = "";  // the foul is gone: its check comes again
    changed(mine[mine.length - 1]);
    refresh(form);
    setActive(nextOpen(form, mine[mine.length - 1]));
  }

  // The host taps a step, a hand or Undo while the check is awaited or the foul asked about: theirs.
  function stopChecking(form) {
    if (checking) window.clearTimeout(checking.timer);
    checking = null;
    if (form.querySelector("[data-pad-foul]")) hideFoul(form);
    if (form.querySelector(".pad-cards")) setBusy(form, false);
  }

  // While a check is awaited or a foul asked about, the cards take no tap.
  function setBusy(form, busy) {
    var cards = form.querySelector(".pad-cards");
    if (busy) cards.setAttribute("aria-disabled", "true");
    else cards.removeAttribute("aria-disabled");
  }
  function busy(form) { return form.querySelector('.pad-cards[aria-disabled="true"]') !== null; }

  // --- The highlighted hand ---------------------------------------------------------------

  var following = false;  // whether the page follows the highlighted hand (not while it loads)

  function setActive(input) {
    if (holder(active)) holder(active).classList.remove("active");
    active = input;
    if (!active) return;
    if (holder(active)) holder(active).classList.add("active");
    var form = active.closest("[data-picker-form]");
    showSeat(form, seatOf(active));
    say(form);
    sayCheck(form);
    if (following) keepInView(inView(active));
    else noteAnchor();
  }

  // What to keep on screen while a hand is filled: the hand, or with the table cards the
  // round's extras (who called or knocked) beside them, the host's next step.
  function inView(input) { return input.closest("[data-extras]") || input; }

  // What stays on top of the page while it scrolls: the Crash steps, stuck there.
  function topBound() {
    var nav = document.querySelector("[data-seat-steps]:not([hidden])");
    return nav && getComputedStyle(nav).position === "sticky" ? nav.offsetHeight : 0;
  }
  function padTop() {
    var pad = document.querySelector(".pad:not([hidden])");
    return pad ? pad.getBoundingClientRect().top - tabHeight(pad) : window.innerHeight;
  }
  // The "Hide pad" tab stands above the pad's top edge while the pad is open.
  function tabHeight(pad) {
    var tab = pad.querySelector("[data-pad-hide]");
    return tab && tab.offsetParent ? tab.offsetHeight : 0;
  }

  // The hand and the pad both on screen: scroll the hand between the steps and the pad.
  function keepInView(element) {
    var box = element.getBoundingClientRect();
    var top = element.matches("[data-seat-steps]") ? 0 : topBound(), bottom = padTop();
    if (box.top < top) window.scrollBy(0, box.top - top - 8);
    else if (box.bottom > bottom) window.scrollBy(0, Math.min(box.bottom - bottom + 8, box.top - top - 8));
    noteAnchor();
  }

  // A result to read: its top at the top of the screen; the pad folded when it would cover
  // it, or ``always`` (a verdict, a preview: what comes next is not a card).
  function showResult(element, form, always) {
    window.scrollBy(0, element.getBoundingClientRect().top - 8);
    var pad = padOf(form);
    if (pad && !pad.hidden && (always || element.getBoundingClientRect().bottom > padTop())) {
      fold(form);
      window.scrollBy(0, element.getBoundingClientRect().top - 8);
    }
  }

  // The first hand that still needs cards, after the given one if any: the players' hands
  // first, then the rest (the table's cards); declarations are chosen only by tapping into them.
  function nextOpen(form, after) {
    var hands = inputs(form).filter(function (input) { return !input.hasAttribute("data-capacity") && !sentByPhone(input); });
    if (!hands.length) hands = inputs(form);  // a form of one bigger hand (the Crash setting tool's cards)
    var players = hands.filter(seatOf), others = hands.filter(function (input) { return !seatOf(input); });
    return firstOpen(players, after) || firstOpen(others, null) || after || hands[0];
  }

  function firstOpen(hands, after) {
    var start = after ? hands.indexOf(after) + 1 : 0;
    for (var i = 0; i < hands.length; i++) {
      var input = hands[(start + i) % hands.length];
      if (!full(input)) return input;
    }
    return null;
  }

  // --- The round the phones are sending ------------------------------------------------------

  // The pad's ticks, kept fresh by the host's socket: a seat whose own phone sent its hand is
  // never moved into (kept as sent: typing there would change nothing); a seat whose hands the
  // host has typed here reads "✓ by you" and leaves "Not sent yet" (kept at the reveal).
  function ticks() { return Array.prototype.slice.call(document.querySelectorAll("[data-tick]")); }
  function sentByPhone(input) {
    var player = input.getAttribute("data-player");
    return player !== null && ticks().some(function (tick) {
      return tick.hasAttribute("data-sent") && tick.getAttribute("data-tick") === player;
    });
  }
  function typedFor(form, player) {
    var hands = inputs(form).filter(function (input) {
      return input.getAttribute("data-player") === player && !input.hasAttribute("data-capacity");
    });
    return hands.length > 0 && hands.every(full);
  }
  function tickTyped(form) {
    var typed = {};
    ticks().forEach(function (tick) {
      if (tick.classList.contains("sent")) return;  // the server's word: sent, or kept by the host
      var player = tick.getAttribute("data-tick"), done = typedFor(form, player);
      var mark = tick.querySelector("[data-tick-mark]"), you = tick.querySelector("[data-tick-you]");
      tick.classList.toggle("typed", done);
      if (mark) mark.textContent = done ? "✓ by you" : "…";
      if (you) you.hidden = done;
      typed[player] = done;
    });
    document.querySelectorAll("[data-not-sent]").forEach(function (line) {
      var first = true;
      line.querySelectorAll("[data-waiting]").forEach(function (name) {
        name.hidden = !!typed[name.getAttribute("data-waiting")];
        var comma = name.querySelector("[data-waiting-comma]");
        if (comma) comma.hidden = first;
        if (!name.hidden) first = false;
      });
      line.hidden = first;  // every hand not sent is typed here
    });
  }

  // What the pad says it types into, and which cards it offers.
  function say(form) {
    var into = form.querySelector("[data-pad-into]");
    if (!into || !active) return;
    var name = padName(active), count = codes(active.value).length;
    into.textContent = full(active) ? name + " is full"
                                    : name + ": " + count + " of " + capacity(active) + " cards";
  }

  // --- The pad ----------------------------------------------------------------------------

  function refresh(form) {
    var used = {};
    inputs(form).forEach(function (input) {
      codes(input.value).forEach(function (code) { used[code] = true; });
    });
    form.querySelectorAll("[data-card]").forEach(function (button) {
      button.disabled = !!used[button.getAttribute("data-card")];
    });
    countSteps(form);
    showChips(form);
    tickTyped(form);
    if (!active || !form.contains(active)) setActive(nextOpen(form, null));
    else say(form);
  }

  // The pad's height, for the page to leave room for it and scroll hands above it; when it
  // changes (a phone turned, a note shown), the hand being filled is brought back above it.
  var measure = function () {};
  var docked = null;  // the pad measured (a form that moved on keeps its pad)
  function dock(pad) {
    if (pad === docked) { measure(); return; }
    docked = pad;
    var height = 0;
    measure = function () {
      var was = height;
      height = pad.offsetHeight + tabHeight(pad);
      document.documentElement.style.setProperty("--pad-height", height + "px");
      return was !== height;
    };
    document.body.classList.add("has-pad");
    measure();
    if (window.ResizeObserver) new ResizeObserver(function () { if (measure()) followActive(); }).observe(pad);
  }

  // Whatever grows or shrinks above the hand being filled (the players' phones panel, a
  // message, a game switched) keeps it where it was on screen: WebKit, every iPhone's engine,
  // has no scroll anchoring, and Chromium's may pick another element to hold. Its place is
  // noted whenever the page scrolls or the pad moves it, and put back when the page's layout
  // changes; only while it is in view (a host who scrolled away to read is left there).
  var anchor = null;  // {input, top}: the hand being filled, where it last was on screen
  function noteAnchor() {
    anchor = null;
    if (!active || !document.contains(active)) return;
    var box = active.getBoundingClientRect();
    if (box.height && box.top >= topBound() && box.bottom <= padTop() + 1) anchor = { input: active, top: box.top };
  }
  function holdAnchor() {
    var held = anchor;
    if (held && held.input === active && following && document.contains(active)) {
      var moved = active.getBoundingClientRect().top - held.top;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
    noteAnchor();
  }
  window.addEventListener("scroll", noteAnchor, { passive: true });
  if (window.ResizeObserver) {
    document.addEventListener("DOMContentLoaded", function () {
      var main = document.querySelector("main");
      if (main) new ResizeObserver(holdAnchor).observe(main);
    });
  }

  function followActive() {
    var pad = document.querySelector(".pad:not([hidden])");
    if (following && active && pad && !pad.classList.contains("folded") && document.contains(active)) keepInView(inView(active));
  }

  // Folded, the pad is a bar with one button that brings it back (so is a tap anywhere on it).
  function fold(form, label) {
    var pad = padOf(form);
    var button = pad.querySelector("[data-pad-unfold]");
    button.textContent = label || form.getAttribute("data-unfold") || "Show the cards";
    pad.classList.add("folded");
    measure();
  }

  function unfold(form) {
    var pad = padOf(form);
    if (!pad || !pad.classList.contains("folded")) return;
    pad.classList.remove("folded");
    remember(false);
    measure();
    if (active) keepInView(active);
  }

  // "Hide pad": folded until the host shows it again (or taps into a hand), on every page
  // with a pad, for a host reading rather than entering cards.
  var HIDDEN = "brag-referee:pad-hidden";
  function remembered() {
    try { return window.localStorage.getItem(HIDDEN) === "1"; } catch (error) { return false; }
  }
  function remember(hidden) {
    try {
      if (hidden) window.localStorage.setItem(HIDDEN, "1");
      else window.localStorage.removeItem(HIDDEN);
    } catch (error) { /* no storage (a private window): hidden for this page only */ }
  }
  function hide(form) {
    remember(true);
    fold(form, "Show pad");
  }

  function typeCard(form, code) {
    if (full(active)) { say(form); return; }
    active.value = (active.value.trim() + " " + shown(form, code)).trim();
    taps.push({ input: active, code: code });
    changed(active);
    refresh(form);
    var seat = seatOf(active);
    if (!full(active)) keepInView(inView(active));
    else if (!(seat && seatDone(seat) && awaitCheck(form, seat))) setActive(nextOpen(form, active));
  }

  // Take one card out of a hand: its last copy as typed (``code``), else its last card.
  function takeOut(form, input, code) {
    var found = codes(input.value);
    if (!found.length) return false;
    if (!code) code = found[found.length - 1];
    var parts = input.value.trim().split(/\s+/);
    for (var i = parts.length - 1; i >= 0; i--) {
      var cards = codes(parts[i]);
      if (cards.length === 1 && cards[0] === code) {
        parts.splice(i, 1);
        input.value = parts.join(" ");
        return true;
      }
    }
    var at = found.lastIndexOf(code);  // cards typed together ("AsKs"): write the hand again
    if (at < 0) return false;
    found.splice(at, 1);
    input.value = found.map(function (each) { return shown(form, each); }).join(" ");
    return true;
  }

  function tookOut(form, input) {
    changed(input);
    refresh(form);
    setActive(input);
  }

  // Take back the newest tapped card still in its hand (typing may have removed it); with
  // none left, the last card of the highlighted hand (a correction's hands come filled).
  function undo(form) {
    while (taps.length) {
      var tap = taps.pop();
      if (form.contains(tap.input) && takeOut(form, tap.input, tap.code)) return tookOut(form, tap.input);
    }
    if (active && takeOut(form, active, null)) tookOut(form, active);
  }

  // What typing would do: htmx's live checks (Crash's setting check) listen for it.
  function changed(input) { input.dispatchEvent(new Event("input", { bubbles: true })); }

  // --- Chips: a hand's cards as buttons (a correction), one tap takes one back ------------

  function showChips(form) {
    if (!form.hasAttribute("data-picker-chips")) return;
    inputs(form).forEach(function (input) {
      var row = input.parentNode.querySelector(':scope > [data-chips-for="' + input.id + '"]');
      if (!row) {
        row = document.createElement("div");
        row.className = "chips";
        row.setAttribute("data-chips-for", input.id);
        input.insertAdjacentElement("afterend", row);
      }
      var label = labelOf(input);
      var html = codes(input.value).map(function (code) {
        var text = shown(form, code);
        return '<button type="button" class="chip suit-' + code.slice(-1).toLowerCase() + '" data-chip="' + code +
               '" aria-label="Take ' + text + " out of " + escape(label) + '">' + text + "</button>";
      }).join("");
      if (html) html += '<button type="button" class="chip-clear" data-chip-clear aria-label="Clear ' +
                        escape(label) + '">Clear</button>';
      if (row.innerHTML !== html) row.innerHTML = html;
    });
  }

  function escape(text) {
    return text.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  }

  // A form that comes filled with codes ("KH 2D") shows them as the pad writes them ("K♥ 2♦").
  function writeAsCards(form) {
    inputs(form).forEach(function (input) {
      var parts = input.value.trim().split(/\s+/).filter(Boolean);
      if (parts.length && parts.every(function (part) { return codes(part).length === 1 && part.length <= 3; })) {
        input.value = codes(input.value).map(function (code) { return shown(form, code); }).join(" ");
      }
    });
  }

  // ``follow``: whether to bring the hand to fill into view now, on a form made for it
  // (data-picker-follow: the next round's), and not on a page opened to look at something
  // else, such as earlier rounds.
  var padForm = null;  // the form the pad was set up on
  function init(follow) {
    var form = document.querySelector("[data-picker-form]");
    var pad = padOf(form);
    padForm = pad ? form : null;
    if (!pad) {  // the game is over: no room to leave for a pad
      document.body.classList.remove("has-pad");
      return;
    }
    pad.hidden = false;
    pad.classList.remove("folded");  // a form that moved on opens its pad, as a new one does
    if (remembered()) fold(form, "Show pad");  // unless the host hid it
    form.classList.add("padded");
    var nav = steps(form);
    if (nav) nav.hidden = false;
    dock(pad);
    active = null;
    taps = [];
    checking = null;
    following = follow && form.hasAttribute("data-picker-follow");
    if (form.hasAttribute("data-picker-chips")) {  // a correction starts on its first hand
      writeAsCards(form);
      setActive(inputs(form)[0]);
    }
    refresh(form);
    following = true;
    if (form.querySelector(".error")) showRefusal(form);
  }

  // A refusal: the first message on screen, its hand highlighted (the pad says it aloud).
  function showRefusal(form) {
    var message = form.querySelector(".error");
    var field = message && message.closest(".field");
    var input = field && field.querySelector("input[data-hand], textarea[data-hand]");
    if (input) setActive(input);
    if (message) {
      showSeat(form, seatOf(message));
      keepInView(message);
    }
  }

  // A correction opens on its hands, at the top of the screen: each one's cards a tap away.
  function openCorrection(form) {
    var hands = form.querySelector(".seat-list");
    if (hands) window.scrollBy(0, hands.getBoundingClientRect().top - topBound() - 8);
  }

  // A result on the page: a round just recorded (or the game's winner), a verdict, a preview.
  function showResults() {
    var form = document.querySelector("[data-picker-form]");
    var winner = document.querySelector(".winner");
    var result = document.querySelector(".just-recorded, .verdict, .preview");
    var panel = winner && (winner.closest("section") || winner);  // the winner under the game's title
    if (panel && document.querySelector(".just-recorded")) window.scrollBy(0, panel.getBoundingClientRect().top - 8);
    else if (result) showResult(result, form, !result.classList.contains("just-recorded"));
  }

  document.addEventListener("focusin", function (event) {
    if (!event.target.matches || !event.target.matches("input[data-hand], textarea[data-hand]")) return;
    var form = event.target.closest("[data-picker-form]");
    if (form) stopChecking(form);  // the host goes to a hand: theirs, whatever was asked
    setActive(event.target);
    if (form) unfold(form);
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("[data-picker-form]");
    if (form && event.isTrusted) refresh(form);
  });

  document.addEventListener("click", function (event) {
    var form = event.target.closest && event.target.closest("[data-picker-form]");
    if (!form) return;
    if (event.target.closest(".pad.folded")) { unfold(form); return; }
    if (event.target.closest("[data-pad-hide]")) { hide(form); return; }
    var order = event.target.closest("[data-use-order], button[name=use_order]");
    if (order) {  // the pad's, or the check's own (the form's action without this script)
      event.preventDefault();
      useOrder(form, seatOf(order) || seatOf(active));
      return;
    }
    if (event.target.closest("[data-foul-on], [data-foul-back]")) {
      answerFoul(form, !!event.target.closest("[data-foul-on]"));
      return;
    }
    var step = event.target.closest("[data-step]");
    if (step) {
      stopChecking(form);
      var seat = seats(form)[parseInt(step.getAttribute("data-step"), 10)];
      var hands = seatInputs(seat);
      setActive(hands.filter(function (input) { return !full(input); })[0] || hands[0]);
      return;
    }
    var chip = event.target.closest("[data-chip], [data-chip-clear]");
    if (chip) {
      var input = document.getElementById(chip.parentNode.getAttribute("data-chips-for"));
      if (chip.hasAttribute("data-chip-clear")) input.value = "";
      else takeOut(form, input, chip.getAttribute("data-chip"));
      unfold(form);
      tookOut(form, input);
      return;
    }
    var button = event.target.closest("[data-card], [data-picker-undo]");
    if (!button || !active || button.hasAttribute("data-card") && busy(form)) return;
    var note = form.querySelector(".pad-note");  // about the last submit: the host has moved on
    if (note) note.remove();
    if (button.hasAttribute("data-card")) typeCard(form, button.getAttribute("data-card"));
    else {
      stopChecking(form);
      undo(form);
    }
  });

  // A phone turned: the hand being filled goes back above the pad at once (a resize that
  // changes nothing, as a page may get while it loads, moves nothing).
  var screenSize = window.innerWidth + "x" + window.innerHeight;
  function turned() {
    var size = window.innerWidth + "x" + window.innerHeight;
    if (size === screenSize) return;
    screenSize = size;
    window.requestAnimationFrame(followActive);
  }
  window.addEventListener("resize", turned);
  window.addEventListener("orientationchange", turned);

  document.addEventListener("DOMContentLoaded", function () {
    // A page that opens with a message (the board's new link, say) does not follow the hand:
    // it opens on the message (below).
    init(!window.location.hash && !/[?&]page=/.test(window.location.search) && !document.querySelector(".messages"));
    var form = document.querySelector("[data-picker-form][data-picker-chips]");
    var said = document.querySelector(".messages");
    if (document.querySelector(".preview")) showResults();
    else if (form && !form.querySelector(".error")) openCorrection(form);
    // What was just done (a correction saved, say) is what the page opens on, not the pad.
    else if (said) showResult(said, document.querySelector("[data-picker-form]"), false);
  });
  // A question an answer brought (End the evening's, about the games still open) is read and
  // answered before anything else: its top at the top of the screen, the pad folded away.
  document.addEventListener("htmx:afterSettle", function (event) {
    var swapped = event.target, asked = swapped.matches && swapped.matches("[data-to-answer]") ? swapped : null;
    asked = asked || (swapped.querySelector && swapped.querySelector("[data-to-answer]"));
    if (asked) showResult(asked, document.querySelector("[data-picker-form]"), true);
  });
  // draft.js put a kept round back into the form: read it again, the hand it names highlighted.
  document.addEventListener("picker:refresh", function (event) {
    var form = document.querySelector("[data-picker-form]"), hand = document.getElementById((event.detail || {}).active || "");
    if (form) { refresh(form); setActive(hand && form.contains(hand) ? hand : nextOpen(form, null)); } });

  // A setting check is of the hands already full: a hand being filled is left out, so what was
  // said of the others stays said while it fills.
  document.addEventListener("htmx:configRequest", function (event) {
    var fields = event.detail.elt;
    if (!fields.matches || !fields.matches(".hand-fields")) return;
    seatInputs(fields.closest(".seat-entry") || fields).forEach(function (input) {
      if (input.value.trim() && !full(input)) delete event.detail.parameters[input.name];
    });
  });

  // Which request checks the finished setting awaited (an earlier one may still be answered).
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (checking && checking.seat.contains(event.detail.elt)) checking.xhr = event.detail.xhr;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (checking && event.detail.xhr === checking.xhr && !event.detail.successful) checked(checking.seat, false);
  });

  // The host's socket brought fresh ticks (out of band, in the panel and in the pad): say
  // again which hands are typed here.
  // It grew what is above the hand being filled, or the pad itself: the hand is held where it
  // was, then kept above the pad (WebKit has no scroll anchoring to do it). Only while a hand
  // is being filled: a round just recorded (the form emptied) keeps its outcome in view.
  function retick(event) {
    var form = document.querySelector("[data-picker-form]");
    if (!form) return;
    tickTyped(form);
    var config = event.detail && event.detail.requestConfig;  // none: the socket's, not an answer
    var filling = inputs(form).some(function (input) { return input.value.trim(); });
    if (!config && filling && event.target.closest && event.target.closest("#table-panel, #pad-table")) {
      holdAnchor();
      followActive();
    }
  }
  document.addEventListener("htmx:oobAfterSwap", retick);
  document.addEventListener("htmx:afterSettle", retick);

  // htmx swaps the form in place: pick up the new one, keep the highlighted hand. Only an
  // answer's swap that brings the form or takes it away: any other piece of the page swapped
  // in (the players' phones panel, sent on the page's socket, and its row of ticks in the pad; a seat's
  // coaching) leaves the pad as the host has it, which taking it up again would not (the last
  // round's result brought back into view, the pad folded over it in the middle of a hand).
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (outOfBand(event)) return;
    var check = target && target.closest && target.closest(".setting-check");
    if (check) settingChecked(check, event.detail.xhr);
    else if (answered(event.target)) swapped();
  });

  function answered(element) {
    var holds = element.matches && (element.matches("[data-picker-form]") || element.querySelector("[data-picker-form]"));
    return !!holds || !!padForm && !document.contains(padForm);
  }

  // A piece of the page an answer swapped out of band, its target staying (a recorded round
  // whose form moved on, emptied: outbox.js): the target's own swap is the one to follow.
  function outOfBand(event) {
    var target = event.detail.target;
    return event.target !== target && target && document.contains(target);
  }

  // A player's setting check came back: said in the pad; the awaited one lets it move on.
  function settingChecked(check, xhr) {
    var form = check.closest("[data-picker-form]");
    if (form) countSteps(form);  // a player's step marks a foul
    if (checking && xhr === checking.xhr) checked(checking.seat, !!check.querySelector("[data-foul]"));
    else if (form && seatOf(active) === check.closest(".seat-entry")) sayCheck(form);
  }

  function swapped() {
    var row = active && active.id;
    init(true);
    var again = row && document.getElementById(row);
    var form = document.querySelector("[data-picker-form]");
    // (The judge's hands stay in the form; a recorded round brings an empty one: start at its top.)
    var kept = form && inputs(form).some(function (input) { return input.value.trim(); });
    if (again && kept && form.contains(again) && !form.querySelector(".error")) setActive(again);
    showResults();
  }
})();
