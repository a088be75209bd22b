// A phone's answer survives a lost connection or a database blip. The page
// works without this script (a failed send then shows a "not sent yet — send
// again" page with the form filled in); with it:
// - each send of the answer form (form.class-answer) gets a fresh id in its
//   "send" field, so the server counts a resend of it once; the id carries
//   a sequence (newID), so a late replay of an older send changes nothing;
// - the draft (the form's fields and that id) is kept in localStorage until
//   the server acknowledges it (its 303), so a reload resumes sending;
// - a send that fails (no network, a 5xx such as the class's 503, a 429
//   "too many at once from your address" behind a hall's NAT) is sent
//   again, same id, after 0.5, 1, 2, 4, 8, 8, … seconds with ±25% jitter
//   (no sooner than a Retry-After says), with the first Send-Stamp header
//   the server gave it (keepStamp), until acknowledged, while the form's
//   status line says so in the page's language (its data-sending,
//   data-unsent and data-sent attributes);
// - a refusal (any other 4xx: not a number, the question closed, the class
//   full, …)
//   shows the page the server answered with, as the form would, and is never
//   sent again;
// - what the student typed and has not sent yet survives every re-render of
//   the question panel (a timer started, voting closed and re-opened, a
//   nickname asked): it is kept as typed, by question, and put back into
//   the new panel's form, focus and caret included.
// The protocol is the one cmd/gaeload's class workload follows.
(function () {
  "use strict";

  var KEY = "gaelab.answer";
  var MAX_DELAY = 8000;

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return null; }
  }
  function save(draft) {
    try {
      if (draft) { localStorage.setItem(KEY, JSON.stringify(draft)); } else { localStorage.removeItem(KEY); }
    } catch (e) { /* private mode: the draft lives as long as the page */ }
  }

  // newID is a send id that carries its sequence, "s<seq>_<32 hex>": seq
  // is when Send was pressed (Unix ms), at least one more than this
  // phone's last, so that the server never lets a late replay of an older
  // send overwrite a newer answer.
  var SEQ = "gaelab.seq";
  var lastSeq = 0;
  function nextSeq() {
    var kept = 0;
    try { kept = parseInt(localStorage.getItem(SEQ) || "0", 10) || 0; } catch (e) { /* private mode */ }
    lastSeq = Math.max(Date.now(), lastSeq + 1, kept + 1);
    try { localStorage.setItem(SEQ, String(lastSeq)); } catch (e) { /* private mode */ }
    return lastSeq;
  }
  function newID() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return "s" + nextSeq() + "_" + Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

  function status(form, which) {
    var p = form.querySelector(".class-send");
    if (!p) { return; }
    p.textContent = p.getAttribute("data-" + which) || "";
    p.hidden = false;
  }

  // fields of a form as [name, value] pairs, with the send id set.
  function fields(form, id) {
    var out = [];
    new FormData(form).forEach(function (v, k) { if (k !== "send") { out.push([k, String(v)]); } });
    out.push(["send", id]);
    return out;
  }

  var timer = 0;
  var inFlight = null;

  // send posts the draft until the server acknowledges or refuses it.
  function send(form, draft, attempt) {
    clearTimeout(timer);
    inFlight = draft;
    status(form, attempt === 0 ? "sending" : "unsent");
    var body = new URLSearchParams();
    var id = "";
    draft.fields.forEach(function (kv) { body.append(kv[0], kv[1]); if (kv[0] === "send") { id = kv[1]; } });
    // Send-Id: so that a 5xx from before the class's code (the server's
    // queue shedding it) can still stamp this send's arrival.
    fetch(draft.action, { method: "POST", body: body, credentials: "same-origin", redirect: "manual", headers: { "Send-Id": id } })
      .then(function (resp) {
        if (inFlight !== draft) { return; }
        if (resp.type === "opaqueredirect" || (resp.status >= 200 && resp.status < 400)) {
          save(null);
          inFlight = null;
          status(form, "sent");
          refresh();
          return;
        }
        if (resp.status >= 500 || resp.status === 429) {
          keepStamp(draft, resp.headers.get("Send-Stamp"));
          var failed = new Error("status " + resp.status);
          failed.retryAfter = parseInt(resp.headers.get("Retry-After") || "0", 10) || 0;
          throw failed;
        }
        save(null);
        inFlight = null;
        return resp.text().then(function (html) { showPanel(html); });
      })
      .catch(function (failed) {
        if (inFlight !== draft) { return; }
        status(form, "unsent");
        var delay = Math.min(MAX_DELAY, 500 * Math.pow(2, attempt));
        delay *= 0.75 + Math.random() * 0.5;
        if (failed && failed.retryAfter > 0) { // a room's phones spread out, each no sooner than told
          delay = Math.max(delay, failed.retryAfter * 1000 * (1 + Math.random() * 0.25));
        }
        timer = setTimeout(function () { send(currentForm() || form, draft, attempt + 1); }, delay);
      });
  }

  // keepStamp adds the server's send stamp (when the answer first reached
  // it, signed) to the draft's fields, keeping the first: a resend that
  // carries it is judged as sent then, so a store outage before the
  // deadline costs no vote.
  function keepStamp(draft, stamp) {
    if (!stamp || draft.fields.some(function (kv) { return kv[0] === "stamp"; })) { return; }
    draft.fields.push(["stamp", stamp]);
    save(draft);
  }

  // showPanel puts the question panel of a page the server answered in
  // place of ours.
  function showPanel(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var theirs = doc.getElementById("class-question");
    var ours = document.getElementById("class-question");
    if (theirs && ours) { ours.innerHTML = theirs.innerHTML; }
  }

  // refresh shows the acknowledged answer as the server has it ("your
  // answer: …"), keeping the "sent" status; if the page cannot be read now,
  // the status alone says the answer counts.
  function refresh() {
    fetch(location.href, { credentials: "same-origin" })
      .then(function (resp) { return resp.ok ? resp.text() : ""; })
      .then(function (html) {
        if (!html || inFlight) { return; }
        showPanel(html);
        restoreTyped();
        var form = currentForm();
        if (form) { status(form, "sent"); }
      })
      .catch(function () { /* the status already says it was sent */ });
  }

  // currentForm is the answer form (the one with a question number; the
  // nickname form above it has none).
  function currentForm() {
    var q = document.querySelector("form.class-answer input[name=q]");
    return q ? q.form : document.querySelector("form.class-answer");
  }

  // typed is the unsent draft: {q, fields: [[name, value]…]} of the answer
  // form as the student left it, and where its caret was.
  var typed = null;
  var focus = null;

  function keepTyped(e) {
    var form = e.target && e.target.form;
    if (!form || !form.classList.contains("class-answer")) { return; }
    var q = form.querySelector("input[name=q]");
    var out = [];
    new FormData(form).forEach(function (v, k) { if (k === "a") { out.push([k, String(v)]); } });
    typed = { q: q ? q.value : "", fields: out };
  }
  document.addEventListener("input", keepTyped);
  document.addEventListener("change", keepTyped);

  // rememberFocus notes the answer field that has the focus, and its caret.
  function rememberFocus() {
    var el = document.activeElement;
    focus = null;
    if (el && el.form && el.form.classList.contains("class-answer") && el.type === "text") {
      focus = { name: el.name, start: el.selectionStart, end: el.selectionEnd };
    }
  }

  // restoreTyped puts the unsent draft back into a freshly swapped form of
  // the same question.
  function restoreTyped() {
    var form = currentForm();
    if (!typed || !form) { return; }
    var q = form.querySelector("input[name=q]");
    if (!q || q.value !== typed.q) { typed = null; return; }
    typed.fields.forEach(function (kv) {
      form.querySelectorAll("[name='" + kv[0] + "']").forEach(function (el) {
        if (el.type === "radio" || el.type === "checkbox") { el.checked = el.value === kv[1]; } else { el.value = kv[1]; }
      });
    });
    if (focus) {
      var el = form.querySelector("[name='" + focus.name + "']");
      if (el) {
        el.focus();
        try { el.setSelectionRange(focus.start, focus.end); } catch (e) { /* not a text field */ }
      }
    }
  }
  document.addEventListener("htmx:sseBeforeMessage", rememberFocus);
  document.addEventListener("htmx:sseMessage", restoreTyped);

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("class-answer")) { return; }
    e.preventDefault();
    typed = null;
    var draft = { action: form.getAttribute("action"), fields: fields(form, newID()) };
    save(draft);
    send(form, draft, 0);
  });

  // resume sends a draft left unacknowledged by a reload, if this page
  // still asks the question it answers.
  function resume() {
    var draft = load();
    var form = currentForm();
    if (!draft || !form || inFlight) { return; }
    var q = form.querySelector("input[name=q]");
    var mine = draft.fields.filter(function (kv) { return kv[0] === "q"; })[0];
    if (draft.action !== form.getAttribute("action") || !q || !mine || mine[1] !== q.value) {
      save(null);
      return;
    }
    send(form, draft, 0);
  }
  document.addEventListener("DOMContentLoaded", resume);
})();
