// Browser end-to-end test of the playground's Edge and Words tabs (`geography serve`), run by
// scripts/e2e with playground.test.mjs:
//   PLAYGROUND_URL=http://127.0.0.1:PORT node --test e2e/family.test.mjs
// Headless Debian Chromium through playwright-core, a fresh profile per run, as in
// playground.test.mjs (a file of its own, so each file stays well inside node's per-file
// timeout). Solves and plays edge geography, the token game on a digraph and a word chain
// against the engine, each checked against the API's answers, and shows a bad graph's and a
// bad word's errors; saves screenshots to e2e/screenshots/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { api, closePlayground, openPlayground, SHOTS } from './browser.mjs';


let context;
let page;
let profile;
const problems = [];
let expectingHttpErrors = false;

async function shot(name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

before(async () => {
  ({ context, page, profile } = await openPlayground('#edge', problems, () => expectingHttpErrors));
});

after(() => closePlayground(context, profile));

// The Edge tab's sample: a triangle 0 1 2 with the edge 0–1 doubled, and a triangle 2 3 4.
const EDGE_SAMPLE = '5 7\n0 1\n1 2\n2 0\n2 3\n3 4\n4 2\n0 1\n';
const listed = (items) => (items.length === 0 ? 'none' : items.join(', '));

/** Waits until the game of a mode (status line `status`) has its answer. */
async function settled(status) {
  await page.waitForFunction((selector) => !['thinking', 'idle'].includes(document.querySelector(selector).dataset.state), status);
}

/** Plays until the game of a mode is over, choosing by `choose()` (a locator to click). */
async function playTo(status, choose) {
  for (let turn = 0; turn < 60; turn += 1) {
    await settled(status);
    const state = await page.getAttribute(status, 'data-state');
    if (state === 'won' || state === 'lost') return state;
    await (await choose()).click();
  }
  throw new Error('the game did not end');
}

test('edge geography: solved as the API says, drawn with parallel edges, won with hints, undo', async () => {
  await page.click('#tab-edge');
  await page.waitForFunction(() => document.querySelector('#e-headline').textContent.includes('mover wins'));
  assert.equal(await page.inputValue('#e-text'), EDGE_SAMPLE);
  const { report, summary } = await api('/api/edge/solve', { graph: EDGE_SAMPLE });
  assert.equal(await page.textContent('#e-wins'), listed(report.mover_wins));
  assert.equal(await page.textContent('#e-loses'), listed(report.mover_loses));
  assert.equal(await page.textContent('#e-undecided'), listed(report.undecided));
  assert.deepEqual(await page.$$eval('#e-summary-text li', (items) => items.map((item) => item.textContent)), summary);
  assert.equal(await page.locator('#graph .arc').count(), 7);
  assert.equal(await page.locator('#graph .vertex.win').count(), report.mover_wins.length);
  assert.equal(await page.locator('#graph .vertex.lose').count(), report.mover_loses.length);
  assert.equal(await page.locator('#graph .arc[marker-end]').count(), 0, 'edges have no arrowheads');

  // Start where the mover wins, move first and follow the hints: the engine is the one stuck.
  const start = report.mover_wins[0];
  await page.selectOption('#e-start', String(start));
  await page.click('#e-new-game');
  await settled('#e-status');
  assert.equal(await page.locator('#graph .vertex.token').count(), 1);
  assert.equal(await page.getAttribute('#graph .vertex.token', 'data-vertex'), String(start));
  const end = await playTo('#e-status', async () => {
    await page.click('#e-hint');
    assert.match(await page.textContent('#e-hint-text'), /^Winning moves: /);
    return page.locator('#e-legal button.winning').first();
  });
  assert.equal(end, 'won');
  assert.equal(await page.textContent('#e-status'), 'The engine cannot move: you win!');
  const moves = await page.$$eval('#e-move-list li', (items) => items.map((item) => item.dataset.move));
  assert.equal(moves.length % 2, 1, 'the engine is stuck after an odd number of moves');
  assert.equal(await page.locator('#graph .arc.used').count(), moves.length);
  // The walk the page played is legal, and the API agrees the game is over.
  const path = [start, ...moves.map((move) => Number(move.split('→')[1]))];
  const position = await api('/api/edge/move', { graph: EDGE_SAMPLE, path });
  assert.equal(position.game_over, true);
  await shot('family-1-edge-won');

  // Undo takes back the winning move: our turn again, the winning moves are the API's.
  await page.click('#e-undo');
  await settled('#e-status');
  assert.equal(await page.getAttribute('#e-status', 'data-state'), 'your-turn');
  assert.equal(await page.locator('#e-move-list li').count(), moves.length - 1);
  const before = await api('/api/edge/move', { graph: EDGE_SAMPLE, path: path.slice(0, -1) });
  await page.click('#e-hint');
  assert.deepEqual(await page.$$eval('#e-legal button.winning', (buttons) => buttons.map((b) => b.dataset.move)),
    [...new Set(before.winning_moves.map(([a, b]) => `${a}→${b}`))]);
});

test('the token game on a digraph: arrows drawn, a typed move, the engine replies', async () => {
  await page.click('#tab-edge');
  const text = '5 7\n0 1\n1 2\n2 0\n2 3\n3 4\n4 3\n1 3\n';
  await page.fill('#e-text', text);
  await page.check('#e-directed');
  assert.equal(await page.inputValue('#e-text'), text.replace('5 7', '5 7 directed'));
  await page.selectOption('#e-game', 'token');
  await page.click('#e-solve');
  const graph = await page.inputValue('#e-text');
  const { report } = await api('/api/token/solve', { graph });
  assert.equal(report.kind, 'digraph');
  await page.waitForFunction(() => document.querySelector('#e-headline').textContent.startsWith('The token game'));
  assert.equal(await page.textContent('#e-wins'), listed(report.mover_wins));
  assert.equal(await page.locator('#graph .arc[marker-end]').count(), 7);

  // From 0 the only arc leads to 1: type it; the engine answers along an arc from 1.
  await page.selectOption('#e-start', '0');
  await page.click('#e-new-game');
  await settled('#e-status');
  await page.fill('#e-move', '1');
  await page.press('#e-move', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#e-move-list li').length >= 2);
  await settled('#e-status');
  const moves = await page.$$eval('#e-move-list li', (items) => items.map((item) => item.dataset.move));
  assert.equal(moves[0], '0→1');
  const reply = Number(moves[1].split('→')[1]);
  const expected = await api('/api/token/move', { graph, path: [0, 1] });
  assert.equal(reply, expected.engine_move);
  assert.equal(await page.locator('#graph .vertex.visited').count(), moves.length + 1);
  await shot('family-2-token-digraph');

  // Unchecking `directed` removes the word, and the token game is no longer offered.
  await page.uncheck('#e-directed');
  assert.equal(await page.inputValue('#e-text'), text);
  assert.equal(await page.inputValue('#e-game'), 'edge');
});

test('a bad graph in the Edge tab shows the line and column', async () => {
  expectingHttpErrors = true;
  await page.click('#tab-edge');
  await page.fill('#e-text', '3 2\n0 1\n1 9\n');
  await page.click('#e-solve');
  const error = page.locator('#e-error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /line 3, column 3: .*between 0 and 2, found 9/);
  expectingHttpErrors = false;
  await page.fill('#e-text', EDGE_SAMPLE);
  await page.click('#e-solve');
  await error.waitFor({ state: 'hidden' });
});

test('a word chain: verdict as the API says, won with hints, a bad word refused with its reason', async () => {
  await page.click('#tab-words');
  await page.waitForFunction(() => document.querySelector('#w-headline').textContent.includes('wins'));
  const words = await page.inputValue('#w-text');
  const { report } = await api('/api/words/solve', { words });
  assert.equal(await page.textContent('#w-winning'), listed(report.winning_first_words));
  assert.equal(await page.textContent('#w-undecided'), listed(report.undecided_first_words));
  assert.equal(await page.textContent('#w-headline'), report.first_player_wins ? 'The first player wins' : 'The second player wins');
  assert.equal(await page.locator('#graph .arc').count(), report.words);

  // A word not in the list: the server's reason, next to the input; the game goes on.
  expectingHttpErrors = true;
  await page.click(report.first_player_wins ? '#w-new-game' : '#w-engine-starts');
  await settled('#w-status');
  const said = await page.locator('#w-move-list li').count();
  await page.fill('#w-word', 'zebra');
  await page.press('#w-word', 'Enter');
  const error = page.locator('#w-move-error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /'zebra' is not a word of the list/);
  await settled('#w-status');
  assert.equal(await page.locator('#w-move-list li').count(), said);
  expectingHttpErrors = false;

  // Follow the hints: whoever is winning, the hinted words win it for us.
  const end = await playTo('#w-status', async () => {
    await page.click('#w-hint');
    assert.match(await page.textContent('#w-hint-text'), /^Winning words: /);
    return page.locator('#w-legal button.winning').first();
  });
  assert.equal(end, 'won');
  assert.equal(await page.textContent('#w-status'), 'The engine has no word left: you win!');
  const chain = await page.$$eval('#w-move-list li', (items) => items.map((item) => item.dataset.word));
  const position = await api('/api/words/move', { words, said: chain });
  assert.equal(position.game_over, true);
  assert.equal(await page.locator('#graph .arc.used').count(), chain.length);
  assert.ok(await error.isHidden(), 'a good word clears the error');
  await shot('family-3-words-won');

  await page.click('#w-undo');
  await settled('#w-status');
  assert.equal(await page.getAttribute('#w-status', 'data-state'), 'your-turn');
  assert.equal(await page.locator('#w-move-list li').count(), chain.length - 1);
});

test('Tab reaches the Words tab and every control of the Edge tab', async () => {
  await page.click('#tab-edge');
  await page.focus('#tab-edge');
  const reached = new Set();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement.id));
  }
  for (const id of ['tab-words', 'e-text', 'e-directed', 'e-game', 'e-solve', 'e-start', 'e-new-game', 'e-undo']) {
    assert.ok(reached.has(id), `Tab reaches #${id}`);
  }
});

test('no errors in the browser console', () => {
  assert.deepEqual(problems, []);
});
