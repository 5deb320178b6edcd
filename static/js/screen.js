// The club night's big screen: the live path (live.js) and nothing more; the screen never
// sleeps while it is shown.
(function () {
  "use strict";
  Live.watch({
    main: "main.screen",
    status: "screen-status",
    replaced: { main: "", notice: "board-replaced", title: "Big screen link replaced" },
  });
  Live.keepAwake();
})();
