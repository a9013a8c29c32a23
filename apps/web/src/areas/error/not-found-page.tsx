import { MessagePage } from './message-page';

export function NotFoundPage() {
  return <MessagePage prefix="notFound" />;
}

export default NotFoundPage;
