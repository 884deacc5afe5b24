// Browser end-to-end test of the playground (`geography serve`), run by scripts/e2e:
//   PLAYGROUND_URL=http://127.0.0.1:PORT node --test e2e/playground.test.mjs
// Headless Debian Chromium through playwright-core, a fresh profile per run. Edits a board
// and checks every coloured cell against the solver, plays games against the engine to the
// end, steps through records with the keyboard, draws a treasure map; draws a graph by clicks
// and checks every vertex against the solver, loads pasted graphs, shows the proof and the
// edge classes, plays and analyses games on the graph; opens share links (and refuses bad
// ones), saves and loads a position file, exports SVG and PNG, plays Slither against the
// solver's answers, solves a pasted 1000×1000 board on the canvas and checks its pixels, and
// walks the page with Tab; and saves screenshots to e2e/screenshots/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, BASE, closePlayground, HERE, openPlayground, SHOTS } from './browser.mjs';

const ROOT = path.join(HERE, '..');

let context;
let page;
let profile;
const problems = [];
let expectingHttpErrors = false;

async function shot(name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Waits until the analysis shown belongs to the board as last edited. */
async function analysed() {
  await page.waitForFunction(() => {
    const grid = document.querySelector('#grid');
    return grid.dataset.version === grid.dataset.solved;
  });
}

/** The board as drawn: one string per row, W / L / # by the cells' classes. */
async function drawnGrid() {
  const cells = await page.$$eval('#grid .cell', (nodes) =>
    nodes.map((node) => [node.dataset.cell, node.getAttribute('class')]));
  const rows = [];
  for (const [name, classes] of cells) {
    const [r, c] = name.split(',').map(Number);
    rows[r - 1] = rows[r - 1] || [];
    const list = classes.split(' ');
    rows[r - 1][c - 1] = list.includes('blocked') ? '#' : list.includes('win') ? 'W' : list.includes('lose') ? 'L' : '?';
  }
  return rows.map((row) => row.join(''));
}

async function setNumber(selector, value) {
  const input = page.locator(selector);
  await input.fill(String(value));
  await input.dispatchEvent('change');
}

function cell([r, c]) {
  return page.locator(`#grid [data-cell="${r},${c}"]`);
}

async function loadBoard(text) {
  await page.click('#tab-board');
  const version = Number(await page.getAttribute('#grid', 'data-version'));
  await page.fill('#board-text', text);
  await page.click('#load-board');
  // Filling the text already shows it: wait for the board loaded from it, a new version.
  await page.waitForFunction(([expected, old]) => document.querySelector('#board-text').value === expected
    && Number(document.querySelector('#grid').dataset.version) > old, [text, version]);
  await analysed();
}

before(async () => {
  ({ context, page, profile } = await openPlayground('', problems, () => expectingHttpErrors));
});

after(() => closePlayground(context, profile));

test('the page opens on the garden board, coloured exactly as `geography solve` draws it', async () => {
  assert.equal(await page.title(), 'geography playground');
  await analysed();
  const golden = fs.readFileSync(path.join(ROOT, 'crates/cli/tests/golden/garden.txt'), 'utf8');
  assert.deepEqual(await drawnGrid(), golden.trim().split('\n').slice(3));
  assert.equal(await page.textContent('#summary-headline'), 'The player who places the token wins');
  assert.equal(await page.textContent('#stat-matching'), '24');
  await shot('01-board');
});

test('editing a board by clicks and drags re-colours it as the solver says', async () => {
  await setNumber('#rows', 4);
  await setNumber('#cols', 5);
  await page.click('#clear-board');
  await analysed();
  // 20 free cells with a perfect matching: the mover wins from everywhere.
  assert.deepEqual(await drawnGrid(), ['WWWWW', 'WWWWW', 'WWWWW', 'WWWWW']);
  for (const target of [[1, 2], [3, 3], [2, 5]]) await cell(target).click();
  // The grid is redrawn when the answer arrives: measure cells only after that.
  await analysed();
  // Drag along the bottom row: both cells become blocked.
  const from = await cell([4, 1]).boundingBox();
  const to = await cell([4, 2]).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await page.mouse.up();
  await analysed();
  const text = await page.inputValue('#board-text');
  assert.equal(text, '4 5\n.#...\n....#\n..#..\n##...\n');
  for (const neighbourhood of ['orthogonal', 'king', 'hex', 'knight']) {
    await page.selectOption('#neighbourhood', neighbourhood);
    await analysed();
    const board = await page.inputValue('#board-text');
    const solved = await api('/api/solve', { board });
    assert.deepEqual(await drawnGrid(), solved.grid, neighbourhood);
    assert.equal(await page.textContent('#stat-loses'), String(solved.summary.mover_loses));
  }
  await page.check('#show-matching');
  const solved = await api('/api/solve', { board: await page.inputValue('#board-text') });
  assert.equal(await page.locator('#grid .overlay .matching').count(), solved.report.matching_size);
  await shot('02-edited-knight-board');
  await page.uncheck('#show-matching');
  await page.selectOption('#neighbourhood', 'orthogonal');
  await analysed();
});

test('a loaded board with an error shows the line and column', async () => {
  expectingHttpErrors = true;
  await page.fill('#board-text', '2 2\n..\n.x\n');
  await page.click('#load-board');
  const error = page.locator('#board-error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /line 3, column 2: unexpected character 'x'/);
  expectingHttpErrors = false;
});

/** Plays until the game is over; `choose` picks the next cell to click. Returns the end state. */
async function playOut(choose) {
  for (let turn = 0; turn < 100; turn += 1) {
    await page.waitForFunction(() => document.querySelector('#play-status').dataset.state !== 'thinking');
    const state = await page.getAttribute('#play-status', 'data-state');
    if (state === 'won' || state === 'lost') return state;
    const target = await choose();
    await target.click();
  }
  throw new Error('the game did not end');
}

test('playing the engine: from a losing start with hints you win, from its placement you lose', async () => {
  const garden = fs.readFileSync(path.join(ROOT, 'examples/garden.board'), 'utf8');
  await loadBoard(garden);
  const solved = await api('/api/solve', { board: garden });
  await page.click('#tab-play');
  await page.click('#new-game');
  // Place the token where the player to move (the engine) loses, then follow the hints.
  const start = solved.report.mover_loses[0];
  await page.waitForFunction(() => document.querySelector('#play-status').dataset.state === 'your-turn');
  await cell(start).click();
  await page.waitForFunction(() => document.querySelector('#move-list li'));
  assert.equal(await page.textContent('#move-list li:first-child'), `You place the token on (${start[0]},${start[1]})`);
  const end = await playOut(async () => {
    await page.waitForFunction(() => document.querySelector('#play-status').dataset.state === 'your-turn');
    await page.click('#hint');
    assert.match(await page.textContent('#hint-text'), /^Winning moves: /);
    return page.locator('#grid .cell.hinted').first();
  });
  assert.equal(end, 'won');
  assert.equal(await page.textContent('#play-status'), 'The engine cannot move: you win!');
  const moves = await page.locator('#move-list li').count();
  assert.equal(await page.locator('#grid .cell.visited').count(), moves);
  assert.equal(moves % 2, 1, 'the engine is the one stuck, after an odd number of visits');
  await shot('03-play-won');

  // Undo takes back the winning move: it is our turn again.
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#play-status').dataset.state === 'your-turn');
  assert.equal(await page.locator('#move-list li').count(), moves - 1);

  // The engine places the token on a winning placement: every line of ours loses.
  await page.click('#engine-starts');
  const lost = await playOut(async () => page.locator('#grid .cell.legal').last());
  assert.equal(lost, 'lost');
  const placed = await page.textContent('#move-list li:first-child');
  const [, r, c] = placed.match(/\((\d+),(\d+)\)/).map(Number);
  assert.ok(solved.report.mover_loses.some(([a, b]) => a === r && b === c), `engine placed on (${r},${c})`);
  await shot('04-play-lost');
});

test('a slide record: blunders marked ?? and the arrow keys step through it', async () => {
  await page.click('#tab-record');
  await page.click('#sample-slide');
  const record = await page.inputValue('#record-text');
  const answer = await api('/api/analyse', { record });
  const total = answer.report.moves.length;
  const items = page.locator('#ply-list li');
  await items.first().waitFor();
  assert.equal(await items.count(), total);
  const marked = await page.$$eval('#ply-list li.blunder', (nodes) => nodes.map((node) => Number(node.dataset.ply)));
  assert.deepEqual(marked, answer.report.blunders);
  assert.ok(marked.length >= 2, 'the sample has blunders');
  for (const ply of marked) {
    assert.equal(await page.textContent(`#ply-list li[data-ply="${ply}"] .mark`), '??');
  }
  assert.equal(await page.textContent('#record-pos'), `move 0 / ${total}`);
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('#record-pos'), `move 3 / ${total}`);
  assert.equal(await page.getAttribute('#ply-list li.current', 'data-ply'), '3');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent('#record-pos'), `move 2 / ${total}`);
  await page.keyboard.press('End');
  assert.equal(await page.textContent('#record-pos'), `move ${total} / ${total}`);
  assert.match(await page.textContent('#record-result'), /^Egg won: Bunny has no legal move/);
  assert.match(await page.textContent('#record-result'), new RegExp(`round ${answer.mistakes.join(', ')}`));
  await page.keyboard.press('Home');
  // Show the first blunder: the board has the moved piece marked.
  await page.click(`#ply-list li[data-ply="${marked[0]}"] button`);
  assert.equal(await page.locator('#grid .cell.moved.blunder').count(), 1);
  assert.match(await page.textContent('#record-verdict'), /\?\? \(blunder\)/);
  await shot('05-record-slide');
});

