/* The search player: one trace, or two played in step. data.steps: the expansion numbers the cursor stops at
   (every frame of every run); data.runs[r]: a run's counts, its board's frames (see board.js), the expansion
   number of each frame (steps), the frame each cursor step shows (at), each frame's figures (info: index,
   state, parent, move, g, h, f, frontier, closed, children, IDA*'s bound and iteration; a goal frame: index, state, parent, move, plan
   length), each frame's path from the start (paths: 1 when known from the start, its length, then its last
   moves as numbers into labels), the plan's first moves and length, whether its last frame is the goal, and the heat map (cells' corners, cell size,
   per frame the visits since the frame before and the recorded expansions counted); data.speeds, data.speed:
   the choices and the starting speed (steps a second). */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("search-data").textContent);
  var steps = data.steps;
  var SVG = "http://www.w3.org/2000/svg";
  var stepNumber = document.getElementById("step-number");

  function text(id, value) {
    document.getElementById(id).textContent = value;
  }

  /* Cumulative visits per frame, one Int32Array per frame. */
  function heatTotals(heat) {
    var running = new Int32Array(heat.cells.length);
    return heat.visits.map(function (delta) {
      for (var i = 0; i < delta.length; i += 2) {
        running[delta[i]] += delta[i + 1];
      }
      return running.slice();
    });
  }

  function countsLine(counts, run) {
    var line = "expanded " + counts.expanded + " · generated " + counts.generated + " · duplicates " +
      counts.duplicates + " · pruned " + counts.pruned;
    return line + (run.goal ? " · plan " + run.plan_length + " moves" : " · no plan");
  }

  function sampledLine(counts) {
    var line = counts.sampled ? "sampled: " + counts.recorded + " of " + counts.expanded +
      " expansions recorded (every one up to " + counts.record_limit + ", then every " + counts.sample_every +
      "th)" : "every expansion recorded";
    if (counts.shown < counts.recorded) {
      line += "; the board shows " + counts.shown + " of them, evenly spread (the charts and the heat map count all)";
    }
    return line;
  }

  function makeRun(run, index) {
    var board = makeBoard(document.getElementById("board-" + index), run.board);
    var boardSvg = document.getElementById("board-" + index);
    var heatSvg = document.getElementById("heat-" + index);
    var section = document.getElementById("run-" + index);
    var cursors = section.querySelectorAll("line.cursor");
    var totals = run.heat ? heatTotals(run.heat) : null;
    text("counts-" + index, countsLine(run.counts, run));
    text("sampled-" + index, sampledLine(run.counts));
    document.getElementById("sampled-" + index).className = run.counts.sampled ? "sampled warn" : "sampled";

    /* The most visits of one cell up to a frame. */
    function heatMost(frame) {
      return totals ? Math.max.apply(null, Array.prototype.slice.call(totals[frame]).concat([0])) : 0;
    }

    /* The heat map up to a frame, the redness scaled to `scale` visits (the same for both runs of a page). */
    function showHeat(frame, scale) {
      while (heatSvg.firstChild) {
        heatSvg.removeChild(heatSvg.firstChild);
      }
      if (!totals) {
        return;
      }
      var counts = totals[frame];
      var most = heatMost(frame);
      var sum = 0;
      for (var i = 0; i < counts.length; i++) {
        sum += counts[i];
      }
      for (var c = 0; c < counts.length; c++) {
        if (counts[c] > 0) {
          var rect = document.createElementNS(SVG, "rect");
          rect.setAttribute("x", run.heat.cells[c][0]);
          rect.setAttribute("y", run.heat.cells[c][1]);
          rect.setAttribute("width", run.heat.size);
          rect.setAttribute("height", run.heat.size);
          rect.setAttribute("fill", "#ff2d00");
          rect.setAttribute("fill-opacity", String(0.1 + 0.5 * counts[c] / scale));
          rect.setAttribute("data-count", String(counts[c]));
          heatSvg.appendChild(rect);
        }
      }
      var expansions = run.heat.expansions[frame];
      heatSvg.setAttribute("data-visits", String(sum));
      heatSvg.setAttribute("data-expansions", String(expansions));
      text("heat-total-" + index, "heat map: " + sum + " visits by " + expansions + " recorded expansions" +
        (most ? ", at most " + most + " on one cell" : ""));
    }

    function showPath(frame, isGoal) {
      var path = run.paths[frame];
      var moves = path.slice(2).map(function (label) { return run.labels[label]; });
      var box = document.getElementById("path-" + index);
      box.className = isGoal ? "path plan" : "path";
      var head = isGoal ? "the plan found, " + path[1] + " moves: " :
        (path[0] ? "path from the start, " : "path (its start not recorded: sampled), ") + path[1] + " moves: ";
      var cut = moves.length < path[1] ? "(the last " + moves.length + ") … " : "";
      box.textContent = head + cut + (moves.join(" ") || "(the start)");
    }

    function showStatus(frame, isGoal) {
      var info = run.info[frame];
      var status = document.getElementById("status-" + index);
      status.className = isGoal ? "status goal" : "status";
      if (frame === run.info.length - 1 && info.length === 5) {
        status.textContent = "goal reached after " + info[0] + " expansions: plan of " + info[4] + " moves";
        text("children-" + index, "");
        return;
      }
      var figures = "expansion " + (info[0] + 1) + " of " + run.counts.expanded + " · state " + info[1] +
        (info[2] === null ? " (the start)" : " from " + info[2] + " by " + info[3]) + " · g " + info[4];
      if (info[5] !== null) {
        figures += " · h " + info[5] + " · f " + info[6];
      }
      if (info[10] !== null) {
        figures += " · bound " + info[10] + " (iteration " + info[11] + ")";
      }
      status.textContent = figures + " · frontier " + info[7] + " · closed " + info[8] + (isGoal ? " · the goal" : "");
      text("children-" + index, "children: " + info[9]);
    }

    function show(frame, scale) {
      var isGoal = run.goal && frame === run.board.changes.length;
      board.draw(frame);
      boardSvg.setAttribute("data-expansion", String(run.steps[frame]));
      boardSvg.setAttribute("data-state", String(run.info[frame][1]));
      boardSvg.setAttribute("data-goal", isGoal ? "yes" : "no");
      for (var i = 0; i < cursors.length; i++) {
        var line = cursors[i];
        var x = Number(line.getAttribute("data-left")) +
          Number(line.getAttribute("data-width")) * run.steps[frame] / Number(line.getAttribute("data-span"));
        line.setAttribute("x1", String(x));
        line.setAttribute("x2", String(x));
      }
      showStatus(frame, isGoal);
      showPath(frame, isGoal);
      showHeat(frame, scale);
    }

    return { show: show, at: run.at, heatMost: heatMost };
  }

  var runs = data.runs.map(makeRun);

  function draw(cursor) {
    document.body.setAttribute("data-cursor", String(cursor));
    stepNumber.textContent = "step " + cursor + " of " + (steps.length - 1) + " · expansion " + (steps[cursor] + 1);
    var scale = Math.max.apply(null, runs.map(function (run) { return run.heatMost(run.at[cursor]); }));
    runs.forEach(function (run) { run.show(run.at[cursor], Math.max(scale, 1)); });
  }

  document.getElementById("show-heat").addEventListener("change", function (event) {
    document.body.classList.toggle("no-heat", !event.target.checked);
  });
  var transport = makeTransport(steps.length, draw, data.speeds, data.speed);

  /* page.html#expansion=N opens the page at the N-th expansion (the last step at or before it). */
  var asked = /expansion=(\d+)/.exec(window.location.hash);
  if (asked) {
    var target = 0;
    while (target + 1 < steps.length && steps[target + 1] < Number(asked[1])) {
      target++;
    }
    transport.go(target);
  }
}());
