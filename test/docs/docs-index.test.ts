import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
const index = readFileSync(`${docs}README.md`, 'utf8');

describe('docs/README.md', () => {
  it('links every guide in docs/, and only guides that exist', () => {
    const guides = readdirSync(docs).filter((name) => name.endsWith('.md') && name !== 'README.md');
    const linked = [...index.matchAll(/\]\(([\w-]+\.md)\)/g)].map((match) => match[1]);
    expect([...new Set(linked)].sort()).toEqual(guides.sort());
  });

  it('defines the jargon the guides use', () => {
    const glossary = index.slice(index.indexOf('## Glossary'));
    for (const term of ['Call turn', 'Result turn', 'arms its ids', 'Turn scope', 'Neutral model'])
      expect(glossary).toContain(term);
    for (const term of ['Wire format', 'Strict server', 'Placeholder result', 'Live view'])
      expect(glossary).toContain(term);
  });
});
