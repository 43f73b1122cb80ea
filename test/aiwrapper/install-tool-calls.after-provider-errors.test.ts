import { describeInstallOrder } from './install-order.js';

// installToolCalls() after withProviderErrors(), then both again: withProviderErrors() must not
// wrap chat() a second time under installToolCalls' wrapper.
describeInstallOrder(['provider-errors', 'tool-calls', 'provider-errors', 'tool-calls']);
