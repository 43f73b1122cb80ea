import fc from 'fast-check';

// Moderate by default (CI has 2 cores); `npm run test:long` sets FC_NUM_RUNS=10000.
const configured = Number(process.env.FC_NUM_RUNS);
fc.configureGlobal({ numRuns: Number.isInteger(configured) && configured > 0 ? configured : 100 });
