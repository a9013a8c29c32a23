import type { DatabaseHandle } from '../db/client';
import type { ActingScope } from './principal';

/**
 * Acting sessions as the authentication step sees them (docs/decisions/043): on every call of a staff
 * user who may act for members, the session under way is read — and its last use moved to now — in one
 * statement, which also closes a session whose idle time has passed (ended at its last use plus the idle
 * time, `idle`) and writes that ending's audit row: a session ends by itself without anyone calling.
 * Never remembered with the token (decision 035's cache): starting or ending one counts at once, on every
 * instance.
 */

const ENDING = (idle: string) => `
  ended_at = least(now(), last_used_at + make_interval(secs => ${idle})),
  end_reason = case when last_used_at + make_interval(secs => ${idle}) <= now() then 'idle' else $3 end`;

/** The ending's audit row, written by the same statement as the ending (`ended` rows: id, staff_subject, staff_role, household_id, end_reason). */
const AUDIT_ENDED = (route: string, ip: string, requestId: string) => `
  insert into audit_log (actor_subject, actor_role, acting_for_household_id, action, route, record_type, record_ids, outcome, reason, ip, request_id, acting_session_id)
  select staff_subject, staff_role, household_id, 'acting.end', ${route}, 'acting-session', array[id::text], 'success', end_reason, ${ip}, ${requestId}, id from ended`;

/** $1 staff subject, $2 idle seconds, $3 (unused end reason: the expired end as `idle`), $4 route, $5 ip, $6 request id. */
const TOUCH_SQL = `with ended as (
  update acting_sessions set ${ENDING('$2::double precision')}
  where staff_subject = $1 and ended_at is null and last_used_at <= now() - make_interval(secs => $2::double precision)
  returning id, staff_subject, staff_role, household_id, end_reason
), audited as (${AUDIT_ENDED('$4', '$5', '$6')}
), touched as (
  update acting_sessions set last_used_at = now()
  where staff_subject = $1 and ended_at is null and last_used_at > now() - make_interval(secs => $2::double precision)
  returning id, household_id, subscriber_member_id
)
select id, household_id, subscriber_member_id from touched`;

interface TouchedRow {
  id: string;
  household_id: string | null;
  subscriber_member_id: string | null;
}

/** Where a call came from, for the audit row of a session that ended by itself. */
export interface CallSite {
  route: string;
  ip: string | null;
  requestId: string | null;
}

/** The staff user's acting session under way (its last use now), or null; closes one past its idle time. */
export async function touchActingSession(
  database: DatabaseHandle,
  staffSubject: string,
  idleSeconds: number,
  site: CallSite,
): Promise<ActingScope | null> {
  const { rows } = await database.executeSql(
    TOUCH_SQL,
    [staffSubject, idleSeconds, 'idle', site.route, site.ip, site.requestId],
    'acting_session_touch',
  );
  const row = rows[0] as TouchedRow | undefined;
  return row
    ? { sessionId: row.id, householdId: row.household_id, subscriberMemberId: row.subscriber_member_id }
    : null;
}

/** $1 staff subject, $2 idle seconds, $3 end reason (`signed-out`; `idle` when its idle time had passed). */
const END_ALL_SQL = `with ended as (
  update acting_sessions set ${ENDING('$2::double precision')}
  where staff_subject = $1 and ended_at is null
  returning id, staff_subject, staff_role, household_id, end_reason
)${AUDIT_ENDED("'sign-out'", 'null', 'null')}`;

/**
 * Sign-out ends the staff user's acting session (the built-in provider tells us when a grant is revoked),
 * with its audit row in the same statement. An external identity provider does not tell us: there the
 * idle time ends it.
 */
export async function endActingSessionsOnSignOut(
  database: DatabaseHandle,
  staffSubject: string,
  idleSeconds: number,
): Promise<void> {
  await database.executeSql(
    END_ALL_SQL,
    [staffSubject, idleSeconds, 'signed-out'],
    'acting_session_sign_out',
  );
}
