import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { APIResponse, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signInDirectly, type Language } from './portal';
import { CSRF } from './session';

export interface FreshMember {
  username: string;
  householdId: string;
  language: Language;
  policyNumber: string;
  exchangeSubscriberId: string | null;
  dateOfBirth: string;
  zipCode: string | null;
  /** The subscriber's name (always); with `unlinked` also the last four digits of their SSN. */
  firstName?: string;
  lastName?: string;
  ssnLast4?: string | null;
}

export interface FreshMemberOptions {
  exchange?: boolean;
  paperless?: boolean;
  requires?: ('notice' | '1095-A' | '1095-B')[];
  /** The medical policy has an amount due now. */
  owing?: boolean;
  /** The medical policy is a new enrolment waiting for its first premium. */
  binder?: boolean;
  /** Someone besides the subscriber is covered on the medical policy today. */
  dependents?: boolean;
  /** Issue 12: the account is not linked to the member yet (linking needs the facts the answer gives). */
  unlinked?: boolean;
  /** Issue 12: the medical plan asks members to choose a primary care provider (HMO or EPO). */
  pcpPlan?: boolean;
  /** Issue 12: the household has no dental coverage. */
  noDental?: boolean;
  /** The medical policy owes nothing and is paid beyond today. */
  paidUp?: boolean;
}

/**
 * A demo fixture call, tried again when the server says too many came from this address (30 a minute: a fast
 * machine's journeys together ask for more) after the wait it names, as any client of a rate limit does.
 */
async function postDemo(page: Page, url: string, data: Record<string, unknown>): Promise<APIResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await page.request.post(url, { headers: CSRF, data });
    if (response.status() !== 429 || attempt === 10) return response;
    const seconds = Number(response.headers()['retry-after'] ?? '2');
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 2) * 1000));
  }
}

/**
 * A member of its own for a journey that changes things (demo mode: POST /api/v1/demo/member gives a
 * generated household an account), so journeys never see each other's writes. Not signed in.
 */
export async function newMember(page: Page, options: FreshMemberOptions = {}): Promise<FreshMember> {
  const { exchange, paperless, requires, owing, binder, dependents, unlinked, pcpPlan, noDental, paidUp } =
    options;
  const response = await postDemo(page, '/api/v1/demo/member', {
    ...(exchange === undefined ? {} : { exchange }),
    ...(paperless === undefined ? {} : { paperless }),
    ...(requires ? { requires } : {}),
    ...(owing ? { owing } : {}),
    ...(binder ? { binder } : {}),
    ...(dependents ? { dependents } : {}),
    ...(unlinked ? { unlinked } : {}),
    ...(pcpPlan ? { pcpPlan } : {}),
    ...(noDental ? { noDental } : {}),
    ...(paidUp ? { paidUp } : {}),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as FreshMember;
}

/** A member of its own (`newMember`), signed in in `page`. */
export async function freshMember(
  page: Page,
  options: FreshMemberOptions & { language?: Language } = {},
): Promise<FreshMember> {
  const member = await newMember(page, options);
  await signInDirectly(page, 'consumer', member.username, options.language ?? 'en');
  return member;
}

/** The text of a downloaded PDF, read with poppler's pdftotext (spaces normalised). */
export function pdfText(file: string): string {
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[\u00a0\u202f]/g,
    ' ',
  );
}

/**
 * Issue 11: a member of its own whose medical policy was terminated for non-payment and may be reinstated
 * (demo mode makes a new household of that shape: POST /api/v1/demo/member with `reinstatable`), in a
 * household language of the journey's choice. Not signed in. The named `aisha.johnson` stays as the demo shows her.
 */
export async function reinstatableMember(
  page: Page,
  options: { status?: 'Eligible' | 'Manual'; language?: Language } = {},
): Promise<FreshMember> {
  const response = await postDemo(page, '/api/v1/demo/member', {
    reinstatable: options.status ?? 'Eligible',
    language: options.language ?? 'en',
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as FreshMember;
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The API as the signed-in page calls it: its session cookie (shared with `page.request`) and the CSRF header. */
export function api(page: Page) {
  const headers = CSRF;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: object) => {
    const response = await page.request.fetch(url, {
      method,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      ...(data ? { data } : {}),
    });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return call;
}
