// The only way the viewer puts anything on the page. Values (the input, and everything
// derived from it: components, decoded text, Unicode hosts, lint messages) become text
// nodes; attributes are limited to inert ones, so no value can become markup, a script, a
// style or a link target (a shared link is attacker-controlled).

const INERT = /^(?:id|class|for|role|title|tabindex|type|name|value|placeholder|lang|dir|hidden|checked|disabled|colspan|scope|spellcheck|autocomplete|autocapitalize|inputmode|data-[a-z0-9-]+|aria-[a-z]+)$/;

/**
 * Sets an inert attribute (null, undefined or false removes it) when it changed; throws on
 * anything else (href, src, style, on*, …).
 */
export function attr(node, name, value) {
  if (!INERT.test(name)) throw new Error(`attribute not allowed: ${name}`);
  if (value === false || value === null || value === undefined) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else {
    const s = value === true ? '' : String(value);
    if (node.getAttribute(name) !== s) node.setAttribute(name, s);
  }
  return node;
}

/**
 * Makes an element: `el('td', {'data-field': 'host'}, 'example.com')`. Children are nodes
 * or strings (made text nodes); null and false children are left out.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) attr(node, name, value);
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces the children of `node` (by id or element) with `children`. */
export function fill(node, ...children) {
  if (typeof node === 'string') node = document.getElementById(node);
  node.replaceChildren();
  append(node, children);
  return node;
}

/**
 * Makes the children of `node` (by id or element) `children`, as `fill` does, but keeps the
 * nodes already there wherever they match (same tag or both text): their attributes and text
 * are updated in place. A keystroke then re-styles and re-lays out what changed (one text,
 * one attribute) rather than every node of the panel. For the panels redrawn on each input.
 */
export function patch(node, ...children) {
  if (typeof node === 'string') node = document.getElementById(node);
  const wanted = document.createDocumentFragment();
  append(wanted, children);
  morph(node, wanted);
  return node;
}

// The depth is that of the viewer's own markup (a table in a panel at most), not the input's.
function morph(parent, wanted) {
  let cur = parent.firstChild;
  let next = wanted.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (cur && cur.nodeName === next.nodeName && (cur.nodeType === Node.TEXT_NODE || cur.nodeType === Node.ELEMENT_NODE)) {
      if (cur.nodeType === Node.TEXT_NODE) {
        if (cur.data !== next.data) cur.data = next.data;
      } else {
        syncAttributes(cur, next);
        morph(cur, next);
      }
      cur = cur.nextSibling;
    } else {
      parent.insertBefore(next, cur);
    }
    next = following;
  }
  while (cur) {
    const following = cur.nextSibling;
    cur.remove();
    cur = following;
  }
}

// `from` was made by el() (its attributes passed attr()'s allow-list); `style` only holds
// what the diagram sets through the CSSOM, and is copied the same way (the CSP forbids
// style attributes).
function syncAttributes(node, from) {
  const names = from.getAttributeNames();
  for (const name of names) {
    const value = from.getAttribute(name);
    if (node.getAttribute(name) === value) continue;
    if (name === 'style') node.style.cssText = from.style.cssText;
    else node.setAttribute(name, value);
  }
  // `node` has every name of `from` now: any more are the ones to drop.
  if (node.attributes.length > names.length) {
    for (const name of node.getAttributeNames()) if (!from.hasAttribute(name)) node.removeAttribute(name);
  }
}

/**
 * Sets the text of `node` when it changed, in place when it is one text node already (no new
 * node for the browser to style).
 */
export function text(node, value) {
  if (typeof node === 'string') node = document.getElementById(node);
  const s = value === null || value === undefined ? '' : String(value);
  const only = node.firstChild;
  if (only && only === node.lastChild && only.nodeType === Node.TEXT_NODE) {
    if (only.data !== s) only.data = s;
  } else if (node.textContent !== s) node.textContent = s;
  return node;
}

/** `s` with control characters drawn as their Control Pictures (U+2400…), as the CLI shows them. */
export function visible(s) {
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
}

/** A short description of an error thrown by the package. */
export function message(e) {
  if (e && typeof e === 'object' && 'message' in e) return String(e.message);
  return String(e);
}
