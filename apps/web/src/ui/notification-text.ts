import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '@portal/domain';
import type { Notification } from '@portal/contracts';
// Without zod: the live notifications mount once the first page is shown (docs/decisions/033).
import { notificationValueName } from '@portal/contracts/notification-templates';
import { loose } from '../i18n/loose';
import { useFormatters } from './format';

/**
 * SPEC §3 Notification: the message is a template (a translation key) with `additionalValues`; amounts
 * in cents become money and calendar dates dates, in the active language (packages/contracts
 * notification-templates.ts lists the templates and the values each carries).
 */
export function useNotificationText() {
  const { t } = useTranslation();
  const format = useFormatters();
  const lt = loose(t);
  const message = useCallback(
    (notification: Pick<Notification, 'templateName' | 'additionalValues'>): string => {
      const values: Record<string, string | number> = {};
      for (const [key, value] of Object.entries(notification.additionalValues)) {
        const name = notificationValueName(key);
        if (key === 'amountCents' && typeof value === 'number') values[name] = format.money(value);
        // Issue 13 notification.changedForYou: who acted (staff or broker) and the kind of action, in words.
        else if (key === 'actor')
          values[name] = lt(`notification.actors.${String(value)}`, {
            defaultValue: lt('notification.actors.staff'),
          });
        else if (key === 'actionKind')
          values[name] = lt(`notification.actionKinds.${String(value)}`, {
            defaultValue: lt('notification.actionKinds.other'),
          });
        else if (typeof value === 'string' && isCalendarDate(value)) values[name] = format.date(value);
        else values[name] = value;
      }
      return lt(notification.templateName, { ...values, defaultValue: lt('notifications.drawerTitle') });
    },
    [lt, format],
  );
  const linkText = useCallback((key: string | null): string | null => (key ? lt(key) : null), [lt]);
  return { message, linkText };
}
