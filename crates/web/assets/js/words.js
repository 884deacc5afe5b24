// Words mode: word chains against the perfect engine. The first player says any word of the
// list; then each word starts with the ending of the one before (its last letter, or last two
// with the rule last2), each word once; whoever cannot say a word loses. Solve asks
// /api/words/solve who wins and with which first words; play goes through /api/words/move.
//
// The list is drawn as what the game is, directed edge geography (drawMultigraph of
// multigraph-view.js): a vertex per beginning or ending, an arc per word from its beginning to its
// ending, the words said numbered, the legal ones dashed, the winning ones (after a hint)
// green.

import { wordsPosition, wordsSolve } from './api.js';
import { $, showError, showHeadline } from './dom.js';
import { isShown } from './modes.js';
import { drawMultigraph, drawNote, laidOut } from './multigraph-view.js';
import {
  engineTurns, giveHint, humanTurn as turnOf, latestAnswer, showGame, showLines, undoTurn,
} from './versus.js';

const SAMPLE = 'apple\neagle\negg\nelephant\ntiger\nrabbit\ntoad\ndog\ngoat\n';
/** The most words drawn. */
const DRAW_WORDS = 200;

const state = {
  words: null, // the list as sent to the API, from the text when Solve was pressed
  rule: 'last1',
  answer: null, // the last solve answer
  letters: null, // the answer's letter graph: { keys, words, arcs }
  index: new Map(), // a word of `letters` (as spelled there) → its index
  drawn: null, // the letter graph laid out: { n, pairs, directed, positions, keys, words }, or null
  said: [], // the words said, in order
  human: 1, // the human says the first word (1) or the second (2)
  info: null, // the last position answer, for `said`
  busy: false,
  hint: false,
  asked: 0, // counts the questions to the server: only the last one's answer is used
};

/** The letter graph of the server's answer (`letters`), laid out; null past DRAW_WORDS. */
function letterGraph({ keys, words, arcs }) {
  if (words.length > DRAW_WORDS) return null;
  return { ...laidOut({ n: keys.length, pairs: arcs, directed: true }), keys, words };
}

/** The index in the answer's `letters` of each word said, as the server spells them. */
function saidIndices() {
  const said = state.info ? state.info.chosen : [];
  return said.map((word) => state.index.get(word));
}

const humanTurn = () => turnOf(state, state.said);

function say(text) {
  $('#w-hint-text').textContent = text;
}

/** Asks where the chain stands, and lets the engine answer while it is its turn. */
const advance = engineTurns(state, {
  moves: () => state.said,
  ask: (said) => wordsPosition(state.words, state.rule, said),
  over: (info) => info.game_over,
  engineMove: (info) => info.engine_move,
  say,
  update: () => update(),
});

async function newGame(engineFirst) {
  if (state.words === null) return;
  Object.assign(state, { said: [], human: engineFirst ? 2 : 1, info: null, hint: false });
  say('');
  await advance();
}

/** Says `word` for the human; a word against the rules is refused with the server's reason. */
async function sayWord(word) {
  if (state.busy || state.words === null) return;
  if (!state.info) await newGame(false);
  if (!state.info || state.info.game_over || !humanTurn()) return;
  state.said.push(word);
  state.hint = false;
  say('');
  const refused = await advance();
  if (refused) {
    // The server names the word and why; take it back and stay on the position before it.
    state.said.pop();
    await advance({ engine: false });
    say(refused.message);
    showError('#w-move-error', refused);
  } else {
    showError('#w-move-error', null);
  }
}

function typedWord() {
  const word = $('#w-word').value.trim();
  if (word === '') {
    say('Type a word of the list.');
    return;
  }
  $('#w-word').value = '';
  sayWord(word);
}

function undo() {
  undoTurn(state, state.said, say, advance);
}

function hint() {
  const playable = Boolean(state.info && !state.info.game_over && humanTurn());
  const words = ['No winning word: against perfect play every word loses.', 'Winning words'];
  if (giveHint(state, playable, say, String, words)) update();
}

function playState() {
  if (state.busy) return ['thinking', 'The engine is thinking…'];
  if (state.words === null) return ['idle', 'Solve a word list first.'];
  if (!state.info) return ['idle', 'Choose who starts, or say a word to start.'];
  if (state.info.game_over) {
    return humanTurn() ? ['lost', 'You have no word left: the engine wins.'] : ['won', 'The engine has no word left: you win!'];
  }
  const said = saidIndices();
  if (said.length === 0) return ['your-turn', 'Say any word of the list.'];
  const last = said[said.length - 1];
  const { keys, words, arcs } = state.letters;
  return ['your-turn', `Your word: one starting with “${keys[arcs[last][1]]}”, after “${words[last]}”.`];
}

