// The page's modes (the tabs) and which one is shown; and which game, the board or the
// graph, is "in front": the one Play and Record use. Showing the Board or the Graph mode
// brings its game to the front; so does the switch above the picture in Play and Record.
//
// A mode is { name, legend, render(), init(), and optionally: editor (it edits a game, and
// `game()` gives that game's view, see boards.js), usesFront (it plays the game in front),
// enter() (run when it is shown), keyDown(event) (a key press while it is shown; true when
// handled) }. `legend` is a list of [swatch class, text], or a function giving one.
//
// Share links (share.js) use more hooks: an editor's `shared()` gives { board } or { graph }
// and `openShared(position)` edits the position's board or graph once the server has read it
// (one past the server's limits is refused, not drawn); a mode that plays has
// `moves()` (the moves played) and `replay(moves)` (plays them again on the game in front).
// A mode with `shares: false` has no share link: Copy link is disabled while it is shown.

import { $, $$ } from './dom.js';
import { putModeInUrl } from './url.js';

const modes = new Map();
let shown = null;
let front = 'board';

export function addMode(mode) {
  modes.set(mode.name, mode);
}

/** The mode called `name`. */
export function modeNamed(name) {
  return modes.get(name);
}

export function isMode(name) {
  return modes.has(name);
}

export function shownMode() {
  return shown;
}

export function isShown(name) {
  return shown === name;
}

/** Draws the shown mode again. */
export function redraw() {
  if (shown) modes.get(shown).render();
}

/** `board` or `graph`: the kind of game Play and Record use. */
export function frontKind() {
  return front;
}

/** The view of the game in front (see boards.js). */
export function frontGame() {
  return modes.get(front).game();
}

function setFront(kind) {
  front = kind;
  for (const button of $$('[data-front]')) {
    button.setAttribute('aria-pressed', String(button.dataset.front === kind));
  }
}

/** Brings the board or the graph to the front, and shows the mode again with it. */
export function bringToFront(kind) {
  setFront(kind);
  showMode(shown);
}

export function showMode(name) {
  const mode = modes.get(name);
  shown = name;
  if (mode.editor) setFront(name);
  for (const tab of $$('[role="tab"]')) tab.setAttribute('aria-selected', String(tab.dataset.mode === name));
  for (const panel of $$('[data-panel]')) panel.hidden = panel.dataset.panel !== name;
  $('#front-switch').hidden = !mode.usesFront;
  $('#copy-link').disabled = mode.shares === false;
  refreshLegend();
  putModeInUrl(name);
  if (mode.enter) mode.enter();
  mode.render();
}

/** A key press: for the shown mode, which may handle it. */
export function keyDown(event) {
  const mode = modes.get(shown);
  if (mode && mode.keyDown && mode.keyDown(event)) event.preventDefault();
}

/** Shows the legend of the shown mode. */
export function refreshLegend() {
  const { legend } = modes.get(shown);
  const box = $('#legend');
  box.replaceChildren();
  for (const [cls, text] of typeof legend === 'function' ? legend() : legend) {
    const item = document.createElement('span');
    const swatch = document.createElement('span');
    swatch.className = `swatch ${cls}`;
    item.append(swatch, text);
    box.appendChild(item);
  }
}
