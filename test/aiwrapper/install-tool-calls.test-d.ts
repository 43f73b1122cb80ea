import type { LangMessages, LangOptions, LangResult, ToolRequest } from 'aiwrapper';
import { expectTypeOf, test } from 'vitest';
import '../../src/register.js';
import type { InstallToolCallsOptions } from '../../src/aiwrapper/index.js';

test('the installed methods are typed on LangMessages and LangResult, returning the collection', () => {
  expectTypeOf<LangMessages['addAssistantToolCalls']>().returns.toEqualTypeOf<LangMessages>();
  expectTypeOf<LangResult['addToolCallsAndResults']>().returns.toEqualTypeOf<LangResult>();
  expectTypeOf<LangMessages['tools']>().toEqualTypeOf<ToolRequest[] | null>();
  expectTypeOf<LangResult['messages']>().toEqualTypeOf<LangResult>();
});

test('chat options take autoAssistantToolCalls and tools', () => {
  expectTypeOf<{ autoAssistantToolCalls: true; tools: [] }>().toExtend<LangOptions>();
  expectTypeOf<{ autoAssistantToolCalls: 'yes' }>().not.toExtend<LangOptions>();
  expectTypeOf<InstallToolCallsOptions>().toEqualTypeOf<{
    readonly autoAssistantToolCalls?: boolean | undefined;
    readonly autoRepairToolHistory?: boolean | undefined;
  }>();
});
