type Navigate = (to: string, options?: { replace?: boolean }) => void;

// Before the router is up (or outside the browser), a plain page load does the job.
let current: Navigate = (to) => {
  window.location.assign(to);
};

// Where the router is (path and query); before it is up, the browser's address.
let where = (): string => `${window.location.pathname}${window.location.search}`;

/** Registered by the router (app/router.tsx), so that code outside React can change the page. */
export function setNavigator(navigate: Navigate, location?: () => string): void {
  current = navigate;
  if (location) where = location;
}

/** The page shown now (path and query), for code outside React (a page to come back to). */
export function currentPath(): string {
  return where();
}

/** Changes the page from outside React (the global API error handling, SPEC §8). */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
