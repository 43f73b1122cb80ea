import { HttpRequestError, setHttpRequestImpl } from 'aiwrapper';
import { expectTypeOf, test } from 'vitest';
import {
  isProviderError,
  withProviderErrors,
  type ProviderError,
} from '../../src/aiwrapper/index.js';
import type { ProviderHttpRequest } from '../../src/aiwrapper/provider-errors.js';

test('isProviderError narrows to a ProviderError, which is an aiwrapper HttpRequestError', () => {
  const error: unknown = undefined;
  if (isProviderError(error)) {
    expectTypeOf(error).toEqualTypeOf<ProviderError>();
    expectTypeOf(error).toExtend<HttpRequestError>();
    expectTypeOf(error.status).toEqualTypeOf<number>();
    expectTypeOf(error.providerError).toEqualTypeOf<unknown>();
    expectTypeOf(error.providerMessage).toEqualTypeOf<string | undefined>();
  }
});

test('withProviderErrors takes and gives what setHttpRequestImpl takes', () => {
  expectTypeOf(withProviderErrors).parameter(0).toEqualTypeOf<ProviderHttpRequest | undefined>();
  expectTypeOf(withProviderErrors()).toExtend<Parameters<typeof setHttpRequestImpl>[0]>();
});
