// The geography playground: a board editor with live analysis, games against the perfect
// engine, record analysis and the treasure game. Every answer comes from the JSON API
// (/api/openapi.json); this script only draws and keeps the state of the page.
'use strict';

(() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const $ = (selector) => document.querySelector(selector);
  const $$ = (selector) => [...document.querySelectorAll(selector)];

  // The neighbourhoods' (row, column) offsets, as in docs/FORMATS.md.
  const OFFSETS = {
    orthogonal: [[-1, 0], [0, -1], [0, 1], [1, 0]],
    king: [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]],
    hex: [[-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0]],
    knight: [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]],
  };

  const GARDEN = '6 10\n..#.......\n..#..##...\n......#..#\n.##.......\n....#..#..\n#.........\n';
  const SLIDE_SAMPLE =
    '5 6\nXOOOOX\nXOXOXO\nOXO.XX\nXOOXOX\nOXOXXO\n4\n2 4\n2 3\n2 2\n3 2\n4 2\n5 2\n5 3\n5 4\n';
  const TREASURE_SAMPLE =
    '7 9\n' +
    '0 0 1 1 1 1 1 0 0\n' +
    '0 1 2 1 1 1 2 1 0\n' +
    '1 1 0 0 0 0 0 1 1\n' +
    '1 2 0 0 -1 0 0 3 1\n' +
    '1 1 0 0 0 0 0 1 1\n' +
    '0 1 2 1 1 1 1 1 0\n' +
    '0 0 1 1 2 1 1 0 0\n';

  // ------------------------------------------------------------------------------------------
  // Small helpers

  function svg(name, attributes, parent) {
    const node = document.createElementNS(SVG_NS, name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  async function api(path, body) {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    let data;
    try {
      data = await response.json();
    } catch {
      data = { error: `the server answered ${response.status}` };
    }
    if (!response.ok) {
      const error = new Error(data.error || `the server answered ${response.status}`);
      error.data = data;
      throw error;
    }
    return data;
  }

  function showError(selector, error) {
    const box = $(selector);
    if (!error) {
      box.hidden = true;
      box.textContent = '';
      return;
    }
    box.hidden = false;
    box.textContent = error.message || String(error);
  }

  function cellName([row, col]) {
    return `(${row},${col})`;
  }

  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function same(a, b) {
    return a && b && a[0] === b[0] && a[1] === b[1];
  }

  function download(name, text) {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  function clampInput(input, fallback) {
    const min = Number(input.min);
    const max = Number(input.max);
    let value = Math.round(Number(input.value));
    if (!Number.isFinite(value)) value = fallback;
    value = Math.min(max, Math.max(min, value));
    input.value = value;
    return value;
  }

  function setStatus(text) {
    $('#status').textContent = text;
  }

  // ------------------------------------------------------------------------------------------
  // State

  const state = {
    mode: 'board',
    board: { rows: 6, cols: 10, nb: 'orthogonal', blocked: [] },
    version: 0,
    solution: null, // the last /api/solve answer for the current board
    solvedVersion: -1,
    game: { path: [], human: 1, info: null, busy: false, hint: false, version: -1, started: false },
    record: null, // { data, positions, ply, board (token games: the board analysed) }
    treasure: { rows: 7, cols: 9, cells: [], result: null, version: 0 },
  };

  // ------------------------------------------------------------------------------------------
  // Boards

  function boardText(board = state.board) {
    let text = `${board.rows} ${board.cols}${board.nb === 'orthogonal' ? '' : ` ${board.nb}`}\n`;
    for (let r = 0; r < board.rows; r += 1) {
      for (let c = 0; c < board.cols; c += 1) text += board.blocked[r * board.cols + c] ? '#' : '.';
      text += '\n';
    }
    return text;
  }

  function isFree(board, r, c) {
    return r >= 0 && c >= 0 && r < board.rows && c < board.cols && !board.blocked[r * board.cols + c];
  }

  function setBoard(rows, cols, nb, blocked) {
    state.board = { rows, cols, nb, blocked };
    $('#rows').value = rows;
    $('#cols').value = cols;
    $('#neighbourhood').value = nb;
    boardChanged();
  }

  function boardChanged() {
    state.version += 1;
    $('#grid').dataset.version = state.version;
    const text = $('#board-text');
    if (document.activeElement !== text) text.value = boardText();
    render();
    scheduleSolve();
  }

  let solveTimer = null;
  function scheduleSolve() {
    clearTimeout(solveTimer);
    solveTimer = setTimeout(runSolve, 40);
  }

  async function runSolve() {
    const version = state.version;
    try {
      const data = await api('/api/solve', { board: boardText() });
      if (version !== state.version) return;
      state.solution = data;
      state.solvedVersion = version;
      showError('#board-error', null);
    } catch (error) {
      if (version !== state.version) return;
      state.solution = null;
      state.solvedVersion = version;
      showError('#board-error', error);
    }
    $('#grid').dataset.solved = state.solvedVersion;
    showSummary();
    if (state.mode === 'board') render();
  }

  function showSummary() {
    const data = state.solution;
    const headline = $('#summary-headline');
    if (!data) {
      headline.textContent = 'No analysis';
      headline.className = 'headline';
      for (const id of ['vertices', 'edges', 'matching', 'wins', 'loses', 'proof']) $(`#stat-${id}`).textContent = '–';
      $('#summary-text').textContent = '';
      $('#summary-proof').textContent = '';
      return;
    }
    const { report, summary } = data;
    if (report.vertices === 0) {
      headline.textContent = 'No free cell: nothing to play';
      headline.className = 'headline';
    } else if (summary.placer_wins) {
      headline.textContent = 'The player who places the token wins';
      headline.className = 'headline lose';
    } else {
      headline.textContent = 'The player who moves first wins from every cell';
      headline.className = 'headline win';
    }
    $('#stat-vertices').textContent = report.vertices;
    $('#stat-edges').textContent = report.edges;
    $('#stat-matching').textContent = summary.matching_size;
    $('#stat-wins').textContent = summary.mover_wins;
    $('#stat-loses').textContent = summary.mover_loses;
    $('#stat-proof').textContent = report.certificate.verified ? 'valid ✓' : 'INVALID';
    $('#summary-text').textContent = summary.text;
    const cert = report.certificate;
    const proof = cert.konig_cover
      ? `a vertex cover of ${cert.konig_cover.length} cells (König)`
      : `a Tutte–Berge barrier of ${cert.tutte_berge_barrier.length} cells`;
    $('#summary-proof').textContent =
      `Proof that the matching is maximum: ${proof}; ${cert.verified ? 'checked independently ✓' : 'CHECK FAILED'}.`;
  }

  // ------------------------------------------------------------------------------------------
  // Drawing

  /** Where each cell goes: squares, or a Hex rhombus of hexagons (row r shifted r/2 cell). */
  function geometry(rows, cols, nb) {
    const stage = $('.board-wrap');
    const maxWidth = Math.max(200, stage.clientWidth - 8);
    const maxHeight = Math.max(260, Math.min(window.innerHeight - 190, 720));
    const pad = 6;
    if (nb === 'hex') {
      const unitWidth = cols + (rows - 1) / 2;
      const unitHeight = ((rows - 1) * 1.5 + 2) / Math.sqrt(3);
      const w = Math.max(12, Math.min(56, maxWidth / unitWidth, maxHeight / unitHeight));
      const radius = w / Math.sqrt(3);
      const center = (r, c) => [pad + (c + r / 2) * w + w / 2, pad + radius + r * 1.5 * radius];
      return {
        size: w,
        width: unitWidth * w + 2 * pad,
        height: ((rows - 1) * 1.5 + 2) * radius + 2 * pad,
        center,
        shape(parent, r, c) {
          const [x, y] = center(r, c);
          const k = 0.95;
          const points = [];
          for (let i = 0; i < 6; i += 1) {
            const angle = (Math.PI / 3) * i - Math.PI / 2;
            points.push(`${(x + k * radius * Math.cos(angle)).toFixed(2)},${(y + k * radius * Math.sin(angle)).toFixed(2)}`);
          }
          return svg('polygon', { points: points.join(' '), class: 'shape' }, parent);
        },
      };
    }
    const s = Math.max(12, Math.min(56, maxWidth / cols, maxHeight / rows));
    const center = (r, c) => [pad + c * s + s / 2, pad + r * s + s / 2];
    return {
      size: s,
      width: cols * s + 2 * pad,
      height: rows * s + 2 * pad,
      center,
      shape(parent, r, c) {
        return svg('rect', {
          x: (pad + c * s + 1.5).toFixed(2),
          y: (pad + r * s + 1.5).toFixed(2),
          width: (s - 3).toFixed(2),
          height: (s - 3).toFixed(2),
          rx: (s * 0.12).toFixed(2),
          class: 'shape',
        }, parent);
      },
    };
  }

  /**
   * Draws a grid: `cell(r, c)` (0-based) gives { cls, label, title } for each cell;
   * `overlay(group, geo)` draws on top.
   */
  function drawGrid(rows, cols, nb, cell, overlay) {
    const board = $('#grid');
    const geo = geometry(rows, cols, nb);
    board.setAttribute('viewBox', `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`);
    board.setAttribute('width', geo.width.toFixed(1));
    board.setAttribute('height', geo.height.toFixed(1));
    board.replaceChildren();
    const group = svg('g', { class: 'cells' }, board);
    const top = svg('g', { class: 'overlay' }, board);
    const labels = svg('g', { class: 'labels' }, board);
    const fontSize = (geo.size * 0.4).toFixed(1);
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        const info = cell(r, c);
        const g = svg('g', { class: `cell ${info.cls}`, 'data-cell': `${r + 1},${c + 1}` }, group);
        geo.shape(g, r, c);
        const title = svg('title', {}, g);
        title.textContent = info.title || `${cellName([r + 1, c + 1])}`;
        const hasLabel = info.label !== undefined && info.label !== '';
        if (!hasLabel && !info.corner) continue;
        const [x, y] = geo.center(r, c);
        const label = svg('g', { class: `cell-label ${info.cls}` }, labels);
        if (hasLabel) {
          const text = svg('text', { x: x.toFixed(1), y: y.toFixed(1), 'font-size': fontSize }, label);
          text.textContent = info.label;
        }
        if (info.corner) {
          const text = svg('text', {
            x: (x - geo.size * 0.3).toFixed(1),
            y: (y - geo.size * 0.26).toFixed(1),
            'font-size': (geo.size * 0.24).toFixed(1),
            class: 'corner',
          }, label);
          text.textContent = info.corner;
        }
      }
    }
    if (overlay) overlay(top, geo);
    return geo;
  }

  function drawPath(group, geo, cells, cls, width = 0.1) {
    if (cells.length < 2) return;
    const points = cells.map(([r, c]) => geo.center(r - 1, c - 1).map((v) => v.toFixed(1)).join(',')).join(' ');
    svg('polyline', { points, class: cls, 'stroke-width': (geo.size * width).toFixed(1) }, group);
  }

  function drawDot(group, geo, [r, c], cls, scale = 0.18) {
    const [x, y] = geo.center(r - 1, c - 1);
    svg('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: (geo.size * scale).toFixed(1), class: cls }, group);
  }

  function render() {
    if (state.mode === 'board') renderBoard();
    else if (state.mode === 'play') renderPlay();
    else if (state.mode === 'record') renderRecord();
    else renderTreasure();
  }

  function renderBoard() {
    const { board, solution } = state;
    const current = solution && state.solvedVersion === state.version ? solution : null;
    const outcome = $('#show-outcome').checked;
    const grid = current && current.grid;
    drawGrid(board.rows, board.cols, board.nb, (r, c) => {
      if (!isFree(board, r, c)) return { cls: 'blocked', title: `${cellName([r + 1, c + 1])} blocked` };
      const mark = grid ? grid[r][c] : null;
      if (!outcome || !mark) return { cls: 'free' };
      const win = mark === 'W';
      return {
        cls: win ? 'free win' : 'free lose',
        label: mark,
        title: `${cellName([r + 1, c + 1])}: the player to move from here ${win ? 'wins' : 'loses'}`,
      };
    }, (group, geo) => {
      if (!current || !$('#show-matching').checked) return;
      for (const [a, b] of current.report.certificate.matching) drawPath(group, geo, [a, b], 'matching', board.nb === 'knight' ? 0.16 : 0.36);
    });
    if (!current) setStatus('Analysing…');
    else setStatus(`${capital(current.summary.lines[2])}. Click or drag to edit.`);
  }

  // ------------------------------------------------------------------------------------------
  // Editing by clicking and dragging

  let painting = null;

  function cellAt(event) {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const g = target && target.closest && target.closest('[data-cell]');
    if (!g || !$('#grid').contains(g)) return null;
    const [r, c] = g.dataset.cell.split(',').map(Number);
    return [r - 1, c - 1];
  }

  function onPointerDown(event) {
    const cell = cellAt(event);
    if (!cell) return;
    event.preventDefault();
    const [r, c] = cell;
    if (state.mode === 'board') {
      const index = r * state.board.cols + c;
      painting = { value: !state.board.blocked[index] };
      paintBoard(r, c);
    } else if (state.mode === 'treasure') {
      const index = r * state.treasure.cols + c;
      const value = toolValue();
      painting = { value: state.treasure.cells[index] === value && value !== -1 ? 0 : value };
      paintTreasure(r, c);
    } else if (state.mode === 'play') {
      playClick(r, c);
    }
  }

  function onPointerMove(event) {
    if (!painting || !(event.buttons & 1)) return;
    const cell = cellAt(event);
    if (!cell) return;
    if (state.mode === 'board') paintBoard(...cell);
    else if (state.mode === 'treasure' && painting.value !== -1) paintTreasure(...cell);
  }

  function paintBoard(r, c) {
    const index = r * state.board.cols + c;
    if (state.board.blocked[index] === painting.value) return;
    state.board.blocked[index] = painting.value;
    boardChanged();
  }

  // ------------------------------------------------------------------------------------------
  // Board controls

  function resizeBoard() {
    const rows = clampInput($('#rows'), 6);
    const cols = clampInput($('#cols'), 10);
    const old = state.board;
    const blocked = [];
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) blocked.push(r < old.rows && c < old.cols ? old.blocked[r * old.cols + c] : false);
    }
    setBoard(rows, cols, $('#neighbourhood').value, blocked);
  }

  function randomBoard() {
    const rows = clampInput($('#rows'), 6);
    const cols = clampInput($('#cols'), 10);
    const density = clampInput($('#density'), 20) / 100;
    const blocked = Array.from({ length: rows * cols }, () => Math.random() < density);
    setBoard(rows, cols, $('#neighbourhood').value, blocked);
  }

  /** The board a text describes, as the server reads it: { rows, cols, nb, blocked }. */
  async function boardFromText(text) {
    const data = await api('/api/solve', { board: text });
    const { rows, cols, neighbourhood } = data.report.board;
    return { rows, cols, nb: neighbourhood, blocked: data.grid.join('').split('').map((mark) => mark === '#') };
  }

  async function loadBoardText(text) {
    try {
      const board = await boardFromText(text);
      if (board.rows > 50 || board.cols > 50) {
        throw new Error(`a ${board.rows}×${board.cols} board is too large to edit here (at most 50×50)`);
      }
      showError('#board-error', null);
      setBoard(board.rows, board.cols, board.nb, board.blocked);
      $('#board-text').value = boardText();
    } catch (error) {
      showError('#board-error', error);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Play against the engine

  function humanTurn() {
    return state.game.path.length % 2 === state.game.human - 1;
  }

  async function askMove(path) {
    return api('/api/move', { board: boardText(), path });
  }

  async function newGame(engineFirst) {
    const game = state.game;
    game.path = [];
    game.human = engineFirst ? 2 : 1;
    game.info = null;
    game.hint = false;
    game.version = state.version;
    game.started = true;
    $('#hint-text').textContent = '';
    if (engineFirst) await engineMove();
    else await refreshGame();
  }

  async function refreshGame() {
    const game = state.game;
    game.busy = true;
    updatePlay();
    try {
      game.info = await askMove(game.path);
      setPlayError(null);
    } catch (error) {
      setPlayError(error);
    }
    game.busy = false;
    updatePlay();
  }

  async function engineMove() {
    const game = state.game;
    game.busy = true;
    updatePlay();
    try {
      let info = await askMove(game.path);
      if (!info.game_over && info.engine_move) {
        game.path.push(info.engine_move);
        info = await askMove(game.path);
      }
      game.info = info;
      setPlayError(null);
    } catch (error) {
      setPlayError(error);
    }
    game.busy = false;
    updatePlay();
  }

  function setPlayError(error) {
    if (error) $('#hint-text').textContent = `Error: ${error.message}`;
  }

  async function playClick(r, c) {
    const game = state.game;
    if (game.version !== state.version || !game.started) await newGame(false);
    if (game.busy || !game.info || game.info.game_over || !humanTurn()) return;
    const cell = [r + 1, c + 1];
    if (!game.info.legal_moves.some((m) => same(m, cell))) {
      $('#hint-text').textContent = `${cellName(cell)} is not a legal move.`;
      return;
    }
    game.path.push(cell);
    game.hint = false;
    $('#hint-text').textContent = '';
    await engineMove();
  }

  function undo() {
    const game = state.game;
    const human = game.human - 1;
    if (!game.path.some((_, index) => index % 2 === human)) {
      $('#hint-text').textContent = 'Nothing to undo.';
      return;
    }
    while (game.path.length > 0) {
      const index = game.path.length - 1;
      game.path.pop();
      if (index % 2 === human) break;
    }
    game.hint = false;
    $('#hint-text').textContent = 'Taken back.';
    refreshGame();
  }

  function hint() {
    const game = state.game;
    if (!game.info || game.info.game_over || !humanTurn()) return;
    game.hint = true;
    const moves = game.info.winning_moves;
    $('#hint-text').textContent = moves.length === 0
      ? 'No winning move: against perfect play every move loses.'
      : `Winning ${game.path.length === 0 ? 'placements' : 'moves'}: ${moves.map(cellName).join(' ')}`;
    renderPlay();
  }

  function playState() {
    const game = state.game;
    if (game.busy) return ['thinking', 'The engine is thinking…'];
    if (!game.info) return ['idle', 'Click a free cell to place the token, or let the engine place it.'];
    if (game.info.game_over) {
      return humanTurn()
        ? ['lost', 'You cannot move: the engine wins.']
        : ['won', 'The engine cannot move: you win!'];
    }
    if (game.path.length === 0) return ['your-turn', 'Place the token on any free cell.'];
    return ['your-turn', 'Your move: click a highlighted cell next to the token.'];
  }

  function updatePlay() {
    const [name, text] = playState();
    const status = $('#play-status');
    status.dataset.state = name;
    status.textContent = text;
    const list = $('#move-list');
    list.replaceChildren();
    state.game.path.forEach((cell, index) => {
      const item = document.createElement('li');
      const who = index % 2 === state.game.human - 1 ? 'you' : 'engine';
      item.className = who;
      const verb = who === 'you' ? ['place the token on', 'move to'] : ['places the token on', 'moves to'];
      item.textContent = `${who === 'you' ? 'You' : 'Engine'} ${verb[index === 0 ? 0 : 1]} ${cellName(cell)}`;
      list.appendChild(item);
    });
    $('#hint').disabled = !(state.game.info && !state.game.info.game_over && humanTurn());
    $('#undo').disabled = state.game.busy;
    if (state.mode === 'play') renderPlay();
  }

  function renderPlay() {
    const { board, game } = state;
    if (game.version !== state.version) {
      game.path = [];
      game.info = null;
      game.started = false;
      game.version = state.version;
    }
    const path = game.path;
    const step = new Map(path.map((cell, index) => [`${cell[0]},${cell[1]}`, index + 1]));
    const token = path[path.length - 1];
    const yours = game.info && !game.info.game_over && humanTurn() && !game.busy;
    const legal = new Set(yours ? game.info.legal_moves.map((m) => `${m[0]},${m[1]}`) : []);
    const hinted = new Set(yours && game.hint ? game.info.winning_moves.map((m) => `${m[0]},${m[1]}`) : []);
    const fresh = !game.info && !game.busy;
    drawGrid(board.rows, board.cols, board.nb, (r, c) => {
      if (!isFree(board, r, c)) return { cls: 'blocked' };
      const key = `${r + 1},${c + 1}`;
      const classes = ['free'];
      let corner = '';
      if (step.has(key)) {
        classes.push('visited');
        corner = step.get(key);
      }
      if (token && same(token, [r + 1, c + 1])) classes.push('token');
      if (legal.has(key) || fresh) classes.push('legal');
      if (hinted.has(key)) classes.push('hinted');
      return { cls: classes.join(' '), corner };
    }, (group, geo) => {
      drawPath(group, geo, path, 'path');
      if (token) drawDot(group, geo, token, 'token-dot', 0.26);
    });
    setStatus(playState()[1]);
  }

  // ------------------------------------------------------------------------------------------
  // Records

  // The annotations of `geography analyze`, in its words, and their chess-style marks.
  const ANNOTATIONS = { best: 'best', blunder: 'blunder', already_lost: 'already lost' };
  const MARKS = { best: '', blunder: '??', already_lost: '' };
  const MOVES_LINE = /^[ \t]*moves[ \t]*$/im;

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

  /**
   * Analyses the record in the text box: a slide record or a whole token game record (a
   * board, a line `moves`, then the moves) as `geography analyze` reads it, or only the moves
   * (`row col` per line, the placement first), played on the current board.
   */
  async function analyseRecord() {
    const text = $('#record-text').value;
    let offset = 0;
    try {
      let record = text;
      let board = null;
      if (!/[XO]/.test(text) && !MOVES_LINE.test(text)) {
        board = { ...state.board, blocked: state.board.blocked.slice() };
        record = `${boardText(board)}moves\n${text}`;
        offset = board.rows + 2;
      }
      const data = await api('/api/analyse', { record });
      if (data.report.kind === 'graph') {
        throw new Error('this record is played on a graph: the playground draws boards (geography analyze reads it)');
      }
      if (data.report.kind === 'board' && !board) board = await boardFromText(text.split(MOVES_LINE)[0]);
      state.record = { data, positions: positionsOf(data), ply: 0, board };
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

  function randomRecord() {
    const board = state.board;
    const free = [];
    for (let r = 0; r < board.rows; r += 1) {
      for (let c = 0; c < board.cols; c += 1) if (isFree(board, r, c)) free.push([r, c]);
    }
    if (free.length === 0) {
      showError('#record-error', new Error('the board has no free cell'));
      return;
    }
    let [r, c] = free[Math.floor(Math.random() * free.length)];
    const visited = new Set([`${r},${c}`]);
    const lines = [`${r + 1} ${c + 1}`];
    for (;;) {
      const next = OFFSETS[board.nb]
        .map(([dr, dc]) => [r + dr, c + dc])
        .filter(([nr, nc]) => isFree(board, nr, nc) && !visited.has(`${nr},${nc}`));
      if (next.length === 0) break;
      [r, c] = next[Math.floor(Math.random() * next.length)];
      visited.add(`${r},${c}`);
      lines.push(`${r + 1} ${c + 1}`);
    }
    $('#record-text').value = `${boardText(board)}moves\n${lines.join('\n')}\n`;
    analyseRecord();
  }

  function goToPly(ply) {
    const record = state.record;
    if (!record) return;
    record.ply = Math.max(0, Math.min(record.data.report.moves.length, ply));
    showRecord();
  }

  function winnerOf(position) {
    return position.wins ? position.mover : 3 - position.mover;
  }

  function cellList(cells) {
    const shown = cells.slice(0, 8).map(cellName).join(' ');
    return cells.length > 8 ? `${shown} …` : shown;
  }

  function moveText(report, move) {
    if (report.kind === 'slide') return `slides ${cellName(move.to)}`;
    if (move.from === null) return `places the token on ${cellName(move.to)}`;
    return `moves to ${cellName(move.to)}`;
  }

  function showRecord() {
    const { data, positions, ply } = state.record;
    const { report } = data;
    const total = report.moves.length;
    $('#record-pos').textContent = `move ${ply} / ${total}`;
    $('#prev-ply').disabled = ply === 0;
    $('#first-ply').disabled = ply === 0;
    $('#next-ply').disabled = ply === total;
    $('#last-ply').disabled = ply === total;

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

    const position = positions[ply];
    const mover = capital(report.players[position.mover - 1]);
    let verdict = `${mover} to move ${position.wins ? 'wins' : 'loses'} with perfect play`;
    if (position.winning.length > 0) {
      const cells = cellList(position.winning);
      if (report.kind === 'slide') verdict += `; best: slide ${cells}`;
      else if (position.token === null) verdict += `; best: place the token on ${cells}`;
      else verdict += `; best: move to ${cells}`;
    }
    if (ply === total && report.finished) verdict = capital(data.result);
    verdict += '.';
    if (ply > 0) {
      const last = report.moves[ply - 1];
      const who = capital(report.players[last.player - 1]);
      verdict = `${last.ply}. ${who} ${moveText(report, last)}${MARKS[last.annotation]} (${ANNOTATIONS[last.annotation]}). ${verdict}`;
    }
    $('#record-verdict').textContent = verdict;

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
      if (report.kind === 'slide') action = `slides ${cellName(entry.to)}`;
      else if (entry.from === null) action = `places ${cellName(entry.to)}`;
      else action = `${cellName(entry.from)}→${cellName(entry.to)}`;
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

    let result = capital(data.result);
    if (data.mistakes) {
      result += `. Bunny's mistakes (the official answer): ${data.mistakes.length}${data.mistakes.length ? ` — round ${data.mistakes.join(', ')}` : ''}.`;
    } else {
      result += `. Blunders: ${report.blunders.length}${report.blunders.length ? ` — move ${report.blunders.join(', ')}` : ''}.`;
    }
    $('#record-result').textContent = result;
    if (state.mode === 'record') renderRecord();
  }

  function renderRecord() {
    const record = state.record;
    if (!record) {
      const board = state.board;
      drawGrid(board.rows, board.cols, board.nb, (r, c) => ({ cls: isFree(board, r, c) ? 'free' : 'blocked' }));
      setStatus('Paste a record and press Analyse, or try a sample.');
      return;
    }
    const { data, positions, ply } = record;
    const { report } = data;
    const walk = positions.slice(0, ply + 1).map((p) => p.token).filter((cell) => cell !== null);
    const position = positions[ply];
    const last = ply > 0 ? report.moves[ply - 1] : null;
    const best = (cell) => position.winning.some((move) => same(move, cell));
    if (report.kind === 'slide') {
      const { rows, cols } = data.slide;
      const cells = data.slide.cells.join('').split('');
      for (const entry of report.moves.slice(0, ply)) {
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
    } else {
      const board = record.board;
      const step = new Map(walk.map((cell, index) => [`${cell[0]},${cell[1]}`, index + 1]));
      const token = position.token;
      drawGrid(board.rows, board.cols, board.nb, (r, c) => {
        if (!isFree(board, r, c)) return { cls: 'blocked' };
        const key = `${r + 1},${c + 1}`;
        const classes = ['free'];
        if (step.has(key)) classes.push('visited');
        if (token && same(token, [r + 1, c + 1])) classes.push('token');
        if (best([r + 1, c + 1])) classes.push('best');
        if (last && same(last.to, [r + 1, c + 1]) && last.annotation === 'blunder') classes.push('blunder');
        return { cls: classes.join(' '), corner: step.get(key) || '' };
      }, (group, geo) => {
        drawPath(group, geo, walk, 'path');
        if (token) drawDot(group, geo, token, 'token-dot', 0.26);
      });
    }
    setStatus($('#record-verdict').textContent);
  }

  // ------------------------------------------------------------------------------------------
  // Treasure

  function toolValue() {
    const tool = $('input[name="tool"]:checked').value;
    if (tool === 'empty') return 0;
    if (tool === 'treasure') return -1;
    return clampInput($('#hp'), 1);
  }

  function mapText(map = state.treasure) {
    let text = `${map.rows} ${map.cols}\n`;
    for (let r = 0; r < map.rows; r += 1) text += `${map.cells.slice(r * map.cols, (r + 1) * map.cols).join(' ')}\n`;
    return text;
  }

  function setMap(rows, cols, cells) {
    Object.assign(state.treasure, { rows, cols, cells });
    $('#t-rows').value = rows;
    $('#t-cols').value = cols;
    mapChanged();
  }

  function mapChanged() {
    const map = state.treasure;
    map.version += 1;
    const text = $('#map-text');
    if (document.activeElement !== text) text.value = mapText();
    if (state.mode === 'treasure') renderTreasure();
    clearTimeout(mapChanged.timer);
    mapChanged.timer = setTimeout(runTreasure, 40);
  }

  async function runTreasure() {
    const map = state.treasure;
    const version = map.version;
    try {
      const data = await api('/api/treasure', { map: mapText() });
      if (version !== map.version) return;
      map.result = data;
      showError('#map-error', null);
    } catch (error) {
      if (version !== map.version) return;
      map.result = null;
      showError('#map-error', error);
    }
    showTreasure();
    if (state.mode === 'treasure') renderTreasure();
  }

  function showTreasure() {
    const data = state.treasure.result;
    const headline = $('#treasure-headline');
    if (!data) {
      headline.textContent = 'No analysis';
      headline.className = 'headline';
      $('#t-safe').textContent = '–';
      $('#t-ring').textContent = '–';
      $('#t-where').textContent = '–';
      $('#treasure-text').textContent = '';
      return;
    }
    const { report } = data;
    headline.textContent = `${report.winner} wins${report.winner === 'Ali' ? ' (moving first)' : ' (moving second)'}`;
    headline.className = `headline ${report.winner === 'Ali' ? 'p1' : 'p2'}`;
    $('#t-safe').textContent = report.open ? 'open' : report.safe_hits;
    $('#t-ring').textContent = report.ring.length;
    $('#t-where').textContent = cellName(data.treasure);
    $('#treasure-text').textContent = data.summary;
  }

  function paintTreasure(r, c) {
    const map = state.treasure;
    const index = r * map.cols + c;
    const value = painting.value;
    if (map.cells[index] === value) return;
    if (value === -1) {
      for (let i = 0; i < map.cells.length; i += 1) if (map.cells[i] === -1) map.cells[i] = 0;
    }
    map.cells[index] = value;
    mapChanged();
  }

  function resizeMap() {
    const rows = clampInput($('#t-rows'), 7);
    const cols = clampInput($('#t-cols'), 9);
    const old = state.treasure;
    const cells = [];
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) cells.push(r < old.rows && c < old.cols ? old.cells[r * old.cols + c] : 1);
    }
    if (!cells.includes(-1)) cells[Math.floor(rows / 2) * cols + Math.floor(cols / 2)] = -1;
    setMap(rows, cols, cells);
  }

  function randomMap() {
    const rows = clampInput($('#t-rows'), 7);
    const cols = clampInput($('#t-cols'), 9);
    const cells = Array.from({ length: rows * cols }, () => {
      const x = Math.random();
      if (x < 0.3) return 0;
      return 1 + Math.floor(Math.random() * (x < 0.85 ? 1 : 3));
    });
    const r = Math.floor(rows / 2);
    const c = Math.floor(cols / 2);
    cells[r * cols + c] = -1;
    setMap(rows, cols, cells);
  }

  function loadMapText(text) {
    api('/api/treasure', { map: text }).then((data) => {
      const { rows, cols } = data.report;
      const values = text.trim().split(/\s+/).map(Number);
      setMap(rows, cols, values.slice(2, 2 + rows * cols));
      $('#map-text').value = mapText();
      showError('#map-error', null);
    }).catch((error) => showError('#map-error', error));
  }

  function renderTreasure() {
    const map = state.treasure;
    const answer = map.result;
    const data = answer && answer.report.rows === map.rows && answer.report.cols === map.cols ? answer : null;
    const ring = new Set(data ? data.report.ring.map(([r, c]) => `${r},${c}`) : []);
    drawGrid(map.rows, map.cols, 'orthogonal', (r, c) => {
      const value = map.cells[r * map.cols + c];
      const where = cellName([r + 1, c + 1]);
      if (value === -1) return { cls: 'treasure', label: '◆', title: `${where}: the treasure` };
      if (value === 0) return { cls: 'ground', title: `${where}: empty` };
      const level = value === 1 ? 1 : value <= 3 ? 2 : value <= 9 ? 3 : 4;
      const onRing = ring.has(`${r + 1},${c + 1}`);
      return {
        cls: `stone h${level}${onRing ? ' ring' : ''}`,
        label: value,
        title: `${where}: a stone with ${value} hit point${value === 1 ? '' : 's'}${onRing ? ' (on the ring)' : ''}`,
      };
    });
    setStatus(data ? data.summary : 'Analysing…');
  }

  // ------------------------------------------------------------------------------------------
  // Modes and legend

  const LEGENDS = {
    board: [
      ['win', 'W: the player to move from here wins'],
      ['lose', 'L: the player to move from here loses (a winning placement)'],
      ['blocked', 'blocked'],
      ['matching', 'maximum matching pair'],
    ],
    play: [
      ['token', 'token'],
      ['visited', 'visited (move number)'],
      ['legal', 'your legal moves'],
      ['hinted', 'winning move (hint)'],
    ],
    record: [
      ['p1', 'player 1 (Bunny) is winning'],
      ['p2', 'player 2 (Egg) is winning'],
      ['best', 'best: a winning move from here'],
      ['blunder', '?? blunder: threw the win away'],
    ],
    treasure: [
      ['stone', 'stone (hit points)'],
      ['ground', 'empty'],
      ['treasure', 'treasure'],
      ['ring', 'ring: breaking it opens the treasure'],
    ],
  };

  function setMode(mode) {
    state.mode = mode;
    for (const tab of $$('[role="tab"]')) tab.setAttribute('aria-selected', String(tab.dataset.mode === mode));
    for (const panel of $$('[data-panel]')) panel.hidden = panel.dataset.panel !== mode;
    const legend = $('#legend');
    legend.replaceChildren();
    for (const [cls, text] of LEGENDS[mode]) {
      const item = document.createElement('span');
      const swatch = document.createElement('span');
      swatch.className = `swatch ${cls}`;
      item.append(swatch, text);
      legend.appendChild(item);
    }
    if (location.hash !== `#${mode}`) history.replaceState(null, '', `#${mode}`);
    if (mode === 'play') updatePlay();
    render();
  }

  // ------------------------------------------------------------------------------------------
  // Wiring

  function init() {
    for (const tab of $$('[role="tab"]')) tab.addEventListener('click', () => setMode(tab.dataset.mode));
    const board = $('#grid');
    board.addEventListener('pointerdown', onPointerDown);
    board.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', () => { painting = null; });
    window.addEventListener('pointercancel', () => { painting = null; });
    let resizeTimer = null;
    window.addEventListener('resize', () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(render, 100);
    });

    $('#rows').addEventListener('change', resizeBoard);
    $('#cols').addEventListener('change', resizeBoard);
    $('#neighbourhood').addEventListener('change', resizeBoard);
    $('#random-board').addEventListener('click', randomBoard);
    $('#clear-board').addEventListener('click', () => {
      setBoard(state.board.rows, state.board.cols, state.board.nb, state.board.blocked.map(() => false));
    });
    $('#show-outcome').addEventListener('change', render);
    $('#show-matching').addEventListener('change', render);
    $('#load-board').addEventListener('click', () => loadBoardText($('#board-text').value));
    $('#save-board').addEventListener('click', () => download('playground.board', boardText()));
    $('#open-board').addEventListener('change', async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      const text = await file.text();
      $('#board-text').value = text;
      loadBoardText(text);
      event.target.value = '';
    });

    $('#new-game').addEventListener('click', () => newGame(false));
    $('#engine-starts').addEventListener('click', () => newGame(true));
    $('#hint').addEventListener('click', hint);
    $('#undo').addEventListener('click', undo);

    $('#analyse').addEventListener('click', analyseRecord);
    $('#sample-slide').addEventListener('click', () => {
      $('#record-text').value = SLIDE_SAMPLE;
      analyseRecord();
    });
    $('#random-record').addEventListener('click', randomRecord);
    $('#open-record').addEventListener('change', async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      $('#record-text').value = await file.text();
      event.target.value = '';
      analyseRecord();
    });
    $('#first-ply').addEventListener('click', () => goToPly(0));
    $('#prev-ply').addEventListener('click', () => goToPly(state.record.ply - 1));
    $('#next-ply').addEventListener('click', () => goToPly(state.record.ply + 1));
    $('#last-ply').addEventListener('click', () => goToPly(Infinity));
    document.addEventListener('keydown', (event) => {
      if (state.mode !== 'record' || !state.record) return;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1 };
      if (event.key in moves) goToPly(state.record.ply + moves[event.key]);
      else if (event.key === 'Home') goToPly(0);
      else if (event.key === 'End') goToPly(Infinity);
      else return;
      event.preventDefault();
    });

    $('#t-rows').addEventListener('change', resizeMap);
    $('#t-cols').addEventListener('change', resizeMap);
    $('#random-map').addEventListener('click', randomMap);
    $('#load-map').addEventListener('click', () => loadMapText($('#map-text').value));
    $('#save-map').addEventListener('click', () => download('treasure.in', mapText()));

    const values = TREASURE_SAMPLE.trim().split(/\s+/).map(Number);
    Object.assign(state.treasure, { rows: values[0], cols: values[1], cells: values.slice(2) });
    $('#map-text').value = mapText();
    runTreasure();
    const lines = GARDEN.trim().split('\n');
    const [rows, cols] = lines[0].split(' ').map(Number);
    const blocked = lines.slice(1).join('').split('').map((mark) => mark === '#');
    Object.assign(state.board, { rows, cols, nb: 'orthogonal', blocked });
    $('#rows').value = rows;
    $('#cols').value = cols;
    state.version += 1;
    $('#grid').dataset.version = state.version;
    $('#board-text').value = boardText();
    scheduleSolve();
    window.addEventListener('hashchange', () => {
      const mode = location.hash.slice(1);
      if (LEGENDS[mode] && mode !== state.mode) setMode(mode);
    });
    const start = location.hash.slice(1);
    setMode(LEGENDS[start] ? start : 'board');
  }

  init();
})();
