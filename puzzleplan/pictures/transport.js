/* The controls the players share: the buttons first, back, play, forward and last, the speed list, the
   slider and the keys (arrows, Home, End, space). makeTransport(count, draw, speeds, speed) draws frame 0
   to count - 1 with draw(frame) as they ask; it returns {go(frame), pause(), frame()}. */
function makeTransport(count, draw, speeds, startSpeed) {
  "use strict";
  var slider = document.getElementById("slider");
  var playButton = document.getElementById("play");
  var speed = document.getElementById("speed");
  var frame = 0;
  var timer = null;

  slider.max = String(count - 1);
  speeds.forEach(function (value) {
    var option = document.createElement("option");
    option.value = String(value);
    option.textContent = value + " / s";
    speed.appendChild(option);
  });
  speed.value = String(startSpeed);

  function go(target) {
    frame = Math.max(0, Math.min(count - 1, target));
    slider.value = String(frame);
    draw(frame);
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
    if (frame >= count - 1) {
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
    if (frame >= count - 1) {
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
    last: function () { pause(); go(count - 1); }
  };
  Object.keys(jumps).forEach(function (name) {
    document.getElementById(name).addEventListener("click", jumps[name]);
  });
  playButton.addEventListener("click", play);
  slider.addEventListener("input", function () { pause(); go(Number(slider.value)); });
  document.addEventListener("keydown", function (event) {
    if (event.target === speed || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.key === " " && (event.target.tagName === "BUTTON" || event.target.tagName === "INPUT")) {
      return; /* a focused button or box answers the space bar itself */
    }
    var actions = { ArrowRight: jumps.forward, ArrowLeft: jumps.back, Home: jumps.first, End: jumps.last, " ": play };
    if (Object.prototype.hasOwnProperty.call(actions, event.key)) {
      event.preventDefault();
      actions[event.key]();
    }
  });

  go(0);
  return { go: go, pause: pause, frame: function () { return frame; } };
}
