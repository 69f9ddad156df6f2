// The helpers the page scripts build their elements with, and show the build's with.

/**
 * `<tag attributes…>text</tag>`: every attribute is set as given (true as an empty attribute;
 * false, null and undefined left out), the text only ever as textContent.
 */
export function el(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : value);
  }
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/**
 * Show a part of the page the build wrote hidden until a script drives it (`hidden
 * data-avant-script`: player.css and tools.css keep its place meanwhile, so nothing moves).
 * With `shown` false the place is only given up: the part stays hidden.
 */
export function reveal(node, shown = true) {
  node.removeAttribute("data-avant-script");
  if (shown) node.hidden = false;
}

/**
 * The address's fragment, decoded. A link cut inside a %-escape (as chat apps and mail clients
 * sometimes cut one) is not a script error: it stays as it came, and matches no step or position.
 */
export function fragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Offer `text` as a file the browser downloads (a round's JSON, the score sheet's CSV). */
export function offerFile(text, name, type) {
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
