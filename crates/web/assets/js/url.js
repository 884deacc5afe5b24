// URL state. Today only the mode shown lives in the URL (its fragment: #board, #graph, …);
// a share link adds the game to the same fragment. Every module reads and writes the URL
// through here.

/** The mode the URL names (maybe none, or an unknown one). */
export function modeInUrl() {
  return location.hash.slice(1);
}

/** Writes `mode` into the URL without adding a history entry. */
export function putModeInUrl(mode) {
  if (location.hash !== `#${mode}`) history.replaceState(null, '', `#${mode}`);
}

/** Calls `changed(mode)` when the user edits the URL's fragment or goes back. */
export function onUrlChange(changed) {
  window.addEventListener('hashchange', () => changed(modeInUrl()));
}
