// Projector view: every few seconds fetch the next screen and swap it in without a reload,
// so the page never flickers. Without JavaScript a <noscript> meta refresh does the same.
(function () {
  "use strict";
  var root = document.getElementById("projector");
  if (!root) return;
  var seconds = parseInt(root.getAttribute("data-seconds"), 10) || 12;

  // Fit the screen above the bar at the bottom: where the last row would end under the bar or
  // below the window (more rows, a 4:3 projector, a long heading, a bar of two lines), shrink
  // the table's type (--fit in projector.css) until it ends above. The type is set through the
  // CSSOM, which the Content-Security-Policy allows (no style attribute in the markup).
  function limit() {
    var foot = root.querySelector(".projector-foot");
    var bottom = window.innerHeight;
    return foot ? Math.min(bottom, foot.getBoundingClientRect().top) : bottom;
  }
  function contentBottom() {
    var bottom = 0;
    Array.prototype.forEach.call(root.children, function (child) {
      if (!child.classList.contains("projector-foot")) {
        bottom = Math.max(bottom, child.getBoundingClientRect().bottom);
      }
    });
    return bottom;
  }
  function fit() {
    var scale = 1;
    root.style.setProperty("--fit", "1");
    for (var step = 0; step < 20 && contentBottom() > limit() && scale > 0.3; step++) {
      scale = Math.max(0.3, scale * 0.95);
      root.style.setProperty("--fit", scale.toFixed(3));
    }
  }
  fit();
  window.addEventListener("resize", fit);

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
        fit();
        if (window.history && window.history.replaceState) {
          window.history.replaceState(null, "", next);
        }
      })
      .catch(function () { /* keep the current screen; try again at the next tick */ })
      .then(function () { window.setTimeout(tick, seconds * 1000); });
  }
  window.setTimeout(tick, seconds * 1000);
})();
