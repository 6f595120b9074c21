/* The Graphplan page: one level of the planning graph shown at a time, the backward search's rows of that
   level marked. */
(function () {
  "use strict";
  var levels = document.querySelectorAll("section.level");
  var rows = document.querySelectorAll("#attempts tbody tr");
  var slider = document.getElementById("slider");
  var shown = 0;

  function show(target) {
    shown = Math.max(0, Math.min(levels.length - 1, target));
    for (var i = 0; i < levels.length; i++) {
      levels[i].hidden = i !== shown;
    }
    var level = levels[shown].getAttribute("data-level");
    for (var r = 0; r < rows.length; r++) {
      rows[r].classList.toggle("current", rows[r].getAttribute("data-level") === level);
    }
    slider.value = String(shown);
    document.body.setAttribute("data-level", level);
    document.getElementById("level-number").textContent = "level " + level + " of " + (levels.length - 1);
  }

  document.getElementById("back").addEventListener("click", function () { show(shown - 1); });
  document.getElementById("forward").addEventListener("click", function () { show(shown + 1); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") { show(shown + 1); }
    if (event.key === "ArrowLeft") { show(shown - 1); }
  });
  show(0);
}());
