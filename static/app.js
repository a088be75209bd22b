// GAE Lab's page behaviour. The pages work without it; with it:
// - a slider and its exact number input stay in step, and arrow keys nudge
//   the number by ±0.01 (Shift: ±0.1) within its range;
// - hovering or focusing a table cell highlights its token t in every row and
//   every chart;
// - "Copy link" copies the page's canonical link;
// - Play walks the backward loop step by step, at the link's speed=.
(function () {
  "use strict";

  // The step-through's marks move (issue 35): htmx gives a swapped-in
  // element with the id of one on the page that element's settled
  // attributes first, and its own a moment later, so a CSS transition on
  // them runs (static/app.css, "the step-through moves"). Besides class,
  // style, width and height, settle the rings' centre and radius and the
  // outline's corner. (The playground's answers morph instead, below: its
  // marks are the same elements, and their new attributes transition.)
  if (window.htmx) {
    ["cx", "cy", "r", "x", "y"].forEach(function (a) {
      if (htmx.config.attributesToSettle.indexOf(a) < 0) htmx.config.attributesToSettle.push(a);
    });
  }

  // The playground's answers change a few numbers of a large page (issue
  // 35's budgets: at 64 tokens a step ≤ 150 ms, a control ≤ 200 ms to the
  // new frame). Swapping its main part or its results whole rebuilt the
  // ~1,100 elements of the table and the ~700 marks of the charts, styled
  // and laid them out afresh, and made htmx walk every element it removed.
  // The "morph" swap keeps each element that is still there (the same tag
  // and id in the same place), gives it the answer's attributes and text,
  // and inserts or removes only the others: the browser redoes the style
  // and layout of what changed, and a mark that moved glides there by its
  // CSS transition (the step-through). It is the htmx extension gae-morph,
  // on the whole document: htmx:beforeSwap chooses it for an outerHTML swap
  // of the playground's <main> or of an element inside it. Without this
  // script htmx swaps outerHTML as before; an answer that is not the
  // playground's (a link to another page) replaces the element whole.
  var playMain = "main#main.play"; // templates.PlayMain
  if (window.htmx) {
    var morphAPI = null;
    htmx.defineExtension("gae-morph", {
      init: function (api) { morphAPI = api; },
      onEvent: function (name, e) {
        var d = e.detail;
        if (name !== "htmx:beforeSwap" || !d.shouldSwap || !d.requestConfig || !morphAPI) return true;
        if (!d.target || !d.target.closest || !d.target.closest(playMain)) return true;
        var spec = morphAPI.getSwapSpecification(d.requestConfig.elt, d.swapOverride);
        if (spec.swapStyle === "outerHTML" && !spec.transition && !spec.swapDelay) d.swapOverride = "morph settle:0ms";
        return true;
      },
      handleSwap: function (style, target, fragment, settle) {
        if (style !== "morph") return false;
        var root = null, n;
        for (n = fragment.firstChild; n; n = n.nextSibling) {
          if (n.nodeType === 1) { if (root) { root = null; break; } root = n; }
        }
        // The playground's <main> morphs only into the playground's; an
        // element inside it, into one of its tag and id.
        if (!root || !sameNode(target, root) || (target.matches(playMain) && !root.matches(playMain))) {
          // Several elements, or another page: the answer replaces the target.
          var elts = Array.prototype.filter.call(fragment.childNodes, function (c) { return c.nodeType === 1; });
          target.replaceWith(fragment);
          settle.elts = settle.elts.filter(function (e) { return e !== target; }).concat(elts);
          return elts.length ? elts : true;
        }
        // The results are a live region: it is busy while it changes, so
        // that a screen reader reads it once changed, not cell by cell.
        var live = [target, root].map(function (el) { return el.matches("[aria-live]") ? el : el.querySelector("[aria-live]"); });
        if (live[0] && live[1]) {
          live[0].setAttribute("aria-busy", "true");
          live[1].setAttribute("aria-busy", "true");
        }
        var touched = [];
        morph(target, root, touched);
        if (live[0] && live[1]) requestAnimationFrame(function () { live[0].removeAttribute("aria-busy"); });
        return touched.length ? touched : true;
      }
    });
    // The answer's parts out of band (the form's state and errors, the
    // cells form, the presets, the navigation) morph too while the
    // playground is on the page: swapped whole, they were a step's
    // slowest part at 64 tokens. htmx still says each was swapped
    // (htmx:oobAfterSwap, which marks the fields in error).
    document.addEventListener("htmx:oobBeforeSwap", function (e) {
      var d = e.detail, root = d.fragment && d.fragment.firstElementChild;
      if (!d.shouldSwap || !root || d.fragment.childNodes.length !== 1 || !document.querySelector(playMain) || !sameNode(d.target, root)) return;
      var touched = [];
      morph(d.target, root, touched);
      d.shouldSwap = false;
      touched.forEach(function (el) { htmx.process(el); });
      htmx.trigger(d.target, "htmx:oobAfterSwap", d);
    });
    // htmx finds an extension in the hx-ext of an element or its
    // ancestors; the root element is never swapped.
    var ext = document.documentElement.getAttribute("hx-ext");
    document.documentElement.setAttribute("hx-ext", ext ? ext + ", gae-morph" : "gae-morph");
  }

  // sameNode says whether the page's node a can become the answer's node b
  // (morphNode): a text for a text, an element of the same tag and id.
  function sameNode(a, b) {
    return a.nodeType === b.nodeType && (a.nodeType !== 1 || (a.tagName === b.tagName && a.id === b.id));
  }

  // morph is morphNode of the page's a and the answer's b, after the
  // scripts that enhance the page enhanced b (the event gae-morph, whose
  // detail.root is b): what they add is then on both sides, and only what
  // the answer changed changes on the page.
  function morph(a, b, touched) {
    document.dispatchEvent(new CustomEvent("gae-morph", { detail: { root: b } }));
    morphNode(a, b, touched);
  }

  // morphNode makes the page's node a what the answer's node b is, keeping
  // a and the children that sameNode matches in order; b's unmatched
  // children move into a. The elements htmx must process again (inserted,
  // or a link, form or hx- element whose attributes changed) are appended
  // to touched.
  function morphNode(a, b, touched) {
    if (a.nodeType !== 1) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      return;
    }
    if (morphAttributes(a, b) && (a.tagName === "A" || a.tagName === "FORM" || hasHx(a))) touched.push(a);
    var x = a.firstChild, y = b.firstChild, next;
    while (y) {
      next = y.nextSibling;
      if (x && !sameNode(x, y) && x.nextSibling && sameNode(x.nextSibling, y) && !(next && sameNode(x, next))) {
        var gone = x; // the answer dropped this one
        x = x.nextSibling;
        a.removeChild(gone);
      }
      if (x && sameNode(x, y)) {
        // Most of a step's answer is what the page shows already: an
        // equal subtree (the browser compares it natively) keeps its
        // nodes, and only its controls take the answer's state.
        if (x.nodeType === 1 && x.isEqualNode(y)) syncControls(x, y);
        else morphNode(x, y, touched);
        x = x.nextSibling;
      } else {
        a.insertBefore(y, x);
        if (y.nodeType === 1) touched.push(y);
      }
      y = next;
    }
    while (x) {
      next = x.nextSibling;
      a.removeChild(x);
      x = next;
    }
    syncControl(a, b);
  }

  // syncControl gives the page's control a what a fresh element would
  // show: the answer's b's value or check, as after a swap.
  function syncControl(a, b) {
    switch (a.tagName) {
      case "INPUT":
        if (a.type === "checkbox" || a.type === "radio") a.checked = b.checked;
        else if (a.value !== b.value) a.value = b.value;
        break;
      case "TEXTAREA":
        if (a.value !== b.value) a.value = b.value;
        break;
      case "SELECT":
        if (a.selectedIndex !== b.selectedIndex) a.selectedIndex = b.selectedIndex;
        break;
    }
  }

  // syncControls is syncControl for a and every control inside it, where
  // b is equal to a (isEqualNode): its controls are a's, in order.
  function syncControls(a, b) {
    var controls = "input, textarea, select";
    if (a.matches(controls)) syncControl(a, b);
    var as = a.querySelectorAll(controls), bs = b.querySelectorAll(controls);
    for (var i = 0; i < as.length; i++) syncControl(as[i], bs[i]);
  }

  // morphAttributes gives a exactly b's attributes and says whether any
  // but its class changed (htmx's own classes come and go on the
  // elements it swaps; a class is nothing htmx has to process again).
  function morphAttributes(a, b) {
    var changed = false, i, x;
    for (i = 0; i < b.attributes.length; i++) {
      x = b.attributes[i];
      if (x.namespaceURI) {
        if (a.getAttributeNS(x.namespaceURI, x.localName) !== x.value) { a.setAttributeNS(x.namespaceURI, x.name, x.value); changed = true; }
      } else if (a.getAttribute(x.name) !== x.value) {
        a.setAttribute(x.name, x.value);
        changed = changed || x.name !== "class";
      }
    }
    for (i = a.attributes.length - 1; a.attributes.length > b.attributes.length && i >= 0; i--) {
      x = a.attributes[i];
      if (x.namespaceURI ? !b.hasAttributeNS(x.namespaceURI, x.localName) : !b.hasAttribute(x.name)) {
        changed = changed || x.name !== "class";
        a.removeAttributeNode(x);
      }
    }
    return changed;
  }

  function hasHx(el) {
    for (var i = 0; i < el.attributes.length; i++) {
      var n = el.attributes[i].name;
      if (n.lastIndexOf("hx-", 0) === 0 || n.lastIndexOf("data-hx-", 0) === 0) return true;
    }
    return false;
  }

  function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }

  function round(x) { return Math.round(x * 1e6) / 1e6; }

  // Slider <-> exact number.
  document.addEventListener("input", function (e) {
    var el = e.target;
    if (el.matches && el.matches("input[type=range][data-mirror]")) {
      var exact = document.getElementById(el.dataset.mirror);
      if (exact) {
        exact.value = el.value;
        exact.dispatchEvent(new Event("input", { bubbles: true }));
      }
    } else if (el.matches && el.matches("input.exact")) {
      var range = document.getElementById(el.id + "-range");
      var x = parseFloat(el.value);
      if (range && !isNaN(x)) range.value = x;
    }
  });

  document.addEventListener("keydown", function (e) {
    var el = e.target;
    if (!el.matches || !el.matches("input.exact") || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    var x = parseFloat(el.value);
    if (isNaN(x)) return;
    var step = e.shiftKey ? 0.1 : 0.01;
    var lo = parseFloat(el.dataset.min), hi = parseFloat(el.dataset.max);
    x = round(x + (e.key === "ArrowUp" ? step : -step));
    if (!isNaN(lo) && !isNaN(hi)) x = clamp(x, lo, hi);
    el.value = String(x);
    e.preventDefault();
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Column highlight across the table and the charts.
  var lit = null;
  function highlight(t) {
    if (t === lit) return;
    document.querySelectorAll(".hl.on, td.hl, th.hl").forEach(function (n) {
      n.classList.remove("on");
      if (n.tagName === "TD" || n.tagName === "TH") n.classList.remove("hl");
    });
    lit = t;
    if (t === null) return;
    // Column t is the header th[data-t] and, in every row, cell t + 1 (after the row label).
    document.querySelectorAll('.token-table th[data-t="' + t + '"]').forEach(function (n) { n.classList.add("hl"); });
    document.querySelectorAll(".token-table tbody tr").forEach(function (row) {
      var c = row.cells[Number(t) + 1];
      if (c) c.classList.add("hl");
    });
    document.querySelectorAll('.chart svg .hl[data-t="' + t + '"]').forEach(function (n) { n.classList.add("on"); });
  }
  function cellT(el) {
    var cell = el.closest && el.closest(".token-table th, .token-table td");
    if (!cell) return null;
    if (cell.dataset.t !== undefined) return cell.dataset.t;
    return cell.cellIndex > 0 && cell.tagName === "TD" ? String(cell.cellIndex - 1) : null;
  }
  document.addEventListener("mouseover", function (e) { var t = cellT(e.target); if (t !== null) highlight(t); });
  document.addEventListener("focusin", function (e) { highlight(cellT(e.target)); });

  // Copy link.
  function setUpCopy() {
    document.querySelectorAll("button.copy-link").forEach(function (b) {
      b.hidden = !navigator.clipboard;
      b.onclick = function () {
        var url = new URL(b.dataset.url, location.href).href;
        navigator.clipboard.writeText(url).then(function () {
          var label = b.textContent;
          b.textContent = b.dataset.copied;
          setTimeout(function () { b.textContent = label; }, 1500);
        });
      };
    });
  }

  // Play: follow the Next link at the link's speed (the button's
  // data-interval, milliseconds per step, read afresh at every step, so a
  // speed chosen while playing takes effect at once) until the last step.
  // The next step goes one interval after this one was asked for, and not
  // before this one has settled (on a slow network the play slows down
  // rather than skip a frame). The Next link replaces the history entry
  // (data-history).
  var timer = null, playing = false;
  function playButton() { return document.querySelector("button.step-play"); }
  function interval() {
    var b = playButton(), ms = b ? parseInt(b.dataset.interval, 10) : NaN;
    return ms > 0 ? ms : 1000;
  }
  function stop() {
    playing = false;
    clearTimeout(timer);
    timer = null;
    setUpPlay();
  }
  function tick() {
    timer = null;
    if (!playing) return;
    // The last step is still loading, or being swapped in: its new links
    // are boosted only when it has settled (clicked before, a link would
    // load the whole page).
    if (document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")) {
      timer = setTimeout(tick, 20);
      return;
    }
    var next = document.querySelector('a[data-testid="step-next"]');
    if (!next) { stop(); return; }
    next.click();
    timer = setTimeout(tick, interval());
  }
  function setUpPlay() {
    var b = playButton();
    if (!b) { if (playing) stop(); return; }
    b.hidden = false;
    b.textContent = playing ? b.dataset.pause : b.dataset.play;
    b.onclick = function () {
      if (playing) { stop(); return; }
      playing = true;
      b.textContent = b.dataset.pause;
      timer = setTimeout(tick, interval());
    };
  }

  // The first screen's invitation rings the mark it names until the
  // learner acts (the server drops the invitation once the state is edited).
  function setUpInvite() {
    var p = document.querySelector('[data-testid="invite"]');
    if (!p) return;
    var sel = 'svg .handles[data-field="' + p.dataset.field + '"] circle[data-t="' + p.dataset.t + '"]';
    document.querySelectorAll(sel).forEach(function (c) { c.classList.add("invited"); });
  }

  function setUp() { lit = null; setUpCopy(); setUpPlay(); setUpInvite(); }
  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:afterSettle", function () {
    setUp();
    // Keep the copy button and the language switch on the address bar's
    // link: an htmx edit changed the state without reloading the header.
    document.querySelectorAll("button.copy-link").forEach(function (b) { b.dataset.url = location.pathname + location.search; });
    // The QR code too (issue 35): its link (and so the dialog) encodes the
    // state in the address bar, not the page's first one.
    document.querySelectorAll("a.qr-open").forEach(function (a) {
      var u = new URL(a.href, location.href);
      u.searchParams.set("u", location.pathname + location.search);
      if (u.searchParams.has("back")) u.searchParams.set("back", location.pathname + location.search);
      a.href = u.pathname + u.search;
    });
    // The switch goes through /lang/{lang}, which remembers the choice.
    document.querySelectorAll("a.lang-switch[hreflang]").forEach(function (a) {
      var lang = a.getAttribute("hreflang");
      var q = new URLSearchParams(location.search);
      q.set("lang", lang);
      a.href = "/lang/" + lang + "?to=" + encodeURIComponent(location.pathname + "?" + q.toString());
    });
  });
})();

