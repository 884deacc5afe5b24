// URL state, and share links. The fragment names the mode shown (#board, #graph, …), or holds
// a whole position as a share link. Every module reads and writes the URL through here.
//
// A share link's fragment is `#v1/<mode>/<game>/<position>/<moves>`:
//   mode      the tab shown: board, graph, play, slither, record, treasure;
//   game      token (Geography) or slither;
//   position  a board `b<rows>x<cols><n>:<runs>`, n the neighbourhood's letter (o, k, h, n) and
//             runs the lengths (base 36, `.` between) of alternating free and blocked runs in
//             row-major order, free first; or a graph `g<n>:<u>-<v>,<u>-<v>,…`;
//   moves     `,` between moves; a vertex is `r.c` (a cell, 1-based) or an id; a Slither move
//             is two vertices joined by `-`. Empty when no move is played.
// A position too long for a link (past LINK_LIMIT characters) goes to a JSON file instead:
// { "geography": "position", "version": 1, mode, game, kind, board | graph, moves }, which
// `Load position` reads back. Unknown versions and malformed links or files are refused
// with a message that says why; the page then keeps the position it has.

export const VERSION = 1;
export const LINK_LIMIT = 8000;
/** The largest board and graph a link or a file may hold (the page draws no more). */
const MAX_CELLS = 4_000_000;
const MAX_VERTICES = 5000;

const NEIGHBOURHOODS = { o: 'orthogonal', k: 'king', h: 'hex', n: 'knight' };
const MODES = ['board', 'graph', 'play', 'slither', 'record', 'treasure'];
const GAMES = ['token', 'slither'];

/** The mode the URL names (maybe none, or an unknown one); null for a share link. */
export function modeInUrl() {
  const fragment = location.hash.slice(1);
  return isShareFragment(fragment) ? null : fragment;
}

/** Writes `mode` into the URL without adding a history entry. */
export function putModeInUrl(mode) {
  if (location.hash !== `#${mode}`) history.replaceState(null, '', `#${mode}`);
}

/** Calls `changed(fragment)` when the user edits the URL's fragment or goes back. */
export function onUrlChange(changed) {
  window.addEventListener('hashchange', () => changed(location.hash.slice(1)));
}

/** Whether a fragment is a share link (of any version): `v` and a digit. */
export function isShareFragment(fragment) {
  return /^v\d/.test(fragment);
}

/** The share link in the URL, or null when there is none. */
export function fragmentInUrl() {
  const fragment = decodeURIComponent(location.hash.slice(1));
  return isShareFragment(fragment) ? fragment : null;
}

// ---------------------------------------------------------------------------------------------
// Positions as links

/** The vertex `v` (a [row, col] cell or an id) in a link. */
function vertexText(v) {
  return Array.isArray(v) ? `${v[0]}.${v[1]}` : String(v);
}

/** The runs of free and blocked cells, free first, in base 36. */
function boardRuns(blocked) {
  const runs = [];
  let value = false;
  let length = 0;
  for (const flag of blocked) {
    if (Boolean(flag) === value) {
      length += 1;
    } else {
      runs.push(length);
      value = !value;
      length = 1;
    }
  }
  runs.push(length);
  return runs.map((run) => run.toString(36)).join('.');
}

function positionText(position) {
  if (position.kind === 'board') {
    const { rows, cols, nb, blocked } = position.board;
    return `b${rows}x${cols}${nb.charAt(0)}:${boardRuns(blocked)}`;
  }
  const { n, edges } = position.graph;
  return `g${n}:${edges.map(([u, v]) => `${u}-${v}`).join(',')}`;
}

/** The fragment of a share link for `position` (see the top of this file), without `#`. */
export function encodePosition(position) {
  const moves = position.game === 'slither'
    ? position.moves.map((move) => move.map(vertexText).join('-'))
    : position.moves.map(vertexText);
  return `v${VERSION}/${position.mode}/${position.game}/${positionText(position)}/${moves.join(',')}`;
}

/** The whole link for `position`. */
export function shareLink(position) {
  return `${location.origin}${location.pathname}#${encodePosition(position)}`;
}

// ---------------------------------------------------------------------------------------------
// Reading links and files back: every check says what is wrong

function fail(what) {
  throw new Error(`this share link cannot be opened: ${what}`);
}

function whole(text, what, max = Number.MAX_SAFE_INTEGER, radix = 10) {
  const valid = radix === 10 ? /^\d+$/ : /^[0-9a-z]+$/;
  if (!valid.test(text)) fail(`${what} "${text}" is not a number`);
  const value = parseInt(text, radix);
  if (value > max) fail(`${what} ${value} is larger than ${max}`);
  return value;
}

