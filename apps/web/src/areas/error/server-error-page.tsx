import { MessagePage } from './message-page';

/** SPEC §8: API failures in the flows land here (/error/500). */
export function ServerErrorPage() {
  return <MessagePage prefix="serverError" />;
}

export { ServerErrorPage as Component };
export const handle = { titleKey: 'serverError.title' };
