// Exporting the picture: Export SVG saves the SVG the page draws (#grid or #graph) as a file
// that stands alone, the page's style sheet copied into a <style> inside it (written into the
// text, not the page's DOM, where the content security policy refuses inline styles, even on
// detached nodes); Export PNG draws
// that SVG into a canvas through an Image of a data: URL (the page's content security policy
// allows data: images, not blob: ones) and saves the canvas. A big board drawn on the canvas
// (canvas-view.js) exports its own SVG (up to SVG_CELL_LIMIT cells) and PNG.

import { $, $$, download, SVG_NS } from './dom.js';

/** The most cells and vertices exported as SVG: past them the file is too big to be useful. */
export const SVG_CELL_LIMIT = 40_000;
export const SVG_VERTEX_LIMIT = 5000;
/** PNG pixels per SVG unit, and the most pixels on a side. */
const PNG_SCALE = 2;
const PNG_MAX_SIDE = 8000;

let bigPicture = null;

/** Registers the exporter of the canvas picture: { svg() (text or throws), png() (a Blob) }. */
export function setCanvasExporter(exporter) {
  bigPicture = exporter;
}

/** The picture shown: an <svg> or the canvas. */
function shownPicture() {
  return $$('.picture').find((picture) => !picture.hasAttribute('hidden'));
}

/** Every rule of the page's style sheets, as text. */
function pageStyles() {
  const rules = [];
  for (const sheet of document.styleSheets) for (const rule of sheet.cssRules) rules.push(rule.cssText);
  return rules.join('\n');
}

/** The size of an <svg> picture, in its own units. */
function svgSize(picture) {
  const box = picture.viewBox.baseVal;
  return { width: box.width, height: box.height };
}

/** `picture` (an <svg> of the page) as a standalone SVG document. */
export function standaloneSvg(picture) {
  const copy = picture.cloneNode(true);
  const { width, height } = svgSize(picture);
  copy.removeAttribute('hidden');
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', width);
  copy.setAttribute('height', height);
  const text = new XMLSerializer().serializeToString(copy);
  // The page's rules size the picture to the page: here it keeps its own size.
  const own = `svg#${picture.id} { width: ${width}px; height: ${height}px; max-width: none; background: #fff; }`;
  const style = `<style><![CDATA[\n${pageStyles().replaceAll(']]>', ']] >')}\n${own}\n]]></style>`;
  const open = text.indexOf('>') + 1;
  return `${text.slice(0, open)}${style}${text.slice(open)}`;
}

function countLimit(picture) {
  if (picture.id === 'grid') {
    const cells = picture.querySelectorAll('.cell').length;
    if (cells > SVG_CELL_LIMIT) return `${cells} cells`;
  } else if (picture.id === 'graph') {
    const vertices = picture.querySelectorAll('.vertex').length;
    if (vertices > SVG_VERTEX_LIMIT) return `${vertices} vertices`;
  }
  return null;
}

/** Draws an SVG text of size `width` × `height` into a canvas, `scale` pixels a unit. */
export async function svgToPng(text, width, height) {
  const scale = Math.min(PNG_SCALE, PNG_MAX_SIDE / Math.max(width, height));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

function say(text) {
  $('#share-note').textContent = text;
}

function baseName(picture) {
  return picture.id === 'graph' ? 'graph' : 'board';
}

async function exportSvg() {
  const picture = shownPicture();
  try {
    if (picture.tagName.toLowerCase() === 'canvas') {
      download('board.svg', bigPicture.svg(), 'image/svg+xml');
      return;
    }
    const over = countLimit(picture);
    if (over) {
      say(`The picture has ${over}: too many for SVG. Export PNG instead.`);
      return;
    }
    download(`${baseName(picture)}.svg`, standaloneSvg(picture), 'image/svg+xml');
    say('');
  } catch (error) {
    say(error.message);
  }
}

async function exportPng() {
  const picture = shownPicture();
  try {
    if (picture.tagName.toLowerCase() === 'canvas') {
      download('board.png', await bigPicture.png());
      return;
    }
    const { width, height } = svgSize(picture);
    download(`${baseName(picture)}.png`, await svgToPng(standaloneSvg(picture), width, height));
    say('');
  } catch (error) {
    say(`The PNG could not be made: ${error.message}`);
  }
}

export function initExport() {
  $('#export-svg').addEventListener('click', exportSvg);
  $('#export-png').addEventListener('click', exportPng);
}
