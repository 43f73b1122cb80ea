import { describeInstallOrder } from './install-order.js';

// The other order, then both again: the same layers, the same behaviour.
describeInstallOrder(['tool-calls', 'provider-errors', 'tool-calls', 'provider-errors']);
