// @portal/domain: every business rule of the portal that needs no I/O (see ../README.md).
export * from './billing';
export * from './calendar-date';
export * from './config-merge';
export * from './constants';
export * from './coverage';
export * from './dependents';
export * from './household';
export * from './identity';
export * from './idle';
export * from './language';
export * from './money';
export * from './navigation';
export * from './notifications';
export * from './roles';
export * from './routes';
export * from './ssn';
export * from './validation';
