// Tiny DOM helpers for the render modules: build HTML and SVG elements from plain data.
// No event listeners are attached here: events.js delegates from the root.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") el.textContent = value;
    else if (name === "class") el.setAttribute("class", value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", "data-action": "rotate"}, "Rotate"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 1, height: 1}). */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace all children of `el` with `children`. */
export function replace(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

/** Set an attribute only when it changes (keeps focus and avoids layout work). */
export function attr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const text = value === true ? "" : String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

/** Set textContent only when it changes. */
export function text(el, value) {
  const t = String(value ?? "");
  if (el.textContent !== t) el.textContent = t;
}

/** Show or hide an element with the `hidden` attribute. */
export function show(el, visible) {
  if (el.hidden === !!visible) el.hidden = !visible;
}
