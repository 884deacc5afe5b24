// The playground's entry point: registers the modes, wires the tabs, the switch of the game
// in front, the keyboard and the window, and opens on the mode the URL names. Every answer
// comes from the JSON API (/api/openapi.json); the modules only draw and keep the page's
// state:
//
//   main.js     this wiring               modes.js    the tabs, the game in front
//   board.js    Board mode (editor)       graph.js    Graph mode (editor)
//   play.js     Play mode                 record.js   Record mode
//   slither.js  Slither mode
//   treasure.js Treasure mode
//   edge.js     Edge mode (edge geography, the token game on digraphs; drawing multigraphs)
//   words.js    Words mode (word chains)
//   boards.js   boards as data            graphs.js   graphs as data
//   grid-view.js drawing boards           graph-view.js drawing graphs
//   canvas-view.js drawing big boards
//   layout.js   placing a graph's vertices
//   api.js      the API client            url.js      URL state, share links
//   share.js    Copy link, Load position  export.js   Export SVG and PNG
//   dom.js      small page helpers

import { boardMode } from './board.js';
import { $$ } from './dom.js';
import { edgeMode } from './edge.js';
import { graphMode } from './graph.js';
import { addMode, bringToFront, isMode, keyDown, redraw, shownMode, showMode } from './modes.js';
import { playMode } from './play.js';
import { recordMode } from './record.js';
import { slitherMode } from './slither.js';
import { treasureMode } from './treasure.js';
import { wordsMode } from './words.js';
import { canvasExporter, initCanvas } from './canvas-view.js';
import { initExport, setCanvasExporter, SVG_CELL_LIMIT } from './export.js';
import { initShare, openLink } from './share.js';
import { fragmentInUrl, isShareFragment, modeInUrl, onUrlChange } from './url.js';

const MODES = [boardMode, graphMode, playMode, slitherMode, recordMode, treasureMode, edgeMode, wordsMode];

function init() {
  for (const mode of MODES) addMode(mode);
  for (const mode of MODES) mode.init();
  for (const tab of $$('[role="tab"]')) tab.addEventListener('click', () => showMode(tab.dataset.mode));
  for (const button of $$('[data-front]')) {
    button.addEventListener('click', () => bringToFront(button.dataset.front));
  }
  document.addEventListener('keydown', keyDown);
  let resizeTimer = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(redraw, 100);
  });
  initShare();
  initExport();
  initCanvas();
  setCanvasExporter(canvasExporter(SVG_CELL_LIMIT));
  onUrlChange((fragment) => {
    if (isShareFragment(fragment)) openLink();
    else if (isMode(fragment) && fragment !== shownMode()) showMode(fragment);
  });
  // Read before showing a mode, which writes its name into the URL.
  const link = fragmentInUrl();
  const start = modeInUrl();
  showMode(isMode(start) ? start : 'board');
  openLink(link);
}

init();
