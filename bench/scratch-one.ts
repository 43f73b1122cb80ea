import { historyOf, type HistoryKind } from './repair.js';
import { shipped } from './shipped.js';
import type { MessageFormat } from '../src/core/format.js';
const [format = 'openai-chat', kind = 'calls-missing', mode = 'repair'] = process.argv.slice(2);
const messages = historyOf(format as MessageFormat, 100000, kind as HistoryKind);
const options = { format: format as MessageFormat };
const validation = shipped.validateHistory(messages, options);
const times: number[] = [];
for (let i = 0; i < 25; i++) {
  const t = performance.now();
  if (mode === 'repair') shipped.repairHistory(messages, options);
  else if (mode === 'prevalidated') shipped.repairHistory(messages, { ...options, validation });
  else if (mode === 'validate') shipped.validateHistory(messages, options);
  else JSON.stringify(messages);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(format, kind, mode, 'median', times[12]?.toFixed(1), 'min', times[0]?.toFixed(1));
