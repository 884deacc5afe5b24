// What both browser test files share: the playground's address, the API asked directly (to
// check the page against it), and one headless Chromium with a fresh profile whose page
// errors and console errors are collected.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE = process.env.PLAYGROUND_URL;
export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SHOTS = path.join(HERE, 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** POSTs `body` to `endpoint`, expecting 200; the answer's JSON. */
export async function api(endpoint, body) {
  const response = await fetch(`${BASE}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  assert.equal(response.status, 200, `${endpoint}: ${JSON.stringify(data)}`);
  return data;
}

/**
 * Opens the playground at `hash` in a fresh profile: { context, page, profile }. Page errors
 * and console errors go to `problems`, except the 4xx answers the browser logs while
 * `expectingHttpErrors()` says a test of a bad input runs.
 */
export async function openPlayground(hash, problems, expectingHttpErrors) {
  assert.ok(BASE, 'set PLAYGROUND_URL to the address `geography serve` printed');
  fs.mkdirSync(SHOTS, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'geography-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 820 },
  });
  context.setDefaultTimeout(15000);
  const page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (expectingHttpErrors() && /status of 4\d\d/.test(text)) return;
    if (message.type() === 'error') problems.push(`console: ${text}`);
  });
  await page.goto(`${BASE}/${hash}`);
  return { context, page, profile };
}

/** Closes what `openPlayground` opened. */
export async function closePlayground(context, profile) {
  await context?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
}
