// Browser end-to-end test of the playground (`geography serve`), run by scripts/e2e:
//   PLAYGROUND_URL=http://127.0.0.1:PORT node --test e2e/playground.test.mjs
// Headless Debian Chromium through playwright-core, a fresh profile per run. Edits a board
// and checks every coloured cell against the solver, plays games against the engine to the
// end, steps through records with the keyboard, draws a treasure map, and saves screenshots
// to e2e/screenshots/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE = process.env.PLAYGROUND_URL;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..');
const SHOTS = path.join(HERE, 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

let context;
let page;
let profile;
const problems = [];
let expectingHttpErrors = false;

async function api(endpoint, body) {
  const response = await fetch(`${BASE}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  assert.equal(response.status, 200, `${endpoint}: ${JSON.stringify(data)}`);
  return data;
}

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
  await page.fill('#board-text', text);
  await page.click('#load-board');
  await page.waitForFunction((expected) => document.querySelector('#board-text').value === expected, text);
  await analysed();
}

before(async () => {
  assert.ok(BASE, 'set PLAYGROUND_URL to the address `geography serve` printed');
  fs.mkdirSync(SHOTS, { recursive: true });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'geography-e2e-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 820 },
  });
  context.setDefaultTimeout(15000);
  page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // The browser logs every 4xx answer; only the test of a bad input expects one.
    if (expectingHttpErrors && /status of 400/.test(text)) return;
    if (message.type() === 'error') problems.push(`console: ${text}`);
  });
  await page.goto(BASE);
});

after(async () => {
  await context?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

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

test('no errors in the browser console', () => {
  assert.deepEqual(problems, []);
});
