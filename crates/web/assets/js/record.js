// Record mode: a played record analysed by /api/analyse, every move marked best, blunder
// (??) or already lost, stepped through with the buttons, the strip or the arrow keys. A
// record is a slide-game record (NOI2011), a whole token game (a board or a graph, a line
// `moves`, then the moves), or only the moves, played on the game in front.

import { analyse, position } from './api.js';
import { boardFromText, boardGame, cellList, cellName } from './boards.js';
import { currentBoard } from './board.js';
import { $, capital, isTyping, onFileChosen, setStatus, showError } from './dom.js';
import { currentGraph } from './graph.js';
import { edgeListText, graphFromText, graphGame } from './graphs.js';
import { drawDot, drawGrid, drawPath } from './grid-view.js';
import { frontKind, isShown } from './modes.js';

const SLIDE_SAMPLE =
  '5 6\nXOOOOX\nXOXOXO\nOXO.XX\nXOOXOX\nOXOXXO\n4\n2 4\n2 3\n2 2\n3 2\n4 2\n5 2\n5 3\n5 4\n';

// The annotations of `geography analyze`, in its words, and their chess-style marks.
const ANNOTATIONS = { best: 'best', blunder: 'blunder', already_lost: 'already lost' };
const MARKS = { best: '', blunder: '??', already_lost: '' };
const MOVES_LINE = /^[ \t]*moves[ \t]*$/im;

// { data (the answer), positions, ply, game (the game view of a token game; null for a
// slide record) }
let record = null;

/** Where the token is before the first move: the empty cell of a slide board, else nowhere. */
function startToken(data) {
  if (!data.slide) return null;
  const index = data.slide.cells.join('').indexOf('.');
  return [Math.floor(index / data.slide.cols) + 1, (index % data.slide.cols) + 1];
}

/** The positions of an analysed record, before each move and after the last. */
function positionsOf(data) {
  const { moves, final } = data.report;
  const positions = moves.map((move) => ({
    mover: move.player,
    wins: move.winning_before,
    winning: move.winning_moves,
    token: move.from,
  }));
  const last = moves[moves.length - 1];
  positions.push({
    mover: final.player,
    wins: final.winning,
    winning: final.winning_moves,
    token: last ? last.to : startToken(data),
  });
  return positions;
}

/** The game view of the game in front, as it is now (later edits do not change it). */
function frontSnapshot() {
  return frontKind() === 'graph' ? graphGame(currentGraph()) : boardGame(currentBoard());
}

/** The game view of a record's game, from its text (`head`, before the line `moves`). */
async function gameOfRecord(kind, head) {
  if (kind === 'board') return boardGame(await boardFromText(head));
  const graph = currentGraph();
  // The graph being edited keeps its picture; any other is laid out.
  if (head === edgeListText(graph)) return graphGame(graph);
  return graphGame((await graphFromText(head)).graph);
}

/**
 * Analyses the record in the text box: a slide record or a whole token game record as
 * `geography analyze` reads it, or only the moves (the placement first, one `row col` or
 * vertex id per line), played on the game in front.
 */
async function analyseRecord() {
  const text = $('#record-text').value;
  let offset = 0;
  try {
    let game = null;
    let full = text;
    if (!/[XO]/.test(text) && !MOVES_LINE.test(text)) {
      game = frontSnapshot();
      full = `${game.recordHead}moves\n${text}`;
      offset = game.recordHead.split('\n').length;
    }
    const data = await analyse(full);
    if (!game && data.report.kind !== 'slide') {
      game = await gameOfRecord(data.report.kind, text.split(MOVES_LINE)[0]);
    }
    record = { data, positions: positionsOf(data), ply: 0, game };
    showError('#record-error', null);
    $('#record-view').hidden = false;
    showRecord();
  } catch (error) {
    // Only the moves were typed: place the error in them.
    const line = error.data && error.data.line;
    if (offset && line > offset) {
      error.message = error.message.replace(`line ${line},`, `line ${line - offset},`);
    }
    showError('#record-error', error);
  }
}

/**
 * A random token game on `game`, played through the API: each move one of the legal moves the
 * server lists (the placement first), until none is left; the path.
 */
async function randomPath(game) {
  const path = [];
  for (;;) {
    const { legal_moves: moves } = await position(game.input, path);
    if (moves.length === 0) return path;
    path.push(moves[Math.floor(Math.random() * moves.length)]);
  }
}

