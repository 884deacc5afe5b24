// Sharing positions: the Copy link button (the position shown as a link, see url.js for the
// format), the file offered instead when the link would be too long, Load position (that file
// read back), and opening the link the page was opened with. The position is read from and
// given to the modes through their hooks (modes.js): `shared()` and `openShared(position)` of
// the board and graph editors, `moves()` and `replay(moves)` of the modes that play.

import { $, download, onFileChosen, showError } from './dom.js';
import { frontKind, modeNamed, shownMode, showMode } from './modes.js';
import { decodePosition, fragmentInUrl, LINK_LIMIT, positionFile, readPositionFile, shareLink } from './url.js';

/** The position shown: the mode, the game in front and the moves played on it. */
export function currentPosition() {
  const mode = shownMode();
  const kind = modeNamed(mode).editor ? mode : frontKind();
  const player = modeNamed(mode);
  return {
    mode,
    game: mode === 'slither' ? 'slither' : 'token',
    kind,
    moves: player.moves ? player.moves() : [],
    ...modeNamed(kind).shared(),
  };
}

/** Shows `position`: its board or graph in front, its mode, its moves played again. */
export async function openPosition(position) {
  if (!modeNamed(position.mode)) throw new Error(`this share link cannot be opened: this page has no ${position.mode} mode`);
  if (['board', 'graph'].includes(position.mode) && position.mode !== position.kind) {
    throw new Error(`this share link cannot be opened: the ${position.mode} mode shows no ${position.kind}`);
  }
  await modeNamed(position.kind).openShared(position);
  showMode(position.kind);
  showMode(position.mode);
  const player = modeNamed(position.mode);
  if (player.replay) await player.replay(position.moves);
}

function note(text) {
  $('#share-note').textContent = text;
}

async function copyLink() {
  showError('#share-error', null);
  const position = currentPosition();
  const link = shareLink(position);
  if (link.length > LINK_LIMIT) {
    download('position.json', positionFile(position), 'application/json');
    $('#share-link').value = '';
    note(`This position is too large for a link (${link.length} characters, at most ${LINK_LIMIT}): ` +
      'it was saved as position.json instead; Load position opens it.');
    return;
  }
  const field = $('#share-link');
  field.value = link;
  field.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(link);
    note('Link copied: opening it shows this position.');
  } catch {
    note('Copy the link above: opening it shows this position.');
  }
}

/** Opens `attempt()`'s position, or says why it cannot and keeps the page as it is. */
async function tryOpen(attempt) {
  try {
    const position = attempt();
    await openPosition(position);
    showError('#share-error', null);
    note('');
    return true;
  } catch (error) {
    showError('#share-error', error);
    return false;
  }
}

/** Opens the share link `fragment` (fragmentInUrl() by default), if any; true when it did. */
export function openLink(fragment = fragmentInUrl()) {
  if (fragment === null) return Promise.resolve(false);
  return tryOpen(() => decodePosition(fragment));
}

export function initShare() {
  $('#copy-link').addEventListener('click', copyLink);
  onFileChosen('#load-position', (text) => tryOpen(() => readPositionFile(text)));
}
