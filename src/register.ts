// `import 'aiwrapper-tool-calls/register'`: installs the helpers on aiwrapper's LangMessages and
// the `tools` / `autoAssistantToolCalls` chat options, with `autoAssistantToolCalls` off.
import { installToolCalls } from './aiwrapper/install-tool-calls.js';

export type { InstallToolCallsOptions } from './aiwrapper/install-tool-calls.js';

installToolCalls();
