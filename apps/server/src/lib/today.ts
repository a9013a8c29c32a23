import { calendarDateOf, type CalendarDate } from '@portal/domain';
import type { TenantConfig } from './tenant-config';

/** Today's date where the issuer is: coverage, due dates and schedules use the issuer's calendar. */
export function tenantToday(tenant: TenantConfig, now: Date = new Date()): CalendarDate {
  return calendarDateOf(now, tenant.account.tenant.timeZone);
}
