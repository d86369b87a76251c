/**
 * Every relative link in README.md, BENCHMARKS.md and the Markdown files under docs/ leads somewhere:
 * its file or folder exists, and its `#anchor` names a heading of the target document, slugged as
 * GitHub slugs headings (github-slugger: lower case, punctuation dropped, spaces to hyphens, `-1`
 * for a second heading of the same name). Links are read as a Markdown renderer reads them
 * (markdown-it), so links inside code are not links. Reads only the repository.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { documentFiles } from '../support/doc-example.js';
import { ROOT } from '../support/process.js';

const markdown = new MarkdownIt({ html: true });

/** The text a heading renders to: its text and inline code, without markup. */
function plainText(inline: Token): string {
  return (inline.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');
}

/** The anchors GitHub gives the headings of a Markdown text, in order. */
export function headingAnchors(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(text, {});
  const anchors = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type === 'heading_open') anchors.add(slugger.slug(plainText(tokens[i + 1]!)));
  });
  return anchors;
}

/** The link targets of a Markdown text, with their lines. */
export function linkTargets(text: string): { href: string; line: number }[] {
  const out: { href: string; line: number }[] = [];
  let line = 1; // a table's cells have no line of their own: the row's
  for (const block of markdown.parse(text, {})) {
    if (block.map) line = block.map[0] + 1;
    for (const t of block.children ?? [])
      if (t.type === 'link_open') out.push({ href: String(t.attrGet('href') ?? ''), line });
  }
  return out;
}

/** What is wrong with the relative links of `file` (a path from the repository's root). */
export function brokenLinks(
  file: string,
  text: string,
  read = (f: string) => readFileSync(f, 'utf8'),
): string[] {
  const problems: string[] = [];
  for (const { href, line } of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:: not this repository's
    const [target = '', anchor] = href.split('#');
    const where = `${file}:${line} → ${href}`;
    if (!target) {
      if (!headingAnchors(text).has(decodeURIComponent(anchor ?? '')))
        problems.push(`${where}: ${file} has no heading #${anchor}`);
      continue;
    }
    const resolved = path.join(path.dirname(file), decodeURIComponent(target));
    if (path.relative(ROOT, path.join(ROOT, resolved)).startsWith('..')) {
      problems.push(`${where}: leaves the repository`);
      continue;
    }
    const full = path.join(ROOT, resolved);
    if (!existsSync(full)) {
      problems.push(`${where}: ${resolved} does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md') || statSync(full).isDirectory())
      problems.push(`${where}: an anchor into ${resolved}, which has no headings`);
    else if (!headingAnchors(read(full)).has(decodeURIComponent(anchor)))
      problems.push(`${where}: ${resolved} has no heading #${anchor}`);
  }
  return problems;
}

const FILES = [...documentFiles(), 'BENCHMARKS.md'];

describe('links between the docs', () => {
  it('reads the links and headings a renderer reads', () => {
    const text = [
      '# Judges and admins',
      '## The `show` command: as any viewer',
      '## Limits',
      '## Limits',
      'See [limits](#limits-1), [the walkthrough](frontend.md#a-game-step-by-step) and <https://example.com>.',
      '`[not a link](nowhere.md)`',
      '```',
      '[nor this](nowhere.md)',
      '```',
    ].join('\n');
    expect([...headingAnchors(text)]).toEqual([
      'judges-and-admins',
      'the-show-command-as-any-viewer',
      'limits',
      'limits-1',
    ]);
    expect(linkTargets(text).map((l) => l.href)).toEqual([
      '#limits-1',
      'frontend.md#a-game-step-by-step',
      'https://example.com',
    ]);
  });

  it('finds a missing file, a missing anchor, an anchor into a file without headings', () => {
    const text = [
      '# A',
      '[ok](#a) [gone](#b) [file](nowhere.md) [code](../src/app.ts#L1) [guide](frontend.md#nothing-here)',
    ].join('\n');
    expect(brokenLinks('docs/x.md', text)).toEqual([
      'docs/x.md:2 → #b: docs/x.md has no heading #b',
      'docs/x.md:2 → nowhere.md: docs/nowhere.md does not exist',
      'docs/x.md:2 → ../src/app.ts#L1: an anchor into src/app.ts, which has no headings',
      'docs/x.md:2 → frontend.md#nothing-here: docs/frontend.md has no heading #nothing-here',
    ]);
  });

  it.each(FILES)('every relative link and anchor of %s resolves', (file) => {
    expect(brokenLinks(file, readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([]);
  });
});
