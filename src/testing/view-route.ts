import { isObject } from '../core/input-guards.js';
import { adapterFor } from '../formats/index.js';
import { conversationView } from '../view/conversation-view.js';
import { renderViewPage } from '../view/render-history-html.js';
import type { StrictEndpoint } from './endpoint.js';
import type { RecordedRequest } from './strict-server.js';

/** The path the strict server serves its view at. */
export const VIEW_PATH = '/__view';

/** The view page of the recorded requests: each request's history, and the refusal it got. */
export function recordedRequestsPage(
  requests: readonly RecordedRequest[],
  endpoints: readonly StrictEndpoint[],
): string {
  const views = requests.map((request, index) => {
    const format = endpoints.find((endpoint) => endpoint.match(request.path) !== undefined)?.format;
    const title = `#${String(index + 1)} POST ${request.path} → ${String(request.status)}`;
    const note =
      request.error === undefined ? undefined : { status: request.status, ...request.error };
    const body = isObject(request.body) ? request.body : {};
    const messages = format === undefined ? undefined : body[adapterFor(format).messagesKey];
    if (format === undefined || !Array.isArray(messages)) {
      const view = conversationView([], { title, note });
      return { ...view, error: 'the request holds no messages this server reads' };
    }
    return conversationView(messages, { title, format, note });
  });
  return renderViewPage(views, { title: 'Strict server: recorded requests' });
}
