import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';
import * as testing from '../src/testing/index.js';

describe('the root entry (aiwrapper-tool-calls)', () => {
  it('exports exactly the 26 runtime names of the API contract', () => {
    expect(Object.keys(root).sort()).toEqual(
      [
        // validate
        'validateHistory',
        'assertValidHistory',
        // repair
        'repairHistory',
        'restoreIds',
        'PROVIDER_PROFILES',
        'DEFAULT_MISSING_RESULT_TEXTS',
        'UNKNOWN_TOOL_NAME',
        // convert and formats
        'convertHistory',
        'fromFormat',
        'toFormat',
        'MESSAGE_FORMATS',
        // ids and placeholders
        'createCallId',
        'isPlaceholderResult',
        // errors
        'ToolHistoryError',
        'isToolHistoryError',
        'InvalidHistoryError',
        'UnsupportedFormatError',
        'StreamAccumulationError',
        // trim and pairs
        'trimHistory',
        'estimateTokens',
        'pairToolCalls',
        // streaming
        'createToolCallAccumulator',
        'accumulateSSE',
        'readStreamEvents',
        'watchLangMessageToolCalls',
        'DEFAULT_STREAM_LIMITS',
      ].sort(),
    );
  });
});

describe('the testing entry (aiwrapper-tool-calls/testing)', () => {
  it('carries the strict server and every provider’s error-body builder, and no old alias', () => {
    expect(Object.keys(testing).sort()).toEqual(
      [
        'startStrictServer',
        'routeToStrictServer',
        'PROVIDER_ORIGINS',
        'STRICT_SERVER_FORMATS',
        'openAIErrorBodyFor',
        'openAIResponsesErrorBodyFor',
        'anthropicErrorBodyFor',
        'geminiErrorBodyFor',
        'mistralErrorBodyFor',
      ].sort(),
    );
  });
});
