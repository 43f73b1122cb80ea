import { describeInstallOrder } from './install-order.js';

// installToolCalls() after installProviderErrors(), then both again: installProviderErrors()
// used to wrap chat() a second time, as installToolCalls' wrapper hid its marker.
describeInstallOrder(['provider-errors', 'tool-calls', 'provider-errors', 'tool-calls']);
