import { setHttpRequestImpl } from 'aiwrapper';
import { withProviderErrors } from '../../src/aiwrapper/index.js';
import type { ProviderHttpRequest } from '../../src/aiwrapper/provider-errors.js';

/**
 * Sets aiwrapper's request function to `httpRequest` wrapped with `withProviderErrors`; returns a
 * function that puts aiwrapper's default (global fetch) back.
 */
export function useProviderErrors(httpRequest: ProviderHttpRequest): () => void {
  setHttpRequestImpl(withProviderErrors(httpRequest));
  return () => {
    setHttpRequestImpl((url, options) => fetch(url, options));
  };
}