// After an edit, mark exactly the fields the error summary names as invalid.
document.addEventListener("htmx:oobAfterSwap", function (e) {
  // htmx 2 passes the replaced element; read the new one from the page.
  var summary = document.getElementById("form-errors");
  if (!summary || !e.detail || !e.detail.target || e.detail.target.id !== "form-errors") return;
  var bad = {};
  summary.querySelectorAll("li[data-field]").forEach(function (li) { bad[li.dataset.field] = true; });
  document.querySelectorAll("#editor [aria-invalid]").forEach(function (el) {
    if (!bad[el.id]) el.removeAttribute("aria-invalid");
  });
  Object.keys(bad).forEach(function (id) {
    var el = document.getElementById(id);
    if (el) el.setAttribute("aria-invalid", "true");
  });
});

// Presentation mode: the keys a teacher (or a clicker) drives the lesson with.
(function () {
  "use strict";
  function present() { return document.body && document.body.dataset.present === "1"; }
  function click(testid) {
    var el = document.querySelector('[data-testid="' + testid + '"]');
    if (el && el.tagName === "A") { el.click(); return true; }
    return false;
  }
  // In a lesson, → and ← move between sections: the current section is the
  // last heading at or above the top of the window (give or take its scroll
  // margin).
  function section(dir) {
    var hs = Array.prototype.slice.call(document.querySelectorAll("article h2"));
    if (!hs.length) return false;
    var cur = -1;
    hs.forEach(function (h, i) {
      if (h.getBoundingClientRect().top <= 80) cur = i;
    });
    var next = cur + dir;
    if (dir < 0 && cur >= 0 && hs[cur].getBoundingClientRect().top < -80) next = cur; // back to this section's start
    if (next < 0) window.scrollTo(0, 0);
    else if (next < hs.length) hs[next].scrollIntoView({ block: "start" });
    return true;
  }
  function interactive(el) {
    return el && el.closest && el.closest("a, button, input, select, textarea, summary, [contenteditable]");
  }
  document.addEventListener("keydown", function (e) {
    if (!present() || e.ctrlKey || e.metaKey || e.altKey) return;
    var black = document.getElementById("blackout");
    var help = document.getElementById("shortcuts");
    var onControl = interactive(e.target);
    var done = true;
    switch (e.key) {
      case "ArrowRight": case "PageDown": case " ":
        if (onControl && e.key === " ") { done = false; break; }
        done = click("step-next") || click("step-start") || section(1);
        break;
      case "ArrowLeft": case "PageUp":
        done = click("step-back") || section(-1);
        break;
      case "Home": done = click("step-first"); break;
      case "End": done = click("step-last"); break;
      case "Enter":
        if (onControl) { done = false; break; }
        done = click("reveal-next");
        break;
      case "b": case "B": case ".":
        if (black) black.hidden = !black.hidden;
        break;
      case "f": case "F":
        if (document.fullscreenElement) document.exitFullscreen();
        else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(function () {});
        break;
      case "r": case "R": done = click("present-reset"); break;
      case "?":
        if (help) { if (help.open) help.close(); else help.showModal(); }
        break;
      case "Escape":
        if (document.querySelector("dialog[open]")) { done = false; break; } // the dialog closes itself
        if (black && !black.hidden) { black.hidden = true; break; }
        done = click("present-toggle");
        break;
      default:
        done = false;
    }
    if (done) e.preventDefault();
  });
})();

