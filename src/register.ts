// `import 'aiwrapper-tool-calls/register'`: installs the helpers on aiwrapper's LangMessages and
// the `tools` / `autoAssistantToolCalls` chat options, with `autoAssistantToolCalls` off. The
// side-effect import also brings the methods' types (install-tool-calls augments aiwrapper's).
import './aiwrapper/install-tool-calls.js';
import { installToolCalls } from './aiwrapper/install-tool-calls.js';

installToolCalls();
