// GAE Lab's direct manipulation on /play. The page works without it (the
// form edits every number, the server computes everything); with it:
// - the marks the server drew as handles (V(s_t) on the values chart, the
//   top of each score bar) become ARIA sliders: drag them, or focus them
//   (Tab) and press ↑/↓ (±0.01), Shift+↑/↓ (±0.1), Home/End (minimum,
//   maximum); the page recomputes while dragging, at most one request in
//   flight, at most one per animation frame;
// - a click on a cell of an input row of the table (V(s_t), score) edits it
//   in place: Enter or leaving the cell commits, Escape cancels;
// - each committed edit is one history entry, so Back undoes it and Forward
//   redoes it: the first request of an edit asks the server to push its link
//   (GAE-History: push), the later ones (while dragging or typing) to
//   replace it; the step-through's steps and auto-play replace.
// A handle edits the form's own field (V.3, or item 3 of the list V of a
// long response), so an edit by hand and an edit by drag are one link.
(function () {
  "use strict";

  function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }
  function round(x, d) { var p = Math.pow(10, d); return Math.round(x * p) / p; }
  function form() { return document.getElementById("editor"); }

  // The form field of quantity name at token t: {set(x)} or null.
  function field(name, t) {
    var one = document.getElementById(name + "." + t);
    if (one && one.form === form()) return { set: function (x) { one.value = String(x); } };
    var list = document.getElementById(name);
    if (!list || list.tagName !== "TEXTAREA") return null;
    var items = list.value.split(",");
    if (t >= items.length) return null;
    return { set: function (x) { var it = list.value.split(","); it[t] = String(x); list.value = it.join(","); } };
  }

  // History: open is true once the current edit has its entry; closing makes
  // the next request of the form the edit's last.
  var open = false, closing = false, from = "";
  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt, h = elt && elt.dataset && elt.dataset.history;
    if (!elt || elt !== form() || e.detail.headers["HX-Target"] !== "results") {
      open = false; // another page, a preset, a step: the next edit is a new one
      latest = null;
      if (h) e.detail.headers["GAE-History"] = h;
      return;
    }
    e.detail.headers["GAE-History"] = open ? "replace" : "push";
    // Every request of one edit (a drag, typing) says where the edit came
    // from, so that the page says what the whole edit moved (web/play's
    // moved.go), not what the last animation frame did.
    if (!open) from = location.href;
    e.detail.headers["HX-Current-URL"] = from;
    open = !closing;
    closing = false;
  });
  // A change (typing done, a select, a checkbox) ends the edit: its request
  // is the edit's last. Capture runs before htmx's own listener.
  document.addEventListener("change", function (e) {
    if (e.target.form && e.target.form === form() && !e.target.classList.contains("cell-edit")) closing = true;
  }, true);

  // Sending: the latest value goes at the next animation frame; the form's
  // hx-sync (queue last) keeps one request in flight and drops stale ones.
  var pending = null, frame = 0;
  function send(name, t, x, commit) {
    pending = { name: name, t: t, x: x, commit: commit || (pending && pending.commit) };
    if (frame) return;
    frame = requestAnimationFrame(function () {
      frame = 0;
      var p = pending, f = field(p.name, p.t);
      pending = null;
      if (!f || !window.htmx) return;
      f.set(p.x);
      if (p.commit) closing = true;
      htmx.trigger(form(), "gae-edit");
    });
  }

  // The live region that announces a slider's new value.
  function announce(text) {
    var s = document.getElementById("edit-status");
    if (!s) {
      s = document.createElement("div");
      s.id = "edit-status";
      s.className = "visually-hidden";
      s.setAttribute("aria-live", "polite");
      document.body.appendChild(s);
    }
    s.textContent = text;
  }

  // Sliders: the handles of an editable page. A handle's name is its
  // group's template with {t} (or {ₜ}, in subscript digits) its index.
  function sub(n) { return String(n).replace(/[0-9]/g, function (d) { return String.fromCharCode(0x2080 + Number(d)); }); }
  // sliders makes the handles under root sliders. It changes only what
  // differs, and the page's morph (static/app.js) gives it each answer
  // before the page takes it (the event gae-morph): the answer's handles
  // are then the page's, and a step changes no attribute of theirs.
  function sliders(root) {
    function set(el, name, value) { if (el.getAttribute(name) !== value) el.setAttribute(name, value); }
    root.querySelectorAll("svg .handles").forEach(function (g) {
      var hs = g.querySelectorAll("circle[data-t]");
      if (!hs.length || !field(g.dataset.field, hs[0].dataset.t)) return;
      set(g.ownerSVGElement, "role", "group");
      hs.forEach(function (h) {
        var n = Number(h.dataset.t) + Number(g.dataset.base || 0);
        if (!h.classList.contains("handle")) h.classList.add("handle");
        set(h, "role", "slider");
        set(h, "tabindex", "0");
        set(h, "aria-label", g.dataset.name.replace("{t}", n).replace("{ₜ}", sub(n)));
        set(h, "aria-orientation", "vertical");
        set(h, "aria-valuemin", g.dataset.min);
        set(h, "aria-valuemax", g.dataset.max);
        set(h, "aria-valuenow", h.dataset.v);
      });
    });
  }
  document.addEventListener("gae-morph", function (e) { sliders(e.detail.root); });
  function enhance() {
    sliders(document);
    if (latest) {
      var l = handle(latest.name, latest.t);
      if (!l || parseFloat(l.dataset.v) === latest.x) latest = null; // the answer caught up
      else hold(l, latest.x);
    }
    if (focusAfter) {
      var h = handle(focusAfter.name, focusAfter.t);
      if (h) { h.focus({ preventScroll: true }); if (drag) h.classList.add("dragging"); }
    }
  }
  function handle(name, t) {
    return document.querySelector('svg .handles[data-field="' + name + '"] [data-t="' + t + '"][role=slider]');
  }
  function sliderOf(el) { return el && el.closest ? el.closest("svg .handles [role=slider]") : null; }

  // latest is the value a slider was last set to, until an answer shows it:
  // the answer to an older request (the form keeps one in flight and queues
  // the last) must neither move the handle back nor be where the next key
  // press or drag starts.
  var latest = null;
  document.addEventListener("input", function (e) {
    if (e.target.form && e.target.form === form()) latest = null; // typed by hand
  }, true);
  document.addEventListener("htmx:historyRestore", function () { latest = null; });
  // hold shows slider h at x, the value the learner set.
  function hold(h, x) {
    var g = h.parentNode, y0 = parseFloat(g.dataset.y0), k = parseFloat(g.dataset.k);
    h.setAttribute("aria-valuenow", String(x));
    h.dataset.v = String(x);
    if (isFinite(y0) && isFinite(k)) h.setAttribute("cy", String(y0 - x * k));
  }

  // set moves slider h to x (clamped to its range), shows and announces it,
  // and sends it.
  var focusAfter = null;
  function set(h, x, commit) {
    var g = h.parentNode;
    x = clamp(x, parseFloat(g.dataset.min), parseFloat(g.dataset.max));
    hold(h, x);
    latest = { name: g.dataset.field, t: h.dataset.t, x: x };
    focusAfter = { name: g.dataset.field, t: h.dataset.t };
    announce(h.getAttribute("aria-label") + " = " + x);
    send(g.dataset.field, Number(h.dataset.t), x, commit);
  }

  document.addEventListener("keydown", function (e) {
    var h = sliderOf(e.target);
    if (!h || e.ctrlKey || e.metaKey || e.altKey) return;
    var g = h.parentNode, x = parseFloat(h.dataset.v), step = e.shiftKey ? 0.1 : 0.01;
    switch (e.key) {
      case "ArrowUp": case "ArrowRight": x = round(x + step, 6); break;
      case "ArrowDown": case "ArrowLeft": x = round(x - step, 6); break;
      case "PageUp": x = round(x + 0.1, 6); break;
      case "PageDown": x = round(x - 0.1, 6); break;
      case "Home": x = parseFloat(g.dataset.min); break;
      case "End": x = parseFloat(g.dataset.max); break;
      default: return;
    }
    e.preventDefault();
    set(h, x, true); // each key press is one edit: Back undoes it
  });

  // Dragging: the pointer's vertical distance from where it went down, at
  // the chart's scale then (data-k px per unit, times the SVG's zoom).
  var drag = null;
  document.addEventListener("pointerdown", function (e) {
    var h = sliderOf(e.target);
    if (!h || e.button !== 0) return;
    e.preventDefault();
    var m = h.ownerSVGElement.getScreenCTM();
    drag = { h: h, y: e.clientY, v: parseFloat(h.dataset.v), x: parseFloat(h.dataset.v), k: parseFloat(h.parentNode.dataset.k) * (m ? m.d : 1), moved: false };
    h.classList.add("dragging");
    h.focus({ preventScroll: true });
  });
  window.addEventListener("pointermove", function (e) {
    if (!drag || !drag.k) return;
    var x = round(drag.v + (drag.y - e.clientY) / drag.k, 2);
    var h = handle(drag.h.parentNode.dataset.field, drag.h.dataset.t) || drag.h;
    if (x === drag.x) return;
    drag.x = x;
    drag.moved = true;
    set(h, x, false);
  });
  // The value committed is the one the pointer set (drag.x), never the one
  // of the latest answer, which may be an older request's.
  function drop() {
    if (!drag) return;
    var d = drag, h = handle(d.h.parentNode.dataset.field, d.h.dataset.t) || d.h;
    drag = null;
    h.classList.remove("dragging");
    if (d.moved) set(h, d.x, true); // the edit's last request
  }
  window.addEventListener("pointerup", drop);
  window.addEventListener("pointercancel", drop);

  // In-place editing of the table's input rows.
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("tr[data-edit] td > button[form=cells]");
    if (!b) return;
    var td = b.parentNode, tr = td.parentNode, t = td.cellIndex - 1;
    if (!field(tr.dataset.edit, t)) return;
    e.preventDefault();
    var head = document.querySelector('.token-table th[data-t="' + t + '"] .t-index');
    var input = document.createElement("input");
    input.type = "text";
    input.inputMode = "decimal";
    input.className = "cell-edit";
    input.value = b.dataset.f || b.textContent.trim();
    input.setAttribute("aria-label", tr.dataset.editLabel.replace("{t}", head ? head.textContent : String(t)));
    b.hidden = true;
    td.appendChild(input);
    input.focus();
    input.select();
    var done = false;
    function finish(commit) {
      if (done) return;
      done = true;
      var x = parseFloat(input.value);
      input.remove();
      b.hidden = false;
      if (commit && isFinite(x) && x !== parseFloat(b.dataset.f || b.textContent)) send(tr.dataset.edit, t, x, true);
      else b.focus();
    }
    // The editor has no name and speaks to the form only through its field.
    ["input", "change"].forEach(function (type) { input.addEventListener(type, function (ev) { ev.stopPropagation(); }); });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") { ev.preventDefault(); finish(true); }
      else if (ev.key === "Escape") { ev.preventDefault(); finish(false); }
    });
    input.addEventListener("blur", function () { finish(true); });
  });

  // A table cell's button submits the cells form (templates.CellForm) with
  // its sel=, or without one to close the formula. Without JavaScript the
  // browser does it; htmx sends only the submit buttons it tracks, so the
  // click is sent here, after the in-place editor above had its say.
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest('td > button[form="cells"], .formula button[form="cells"]');
    if (!b || e.defaultPrevented || !b.form || !window.htmx) return;
    e.preventDefault();
    var values = {};
    if (b.name) values[b.name] = b.value;
    htmx.ajax("GET", b.form.getAttribute("hx-get"), { source: b.form, target: "#results", swap: "outerHTML", values: values });
  });

  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:afterSettle", function () {
    enhance();
    if (!drag) focusAfter = null;
  });
})();
