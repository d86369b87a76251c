#!/usr/bin/env node
// Runs `prisma generate` without the native schema engine, which cannot be downloaded here:
// generation does not need it, and pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file
// stops the CLI from trying to fetch it (it cannot be downloaded without internet access).
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const result = spawnSync('prisma', ['generate'], {
  stdio: 'inherit',
  env,
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
