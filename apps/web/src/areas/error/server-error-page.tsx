import { MessagePage } from './message-page';

/** SPEC §8: API failures in the flows land here (/error/500). */
export function ServerErrorPage() {
  return <MessagePage prefix="serverError" />;
}

export default ServerErrorPage;
