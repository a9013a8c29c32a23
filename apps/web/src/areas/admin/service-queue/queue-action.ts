/** The role-config action that lets staff process service requests (issue 13; the server checks it on every call). */
export const PROCESS_ACTION = 'process-service-request';
