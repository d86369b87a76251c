/**
 * A bot author's path, outside this repository: `npm pack ./client`, a new project in a temp
 * folder with only the packages docs/bots.md's "A bot in its own project" lists, installed offline
 * (from the tarball and the npm cache), and the guide's bot run as written. It creates a game,
 * follows it with its own subscription, moves with its own mutation, and gets a typed
 * UNAUTHENTICATED error for a mistyped token over HTTP and over the WebSocket.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, runCommand } from '../support/process.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { docExample } from '../support/doc-example.js';

const work = mkdtempSync(path.join(tmpdir(), 'zk-bot-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

const env = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  // These commands' output is read as text, whatever npm configuration the machine has.
  npm_config_json: 'false',
};

it('runs the bot of the guide from a new folder, installed offline with only the listed packages', async () => {
  // The client, packed as the guide says (its prepack builds it): its command, comment aside.
  const [npm, ...packArgs] = docExample('pack-client').replace(/#.*/, '').trim().split(/\s+/);
  expect(npm).toBe('npm');
  const pack = await runCommand(npm!, [...packArgs, '--pack-destination', work], {
    env,
    killAfterMs: 180_000,
  });
  expect(pack.code, pack.stderr).toBe(0);
  const tarball = readdirSync(work).find((f) => f.startsWith('zonekeeper-client'));
  expect(tarball).toBe('zonekeeper-client-0.1.0.tgz');

  // The bot project: the guide's package.json, its client path pointed at this tarball.
  const manifest = JSON.parse(docExample('bot-package')) as {
    type: string;
    dependencies: Record<string, string>;
  };
  expect(manifest.type).toBe('module');
  expect(Object.keys(manifest.dependencies).sort()).toEqual(['@zonekeeper/client', 'ws']);
  const project = path.join(work, 'bot');
  // Offline, never the network: each other listed package comes as a tarball packed from this
  // checkout's node_modules, at the version the guide pins.
  const dependencies: Record<string, string> = { '@zonekeeper/client': `file:${path.join(work, tarball!)}` };
  for (const [name, version] of Object.entries(manifest.dependencies)) {
    if (name === '@zonekeeper/client') continue;
    const installed = JSON.parse(
      readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'),
    ) as {
      version: string;
    };
    expect(installed.version, name).toBe(version);
    const packed = await runCommand(
      'npm',
      ['pack', path.join(ROOT, 'node_modules', name), '--pack-destination', work],
      {
        env,
        killAfterMs: 60_000,
      },
    );
    expect(packed.code, packed.stderr).toBe(0);
    dependencies[name] = `file:${path.join(work, packed.stdout.trim().split('\n').pop()!)}`;
  }
  rmSync(project, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(project));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ ...manifest, dependencies }, null, 2));
  writeFileSync(path.join(project, 'bot.js'), docExample('bot-script'));
  const install = await runCommand('npm', ['install', '--offline', '--prefix', project], {
    env,
    killAfterMs: 180_000,
  });
  expect(install.code, install.stderr).toBe(0);
  // Nothing of this checkout is within reach of the bot: its node_modules are its own.
  expect(readdirSync(path.join(project, 'node_modules')).sort()).toEqual([
    '.package-lock.json',
    '@zonekeeper',
    'ws',
  ]);

  const bot = await runCommand(process.execPath, [path.join(project, 'bot.js')], {
    env: { ...env, ZK_URL: server.url, NODE_PATH: '' },
    killAfterMs: 60_000,
  });
  expect(bot.stderr).toBe('');
  expect(bot.code).toBe(0);
  const lines = bot.stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^created [0-9a-f-]{36}$/);
  expect(lines).toContain('event 1 GAME_CREATED');
  expect(lines).toContainEqual(expect.stringMatching(/^moved, version \d+$/));
  expect(lines).toContainEqual(expect.stringMatching(/^event \d+ OBJECTS_MOVED$/));
  expect(lines.slice(-2)).toEqual(['http: true UNAUTHENTICATED', 'ws: true UNAUTHENTICATED']);
  // The output the guide shows, line for line, its shortened game id aside (the event and the
  // move may come in either order).
  const shown = docExample('bot-script-output').split('\n');
  expect(shown[0]).toMatch(/^created [0-9a-f]{4}…$/);
  expect([...lines.slice(1)].sort()).toEqual([...shown.slice(1)].sort());
}, 400_000);
