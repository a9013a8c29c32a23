import { MessagePage } from './message-page';

export function NotFoundPage() {
  return <MessagePage prefix="notFound" />;
}

export { NotFoundPage as Component };
export const handle = { titleKey: 'notFound.title' };
