// The club night's big screen: the live path (live.js), kept awake, and the standings kept to the
// rows that fit on this screen (the top of the night; every player's own place is on their
// phone), saying how many more there are.
(function () {
  "use strict";

  function fitStandings() {
    var section = document.getElementById("screen-standings");
    if (!section) return;
    var rows = section.querySelectorAll("tbody tr");
    var more = section.querySelector("[data-more]");
    rows.forEach(function (row) { row.hidden = false; });
    if (more) more.hidden = true;
    var hidden = 0;
    for (var i = rows.length - 1; i > 0 && section.scrollHeight > section.clientHeight; i--) {
      rows[i].hidden = true;
      hidden += 1;
      if (more) {
        more.hidden = false;
        more.textContent = more.dataset.more.replace("{count}", String(hidden));
      }
    }
  }

  Live.watch({
    main: "main.screen",
    status: "screen-status",
    replaced: { main: "", notice: "board-replaced", title: "Big screen link replaced" },
    afterMessage: fitStandings,
  });
  Live.keepAwake();
  document.addEventListener("DOMContentLoaded", fitStandings);
  window.addEventListener("resize", fitStandings);
})();
