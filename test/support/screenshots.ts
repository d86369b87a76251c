/**
 * Screenshot comparison for the browser tests: a whole page is captured deterministically (fixed
 * viewport width and scale, one font, no animations or caret, the per-run ids masked) and compared with a committed
 * reference image by pixelmatch.
 *
 * Tolerance: pixelmatch's per-pixel `threshold` 0.1 (its default: colour distance in YIQ space below
 * which two pixels count as equal) with anti-aliased pixels ignored (`includeAA: false`), and at
 * most {@link MAX_DIFF_PIXELS} differing pixels. Glyph edges may shift by a sub-pixel between
 * Chromium builds and under load; a real regression (a badge lost, a name cut, a card in the wrong
 * zone) changes far more: one digit of a counter badge is about 40 pixels wide by 10 high, mostly
 * solid, and a card is 104 × 128.
 *
 * `UPDATE_SCREENSHOTS=1` writes the references instead (look at them before committing). A missing
 * reference fails the test. On a mismatch the actual image and the diff are written next to the
 * temporary folder named in the failure.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';

/** Fewer differing (non-anti-aliased) pixels than one counter digit: see the module comment. */
export const MAX_DIFF_PIXELS = 25;

export const SCREENSHOT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'web',
  'screenshots',
);

/** The viewport every compared page uses: tall enough that a drag never has to scroll. */
export const VIEWPORT = { width: 1280, height: 1200 };

/**
 * Makes a page render the same on every run: one installed font (DejaVu Sans, which Chromium's
 * Debian package depends on; its Mono for the game id, masked, so every id takes the same room), no
 * transitions or animations, no text caret.
 */
export async function stabilize(page: Page): Promise<void> {
  await page.addStyleTag({
    content: `*:not(.game-id), *::before, *::after { font-family: 'DejaVu Sans', sans-serif !important; }
      .game-id { font-family: 'DejaVu Sans Mono', monospace !important; }
      *, *::before, *::after { transition: none !important; animation: none !important;
        caret-color: transparent !important; }`,
  });
}

export interface Comparison {
  readonly diffPixels: number;
  readonly written: boolean;
}

/** Captures `page` and compares it with the reference `name`.png (see the module comment). */
export async function compareScreenshot(page: Page, name: string, mask: Locator[] = []): Promise<Comparison> {
  const actual = await page.screenshot({
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask,
    maskColor: '#888888',
  });
  const reference = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(reference, actual);
    return { diffPixels: 0, written: true };
  }
  if (!existsSync(reference))
    throw new Error(
      `No reference screenshot ${reference}: run with UPDATE_SCREENSHOTS=1, look at it, commit it.`,
    );
  const bytes = readFileSync(reference);
  // The same render encodes to the same bytes: no need to decode (pngjs takes ~0.5 s a page).
  if (bytes.equals(actual)) return { diffPixels: 0, written: false };
  const want = PNG.sync.read(bytes);
  const got = PNG.sync.read(actual);
  const out = path.join(os.tmpdir(), 'zonekeeper-screenshots');
  if (want.width !== got.width || want.height !== got.height) {
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, `${name}.actual.png`), actual);
    throw new Error(
      `${name}: ${got.width}×${got.height}, the reference is ${want.width}×${want.height} (${out})`,
    );
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const diffPixels = pixelmatch(want.data, got.data, diff.data, want.width, want.height, {
    threshold: 0.1,
    includeAA: false,
  });
  if (diffPixels > MAX_DIFF_PIXELS) {
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, `${name}.actual.png`), actual);
    writeFileSync(path.join(out, `${name}.diff.png`), PNG.sync.write(diff));
  }
  return { diffPixels, written: false };
}