test('a random token game on the current board is analysed like the API does', async () => {
  await page.click('#random-record');
  // The slide record of the test before stays listed until this one's analysis arrives:
  // wait for the token's placement, the first move of a token game.
  await page.waitForFunction(() => {
    const first = document.querySelector('#ply-list li button');
    return first !== null && first.textContent.includes('places');
  });
  // The record is the current board, a line `moves`, then the token's path.
  const record = await page.inputValue('#record-text');
  const [board, moves] = record.split('moves\n');
  assert.equal(board, await page.inputValue('#board-text'));
  const lines = moves.trim().split('\n').map((line) => line.split(' ').map(Number));
  const answer = await api('/api/analyse', { record });
  const marked = await page.$$eval('#ply-list li.blunder', (nodes) => nodes.map((node) => Number(node.dataset.ply)));
  assert.deepEqual(marked, answer.report.blunders);
  assert.equal(await page.locator('#ply-list li').count(), lines.length);
  assert.equal(await page.locator('#eval-strip button').count(), answer.report.moves.length + 1);
  await page.keyboard.press('End');
  assert.equal(await page.locator('#grid .cell.visited').count(), lines.length);
});

test('the treasure map: ring highlighted, winner and safe hits as the API says; painting re-analyses', async () => {
  await page.click('#tab-treasure');
  await page.waitForFunction(() => document.querySelector('#treasure-headline').textContent.includes('wins'));
  const map = await page.inputValue('#map-text');
  const { report: answer } = await api('/api/treasure', { map });
  assert.equal(await page.locator('#grid .cell.ring').count(), answer.ring.length);
  assert.equal(await page.textContent('#t-safe'), String(answer.safe_hits));
  assert.match(await page.textContent('#treasure-headline'), new RegExp(`^${answer.winner} wins`));
  await shot('06-treasure');

  // One more hit point on a stone off the ring flips the parity, so the other player wins.
  const ring = new Set(answer.ring.map(([r, c]) => `${r},${c}`));
  await page.fill('#hp', '2');
  await page.check('input[name="tool"][value="stone"]');
  await cell([1, 3]).click();
  assert.ok(!ring.has('1,3'));
  const other = answer.winner === 'Ali' ? 'Baba' : 'Ali';
  await page.waitForFunction((name) => document.querySelector('#treasure-headline').textContent.startsWith(name), other);
  assert.match(await page.inputValue('#map-text'), /^7 9\n0 0 2 1/);

  // The treasure moved to the border is open: Ali hits it at once.
  await page.check('input[name="tool"][value="treasure"]');
  await cell([1, 1]).click();
  await page.waitForFunction(() => document.querySelector('#t-safe').textContent === 'open');
  assert.match(await page.textContent('#treasure-headline'), /^Ali wins/);
  assert.equal(await page.locator('#grid .cell.treasure').count(), 1);
});

