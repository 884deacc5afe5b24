// The analysis card of the token game, in the Board and the Graph modes: the verdict of a
// /api/solve answer as a headline, its counts, and its summary sentence.

import { $, showHeadline } from './dom.js';

const COUNTS = ['vertices', 'edges', 'matching', 'wins', 'loses', 'proof'];

/**
 * Shows `answer` (or `none` in the headline, and dashes, when it is null) in the card whose
 * headline is `headline`, whose counts are `#${prefix}stat-vertices` and the like and whose
 * sentence is `text`. `noun` names a vertex: 'cell' or 'vertex'.
 */
export function showVerdict({ headline, prefix, text, noun }, answer, none = 'No analysis') {
  const count = (id) => $(`#${prefix}stat-${id}`);
  if (!answer) {
    showHeadline(headline, none);
    for (const id of COUNTS) count(id).textContent = '–';
    $(text).textContent = '';
    return;
  }
  const { report, summary } = answer;
  if (report.vertices === 0) {
    showHeadline(headline, `No ${noun === 'cell' ? 'free cell' : noun}: nothing to play`);
  } else if (summary.placer_wins) {
    showHeadline(headline, 'The player who places the token wins', 'lose');
  } else {
    showHeadline(headline, `The player who moves first wins from every ${noun}`, 'win');
  }
  count('vertices').textContent = report.vertices;
  count('edges').textContent = report.edges;
  count('matching').textContent = summary.matching_size;
  count('wins').textContent = summary.mover_wins;
  count('loses').textContent = summary.mover_loses;
  count('proof').textContent = report.certificate.verified ? 'valid ✓' : 'INVALID';
  $(text).textContent = summary.text;
}
