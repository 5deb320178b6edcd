// The page nginx answers when no app process could (static/errors/unavailable.html): it opens
// the address it was asked for again, as a GET (never a form sent again), every 10 s.
(function () {
  "use strict";
  var AGAIN_AFTER = 10000;  // ms
  var again = document.getElementById("again");
  if (again) again.href = location.href;
  setTimeout(function () { location.replace(location.href); }, AGAIN_AFTER);
})();
