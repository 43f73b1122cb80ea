// The shared run count: `fallback` in `npm test`, ten times that in `npm run test:long`.
export { numRuns } from '../setup/num-runs.js';