/** A random game on the game in front as the record; `data-random` counts them. */
async function randomRecord() {
  const game = frontSnapshot();
  const text = $('#record-text');
  try {
    const path = await randomPath(game);
    if (path.length === 0) throw new Error(`the ${game.kind} has no ${game.noun}`);
    text.value = `${game.recordHead}moves\n${path.map(game.line).join('\n')}\n`;
  } catch (error) {
    showError('#record-error', error);
    return;
  } finally {
    text.dataset.random = Number(text.dataset.random || 0) + 1;
  }
  analyseRecord();
}

function goToPly(ply) {
  if (!record) return;
  record.ply = Math.max(0, Math.min(record.data.report.moves.length, ply));
  showRecord();
}

function winnerOf(position) {
  return position.wins ? position.mover : 3 - position.mover;
}

/** How the record's vertices are named: cells on slide boards. */
function naming() {
  return record.game || { name: cellName, short: cellName, list: cellList };
}

function moveText(report, move) {
  const { name } = naming();
  if (report.kind === 'slide') return `slides ${name(move.to)}`;
  if (move.from === null) return `places the token on ${name(move.to)}`;
  return `moves to ${name(move.to)}`;
}

function showStrip(report, positions, ply) {
  const strip = $('#eval-strip');
  strip.replaceChildren();
  positions.forEach((position, index) => {
    const box = document.createElement('button');
    box.type = 'button';
    const winner = winnerOf(position);
    const blunder = index > 0 && report.moves[index - 1].annotation === 'blunder';
    box.className = `p${winner}${index === ply ? ' current' : ''}${blunder ? ' after-blunder' : ''}`;
    box.title = `after move ${index}: ${capital(report.players[winner - 1])} is winning`;
    box.setAttribute('aria-label', box.title);
    box.addEventListener('click', () => goToPly(index));
    strip.appendChild(box);
  });
}

function showVerdict(data, position, ply) {
  const { report } = data;
  const { list } = naming();
  const mover = capital(report.players[position.mover - 1]);
  let verdict = `${mover} to move ${position.wins ? 'wins' : 'loses'} with perfect play`;
  if (position.winning.length > 0) {
    const best = list(position.winning);
    if (report.kind === 'slide') verdict += `; best: slide ${best}`;
    else if (position.token === null) verdict += `; best: place the token on ${best}`;
    else verdict += `; best: move to ${best}`;
  }
  if (ply === report.moves.length && report.finished) verdict = capital(data.result);
  verdict += '.';
  if (ply > 0) {
    const last = report.moves[ply - 1];
    const who = capital(report.players[last.player - 1]);
    verdict = `${last.ply}. ${who} ${moveText(report, last)}${MARKS[last.annotation]} (${ANNOTATIONS[last.annotation]}). ${verdict}`;
  }
  $('#record-verdict').textContent = verdict;
}