// "QR code" opens the QR page's card as a full-screen overlay (a modal
// <dialog>: Esc closes it); without JavaScript the link opens the page.
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a.qr-open");
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    fetch(a.href, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var card = new DOMParser().parseFromString(html, "text/html").querySelector(".qr-card");
      if (!card) throw new Error("no card");
      var d = document.getElementById("qr-overlay");
      if (!d) {
        d = document.createElement("dialog");
        d.id = "qr-overlay";
        d.className = "qr-overlay";
        d.setAttribute("aria-labelledby", "qr-heading");
        d.addEventListener("click", function (ev) {
          if (ev.target.closest("a.qr-close")) { ev.preventDefault(); d.close(); }
        });
        document.body.appendChild(d);
      }
      d.replaceChildren(document.importNode(card, true));
      d.showModal();
      // showModal focuses the card's first link, below the code when the
      // card explains a loopback address: open at the top, the whole code
      // in view.
      d.scrollTop = 0;
    }).catch(function () { window.location.href = a.href; });
  });
})();

// "Start a class": the header's GET form opens the start page (no
// JavaScript: one more click there); with JavaScript it fetches that
// never-cached page, which sets the CSRF cookie, and submits its POST form
// with the token at once: 303 to the console.
(function () {
  "use strict";
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (!f.matches || !f.matches("form.start-class")) return;
    e.preventDefault();
    var url = f.action + "?" + new URLSearchParams(new FormData(f)).toString();
    fetch(url, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var post = new DOMParser().parseFromString(html, "text/html").querySelector('form[data-testid="class-start"]');
      if (!post) throw new Error("no form");
      post = document.importNode(post, true);
      post.hidden = true;
      document.body.appendChild(post);
      post.submit();
    }).catch(function () { window.location.href = url; });
  });
})();

