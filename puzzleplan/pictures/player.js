/* The plan player: the board (board.js draws its frames), the controls and the move list. data: the
   board's frames (see board.js); data.moves: the moves in the puzzle's notation; data.speed, data.speeds:
   the starting speed and the choices (moves a second). */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("plan-data").textContent);
  var board = makeBoard(document.getElementById("board"), data);
  var frames = board.frames;
  var ROW = 22;
  var SPEEDS = data.speeds;

  var slider = document.getElementById("slider");
  var playButton = document.getElementById("play");
  var speed = document.getElementById("speed");
  var stateNumber = document.getElementById("state-number");
  var currentMove = document.getElementById("current-move");
  var list = document.getElementById("moves");
  var spacer = document.getElementById("moves-spacer");
  var frame = 0;
  var timer = null;

  slider.max = String(frames - 1);
  SPEEDS.forEach(function (value) {
    var option = document.createElement("option");
    option.value = String(value);
    option.textContent = value + " / s";
    speed.appendChild(option);
  });
  speed.value = String(data.speed);
  spacer.style.height = data.moves.length * ROW + "px";

  function draw(target) {
    board.draw(target);
    frame = target;
    slider.value = String(frame);
    stateNumber.textContent = "state " + frame + " of " + (frames - 1);
    currentMove.textContent = frame > 0 ? "after move " + frame + ": " + data.moves[frame - 1] : "start";
    showMoves(true);
  }

  /* The move list shows only the rows in view: thousands of moves stay light. */
  function showMoves(follow) {
    if (follow && frame > 0) {
      var top = (frame - 1) * ROW;
      if (top < list.scrollTop || top + ROW > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
    var first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
    var last = Math.min(data.moves.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 5);
    while (spacer.firstChild) {
      spacer.removeChild(spacer.firstChild);
    }
    for (var i = first; i < last; i++) {
      var row = document.createElement("div");
      row.className = i + 1 === frame ? "move current" : "move";
      row.style.top = i * ROW + "px";
      row.setAttribute("data-move", String(i + 1));
      var label = document.createElement("span");
      label.className = "number";
      label.textContent = i + 1 + ".";
      row.appendChild(label);
      var move = document.createElement("span");
      move.className = "notation";
      move.textContent = data.moves[i];
      row.appendChild(move);
      spacer.appendChild(row);
    }
  }

  function go(target) {
    draw(Math.max(0, Math.min(frames - 1, target)));
  }

  function pause() {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    playButton.textContent = "play";
    document.body.removeAttribute("data-playing");
  }

  function tick() {
    if (frame >= frames - 1) {
      pause();
      return;
    }
    go(frame + 1);
    timer = setTimeout(tick, 1000 / Number(speed.value));
  }

  function play() {
    if (timer !== null) {
      pause();
      return;
    }
    if (frame >= frames - 1) {
      go(0);
    }
    playButton.textContent = "pause";
    document.body.setAttribute("data-playing", "yes");
    timer = setTimeout(tick, 1000 / Number(speed.value));
  }

  /* the four jumps, each pausing first: to the start, one back, one forward, to the end */
  var jumps = {
    first: function () { pause(); go(0); },
    back: function () { pause(); go(frame - 1); },
    forward: function () { pause(); go(frame + 1); },
    last: function () { pause(); go(frames - 1); }
  };
  Object.keys(jumps).forEach(function (name) {
    document.getElementById(name).addEventListener("click", jumps[name]);
  });
  playButton.addEventListener("click", play);
  slider.addEventListener("input", function () { pause(); go(Number(slider.value)); });
  list.addEventListener("scroll", function () { showMoves(false); });
  spacer.addEventListener("click", function (event) {
    var row = event.target.closest(".move");
    if (row) {
      pause();
      go(Number(row.getAttribute("data-move")));
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.target === speed || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.key === " " && event.target.tagName === "BUTTON") {
      return; /* a focused button answers the space bar itself */
    }
    var actions = { ArrowRight: jumps.forward, ArrowLeft: jumps.back, Home: jumps.first, End: jumps.last, " ": play };
    if (Object.prototype.hasOwnProperty.call(actions, event.key)) {
      event.preventDefault();
      actions[event.key]();
    }
  });

  draw(0);
}());