// ---------------------------------------------------------------------------------------------
// Graph mode

/** Waits until the analysis shown belongs to the graph as last edited. */
async function graphAnalysed() {
  await page.waitForFunction(() => {
    const graph = document.querySelector('#graph');
    return graph.dataset.version === graph.dataset.solved;
  });
}

/** Clicks the graph's picture at (x, y) of its 800 × 560 frame. */
async function clickGraphAt(x, y) {
  const box = await page.locator('#graph').boundingBox();
  const scale = box.width / 800;
  await page.mouse.click(box.x + x * scale, box.y + y * scale);
}

function vertex(v) {
  return page.locator(`#graph [data-vertex="${v}"] circle`);
}

/** The graph as drawn: per vertex, W / L by its class and the letter written on it. */
async function drawnVertices() {
  return page.$$eval('#graph .vertex', (nodes) => nodes.map((node) => {
    const mark = node.classList.contains('win') ? 'W' : node.classList.contains('lose') ? 'L' : '?';
    const label = node.querySelector('.label');
    return `${node.dataset.vertex}:${mark}${label ? label.textContent : ''}`;
  }));
}

/** The same, as the solver says. */
async function solvedVertices(graph) {
  const { report } = await api('/api/solve', { graph });
  const wins = new Set(report.mover_wins);
  return Array.from({ length: report.vertices }, (_, v) => `${v}:${wins.has(v) ? 'WW' : 'LL'}`);
}

/** Loads a graph of `n` vertices from text in Graph mode. */
async function loadGraph(text, n = Number(text.split(' ')[0])) {
  await page.click('#tab-graph');
  await page.fill('#graph-text', text);
  await page.click('#load-graph');
  await page.waitForFunction((count) => document.querySelectorAll('#graph .vertex').length === count
    && document.querySelector('#g-stat-vertices').textContent === String(count), n);
  await graphAnalysed();
}

// A triangle with a tail and an edge on its own: D = {0, 1, 2, 4}, A = {3}, C = {5, 6}.
const TAILED_TRIANGLE = '7 6\n0 1\n1 2\n0 2\n2 3\n3 4\n5 6\n';

test('a graph drawn by clicks (a path and a triangle) is coloured as the solver says', async () => {
  await page.click('#tab-graph');
  await page.click('#clear-graph');
  await graphAnalysed();
  assert.equal(await page.locator('#graph .vertex').count(), 0);
  assert.equal(await page.textContent('#g-headline'), 'No vertex: nothing to play');
  // Vertices 0, 1, 2 for the path, 3, 4, 5 for the triangle: click empty space.
  for (const [x, y] of [[150, 150], [300, 150], [450, 150], [200, 420], [380, 420], [290, 300]]) await clickGraphAt(x, y);
  assert.equal(await page.locator('#graph .vertex').count(), 6);
  // Edges: click their ends in turn.
  for (const [u, v] of [[0, 1], [1, 2], [3, 4], [4, 5], [5, 3]]) {
    await vertex(u).click();
    await page.waitForSelector(`#graph [data-vertex="${u}"].selected`);
    await vertex(v).click();
  }
  await graphAnalysed();
  const text = await page.inputValue('#graph-text');
  assert.equal(text, '6 5\n0 1\n1 2\n3 4\n4 5\n3 5\n');
  assert.deepEqual(await drawnVertices(), await solvedVertices(text));
  // Path 0 – 1 – 2: the middle wins, the ends lose; the triangle: every vertex loses.
  assert.deepEqual((await drawnVertices()).map((entry) => entry.at(-1)).join(''), 'LWLLLL');
  const { report } = await api('/api/solve', { graph: text });
  assert.equal(await page.locator('#graph .under .matching').count(), report.matching_size);
  assert.equal(await page.textContent('#g-stat-loses'), String(report.mover_loses.length));

  // Clicking the two ends of an edge again parts them.
  await vertex(3).click();
  await vertex(5).click();
  await graphAnalysed();
  assert.equal(await page.inputValue('#graph-text'), '6 4\n0 1\n1 2\n3 4\n4 5\n');
  assert.deepEqual(await drawnVertices(), await solvedVertices(await page.inputValue('#graph-text')));

  // Dragging a vertex moves it and changes nothing else.
  const before = await vertex(2).boundingBox();
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 + 60, before.y + before.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  const after = await vertex(2).boundingBox();
  assert.ok(after.x - before.x > 40 && after.y - before.y > 25, `vertex 2 moved from ${before.x},${before.y} to ${after.x},${after.y}`);
  assert.equal(await page.inputValue('#graph-text'), '6 4\n0 1\n1 2\n3 4\n4 5\n');
  assert.equal(await page.locator('#graph .vertex').count(), 6);

  // Delete removes the selected vertex; the later ones move down one id.
  await vertex(0).click();
  await page.keyboard.press('Delete');
  await graphAnalysed();
  const left = await page.inputValue('#graph-text');
  assert.equal(left, '5 3\n0 1\n2 3\n3 4\n');
  assert.deepEqual(await drawnVertices(), await solvedVertices(left));
  await shot('07-graph-drawn');
});