function decodeBoard(text) {
  const match = /^b(\d+)x(\d+)([okhn]):([0-9a-z.]*)$/.exec(text);
  if (!match) fail(`"${text.slice(0, 40)}" is not a board (b<rows>x<cols><o|k|h|n>:<runs>)`);
  const rows = whole(match[1], 'the number of rows', MAX_CELLS);
  const cols = whole(match[2], 'the number of columns', MAX_CELLS);
  if (rows < 1 || cols < 1 || rows * cols > MAX_CELLS) fail(`a ${rows}×${cols} board is too large or empty`);
  const blocked = new Array(rows * cols);
  let at = 0;
  match[4].split('.').forEach((run, index) => {
    const length = whole(run, 'a run', rows * cols, 36);
    if (at + length > rows * cols) fail(`its runs cover more than the ${rows * cols} cells`);
    blocked.fill(index % 2 === 1, at, at + length);
    at += length;
  });
  if (at !== rows * cols) fail(`its runs cover ${at} of the ${rows * cols} cells`);
  return { rows, cols, nb: NEIGHBOURHOODS[match[3]], blocked };
}

function decodeGraph(text) {
  const match = /^g(\d+):(.*)$/.exec(text);
  if (!match) fail(`"${text.slice(0, 40)}" is not a graph (g<n>:<u>-<v>,…)`);
  const n = whole(match[1], 'the number of vertices', MAX_VERTICES);
  const edges = match[2] === '' ? [] : match[2].split(',').map((edge) => {
    const ends = edge.split('-');
    if (ends.length !== 2) fail(`"${edge}" is not an edge u-v`);
    const [u, v] = ends.map((end) => whole(end, 'a vertex', n - 1));
    if (u === v) fail(`the edge ${edge} is a loop`);
    return u < v ? [u, v] : [v, u];
  });
  return { n, edges };
}

function decodeVertex(text, kind) {
  if (kind === 'graph') return whole(text, 'a vertex of a move');
  const parts = text.split('.');
  if (parts.length !== 2) fail(`"${text}" is not a cell r.c`);
  return parts.map((part) => whole(part, 'a cell of a move'));
}

function decodeMoves(text, game, kind) {
  if (text === '') return [];
  return text.split(',').map((move) => {
    if (game === 'token') return decodeVertex(move, kind);
    const ends = move.split('-');
    if (ends.length !== 2) fail(`"${move}" is not a Slither move a-b`);
    return ends.map((end) => decodeVertex(end, kind));
  });
}

/** The position a share link's fragment holds (see the top of this file); throws why not. */
export function decodePosition(fragment) {
  const parts = fragment.split('/');
  const version = parts[0];
  if (version !== `v${VERSION}`) {
    fail(`it is of version ${version.slice(1)}, and this page reads version ${VERSION} only`);
  }
  if (parts.length !== 5) fail(`it has ${parts.length} parts where version ${VERSION} has 5`);
  const [, mode, game, positionPart, movesPart] = parts;
  if (!MODES.includes(mode)) fail(`"${mode}" is not a mode (${MODES.join(', ')})`);
  if (!GAMES.includes(game)) fail(`"${game}" is not a game (token or slither)`);
  const kind = positionPart.startsWith('b') ? 'board' : 'graph';
  const position = { mode, game, kind, moves: decodeMoves(movesPart, game, kind) };
  if (kind === 'board') position.board = decodeBoard(positionPart);
  else position.graph = decodeGraph(positionPart);
  return position;
}

// ---------------------------------------------------------------------------------------------
// Positions as files

/** The JSON file of `position`, for positions too large for a link. */
export function positionFile(position) {
  const { mode, game, kind, moves } = position;
  const file = { geography: 'position', version: VERSION, mode, game, kind, moves };
  if (kind === 'board') {
    const { rows, cols, nb, blocked } = position.board;
    file.board = { rows, cols, neighbourhood: nb, runs: boardRuns(blocked) };
  } else {
    file.graph = { vertices: position.graph.n, edges: position.graph.edges };
  }
  return JSON.stringify(file);
}

/** The position a file of `positionFile` holds; throws why not. */
export function readPositionFile(text) {
  let file;
  try {
    file = JSON.parse(text);
  } catch (error) {
    throw new Error(`this position file cannot be opened: not JSON (${error.message})`);
  }
  if (!file || file.geography !== 'position') {
    throw new Error('this position file cannot be opened: it is not a position saved by this page');
  }
  if (file.version !== VERSION) {
    throw new Error(`this position file cannot be opened: it is of version ${file.version}, and this page reads version ${VERSION} only`);
  }
  // Through the link's reader, so a file and a link are checked alike.
  const { mode, game, kind, moves } = file;
  let positionPart;
  if (kind === 'board' && file.board) {
    const letter = Object.keys(NEIGHBOURHOODS).find((key) => NEIGHBOURHOODS[key] === file.board.neighbourhood);
    positionPart = `b${file.board.rows}x${file.board.cols}${letter || '?'}:${file.board.runs}`;
  } else if (kind === 'graph' && file.graph && Array.isArray(file.graph.edges)) {
    positionPart = `g${file.graph.vertices}:${file.graph.edges.map((edge) => edge.join('-')).join(',')}`;
  } else {
    throw new Error('this position file cannot be opened: it holds neither a board nor a graph');
  }
  const movesPart = Array.isArray(moves)
    ? moves.map((move) => (game === 'slither' && Array.isArray(move) ? move.map(vertexText).join('-') : vertexText(move))).join(',')
    : '';
  return decodePosition(`v${VERSION}/${mode}/${game}/${positionPart}/${movesPart}`);
}