/** The legal words as buttons, the winning ones marked after a hint. */
function showWordButtons(yours) {
  const box = $('#w-legal');
  box.replaceChildren();
  if (!yours) return;
  const winning = new Set(state.info.winning_moves);
  for (const word of state.info.legal_moves) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = state.hint && winning.has(word) ? 'move-choice winning' : 'move-choice quiet';
    button.dataset.word = word;
    button.textContent = word;
    button.setAttribute('aria-label', `say ${word}${state.hint && winning.has(word) ? ' (wins)' : ''}`);
    button.addEventListener('click', () => sayWord(word));
    box.appendChild(button);
  }
}

function update() {
  const yours = Boolean(state.info && !state.info.game_over && humanTurn() && !state.busy);
  showGame('#w-status', playState(), '#w-move-list', state.said, state.human, (item, word, index, who) => {
    item.dataset.word = word;
    item.textContent = `${who === 'you' ? 'You' : 'Engine'}: ${word}`;
  });
  showWordButtons(yours);
  $('#w-word').disabled = !(yours || (!state.info && !state.busy && state.words !== null));
  $('#w-say').disabled = $('#w-word').disabled;
  $('#w-hint').disabled = !yours;
  $('#w-undo').disabled = state.busy;
  if (isShown('words')) render();
}

function showAnswer() {
  const data = state.answer;
  if (!data) {
    showHeadline('#w-headline', 'No analysis');
    for (const field of ['#w-stat-words', '#w-winning', '#w-undecided']) $(field).textContent = '–';
    $('#w-summary-text').replaceChildren();
    return;
  }
  const { report, summary } = data;
  const verdict = report.first_player_wins;
  if (verdict === true) showHeadline('#w-headline', 'The first player wins', 'p1');
  else if (verdict === false) showHeadline('#w-headline', 'The second player wins', 'p2');
  else showHeadline('#w-headline', 'Undecided: the bounded search did not settle it');
  $('#w-stat-words').textContent = report.words;
  $('#w-winning').textContent = report.winning_first_words.length ? report.winning_first_words.join(', ') : 'none';
  $('#w-undecided').textContent = report.undecided_first_words.length ? report.undecided_first_words.join(', ') : 'none';
  showLines('#w-summary-text', summary);
}

async function solve() {
  const words = $('#w-text').value;
  const rule = $('#w-rule').value;
  const answer = await latestAnswer(state, '#w-error', () => wordsSolve(words, rule));
  if (!answer) return;
  showError('#w-move-error', null);
  Object.assign(state, {
    words,
    rule,
    answer,
    letters: answer.letters,
    index: new Map(answer.letters.words.map((word, i) => [word, i])),
    drawn: letterGraph(answer.letters),
    said: [],
    info: null,
    hint: false,
    busy: false,
  });
  say('');
  showAnswer();
  update();
}

function render() {
  const graph = state.drawn;
  if (!graph) {
    drawNote(state.words === null ? 'Solve a word list to draw it.' : 'This list is not drawn: the words are listed in the panel.', playState()[1]);
    return;
  }
  const yours = state.info && !state.info.game_over && humanTurn() && !state.busy;
  const { index } = state;
  const said = saidIndices();
  const used = new Map(said.map((i, turn) => [i, turn + 1]));
  const legal = new Set(yours ? state.info.legal_moves.map((word) => index.get(word)) : []);
  const winning = new Set(yours && state.hint ? state.info.winning_moves.map((word) => index.get(word)) : []);
  const last = said.length > 0 ? graph.pairs[said[said.length - 1]] : null;
  drawMultigraph(graph, {
    vertex: (v) => ({
      cls: last && last[1] === v ? 'token' : '',
      label: graph.keys[v],
      title: `words begin or end with “${graph.keys[v]}”`,
    }),
    pair(i) {
      const word = graph.words[i];
      if (used.has(i)) return { cls: 'used', label: `${used.get(i)}. ${word}` };
      if (winning.has(i)) return { cls: 'winning', label: word };
      if (legal.has(i)) return { cls: 'legal', label: word };
      return { label: word };
    },
  });
  $('#status').textContent = playState()[1];
}

function init() {
  $('#w-text').value = SAMPLE;
  $('#w-solve').addEventListener('click', solve);
  $('#w-new-game').addEventListener('click', () => newGame(false));
  $('#w-engine-starts').addEventListener('click', () => newGame(true));
  $('#w-hint').addEventListener('click', hint);
  $('#w-undo').addEventListener('click', undo);
  $('#w-say').addEventListener('click', typedWord);
  $('#w-word').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') typedWord();
  });
  update();
}

export const wordsMode = {
  name: 'words',
  shares: false,
  legend: [
    ['token', 'the ending to continue from'],
    ['edge-used', 'a word said (its number)'],
    ['edge-legal', 'a word you may say'],
    ['edge-winning', 'a winning word (hint)'],
  ],
  init,
  render,
  enter: () => (state.words === null ? solve() : update()),
};
