/* The plan player: the board (board.js draws its frames), the controls and the move list. data: the
   board's frames (see board.js); data.moves: the moves in the puzzle's notation; data.speed, data.speeds:
   the starting speed and the choices (moves a second). */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("plan-data").textContent);
  var board = makeBoard(document.getElementById("board"), data);
  var frames = board.frames;
  var ROW = 22;

  var stateNumber = document.getElementById("state-number");
  var currentMove = document.getElementById("current-move");
  var list = document.getElementById("moves");
  var spacer = document.getElementById("moves-spacer");
  var frame = 0;

  spacer.style.height = data.moves.length * ROW + "px";

  function draw(target) {
    board.draw(target);
    frame = target;
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

  var transport = makeTransport(frames, draw, data.speeds, data.speed);
  list.addEventListener("scroll", function () { showMoves(false); });
  spacer.addEventListener("click", function (event) {
    var row = event.target.closest(".move");
    if (row) {
      transport.pause();
      transport.go(Number(row.getAttribute("data-move")));
    }
  });
}());
