// Small helpers every mode shares: finding elements, making SVG nodes, the headlines, the
// status line and error boxes, saving and opening files, reading number inputs, showing one
// picture.

export const SVG_NS = 'http://www.w3.org/2000/svg';

export const $ = (selector) => document.querySelector(selector);
export const $$ = (selector) => [...document.querySelectorAll(selector)];

/** A new SVG element with `attributes`, appended to `parent` when given. */
export function svg(name, attributes, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** Shows `error`'s message in the box `selector`, or hides the box when `error` is null. */
export function showError(selector, error) {
  const box = $(selector);
  box.hidden = !error;
  box.textContent = error ? error.message || String(error) : '';
}

/** Shows `text` in the headline `selector`, in the colours of `tone` ('win', 'lose', 'p1', 'p2') or plain. */
export function showHeadline(selector, text, tone) {
  const headline = $(selector);
  headline.textContent = text;
  headline.className = tone ? `headline ${tone}` : 'headline';
}

/** The line above the picture. */
export function setStatus(text) {
  $('#status').textContent = text;
}

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Offers `data` (a text or a Blob) as a file called `name`. */
export function download(name, data, type = 'text/plain') {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** Calls `use(text)` with the contents of each file chosen in the file input `selector`. */
export function onFileChosen(selector, use) {
  $(selector).addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const text = await file.text();
    event.target.value = '';
    use(text);
  });
}

/** The number in `input`, rounded and clamped to its min and max (written back). */
export function clampInput(input, fallback) {
  const min = Number(input.min);
  const max = Number(input.max);
  let value = Math.round(Number(input.value));
  if (!Number.isFinite(value)) value = fallback;
  value = Math.min(max, Math.max(min, value));
  input.value = value;
  return value;
}

/** Shows the picture `id` (`grid` for boards, `graph` for graphs, `canvas` for big boards) only. */
export function showPicture(id) {
  // SVG elements have no `hidden` property: set the attribute.
  for (const picture of $$('.picture')) picture.toggleAttribute('hidden', picture.id !== id);
  $('#zoom-bar').hidden = id !== 'canvas';
}

/** Whether a key press is typing in a field (and not a shortcut of the page). */
export function isTyping(event) {
  const { tagName, type } = event.target;
  if (tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'file'].includes(type);
  return tagName === 'TEXTAREA' || tagName === 'SELECT';
}
