// Run after every `npm install` that changes package-lock.json.
// The registry reachable here serves only this platform's builds of native packages, so npm leaves
// the other platforms' optional packages (darwin, win32, ...) out of the lock file, and `npm ci` then
// refuses the lock as out of sync. Recording them as optional entries (version only) lets `npm ci`
// pass; it installs only the build that fits the machine, as it would anywhere.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const meta of Object.values(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    packages[key] = { version: version.replace(/^[\^~]/, ''), ...(meta.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries recorded`);
