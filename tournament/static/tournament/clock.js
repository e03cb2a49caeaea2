// Round clock: counts the time left down to the end the server gave (data-clock-ends), on the
// server's time: the difference between the server's time at rendering (data-clock-now) and the
// device's is kept per clock. Once the time is up the clock says by how much, gets the class
// "over", and shows the element named by data-clock-reveals (the tables still playing). Clocks
// are looked up on every tick: the projector swaps its screen in without a reload.
(function () {
  "use strict";
  function duration(seconds) {
    var minutes = Math.floor(seconds / 60);
    var rest = seconds % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }
  function tick() {
    var clocks = document.querySelectorAll("[data-clock-ends]");
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      var ends = Date.parse(clock.getAttribute("data-clock-ends"));
      if (isNaN(ends)) continue;
      if (!clock.hasAttribute("data-clock-offset")) {
        var server = Date.parse(clock.getAttribute("data-clock-now"));
        clock.setAttribute("data-clock-offset", String(isNaN(server) ? 0 : server - Date.now()));
      }
      var now = Date.now() + Number(clock.getAttribute("data-clock-offset"));
      var left = Math.round((ends - now) / 1000);
      var over = left <= 0;
      var message = clock.getAttribute(over ? "data-msg-over" : "data-msg-left") || "{time}";
      clock.textContent = message.replace("{time}", duration(Math.abs(left)));
      clock.classList.toggle("over", over);
      var reveals = clock.getAttribute("data-clock-reveals");
      var shown = reveals ? document.getElementById(reveals) : null;
      if (shown) shown.hidden = !over;
    }
  }
  tick();
  window.setInterval(tick, 1000);
})();
