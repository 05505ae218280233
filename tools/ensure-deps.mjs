#!/usr/bin/env node
// Runs before `npm start` and `npm test`: installs dependencies when node_modules is
// missing or older than package-lock.json, so both commands work on a fresh clone.
// Node built-ins only: nothing else is installed yet when this runs.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Verbatim needs Node 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, [existsSync(lock) ? 'ci' : 'install'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
