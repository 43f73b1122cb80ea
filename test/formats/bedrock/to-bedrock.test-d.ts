import { expectTypeOf, test } from 'vitest';
import type { FormatMessages } from '../../../src/repair/format-io.js';
import type {
  BedrockMessage,
  BedrockSystemBlock,
} from '../../../src/formats/bedrock/bedrock-types.js';
import { toBedrock } from '../../../src/formats/bedrock/to-bedrock.js';

// @aws-sdk/client-bedrock-runtime is not a dependency: these check our own types' contract only.
test('toBedrock emits Converse messages and system blocks; repairHistory returns the same messages', () => {
  expectTypeOf<ReturnType<typeof toBedrock>['messages']>().toEqualTypeOf<BedrockMessage[]>();
  expectTypeOf<ReturnType<typeof toBedrock>['system']>().toEqualTypeOf<
    BedrockSystemBlock[] | undefined
  >();
  expectTypeOf<FormatMessages['bedrock']>().toEqualTypeOf<BedrockMessage[]>();
  expectTypeOf<BedrockMessage['role']>().toEqualTypeOf<'user' | 'assistant'>();
});
