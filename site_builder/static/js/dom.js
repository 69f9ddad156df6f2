// The one helper the page scripts build their elements with.

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
