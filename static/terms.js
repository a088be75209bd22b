// Glossary terms in lessons: the definition a hovered or focused term shows
// (by CSS) hides on Escape, as a tooltip must, and comes back on the next
// hover or focus. The pages work without it: the definition is also the
// link's accessible description, and the link opens the glossary.
(function () {
  "use strict";

  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && document.querySelector(".term:hover, .term:focus, .term-def:hover")) {
      document.body.classList.add("terms-dismissed");
    }
  });

  function show(e) {
    if (e.target.closest && e.target.closest(".term")) document.body.classList.remove("terms-dismissed");
  }
  document.addEventListener("focusin", show);
  document.addEventListener("mouseover", show);
})();
