// A player's own link for a club night. Its socket is kept by live.js; what the server sends
// after each change is swapped in by element id: this player's own part and the standings,
// where this player's row is marked here (they are the same for every player).
(function () {
  "use strict";

  function markMine() {
    var main = document.querySelector("main.night");
    var name = main ? main.dataset.me : "";
    document.querySelectorAll("#night-shared tr[data-player]").forEach(function (row) {
      row.classList.toggle("is-you", row.dataset.player === name);
    });
  }

  Live.watch({
    main: "main.night",
    status: "night-status",
    replaced: { main: "page night", notice: "error", title: "Link replaced" },
    afterMessage: markMine,
  });
  document.addEventListener("DOMContentLoaded", markMine);
})();
