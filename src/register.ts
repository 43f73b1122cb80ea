// `import 'aiwrapper-tool-calls/register'`: installs the helpers on aiwrapper's LangMessages and
// the `tools` / `autoAssistantToolCalls` chat options, with `autoAssistantToolCalls` off. Only this
// entry brings their types (the augmentation), so a missing import is a type error.
import './aiwrapper/tool-calls-augmentation.js';
import { installToolCalls } from './aiwrapper/install-tool-calls.js';

installToolCalls();
