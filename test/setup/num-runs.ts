// `npm test` runs a property `short` times, `npm run test:long` (TEST_LONG=1) ten times that;
// FC_NUM_RUNS overrides both.
const configured = Number(process.env.FC_NUM_RUNS);
const override = Number.isInteger(configured) && configured > 0 ? configured : undefined;
const long = process.env.TEST_LONG === '1';

/** The run count of a property that runs `short` times in `npm test`. */
export function numRuns(short: number): number {
  return override ?? (long ? short * 10 : short);
}