test('a pasted edge list, JSON and graph6 are coloured as the solver says; bad text shows the error', async () => {
  await loadGraph(TAILED_TRIANGLE);
  assert.deepEqual(await drawnVertices(), await solvedVertices(TAILED_TRIANGLE));
  assert.equal(await page.textContent('#g-headline'), 'The player who places the token wins');

  const json = '{"vertices": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4]]}';
  await loadGraph(json, 5);
  assert.deepEqual((await drawnVertices()).map((entry) => entry.at(-1)).join(''), 'LWLWL');
  assert.equal(await page.inputValue('#graph-text'), '5 4\n0 1\n1 2\n2 3\n3 4\n');

  // graph6 of the Petersen graph: a perfect matching, every start wins for the mover.
  await page.fill('#graph-text', 'IheA@GUAo');
  await page.click('#load-graph');
  await page.waitForFunction(() => document.querySelector('#g-stat-vertices').textContent === '10');
  await graphAnalysed();
  assert.deepEqual(await drawnVertices(), await solvedVertices('IheA@GUAo'));
  assert.equal(await page.locator('#graph .edge').count(), 15);

  expectingHttpErrors = true;
  await page.fill('#graph-text', '3 2\n0 1\n1 x\n');
  await page.click('#load-graph');
  const error = page.locator('#graph-error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /^"graph": line 3, column 3: /);
  // The graph drawn before stays, analysed.
  assert.equal(await page.locator('#graph .vertex').count(), 10);
  assert.equal(await page.locator('#graph .vertex.win').count(), 10);
  await page.fill('#graph-text', '{"vertices": 3, "edges": [[0, 1],');
  await page.click('#load-graph');
  await page.waitForFunction(() => document.querySelector('#graph-error').textContent.includes('not valid JSON'));
  await page.fill('#graph-text', '{"vertices": 2, "edges": [[0, 5]]}');
  await page.click('#load-graph');
  await page.waitForFunction(() => /^"graph": /.test(document.querySelector('#graph-error').textContent)
    && !document.querySelector('#graph-error').textContent.includes('JSON:'));
  expectingHttpErrors = false;
  await loadGraph(TAILED_TRIANGLE);
  assert.ok(await error.isHidden());
});

test('the proof and the edge classes are drawn on the graph, and why a vertex wins is said', async () => {
  await loadGraph(TAILED_TRIANGLE);
  const { report } = await api('/api/solve', { graph: TAILED_TRIANGLE, edges: true });
  await page.check('#g-show-proof');
  // Tutte–Berge: A = {3}, boxed; G − A has the odd parts {0, 1, 2} and {4}.
  assert.deepEqual(report.certificate.tutte_berge_barrier, [3]);
  assert.equal(await page.locator('#graph .overlay .barrier').count(), 1);
  assert.equal(await page.locator('#graph .odd-part').count(), 2);
  assert.match(await page.textContent('#g-proof'),
    /Tutte–Berge\): without the boxed vertex \(the set A\), the graph falls into 2 odd parts .* \(7 − 2 \+ 1\) \/ 2 = 3 edges; checked independently ✓/);
  await page.check('#g-show-edges');
  for (const name of ['vital', 'allowed', 'forbidden']) {
    assert.equal(await page.locator(`#graph .edge.${name}`).count(), report.edge_classes[name].length, name);
  }
  assert.equal(await page.locator('#legend .swatch.vital').count(), 1);

  // Why: 3 is in A, 0 in D, 5 in C.
  await vertex(3).click();
  assert.match(await page.textContent('#g-why'), /^Every maximum matching covers vertex 3 \(it is in A: .*move to its partner 4/);
  // The README's picture of graph mode: the page down to the analysis.
  const analysis = await page.locator('#g-summary').boundingBox();
  await page.screenshot({
    path: path.join(SHOTS, '08-graph-proof.png'),
    fullPage: true,
    clip: { x: 0, y: 0, width: 1280, height: Math.ceil(analysis.y + analysis.height + 20) },
  });
  await vertex(3).click(); // a second click lets go of it
  await vertex(0).click();
  assert.match(await page.textContent('#g-why'), /^Some maximum matching misses vertex 0 \(it is in D/);
  await page.keyboard.press('Escape');
  await vertex(5).click();
  assert.match(await page.textContent('#g-why'), /^Every maximum matching covers vertex 5 \(it is in C: /);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#graph .vertex.selected').count(), 0);

  // A bipartite graph: the König cover is ringed.
  const fivePath = '5 4\n0 1\n1 2\n2 3\n3 4\n';
  await loadGraph(fivePath);
  const bipartite = await api('/api/solve', { graph: fivePath });
  assert.equal(await page.locator('#graph .overlay .cover').count(), bipartite.report.certificate.konig_cover.length);
  assert.match(await page.textContent('#g-proof'), /\(König\): the 2 ringed vertices touch every edge/);
  await page.uncheck('#g-show-edges');
  await loadGraph(TAILED_TRIANGLE);
});

test('playing the engine on a graph: from a losing start with hints you win, from its placement you lose', async () => {
  await loadGraph(TAILED_TRIANGLE);
  const { report } = await api('/api/solve', { graph: TAILED_TRIANGLE });
  await page.click('#tab-play');
  assert.equal(await page.getAttribute('#front-graph', 'aria-pressed'), 'true');
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelector('#play-status').dataset.state === 'your-turn');
  const start = report.mover_loses[0];
  await vertex(start).click();
  await page.waitForFunction(() => document.querySelector('#move-list li'));
  assert.equal(await page.textContent('#move-list li:first-child'), `You place the token on vertex ${start}`);
  const end = await playOut(async () => {
    await page.waitForFunction(() => document.querySelector('#play-status').dataset.state === 'your-turn');
    await page.click('#hint');
    assert.match(await page.textContent('#hint-text'), /^Winning moves: vertex/);
    return page.locator('#graph .vertex.hinted circle').first();
  });
  assert.equal(end, 'won');
  const moves = await page.locator('#move-list li').count();
  assert.equal(await page.locator('#graph .vertex.visited').count(), moves);
  await shot('09-graph-play-won');

  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#play-status').dataset.state === 'your-turn');
  assert.equal(await page.locator('#move-list li').count(), moves - 1);

  await page.click('#engine-starts');
  const lost = await playOut(async () => page.locator('#graph .vertex.legal circle').last());
  assert.equal(lost, 'lost');
  const placed = Number((await page.textContent('#move-list li:first-child')).match(/vertex (\d+)/)[1]);
  assert.ok(report.mover_loses.includes(placed), `the engine placed the token on ${placed}`);

  // The switch above the picture brings the board back.
  await page.click('#front-board');
  assert.ok(await page.locator('#grid').isVisible());
  assert.ok(await page.locator('#graph').isHidden());
  await page.click('#front-graph');
  assert.ok(await page.locator('#graph').isVisible());
});

test('a record on the graph: blunders marked as the API says, arrow keys step through it', async () => {
  await page.click('#tab-record');
  assert.equal(await page.getAttribute('#front-graph', 'aria-pressed'), 'true');
  // Only the moves, played on the graph: 3 places (a blunder: A is a losing placement), 2
  // moves, 1 and 0 follow.
  await page.fill('#record-text', '3\n2\n1\n0\n');
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelector('#ply-list li button')?.textContent.startsWith('1. Player 1 places 3'));
  const answer = await api('/api/analyse', { record: `${TAILED_TRIANGLE}moves\n3\n2\n1\n0\n` });
  const marked = await page.$$eval('#ply-list li.blunder', (nodes) => nodes.map((node) => Number(node.dataset.ply)));
  assert.deepEqual(marked, answer.report.blunders);
  assert.ok(marked.includes(1), 'placing the token on 3 throws the win away');
  assert.equal(await page.textContent('#ply-list li[data-ply="1"] .mark'), '??');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.textContent('#record-pos'), 'move 1 / 4');
  assert.equal(await page.locator('#graph .vertex.blunder').count(), 1);
  assert.match(await page.textContent('#record-verdict'), /^1\. Player 1 places the token on vertex 3\?\? \(blunder\)/);
  await page.keyboard.press('End');
  assert.equal(await page.textContent('#record-pos'), 'move 4 / 4');
  assert.equal(await page.locator('#graph .vertex.visited').count(), 4);
  await shot('10-graph-record');

  // A random game on the graph: the record is the graph's edge list, `moves`, the path. It is
  // played through the API: wait for it.
  const games = Number(await page.getAttribute('#record-text', 'data-random') || 0);
  await page.click('#random-record');
  await page.waitForFunction((n) => Number(document.querySelector('#record-text').dataset.random) === n, games + 1);
  const record = await page.inputValue('#record-text');
  assert.ok(record.startsWith(`${await page.inputValue('#graph-text')}moves\n`));
  const random = await api('/api/analyse', { record });
  await page.waitForFunction((n) => document.querySelectorAll('#ply-list li').length === n
    && document.querySelector('#record-pos').textContent === `move 0 / ${n}`, random.report.moves.length);
  const blunders = await page.$$eval('#ply-list li.blunder', (nodes) => nodes.map((node) => Number(node.dataset.ply)));
  assert.deepEqual(blunders, random.report.blunders);
});

