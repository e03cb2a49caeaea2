// Projector view: every few seconds fetch the next screen and swap it in without a reload,
// so the page never flickers. Without JavaScript a <noscript> meta refresh does the same.
(function () {
  "use strict";
  var root = document.getElementById("projector");
  if (!root) return;
  var seconds = parseInt(root.getAttribute("data-seconds"), 10) || 12;
  if (!window.fetch || !window.DOMParser) {
    window.setTimeout(function () { window.location.href = root.getAttribute("data-next"); },
      seconds * 1000);
    return;
  }
  function tick() {
    var next = root.getAttribute("data-next");
    fetch(next, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("projector");
        if (!fresh) return;
        root.replaceChildren.apply(root, Array.prototype.slice.call(fresh.childNodes));
        root.setAttribute("data-next", fresh.getAttribute("data-next"));
        seconds = parseInt(fresh.getAttribute("data-seconds"), 10) || seconds;
        if (window.history && window.history.replaceState) {
          window.history.replaceState(null, "", next);
        }
      })
      .catch(function () { /* keep the current screen; try again at the next tick */ })
      .then(function () { window.setTimeout(tick, seconds * 1000); });
  }
  window.setTimeout(tick, seconds * 1000);
})();
