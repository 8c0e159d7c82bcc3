// Points the code's comments at docs/: "DESIGN.md" (which never lived in the repository) becomes the
// docs/ page that now says it, "spec §N" becomes "docs/product.md §N" (the map of the product spec's
// sections). Run once by the lead after the round's branches are merged (see scripts/finish-lint.md):
//   node scripts/repoint-doc-refs.mjs           lists every change (nothing written)
//   node scripts/repoint-doc-refs.mjs --write   rewrites the files
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = [
  'server/src',
  'customer-web/src',
  'admin-web/src',
  'test',
  'bench',
  'scripts',
  '.dependency-cruiser.cjs',
  'jest.config.mjs',
];
const EXTENSIONS = /\.(ts|tsx|mjs|cjs|js)$/;
const SKIP = /(^|\/)(node_modules|dist)(\/|$)|scripts\/repoint-doc-refs\.mjs$/;

/** Most specific first; each is [pattern, replacement]. */
const RULES = [
  [/DESIGN\.md: (PENDING|ACTIVE) →/g, 'docs/state-machines.md: $1 →'],
  [/\(DESIGN\.md "Testing"\)/g, '(docs/testing.md)'],
  [/The environment contract of DESIGN\.md/g, 'The environment contract (README.md "Environment")'],
  [/Module boundaries of DESIGN\.md/g, 'Module boundaries of docs/architecture.md'],
  [/\(DESIGN\.md names(, the same as \/api\/admin\/<name>)?\)/g, '(docs/architecture.md names$1)'],
  [/\(DESIGN\.md\)/g, '(docs/architecture.md)'],
  [/\bDESIGN\.md\b/g, 'docs/architecture.md'],
  // "spec §7", "Spec §5/§8" → "docs/product.md §7", "docs/product.md §5/§8"
  [/\b[Ss]pec (§\d+(?:\/§\d+)*)/g, 'docs/product.md $1'],
];

function* files(path) {
  if (SKIP.test(path)) return;
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) for (const name of readdirSync(path)) yield* files(join(path, name));
  else if (EXTENSIONS.test(path)) yield path;
}

const write = process.argv.includes('--write');
let changed = 0;
let files_ = 0;
for (const root of ROOTS) {
  for (const file of files(root)) {
    const before = readFileSync(file, 'utf8');
    const lines = before.split('\n');
    let touched = false;
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i];
      for (const [pattern, replacement] of RULES) line = line.replace(pattern, replacement);
      if (line !== lines[i]) {
        console.log(`${file}:${i + 1}\n  - ${lines[i].trim()}\n  + ${line.trim()}`);
        lines[i] = line;
        touched = true;
        changed++;
      }
    }
    if (touched) {
      files_++;
      if (write) writeFileSync(file, lines.join('\n'));
    }
  }
}
console.log(
  `\n${changed} lines in ${files_} files ${write ? 'rewritten' : 'would change (dry run; --write to apply)'}`,
);
