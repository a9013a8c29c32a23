import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Receipt } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal } from '../../../test/render-portal';

const PAYMENT_ID = '00000000-0000-4000-8000-000000000901';
const receipt: Receipt = {
  paymentId: PAYMENT_ID,
  policyId: '00000000-0000-4000-8000-000000000902',
  policyNumber: 'LHP-1000001-01',
  planName: 'Lighthouse Harbor Silver 500 HMO',
  subscriberName: 'María Santos',
  payerName: 'María Santos',
  amountCents: 20730,
  transactionId: 'ch_test_0042',
  transactionDate: '2026-11-22',
  recordedAt: '2026-11-22T15:00:00.000Z',
  status: 'Succeeded',
  paymentMethod: 'Card',
  paymentSource: 'Portal',
  methodBrand: 'Visa',
  methodLastDigits: '4242',
  failureReason: null,
  paidThroughDate: '2026-12-31',
  effectuated: false,
};
const PDF_PATH = `/api/v1/Payment/${PAYMENT_ID}/receipt.pdf`;

/** The receipt page with the API answering the receipt, and the PDF with `pdf`. */
function renderReceipt(pdf: () => Response) {
  return renderPortal(`/payments/payment-history/${PAYMENT_ID}`, {
    credential: memberCredential(),
    api: {
      session: sessionInfo(),
      household: householdResponse([policySummary()]),
      custom: (_method, path) => {
        if (path === `/api/v1/Payment/${PAYMENT_ID}`) return json(receipt);
        if (path === PDF_PATH) return pdf();
        return undefined;
      },
    },
  });
}

/** What the browser was asked to save: the object URL's blob and the file name of the link clicked. */
function watchDownloads() {
  const saved: { blob: Blob; filename: string }[] = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs: these stand in for the browser's, and are put back after each test.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:receipt-${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.getAttribute('href') ?? '') ?? new Blob(), filename: this.download });
  });
  return saved;
}

const objectUrls = (['createObjectURL', 'revokeObjectURL'] as const).map(
  (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
);

describe('receipt page: the printable receipt as a PDF (issue 9)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    for (const [name, descriptor] of objectUrls) {
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    }
  });

  it('downloads the server’s PDF in the reader’s language, with the signed-in token, next to Print', async () => {
    await changeLanguage('es', false);
    const saved = watchDownloads();
    const { calls } = renderReceipt(
      () =>
        new Response(new Blob(['%PDF-1.7 receipt'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    expect(await screen.findByRole('button', { name: 'Imprimir' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar recibo (PDF)' }));
    await vi.waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    expect(saved[0]?.filename).toBe('receipt-ch_test_0042.pdf');
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.7 receipt');
    const request = calls.find((call) => call.url === PDF_PATH);
    expect(request).toMatchObject({ authorization: null, csrf: '1' });
    const urls = vi
      .mocked(fetch)
      .mock.calls.map(([input]) =>
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
    expect(urls.some((url) => url.endsWith(`${PDF_PATH}?lang=es`))).toBe(true);
  });

  it('says so when the PDF cannot be had, and lets the reader try again', async () => {
    renderReceipt(() => json({ type: 'urn:portal:problem:internal', title: 'Internal', status: 500 }, 500));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Download receipt (PDF)' }, { timeout: 10_000 }),
    );
    expect(
      await screen.findByText('The receipt PDF could not be downloaded. Please try again.'),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download receipt (PDF)' }).disabled).toBe(
      false,
    );
  });
});
