export * from './problem';
export * from './health';
export * from './client-log';
export * from './config';
export * from './session';
export * from './guest';
export * from './saml';
