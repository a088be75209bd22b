// /train's Play button, paced by this page: each tick is a click of the
// frame's Next link, which htmx answers with the next iteration's frame
// (hx-get, its link pushed to the address bar), so no stream is held and
// every frame is a link. The next tick is scheduled only once the frame is
// swapped in. Without this script the Back, Next, +10 and Last links page
// through the run. Keys (outside presentation mode and form fields):
// Space or K play/pause, → or L step, ← or J back, Home or R reset,
// End last, + and − faster and slower.
(function () {
  "use strict";

  var timer = null, playing = false;

  function frame() { return document.getElementById("train-frame"); }
  function part(id) { return document.querySelector('[data-testid="' + id + '"]'); }
  function delay() {
    var s = part("train-speed");
    return s ? Number(s.value) || 250 : 250;
  }
  function follow(id) {
    var a = part(id);
    if (!a || a.tagName !== "A") return false;
    a.click();
    return true;
  }

  function setup() {
    var b = part("train-play"), player = part("train-player");
    if (!b || !player) return;
    player.hidden = false;
    b.textContent = playing ? b.dataset.pause : b.dataset.play;
    b.setAttribute("aria-pressed", playing ? "true" : "false");
    if (playing) schedule();
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      if (playing && !follow("train-next")) {
        playing = false;
        setup();
      }
    }, delay());
  }

  function toggle() {
    playing = !playing;
    clearTimeout(timer);
    setup();
  }

  function faster(by) {
    var s = part("train-speed");
    if (!s) return;
    s.selectedIndex = Math.min(Math.max(s.selectedIndex + by, 0), s.options.length - 1);
  }

  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest('[data-testid="train-play"]')) toggle();
  });
  document.addEventListener("htmx:afterSettle", setup);
  // A frame refused (past the address's quota, say) is not swapped in:
  // Play stops and the frame's link opens as a page, whose message says why
  // in the learner's language.
  document.addEventListener("htmx:responseError", function (e) {
    var d = e.detail || {};
    if (!d.target || d.target.id !== "train-frame") return;
    playing = false;
    clearTimeout(timer);
    setup();
    if (d.pathInfo && d.pathInfo.requestPath) window.location.assign(d.pathInfo.requestPath);
  });
  document.addEventListener("DOMContentLoaded", setup);

  document.addEventListener("keydown", function (e) {
    if (!frame() || e.ctrlKey || e.metaKey || e.altKey || document.body.dataset.present === "1") return;
    var t = e.target;
    if (t.closest && t.closest("input, select, textarea, button, a, summary")) {
      if (e.key === " " || e.key === "Enter") return;
    }
    var done = true;
    switch (e.key) {
      case " ": case "k": case "K": toggle(); break;
      case "ArrowRight": case "l": case "L": done = follow("train-next"); break;
      case "ArrowLeft": case "j": case "J": done = follow("train-back"); break;
      case "Home": case "r": case "R": playing = false; done = follow("train-reset"); break;
      case "End": done = follow("train-last"); break;
      case "+": case "=": faster(1); break;
      case "-": case "_": faster(-1); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });
})();
