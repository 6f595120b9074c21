/* A board drawn one frame at a time into an SVG element from a compact list of per-frame changes (the plan
   player and the search player share it). data.elements: distinct SVG elements [tag, attributes, text];
   data.slots: how many things are drawn, in drawing order; data.first: [slot, element, ...] of the first
   frame; data.changes[i - 1]: [slot, element, ...] that frame i changes (element -1: the slot is empty).
   makeBoard(svg, data) returns {frames: how many, draw(frame)}. */
function makeBoard(svg, data) {
  "use strict";
  var NS = svg.namespaceURI;
  var frames = data.changes.length + 1;
  var CHECKPOINT = 64;

  function apply(slots, changes) {
    for (var i = 0; i < changes.length; i += 2) {
      slots[changes[i]] = changes[i + 1];
    }
  }

  /* Every CHECKPOINT-th frame's slots are kept, so that any frame is at most CHECKPOINT - 1 changes away. */
  var checkpoints = [];
  var running = new Int32Array(data.slots).fill(-1);
  apply(running, data.first);
  checkpoints.push(running.slice());
  for (var f = 1; f < frames; f++) {
    apply(running, data.changes[f - 1]);
    if (f % CHECKPOINT === 0) {
      checkpoints.push(running.slice());
    }
  }

  function slotsAt(frame) {
    var base = Math.floor(frame / CHECKPOINT);
    var slots = checkpoints[base].slice();
    for (var i = base * CHECKPOINT + 1; i <= frame; i++) {
      apply(slots, data.changes[i - 1]);
    }
    return slots;
  }

  function make(index) {
    if (index < 0) {
      return document.createElementNS(NS, "g");
    }
    var element = data.elements[index];
    var node = document.createElementNS(NS, element[0]);
    var attributes = element[1];
    for (var name in attributes) {
      if (Object.prototype.hasOwnProperty.call(attributes, name)) {
        node.setAttribute(name, attributes[name]);
      }
    }
    if (element[2] !== null) {
      node.textContent = element[2];
    }
    return node;
  }

  /* One node per slot, in drawing order; an empty slot holds an empty group to keep its place. */
  var nodes = [];
  var shown = new Int32Array(data.slots).fill(-2);
  for (var s = 0; s < data.slots; s++) {
    var placeholder = document.createElementNS(NS, "g");
    svg.appendChild(placeholder);
    nodes.push(placeholder);
  }

  function draw(target) {
    var slots = slotsAt(target);
    for (var i = 0; i < slots.length; i++) {
      if (slots[i] !== shown[i]) {
        var node = make(slots[i]);
        svg.replaceChild(node, nodes[i]);
        nodes[i] = node;
        shown[i] = slots[i];
      }
    }
    svg.setAttribute("data-frame", String(target));
  }

  return { frames: frames, draw: draw };
}