// The step-through keeps the keyboard where it was: after a step's swap the
// control that was used (Next, Back, a speed…) has the focus again in the
// new step panel, or the panel itself when that control is gone (Start; Next
// at the last step). The links' #results fragment scrolls the stage into
// view; focusing does not scroll.
(function () {
  "use strict";
  var used = null; // a selector inside the step panel, "" for the panel
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt;
    used = null;
    if (!elt || !elt.closest || !elt.closest('[data-testid="step"]') || document.activeElement !== elt) return;
    if (elt.closest('[data-testid="step-speed"]')) used = '[data-testid="step-speed"] a.current';
    else used = elt.dataset.testid ? 'a[data-testid="' + elt.dataset.testid + '"]' : "";
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (used === null) return;
    var panel = document.querySelector('[data-testid="step"]');
    var el = panel && used ? panel.querySelector(used) : null;
    used = null;
    if (el || panel) (el || panel).focus({ preventScroll: true });
  });
})();

// A selected cell's formula opens in view, under its table (issue 26): after
// the answer to the cells form (templates.CellForm), the request's source.
document.addEventListener("htmx:afterSettle", function (e) {
  var c = e.detail && e.detail.requestConfig;
  if (!c || !c.elt || c.elt.id !== "cells") return;
  var f = document.querySelector('[data-testid="formula"]');
  if (f) f.scrollIntoView({ block: "nearest" });
});
