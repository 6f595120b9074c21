/* The PDDL plan viewer: shows one state of the plan at a time. data.facts: every fact's text; data.initial:
   the facts of the first state (indices); data.steps[i]: [action, added, deleted, cost after it] of the step
   from state i to i + 1; data.plan: every step of the plan (an invalid plan's failing step and the steps
   after it have no state); data.goals: the goal's parts, data.reached[i]: which hold in state i;
   data.failed, data.message, data.advice: the verdict on an invalid plan; data.speed, data.speeds: the
   starting speed and the choices (steps a second). The controls are transport.js's. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("plan-data").textContent);
  var frames = data.steps.length + 1;
  var byId = function (name) { return document.getElementById(name); };
  var factsBox = byId("facts"), goalsList = byId("goals"), stepsList = byId("steps"), failure = byId("failure");
  var frame = 0;

  function predicate(text) {
    var inner = text.charAt(1) === "=" ? text.slice(4) : text.slice(1);
    return (text.charAt(1) === "=" ? "= " : "") + inner.split(/[\s()]+/)[0];
  }

  function holdsAt(target) {
    var holds = new Set(data.initial);
    for (var i = 0; i < target; i++) {
      data.steps[i][2].forEach(function (fact) { holds.delete(fact); });
      data.steps[i][1].forEach(function (fact) { holds.add(fact); });
    }
    return holds;
  }

  function item(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  }

  function drawFacts(holds, added, deleted) {
    var groups = {};
    holds.forEach(function (fact) { (groups[predicate(data.facts[fact])] = groups[predicate(data.facts[fact])] || []).push(fact); });
    deleted.forEach(function (fact) { (groups[predicate(data.facts[fact])] = groups[predicate(data.facts[fact])] || []).push(fact); });
    while (factsBox.firstChild) { factsBox.removeChild(factsBox.firstChild); }
    Object.keys(groups).sort().forEach(function (name) {
      var section = item("section", "predicate", "");
      section.setAttribute("data-predicate", name);
      var list = document.createElement("ul");
      var shown = groups[name].slice().sort(function (a, b) { return a - b; });
      section.appendChild(item("h3", "", name + " (" + shown.filter(function (f) { return holds.has(f); }).length + ")"));
      shown.forEach(function (fact) {
        var kind = deleted.indexOf(fact) >= 0 ? " deleted" : added.indexOf(fact) >= 0 ? " added" : "";
        var row = item("li", "fact" + kind, data.facts[fact]);
        row.setAttribute("data-holds", kind === " deleted" ? "no" : "yes");
        list.appendChild(row);
      });
      section.appendChild(list);
      factsBox.appendChild(section);
    });
  }

  function drawGoals(target) {
    var reached = data.reached[target] || [];
    var count = 0;
    while (goalsList.firstChild) { goalsList.removeChild(goalsList.firstChild); }
    data.goals.forEach(function (goal, i) {
      count += reached[i] ? 1 : 0;
      goalsList.appendChild(item("li", reached[i] ? "goal reached" : "goal", goal));
    });
    byId("goal-count").textContent = count + " of " + data.goals.length;
  }

  function drawSteps() {
    Array.prototype.forEach.call(stepsList.children, function (row, i) {
      var failing = data.failed && i + 1 === data.failed.number;
      row.className = "step" + (failing ? " failing" : i >= data.steps.length ? " unreached" : "") + (i + 1 === frame ? " current" : "");
    });
    var current = stepsList.children[frame - 1];
    if (current && current.scrollIntoView) { current.scrollIntoView({ block: "nearest" }); }
  }

  function drawFailure(target) {
    failure.hidden = data.valid || target !== frames - 1;
    if (failure.hidden || failure.firstChild) { return; }
    var head = data.failed
      ? "Step " + data.failed.number + " " + data.failed.action + " " + data.failed.problem
      : "After all " + data.plan.length + " steps the goal does not hold";
    failure.appendChild(item("p", "failure-head", head));
    if (data.failed && data.failed.unsatisfied.length) {
      failure.appendChild(item("p", "", "unsatisfied: " + data.failed.unsatisfied.join(" ")));
    }
    failure.appendChild(item("pre", "message", data.message));
    failure.appendChild(item("h3", "", "Plan Repair Advice"));
    failure.appendChild(item("pre", "advice", data.advice.join("\n")));
  }

  function draw(target) {
    frame = target;
    var step = target > 0 ? data.steps[target - 1] : null;
    drawFacts(holdsAt(target), step ? step[1] : [], step ? step[2] : []);
    drawGoals(target);
    drawSteps();
    drawFailure(target);
    document.body.setAttribute("data-frame", String(frame));
    byId("state-number").textContent = "state " + frame + " of " + (frames - 1);
    byId("current-move").textContent = step ? "after step " + frame + ": " + step[0] : "initial state";
    byId("cost").textContent = String(step ? step[3] : 0);
    byId("fact-count").textContent = String(holdsAt(target).size);
  }

  byId("cost-kind").textContent = data.cost_kind;
  data.plan.forEach(function (action, i) {
    var row = item("li", "step", "");
    row.setAttribute("data-step", String(i + 1));
    row.appendChild(item("span", "number", i + 1 + "."));
    row.appendChild(document.createTextNode(action));
    stepsList.appendChild(row);
  });
  var transport = makeTransport(frames, draw, data.speeds, data.speed);
  stepsList.addEventListener("click", function (event) {
    var row = event.target.closest(".step");
    if (row) { transport.pause(); transport.go(Number(row.getAttribute("data-step"))); }
  });
}());
