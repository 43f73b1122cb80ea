// Folder-level layer check, run by `npm run lint`. It reads every import (type-only ones too) of
// src/**/*.ts and fails when:
//   - folders import each other in a cycle (top-level folders, and the folders inside formats/);
//   - errors/ imports another folder, core/ imports anything but errors/, or formats/ imports
//     anything but core/ and errors/ (dependencies point down: errors <- core <- formats <- engines).
// The files at the root of src/ (index.ts, register.ts) are entry points and are not checked.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'src');
const ALLOWED = { errors: [], core: ['errors'], formats: ['core', 'errors'] };

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `formats/<provider>` for files in a provider folder, else the top-level folder; `.` for root files. */
function folderOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length === 1) return '.';
  if (parts[0] === 'formats' && parts.length > 2) return `formats/${parts[1]}`;
  return parts[0];
}

const topOf = (folder) => folder.split('/')[0];
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const dynamicPattern = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

// Two graphs: between top-level folders, and between folders with formats/<provider> apart.
const levels = [new Map(), new Map()]; // "a -> b" -> one example import
const problems = [];
for (const file of walk(root)) {
  const from = folderOf(file);
  if (from === '.') continue;
  const text = fs.readFileSync(file, 'utf8');
  for (const match of [...text.matchAll(importPattern), ...text.matchAll(dynamicPattern)]) {
    const target = path.resolve(path.dirname(file), match[1].replace(/\.js$/, '.ts'));
    const to = folderOf(target);
    const example = `${path.relative(root, file)} imports ${path.relative(root, target)}`;
    if (to === '.')
      problems.push(`${example}: nothing may import an entry file at the root of src/`);
    const allowed = ALLOWED[topOf(from)];
    if (allowed !== undefined && topOf(to) !== topOf(from) && !allowed.includes(topOf(to)))
      problems.push(
        `${example}: ${topOf(from)}/ ${allowed.length === 0 ? 'may import no other folder' : `may import only ${allowed.join(', ')}`}`,
      );
    for (const [edges, a, b] of [
      [levels[0], topOf(from), topOf(to)],
      [levels[1], from, to],
    ]) {
      if (a !== b && !edges.has(`${a} -> ${b}`)) edges.set(`${a} -> ${b}`, example);
    }
  }
}

/** Every strongly connected component of more than one folder (Tarjan's algorithm). */
function cycles(edges) {
  const graph = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split(' -> ');
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    graph.get(a).add(b);
  }
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

const reported = new Set();
for (const edges of levels) {
  for (const component of cycles(edges)) {
    const name = component.join(', ');
    if (reported.has(name)) continue;
    reported.add(name);
    const inside = [...edges].filter(([key]) =>
      key.split(' -> ').every((folder) => component.includes(folder)),
    );
    problems.push(
      `folder cycle: ${name}\n${inside.map(([key, example]) => `    ${key} (${example})`).join('\n')}`,
    );
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`check-layers: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check-layers: ${levels[1].size} folder dependencies, no cycles, layers respected`);
