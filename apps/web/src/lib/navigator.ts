type Navigate = (to: string, options?: { replace?: boolean }) => void;

// Before the router is up (or outside the browser), a plain page load does the job.
let current: Navigate = (to) => {
  window.location.assign(to);
};

/** Registered by the router (app/router.tsx), so that code outside React can change the page. */
export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

/** Changes the page from outside React (the global API error handling, SPEC §8). */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
