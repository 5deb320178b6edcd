// A player's own link for a club night. Its socket is kept by live.js; what the server sends
// after each change is swapped in by element id: this player's own part and the standings,
// where this player's row is marked here (they are the same for every player).
(function () {
  "use strict";

  function markMine() {
    Live.markMine("main.night", "#night-shared tr[data-player]");
  }

  Live.watch({
    main: "main.night",
    status: "night-status",
    replaced: { main: "page night", notice: "error", title: "Link replaced" },
    afterMessage: markMine,
  });
  document.addEventListener("DOMContentLoaded", markMine);
})();
