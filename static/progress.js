// GAE Lab's course progress, kept in this browser only (localStorage, no
// account). The pages work without it; with it:
// - a lesson read to its end (its previous/next links scrolled into view)
//   and every question answered right are remembered; such a question shows
//   its answer again, marked answered, when its lesson is opened again;
// - /lessons marks each lesson of the course map not started, in progress or
//   done (done: read to the end and every question answered right);
// - /lessons offers a link that carries the progress to another browser, and
//   a progress link opened here is merged into what this browser keeps.
// The progress is one code, the same the server reads from ?progress=: "1"
// then a bit set in unpadded base64url, bit i in byte i/8 (least significant
// first). The page says which bit is what (data-progress-bit and friends);
// web/progress.go holds the list and the server's side of the format.
(function () {
  "use strict";

  var KEY = "gaelab.progress";

  function load() {
    var bits = [];
    try { bits = decode(localStorage.getItem(KEY) || "1"); } catch (e) { bits = []; }
    return bits || [];
  }

  function save(bits) {
    try { localStorage.setItem(KEY, encode(bits)); } catch (e) { /* private mode: nothing kept */ }
  }

  // decode turns a code into an array of bytes, or null if it is not one.
  function decode(code) {
    if (typeof code !== "string" || code.charAt(0) !== "1" || !/^[A-Za-z0-9_-]*$/.test(code.slice(1))) return null;
    var b64 = code.slice(1).replace(/-/g, "+").replace(/_/g, "/");
    while (b64.length % 4) b64 += "=";
    var bin;
    try { bin = atob(b64); } catch (e) { return null; }
    var out = [];
    for (var i = 0; i < bin.length; i++) out.push(bin.charCodeAt(i));
    return out;
  }

  function encode(bits) {
    var n = bits.length;
    while (n > 0 && !bits[n - 1]) n--;
    var bin = "";
    for (var i = 0; i < n; i++) bin += String.fromCharCode(bits[i]);
    return "1" + btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function has(bits, i) { return ((bits[i >> 3] || 0) >> (i & 7)) & 1; }

  function set(bit) {
    var i = parseInt(bit, 10);
    if (isNaN(i) || i < 0 || i > 2000) return;
    var bits = load();
    if (has(bits, i)) return;
    while (bits.length <= i >> 3) bits.push(0);
    bits[i >> 3] |= 1 << (i & 7);
    save(bits);
  }

  // Questions answered right: on load and after each htmx swap.
  function noteAnswers(root) {
    root.querySelectorAll("[data-progress-bit][data-correct]").forEach(function (n) {
      set(n.getAttribute("data-progress-bit"));
    });
  }

  // Questions answered right before: the page is the same for everyone (and
  // cached), so after a reload such a box is blank. It is fetched again
  // revealed, as its "Reveal" button would, and marked with the article's
  // data-progress-answered.
  function restoreAnswers() {
    var article = document.querySelector("article[data-progress-answered]");
    if (!article) return;
    var label = article.getAttribute("data-progress-answered");
    var mine = load();
    article.querySelectorAll("section[data-progress-bit]:not([data-correct])").forEach(function (box) {
      var bit = parseInt(box.getAttribute("data-progress-bit"), 10);
      if (isNaN(bit) || !has(mine, bit)) return;
      var form = box.querySelector("form[hx-get]");
      if (!form || !window.htmx || box.querySelector('[data-testid="reveal"]')) { markAnswered(box, label); return; }
      var q = new URLSearchParams();
      form.querySelectorAll('input[type="hidden"]').forEach(function (i) { q.append(i.name, i.value); });
      q.set(box.id + "-reveal", "1");
      var id = box.id; // each box its own source: htmx drops a second request from one
      htmx.ajax("GET", form.getAttribute("hx-get") + "?" + q.toString(), { source: box, target: "#" + id, swap: "outerHTML" }).then(function () {
        var again = document.getElementById(id);
        if (again) markAnswered(again, label);
      });
    });
  }

  function markAnswered(box, label) {
    if (box.querySelector('[data-testid="progress-answered"]')) return;
    var p = document.createElement("p");
    p.className = "verdict correct";
    p.setAttribute("role", "status");
    p.setAttribute("data-testid", "progress-answered");
    p.textContent = label;
    var form = box.querySelector("form");
    box.insertBefore(p, form ? form.nextSibling : box.firstChild);
  }

  // A lesson read to its end.
  function watchEnd() {
    var article = document.querySelector("article[data-progress-read]");
    var bit = article && article.getAttribute("data-progress-read");
    var end = article && article.querySelector(".prev-next");
    if (!bit || !end) return;
    if (!("IntersectionObserver" in window)) { set(bit); return; }
    var io = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) { set(bit); io.disconnect(); }
    });
    io.observe(end);
  }

  // The course map: import a progress link's code, mark the states, offer the link.
  function courseMap() {
    var box = document.querySelector(".course-progress");
    var list = document.querySelector("ol.course-map");
    if (!box || !list) return;
    var imported = decode(box.getAttribute("data-progress-import") || "");
    if (imported) {
      var bits = load();
      for (var i = 0; i < imported.length; i++) bits[i] = (bits[i] || 0) | imported[i];
      for (var j = 0; j < bits.length; j++) bits[j] = bits[j] || 0;
      save(bits);
    }
    var mine = load();
    list.querySelectorAll("li[data-progress-bit]").forEach(function (li) {
      var bit = parseInt(li.getAttribute("data-progress-bit"), 10);
      if (isNaN(bit)) return;
      var qs = (li.getAttribute("data-question-bits") || "").split(" ").filter(Boolean);
      var right = qs.filter(function (q) { return has(mine, parseInt(q, 10)); }).length;
      var read = has(mine, bit);
      var state = read && right === qs.length ? "done" : (read || right > 0 ? "doing" : "new");
      li.setAttribute("data-state", state);
      var label = li.querySelector(".lesson-state");
      if (label) label.textContent = list.getAttribute("data-label-" + state) || "";
    });
    var share = box.querySelector("[data-progress-share]");
    var base = box.getAttribute("data-share-base");
    if (share && base) {
      var u = new URL(base, location.href);
      u.searchParams.set("progress", encode(mine));
      share.href = u.pathname + u.search;
      share.parentNode.hidden = false;
    }
  }

  function start() {
    noteAnswers(document);
    restoreAnswers();
    watchEnd();
    courseMap();
    document.body.addEventListener("htmx:afterSettle", function (e) { noteAnswers(e.target.parentNode || document); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
