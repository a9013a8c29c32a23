import { useEffect } from 'react';
import { chatbotAllowed } from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { useViewer } from '../../lib/viewer';

const SCRIPT_ID = 'portal-chatbot-script';
const STYLE_ID = 'portal-chatbot-style';

/**
 * SPEC §1/§6: the chatbot loads only for the configured roles (case-insensitive), its script and
 * stylesheet only from the configured URLs; it is removed again when the user no longer qualifies.
 */
export function Chatbot() {
  const { chatbot } = useConfig().account;
  const viewer = useViewer();
  const allowed =
    viewer !== null && chatbot.scriptUrl !== '' && chatbotAllowed(viewer.session.roles, chatbot.roles);
  useEffect(() => {
    if (!allowed) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = chatbot.scriptUrl;
    script.async = true;
    document.body.append(script);
    let style: HTMLLinkElement | null = null;
    if (chatbot.stylesheetUrl) {
      style = document.createElement('link');
      style.id = STYLE_ID;
      style.rel = 'stylesheet';
      style.href = chatbot.stylesheetUrl;
      document.head.append(style);
    }
    return () => {
      script.remove();
      style?.remove();
    };
  }, [allowed, chatbot.scriptUrl, chatbot.stylesheetUrl]);
  return null;
}
