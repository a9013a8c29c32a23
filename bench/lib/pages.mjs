// The pages the web benches load (issue 16): whether the member signs in first, and what shows the page has
// drawn its content (the largest paint of each, bench/RESULTS.md). bench/lighthouse.mjs audits these;
// bench/main-thread.mjs profiles any of them.
export const BENCH_PAGES = [
  { path: '/account-overview', signedIn: true, rendered: 'h2[id^="policy-"]' },
  { path: '/payments/make-payment', signedIn: true, rendered: '#owed-heading' },
  { path: '/payments/locate-account', signedIn: false, rendered: 'main h1' },
  { path: '/home', signedIn: false, rendered: 'main h1' },
];

/** The pages Lighthouse audits: the three. */
export const AUDITED_PATHS = ['/account-overview', '/payments/make-payment', '/payments/locate-account'];