// ---------------------------------------------------------------------------------------------
// Share links, export, Slither, big boards

/** Opens `url` afresh (a new document, not only a new fragment). */
async function reopen(url) {
  await page.goto('about:blank');
  await page.goto(url);
}

/** Waits until Play has its answer. */
async function playSettled() {
  await page.waitForFunction(() => !['thinking', 'idle'].includes(document.querySelector('#play-status').dataset.state));
}

/** The moves listed in Play, the board or graph text, and the cells or vertices visited. */
async function playedPosition(picture, visited) {
  return {
    moves: await page.$$eval('#move-list li', (nodes) => nodes.map((node) => node.textContent.replace(/^(You|Engine) /, ''))),
    visited: await page.locator(`${picture} ${visited}.visited`).count(),
  };
}

async function copyLink() {
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('#share-link').value.startsWith('http'));
  return page.inputValue('#share-link');
}

test('share links: a board and a graph with moves in Play open as the same position', async () => {
  const board = '4 5\n.#...\n.....\n...#.\n#....\n';
  await loadBoard(board);
  await page.click('#tab-play');
  await page.click('#front-board');
  await page.click('#engine-starts');
  await playSettled();
  await page.locator('#grid .cell.legal').first().click();
  await playSettled();
  const before = await playedPosition('#grid', '.cell');
  assert.equal(before.moves.length, 3);
  const link = await copyLink();
  assert.match(link, /#v1\/play\/token\/b4x5o:[0-9a-z.]+\/\d+\.\d+,\d+\.\d+,\d+\.\d+$/);
  await reopen(link);
  await playSettled();
  assert.equal(await page.getAttribute('#tab-play', 'aria-selected'), 'true');
  assert.equal(await page.inputValue('#board-text'), board);
  assert.deepEqual(await playedPosition('#grid', '.cell'), before);
  await shot('11-share-board');

  await loadGraph(TAILED_TRIANGLE);
  await page.click('#tab-play');
  await page.click('#new-game');
  await vertex(2).click();
  await playSettled();
  const graphBefore = await playedPosition('#graph', '.vertex');
  const graphText = await page.inputValue('#graph-text');
  const graphLink = await copyLink();
  assert.match(graphLink, /#v1\/play\/token\/g7:0-1,0-2,1-2,2-3,3-4,5-6\/2,\d$/);
  await reopen(graphLink);
  await playSettled();
  assert.equal(await page.getAttribute('#front-graph', 'aria-pressed'), 'true');
  assert.equal(await page.inputValue('#graph-text'), graphText);
  assert.deepEqual(await playedPosition('#graph', '.vertex'), graphBefore);
});

test('share links of another version or malformed say why and keep the default board', async () => {
  const garden = fs.readFileSync(path.join(ROOT, 'examples/garden.board'), 'utf8');
  expectingHttpErrors = true; // the server refuses the board past its limits: 413
  for (const [fragment, message] of [
    ['v9/board/token/b2x2o:4/', /of version 9, and this page reads version 1 only/],
    ['v1/board/token/b2x2o:3/', /its runs cover 3 of the 4 cells/],
    ['v1/play/token/g3:0-7/', /a vertex 7 is larger than 2/],
    ['v1/dance/token/g1:/', /"dance" is not a mode/],
    // 1 100 000 free cells: a board the server's limits refuse is not drawn.
    ['v1/board/token/b1100x1000o:nkrk/', /^"board": line 1, column 1: .*limit of 1048576/],
  ]) {
    await reopen(`${BASE}/#${fragment}`);
    await page.waitForFunction(() => !document.querySelector('#share-error').hidden);
    assert.match(await page.textContent('#share-error'), message);
    assert.equal(await page.getAttribute('#tab-board', 'aria-selected'), 'true');
    await analysed();
    assert.equal(await page.inputValue('#board-text'), garden);
  }
  expectingHttpErrors = false;
});

test('a position too long for a link is saved as a file, and Load position opens it', async () => {
  // A path of 3000 vertices: its edge list alone is past the link's 8000 characters.
  const n = 3000;
  const edges = Array.from({ length: n - 1 }, (_, v) => [v, v + 1]);
  const file = path.join(os.tmpdir(), 'geography-e2e-position.json');
  fs.writeFileSync(file, JSON.stringify({ geography: 'position', version: 1, mode: 'graph', game: 'token', kind: 'graph', moves: [], graph: { vertices: n, edges } }));
  await page.setInputFiles('#load-position', file);
  await page.waitForFunction((count) => document.querySelector('#g-stat-vertices').textContent === String(count), n);
  assert.equal(await page.getAttribute('#tab-graph', 'aria-selected'), 'true');
  const saved = page.waitForEvent('download');
  await page.click('#copy-link');
  const download = await saved;
  assert.equal(download.suggestedFilename(), 'position.json');
  assert.match(await page.textContent('#share-note'), /too large for a link \(\d+ characters, at most 8000\)/);
  const copy = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.deepEqual([copy.kind, copy.mode, copy.graph.vertices, copy.graph.edges], ['graph', 'graph', n, edges]);
  // A file of another kind is refused with a reason.
  fs.writeFileSync(file, '{"geography": "position", "version": 0}');
  await page.setInputFiles('#load-position', file);
  await page.waitForFunction(() => /of version 0/.test(document.querySelector('#share-error').textContent));
});

/** The file the click on `button` downloads: its name and its bytes. */
async function downloaded(button) {
  const saved = page.waitForEvent('download');
  await page.click(button);
  const download = await saved;
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

/** The width and height of a PNG file, from its header. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/**
 * How many elements match `selector` in the SVG text, parsed by the browser (null: not SVG).
 * Its <style> is left out: the page's content security policy refuses inline styles.
 */
async function countInSvg(text, selector) {
  const unstyled = text.replace(/<style>[\s\S]*?<\/style>/, '');
  return page.evaluate(([svgText, css]) => {
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    if (doc.querySelector('parsererror') || doc.documentElement.tagName !== 'svg') return null;
    return doc.querySelectorAll(css).length;
  }, [unstyled, selector]);
}

test('Export SVG and PNG: the board and the graph as files, every cell and vertex in the SVG', async () => {
  await reopen(BASE);
  await analysed();
  const svgFile = await downloaded('#export-svg');
  assert.equal(svgFile.name, 'board.svg');
  const svgText = svgFile.bytes.toString('utf8');
  assert.equal(await countInSvg(svgText, '.cell'), 60);
  assert.equal(await countInSvg(svgText, '.cell.win'), await page.locator('#grid .cell.win').count());
  assert.match(svgText, /<style><!\[CDATA\[[^<]*--win:/, 'the colours travel with the file');
  const pngFile = await downloaded('#export-png');
  assert.equal(pngFile.name, 'board.png');
  const [width, height] = pngSize(pngFile.bytes);
  const box = await page.$eval('#grid', (svg) => [svg.viewBox.baseVal.width, svg.viewBox.baseVal.height]);
  assert.deepEqual([width, height], box.map((side) => Math.round(side * 2)));

  await loadGraph(TAILED_TRIANGLE);
  const graphSvg = await downloaded('#export-svg');
  assert.equal(graphSvg.name, 'graph.svg');
  assert.equal(await countInSvg(graphSvg.bytes.toString('utf8'), '.vertex'), 7);
  assert.equal(await countInSvg(graphSvg.bytes.toString('utf8'), '.edge'), 6);
  const graphPng = await downloaded('#export-png');
  assert.deepEqual(pngSize(graphPng.bytes), [1600, 1120]);
  // The exported picture, opened as an image in the page: it draws.
  await page.evaluate((text) => {
    const image = document.createElement('img');
    image.id = 'exported';
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    document.body.appendChild(image);
    return image.decode();
  }, graphSvg.bytes.toString('utf8'));
  await page.locator('#exported').screenshot({ path: path.join(SHOTS, '12-exported-graph.png') });
  await page.evaluate(() => document.querySelector('#exported').remove());
});

/** The moves drawn in Slither mode with the class `cls` (winning, legal), as "a|b" sorted. */
async function drawnMoves(cls) {
  return page.$$eval(`.picture:not([hidden]) .slither-move.${cls}`, (lines) => lines.map((line) => line.dataset.move).sort());
}

const asMoves = (moves) => moves.map(([a, b]) => `${a}|${b}`).sort();

async function slitherSettled() {
  await page.waitForFunction(() => !['thinking', 'idle'].includes(document.querySelector('#s-status').dataset.state));
}

test('Slither on a graph and a board: the winning moves drawn are the solver\'s, hints and undo', async () => {
  await loadGraph(TAILED_TRIANGLE);
  await page.click('#tab-slither');
  await page.click('#s-new-game');
  await slitherSettled();
  const solved = await api('/api/slither/solve', { graph: TAILED_TRIANGLE });
  assert.ok(solved.report.winning_first_moves.length > 0);
  assert.deepEqual(await drawnMoves('winning'), asMoves(solved.report.winning_first_moves));
  assert.equal((await drawnMoves('winning')).length + (await drawnMoves('legal')).length, 6);
  assert.equal(await page.locator('#graph .slither-letter').count(), solved.report.winning_first_moves.length);
  await shot('13-slither-graph');

  // Choose a winning first edge by two clicks; the engine answers; the winning moves drawn
  // are /api/slither/move's for the moves played.
  const [a, b] = solved.report.winning_first_moves[0];
  await vertex(a).click();
  await vertex(b).click();
  await slitherSettled();
  const played = await page.$$eval('#s-move-list li', (items) => items.map((item) => item.dataset.move.split('|').map(Number)));
  assert.deepEqual(played[0], [a, b]);
  const { position } = await api('/api/slither/move', { graph: TAILED_TRIANGLE, moves: played });
  assert.deepEqual(await drawnMoves('winning'), asMoves(position.winning_moves));
  assert.deepEqual(await drawnMoves('winning').then((w) => w.length) + (await drawnMoves('legal')).length, position.legal_moves.length);
  if (!position.finished) {
    await page.click('#s-hint');
    assert.match(await page.textContent('#s-hint-text'), /^(Winning moves: |No winning move)/);
  }
  await page.click('#s-undo');
  await slitherSettled();
  assert.equal(await page.locator('#s-move-list li').count(), 0);
  assert.deepEqual(await drawnMoves('winning'), asMoves(solved.report.winning_first_moves));

  // A board, the engine starting: our turn, the winning answers drawn are the API's; play it out.
  const board = '3 3\n...\n.#.\n...\n';
  await loadBoard(board);
  await page.click('#tab-slither');
  await page.click('#front-board');
  await page.click('#s-engine-starts');
  await slitherSettled();
  const cellMoves = await page.$$eval('#s-move-list li', (items) => items.map((item) => item.dataset.move.split('|').map((v) => v.split(',').map(Number))));
  assert.equal(cellMoves.length, 1);
  const boardPosition = (await api('/api/slither/move', { board, moves: cellMoves })).position;
  assert.deepEqual(await drawnMoves('winning'), asMoves(boardPosition.winning_moves.map(([x, y]) => [x.join(','), y.join(',')])));
  await shot('14-slither-board');
  for (let turn = 0; turn < 20; turn += 1) {
    const state = await page.getAttribute('#s-status', 'data-state');
    if (state === 'won' || state === 'lost') break;
    const [, to] = (await drawnMoves('legal').then((l) => l.length ? l : drawnMoves('winning')))[0].split('|');
    await cell(to.split(',').map(Number)).click();
    await slitherSettled();
  }
  assert.match(await page.getAttribute('#s-status', 'data-state'), /^(won|lost)$/);
});

test('a share link of a Slither game opens the same moves', async () => {
  await page.click('#tab-slither');
  await page.click('#front-graph');
  await page.click('#s-new-game');
  await slitherSettled();
  await vertex(2).click();
  await vertex(3).click();
  await slitherSettled();
  const moves = await page.$$eval('#s-move-list li', (items) => items.map((item) => item.dataset.move));
  const link = await copyLink();
  assert.match(link, /#v1\/slither\/slither\/g7:[0-9,-]+\/2-3,\d-\d$/);
  await reopen(link);
  await slitherSettled();
  assert.deepEqual(await page.$$eval('#s-move-list li', (items) => items.map((item) => item.dataset.move)), moves);
});

/** A random board text: `rows` × `cols`, about `density` of the cells blocked, seeded. */
function randomBoardText(rows, cols, density, seed) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  let text = `${rows} ${cols}\n`;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) text += next() < density ? '#' : '.';
    text += '\n';
  }
  return text;
}

/** The canvas's colour at the point (fx, fy) of cell [r, c] (1-based), as #rrggbb. */
async function canvasColour([r, c], [fx, fy]) {
  return page.$eval('#canvas', (canvas, [row, col, x, y]) => {
    const { scale, x0, y0, skew } = Object.fromEntries(Object.entries(canvas.dataset).map(([k, v]) => [k, Number(v)]));
    const px = Math.floor(x0 + (col - 1 + x + skew * (row - 1)) * scale);
    const py = Math.floor(y0 + (row - 1 + y) * scale);
    const [red, green, blue] = canvas.getContext('2d').getImageData(px, py, 1, 1).data;
    return `#${[red, green, blue].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }, [r, c, fx, fy]);
}

// The canvas's colours (canvas-view.js): win light, lose middle, blocked dark.
const CANVAS_COLOURS = { W: '#bbf7d0', L: '#f43f5e', '#': '#111827' };

/** The solver's letter (W, L, #) of every cell of a board text, by the compact answer. */
async function solvedLetters(text, cols) {
  const { report, summary } = await api('/api/solve', { board: text, compact: true });
  const grid = [];
  for (let at = 0; at < report.status.length; at += cols) grid.push(report.status.slice(at, at + cols));
  return { grid, summary };
}

test('a pasted 1000×1000 board on the canvas: coloured as the solver says, zoom, pan, edit, export', async () => {
  const [rows, cols] = [1000, 1000];
  const text = randomBoardText(rows, cols, 0.25, 7);
  const { grid, summary } = await solvedLetters(text, cols);
  await loadBoard(text);
  assert.ok(await page.locator('#canvas').isVisible());
  assert.ok(await page.locator('#grid').isHidden());
  assert.equal(await page.textContent('#stat-wins'), String(summary.mover_wins));
  await shot('15-big-board');
  // Zoom in about the centre until the letters show; the cells keep their colours.
  for (let i = 0; i < 8; i += 1) await page.click('#zoom-in');
  await page.waitForFunction(() => Number(document.querySelector('#canvas').dataset.scale) >= 14);
  const box = await page.locator('#canvas').boundingBox();
  const centre = await page.$eval('#canvas', (canvas) => {
    const { scale, x0, y0 } = Object.fromEntries(Object.entries(canvas.dataset).map(([k, v]) => [k, Number(v)]));
    return [Math.floor((canvas.height / 2 - y0) / scale) + 1, Math.floor((canvas.width / 2 - x0) / scale) + 1];
  });
  for (let dr = -2; dr <= 2; dr += 1) {
    for (let dc = -2; dc <= 2; dc += 1) {
      const [r, c] = [centre[0] + dr, centre[1] + dc];
      assert.equal(await canvasColour([r, c], [0.12, 0.85]), CANVAS_COLOURS[grid[r - 1][c - 1]], `cell (${r},${c})`);
    }
  }
  await shot('16-big-board-zoomed');
  // Dragging pans by as much as the pointer moved.
  const before = Number(await page.getAttribute('#canvas', 'data-x0'));
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 100, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction((x) => Math.abs(Number(document.querySelector('#canvas').dataset.x0) - x - 60) < 1, before);
  // A click (no drag) on a cell blocks or frees it, and the board is analysed again.
  const target = await page.$eval('#canvas', (canvas) => {
    const { scale, x0, y0 } = Object.fromEntries(Object.entries(canvas.dataset).map(([k, v]) => [k, Number(v)]));
    const [r, c] = [Math.floor((canvas.height / 2 - y0) / scale), Math.floor((canvas.width / 2 - x0) / scale)];
    return { r, c, x: x0 + (c + 0.5) * scale, y: y0 + (r + 0.5) * scale };
  });
  await page.mouse.click(box.x + target.x, box.y + target.y);
  await analysed();
  const edited = (await page.inputValue('#board-text')).split('\n')[target.r + 1][target.c];
  assert.equal(edited, text.split('\n')[target.r + 1][target.c] === '#' ? '.' : '#');
  const after = await solvedLetters(await page.inputValue('#board-text'), cols);
  await page.waitForFunction(() => Number(document.querySelector('#canvas').dataset.scale) >= 14);
  assert.equal(await canvasColour([target.r + 1, target.c + 1], [0.12, 0.85]), CANVAS_COLOURS[after.grid[target.r][target.c]]);
  // Export: too many cells for SVG, said so; the whole board in the PNG, 4 pixels a cell.
  await page.click('#export-svg');
  assert.match(await page.textContent('#share-note'), /too large for SVG \(at most 40000\): Export PNG instead/);
  const pngFile = await downloaded('#export-png');
  assert.deepEqual(pngSize(pngFile.bytes), [cols * 4, rows * 4]);
  // The keyboard: Tab reaches the canvas, + zooms, 0 fits.
  await page.focus('#canvas');
  await page.keyboard.press('0');
  await page.waitForFunction(() => Number(document.querySelector('#canvas').dataset.scale) < 14);
  const fitted = Number(await page.getAttribute('#canvas', 'data-scale'));
  await page.keyboard.press('+');
  await page.waitForFunction((scale) => Math.abs(Number(document.querySelector('#canvas').dataset.scale) - scale * 1.5) < 1e-6, fitted);
});

test('a 200×200 board on the canvas exports every cell as SVG', async () => {
  const text = randomBoardText(200, 200, 0.3, 11);
  const { summary } = await solvedLetters(text, 200);
  await loadBoard(text);
  const svgFile = await downloaded('#export-svg');
  assert.equal(await countInSvg(svgFile.bytes.toString('utf8'), '.cell'), 40000);
  assert.equal(await countInSvg(svgFile.bytes.toString('utf8'), '.cell.win'), summary.mover_wins);
  const pngFile = await downloaded('#export-png');
  assert.deepEqual(pngSize(pngFile.bytes), [1600, 1600]);
});

test('the keyboard reaches every control, the file inputs too, with a visible focus', async () => {
  await reopen(BASE);
  await analysed();
  const reached = new Set();
  let outlined = true;
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const [id, outline] = await page.evaluate(() => {
      const element = document.activeElement;
      const shown = element.closest('.file') || element;
      return [element.id, getComputedStyle(shown).outlineStyle];
    });
    if (id) reached.add(id);
    if (['copy-link', 'load-position', 'open-board', 'export-png'].includes(id)) outlined &&= outline !== 'none';
  }
  for (const id of ['tab-slither', 'rows', 'random-board', 'open-board', 'copy-link', 'load-position', 'export-svg', 'export-png']) {
    assert.ok(reached.has(id), `Tab reaches #${id}`);
  }
  assert.ok(outlined, 'the focused control is outlined');
});

test('no errors in the browser console', () => {
  assert.deepEqual(problems, []);
});
