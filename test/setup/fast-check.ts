import fc from 'fast-check';
import { numRuns } from './num-runs.js';

fc.configureGlobal({ numRuns: numRuns(100) });
