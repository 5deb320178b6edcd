// A club night's organiser's page: the tables being played and the standings kept by its socket
// (live.js): each change swaps them in by id; the draw and its forms stay as the organiser
// left them.
(function () {
  "use strict";
  Live.watch({
    main: "#event-live",
    status: "event-status",
    replaced: { element: "div", main: "host-live", notice: "warning", title: document.title },
  });
})();