function showMoves(report, ply) {
  const { short } = naming();
  const list = $('#ply-list');
  list.replaceChildren();
  for (const entry of report.moves) {
    const item = document.createElement('li');
    item.dataset.ply = entry.ply;
    item.className = `${entry.annotation}${entry.ply === ply ? ' current' : ''}`;
    const button = document.createElement('button');
    button.type = 'button';
    const who = capital(report.players[entry.player - 1]);
    let action;
    if (report.kind === 'slide') action = `slides ${short(entry.to)}`;
    else if (entry.from === null) action = `places ${short(entry.to)}`;
    else action = `${short(entry.from)}→${short(entry.to)}`;
    button.textContent = `${entry.ply}. ${who} ${action}`;
    const note = document.createElement('span');
    note.className = 'note';
    const word = document.createElement('span');
    word.className = 'word';
    word.textContent = ANNOTATIONS[entry.annotation];
    const mark = document.createElement('span');
    mark.className = 'mark';
    mark.textContent = MARKS[entry.annotation];
    note.append(word, mark);
    button.appendChild(note);
    button.addEventListener('click', () => goToPly(entry.ply));
    item.appendChild(button);
    list.appendChild(item);
  }
  const current = list.querySelector('li.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function showRecord() {
  const { data, positions, ply } = record;
  const { report } = data;
  const total = report.moves.length;
  $('#record-pos').textContent = `move ${ply} / ${total}`;
  $('#prev-ply').disabled = ply === 0;
  $('#first-ply').disabled = ply === 0;
  $('#next-ply').disabled = ply === total;
  $('#last-ply').disabled = ply === total;
  showStrip(report, positions, ply);
  showVerdict(data, positions[ply], ply);
  showMoves(report, ply);

  let result = capital(data.result);
  if (data.mistakes) {
    result += `. Bunny's mistakes (the official answer): ${data.mistakes.length}${data.mistakes.length ? ` — round ${data.mistakes.join(', ')}` : ''}.`;
  } else {
    result += `. Blunders: ${report.blunders.length}${report.blunders.length ? ` — move ${report.blunders.join(', ')}` : ''}.`;
  }
  $('#record-result').textContent = result;
  if (isShown('record')) render();
}

function renderSlide(walk, position, last) {
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
  const best = (cell) => position.winning.some((move) => same(move, cell));
  const { data, ply } = record;
  const { rows, cols } = data.slide;
  const cells = data.slide.cells.join('').split('');
  for (const entry of data.report.moves.slice(0, ply)) {
    const from = (entry.from[0] - 1) * cols + entry.from[1] - 1;
    const to = (entry.to[0] - 1) * cols + entry.to[1] - 1;
    cells[from] = cells[to];
    cells[to] = '.';
  }
  drawGrid(rows, cols, 'orthogonal', (r, c) => {
    const piece = cells[r * cols + c];
    const classes = [piece === 'X' ? 'black' : piece === 'O' ? 'white' : 'empty'];
    if (walk.some((cell) => same(cell, [r + 1, c + 1]))) classes.push('walked');
    if (best([r + 1, c + 1])) classes.push('best');
    if (last && same(last.from, [r + 1, c + 1])) classes.push(last.annotation === 'blunder' ? 'moved blunder' : 'moved');
    const names = { X: 'black piece (Egg)', O: 'white piece (Bunny)', '.': 'empty cell' };
    return { cls: `slide ${classes.join(' ')}`, title: `${cellName([r + 1, c + 1])}: ${names[piece]}` };
  }, (group, geo) => {
    drawPath(group, geo, walk, 'walk');
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        const piece = cells[r * cols + c];
        if (piece !== '.') drawDot(group, geo, [r + 1, c + 1], piece === 'X' ? 'piece-black' : 'piece-white', 0.3);
      }
    }
  });
}

function render() {
  if (!record) {
    frontSnapshot().draw([], () => []);
    setStatus('Paste a record and press Analyse, or try a sample.');
    return;
  }
  const { data, positions, ply, game } = record;
  const walk = positions.slice(0, ply + 1).map((p) => p.token).filter((vertex) => vertex !== null);
  const position = positions[ply];
  const last = ply > 0 ? data.report.moves[ply - 1] : null;
  if (!game) {
    renderSlide(walk, position, last);
  } else {
    const best = new Set(position.winning.map(String));
    const blunder = last && last.annotation === 'blunder' ? String(last.to) : null;
    game.draw(walk, (vertex) => {
      const classes = [];
      if (best.has(String(vertex))) classes.push('best');
      if (String(vertex) === blunder) classes.push('blunder');
      return classes;
    });
  }
  setStatus($('#record-verdict').textContent);
}

function keyDown(event) {
  if (!record || isTyping(event)) return false;
  const steps = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in steps) goToPly(record.ply + steps[event.key]);
  else if (event.key === 'Home') goToPly(0);
  else if (event.key === 'End') goToPly(Infinity);
  else return false;
  return true;
}

function init() {
  $('#analyse').addEventListener('click', analyseRecord);
  $('#sample-slide').addEventListener('click', () => {
    $('#record-text').value = SLIDE_SAMPLE;
    analyseRecord();
  });
  $('#random-record').addEventListener('click', randomRecord);
  onFileChosen('#open-record', (text) => {
    $('#record-text').value = text;
    analyseRecord();
  });
  $('#first-ply').addEventListener('click', () => goToPly(0));
  $('#prev-ply').addEventListener('click', () => goToPly(record.ply - 1));
  $('#next-ply').addEventListener('click', () => goToPly(record.ply + 1));
  $('#last-ply').addEventListener('click', () => goToPly(Infinity));
}

export const recordMode = {
  name: 'record',
  usesFront: true,
  legend: [
    ['p1', 'player 1 (Bunny) is winning'],
    ['p2', 'player 2 (Egg) is winning'],
    ['best', 'best: a winning move from here'],
    ['blunder', '?? blunder: threw the win away'],
  ],
  init,
  render,
  keyDown,
};
